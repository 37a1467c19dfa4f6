// Type declarations of cglclient, the Node client of cgld (docs/protocol.md, versions 1 to 6).
// Kept true by test/types.test.js: every export of index.js is declared here and every
// declaration exported there, with the same methods and the same required parameters.

/// <reference types="node" />

import { EventEmitter } from 'node:events';

/** The newest protocol version this client speaks. */
export declare const PROTOCOL_VERSION: 6;

/** The daemon's error codes (docs/protocol.md §9) by number, as the clients name them. */
export declare const DAEMON_CODES: Readonly<Record<number, DaemonErrorCode>>;

export type DaemonErrorCode =
  | 'not_found' | 'invalid_document' | 'invalid_environment' | 'too_large' | 'unauthorized' | 'busy' | 'internal'
  | 'bad_request' | 'unsupported_version' | 'invalid_content' | 'timeout' | 'registry_unavailable'
  | 'unknown_reference';

export type ClientErrorCode =
  | 'daemon_unavailable' | 'timed_out' | 'connection_lost' | 'protocol_violation' | 'handshake_refused'
  | 'unsupported_by_daemon' | 'request_too_large' | 'document_too_large' | 'document_unreadable'
  | 'socket_path_too_long' | 'aborted' | 'client_closed';

/** A problem of a document or of content (docs/protocol.md §8). */
export interface Issue {
  severity: 'error' | 'warning';
  /** A stable name such as `unknownKey` or `syntax` (an open set). */
  code: string;
  /** A JSON pointer into the document or the content; `''` for all of it. */
  pointer: string;
  message: string;
  /** How to fix it; `''` when there is none. */
  hint: string;
  /** 1-based line of the offending value; 0 when unknown. */
  line: number;
  /** 1-based column (Unicode scalars); 0 when unknown. */
  column: number;
}

/** Why a call failed: an error the daemon answered, or a failure of the client's own. */
export declare class CGLClientError extends Error {
  constructor(code: string, message: string, options?: {
    issues?: Issue[]; daemonCode?: number | null; socketPath?: string | null; cause?: unknown;
  });
  /** The protocol's name of the daemon's error (`not_found`, …; `code_N` for an unknown number), or the client's own. */
  code: DaemonErrorCode | ClientErrorCode | `code_${number}`;
  /** Every problem of an invalid document; one per problem of invalid content; else empty. */
  issues: Issue[];
  /** The protocol's number of an error the daemon answered; `null` for the client's own. */
  daemonCode: number | null;
  socketPath: string | null;
  /** Whether the daemon answered this error. */
  readonly isDaemonError: boolean;
  toString(): string;
  static fromDaemon(daemonCode: number, message: string, issues?: Issue[], socketPath?: string | null): CGLClientError;
}

/** An issue as one line. */
export declare function formatIssue(issue: Issue): string;

/** Where the daemon is expected, found as `cglctl` finds it. */
export declare function defaultSocketPath(env?: NodeJS.ProcessEnv, exists?: (path: string) => boolean): string;

export interface Frame { x: number; y: number; width: number; height: number }
export interface Size { width: number; height: number }
export interface EdgeInsets { top: number; left: number; bottom: number; right: number }

/** The environment a snapshot was laid out for, resolved. */
export interface Environment {
  width: number;
  height: number;
  /** Points per pixel the frames were snapped to; `null`: not snapped. */
  scale: number | null;
  direction: 'ltr' | 'rtl';
  horizontalSizeClass: 'compact' | 'regular';
  verticalSizeClass: 'compact' | 'regular';
  safeArea: EdgeInsets;
  /** The profile's name; `null` for explicit values. */
  profile: string | null;
  textScale: number;
  orientation: 'portrait' | 'landscape';
}

/** The frames of a scheme laid out for an environment. `JSON.stringify` gives `cglctl lookup --format json`. */
export declare class Snapshot {
  constructor(fields: {
    source: 'memory' | 'store' | 'computed'; scheme: string; hash: string; engine: string; environment: Environment;
    size: Size; frames: Record<string, Frame>; framesInRoot: Record<string, Frame>; scrollSizes: Record<string, Size>;
    contentDigest: string | null;
  });
  source: 'memory' | 'store' | 'computed';
  scheme: string;
  hash: string;
  engine: string;
  environment: Environment;
  size: Size;
  /** Every element's frame relative to its parent, by element id, in document order. */
  frames: Record<string, Frame>;
  framesInRoot: Record<string, Frame>;
  /** How far each box that clips or scrolls can scroll, by element id (protocol version 5). */
  scrollSizes: Record<string, Size>;
  /** The digest of the content laid out; `null` for the document's own content. */
  contentDigest: string | null;
  toJSON(): Record<string, unknown>;
}

export interface TextRun { string: string; style?: string | null }
export interface AtomRun { atom: { size: [number, number]; baseline?: number | null } }
/** A piece of a text given in runs (protocol version 6). */
export type Run = TextRun | AtomRun;

/** Makes runs. */
export declare const Run: {
  text(string: string, style?: string | null): TextRun;
  atom(width: number, height: number, baseline?: number | null): AtomRun;
};

/** A slot's value: a text, a visibility flag, an image's `[width, height]`, or a text in runs. */
export type ContentValue = string | boolean | [number, number] | Run[];
export type Content = Record<string, ContentValue>;

export type SizeClass = 'compact' | 'regular' | null;

/** Where and with what a scheme is laid out: a profile, or explicit values (`size`, …). */
export interface LookupOptions {
  profile?: string;
  direction?: 'ltr' | 'rtl' | null;
  size?: [number, number];
  scale?: number | null;
  sizeClasses?: [SizeClass, SizeClass];
  safeArea?: Partial<EdgeInsets> | [number, number, number, number];
  textScale?: number | null;
  content?: Content;
}

export interface CallOptions {
  /** Cancels the call: it rejects with a `CGLClientError` of code `aborted` (named `AbortError`). */
  signal?: AbortSignal;
}

/** One lookup of a batch; kept and sent again, it goes by reference. */
export declare class Lookup {
  constructor(scheme: string, options?: LookupOptions);
  readonly scheme: string;
  readonly profile: string | null;
  readonly direction: 'ltr' | 'rtl' | null;
  readonly size: [number, number] | null;
  readonly textScale: number | null;
  readonly content: Content;
  /** The oldest protocol version that carries this lookup alone. */
  readonly minimumVersion: number;
  /** @internal The lookup's fields as protocol versions 2 and later carry them (its reference hashes them). */
  readonly fields: Buffer;
  /** @internal The lookup's fields as protocol version 1 carries them. */
  readonly fieldsV1: Buffer;
  /** The lookup's reference: the SHA-256 of its fields. */
  readonly reference: Buffer;
  /** Whether a daemon answered it (sent again, it goes by reference). */
  readonly answered: boolean;
  fieldsFor(version: number): Buffer;
  referenceToSend(): Buffer | null;
  /** @internal The lookup as an entry of a batch: by reference, or in full. */
  batchEntry(): Buffer;
  markAnswered(): void;
  markReferenceUnknown(): void;
  equals(other: Lookup): boolean;
}

export interface Pong { serverVersion: string; uptime: number }
export interface Registration { name: string; hash: string; outcome: 'created' | 'updated' | 'unchanged'; warnings: Issue[] }
export interface SchemeInfo { name: string; hash: string; elementCount: number; registeredAt: Date; updatedAt: Date }
export interface PrewarmProgress { done: number; total: number; scheme: string }
export interface PrewarmSummary {
  computed: number; alreadyCached: number; failed: number; seconds: number; cancelled: number; total: number;
}

export interface PrewarmOptions extends CallOptions {
  schemes?: string[];
  profiles?: string[];
  content?: Content[];
}

/** A prewarm under way: await it for its summary, listen to `'progress'`, or `for await` its events. */
export declare class PrewarmCall extends EventEmitter implements PromiseLike<PrewarmSummary>, AsyncIterable<PrewarmProgress> {
  constructor(run: (onProgress: (event: PrewarmProgress) => void) => Promise<PrewarmSummary>);
  /** The summary, once the prewarm finished. */
  summary: PrewarmSummary | null;
  then<T = PrewarmSummary, U = never>(
    onFulfilled?: ((summary: PrewarmSummary) => T | PromiseLike<T>) | null,
    onRejected?: ((reason: any) => U | PromiseLike<U>) | null,
  ): Promise<T | U>;
  catch<U = never>(onRejected?: ((reason: any) => U | PromiseLike<U>) | null): Promise<PrewarmSummary | U>;
  finally(onFinally?: (() => void) | null): Promise<PrewarmSummary>;
  [Symbol.asyncIterator](): AsyncGenerator<PrewarmProgress, void, undefined>;
  on(event: 'progress', listener: (event: PrewarmProgress) => void): this;
  once(event: 'progress', listener: (event: PrewarmProgress) => void): this;
}

export interface ClientOptions {
  /** The daemon's socket; by default `CGLD_SOCKET`, else the first that exists of `.cgld/cgld.sock`, `$XDG_RUNTIME_DIR/cgld/cgld.sock`, `/run/cgld/cgld.sock`. */
  socketPath?: string;
  /** Milliseconds connecting and the handshake may take (default 2 000). */
  connectTimeout?: number;
  /** Milliseconds the daemon may stay silent while a request is outstanding (default 30 000). */
  requestTimeout?: number;
  /** Connections opened at most (default 4); calls beyond share them, pipelined. */
  maxConnections?: number;
  /** The most lookups in one batch request (default 1 000); longer batches go as several. */
  maxBatchItems?: number;
  /** The newest protocol version to speak (default 6). */
  protocolVersion?: number;
}

export type BatchItem = Lookup | ({ scheme: string } & LookupOptions);

/** A client of cgld: promises, pooled connections, pipelined requests. */
export declare class Client {
  constructor(options?: ClientOptions);
  readonly socketPath: string;
  connectTimeout: number;
  requestTimeout: number;
  maxBatchItems: number;
  protocolVersion: number;
  /** Connections open (or opening) now. */
  readonly connectionCount: number;
  ping(options?: CallOptions): Promise<Pong>;
  register(document: string | URL | Uint8Array | object, options?: CallOptions): Promise<Registration>;
  unregister(name: string, options?: CallOptions): Promise<boolean>;
  list(options?: CallOptions): Promise<SchemeInfo[]>;
  stats(options?: CallOptions): Promise<Record<string, number>>;
  lookup(scheme: string, options?: LookupOptions & CallOptions): Promise<Snapshot>;
  lookupBatch(lookups: Iterable<BatchItem>, options?: CallOptions): Promise<Array<Snapshot | CGLClientError>>;
  prewarm(options?: PrewarmOptions): PrewarmCall;
  close(): Promise<void>;
}
