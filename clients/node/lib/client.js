/**
 * The client: its settings, its calls, and what each answer means.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { Connection, RETRYABLE } from './connection.js';
import { defaultSocketPath } from './discovery.js';
import { CGLClientError, UNKNOWN_REFERENCE, abortError } from './errors.js';
import { Lookup } from './lookup.js';
import { PrewarmCall } from './prewarm.js';
import { ConnectionPool } from './pool.js';
import { CURRENT_VERSION, OLDEST_VERSION } from './protocol.js';
import * as make from './requests.js';
import { Snapshot } from './values.js';

/**
 * @typedef {object} ClientOptions
 * @property {string} [socketPath] The daemon's socket; by default found as `cglctl` finds it:
 *   `CGLD_SOCKET`, else the first that exists of `.cgld/cgld.sock`,
 *   `$XDG_RUNTIME_DIR/cgld/cgld.sock` and `/run/cgld/cgld.sock`.
 * @property {number} [connectTimeout] Milliseconds connecting and the handshake may take (default 2 000).
 * @property {number} [requestTimeout] Milliseconds the daemon may stay silent while a request is
 *   outstanding (default 30 000); a prewarm's progress events count as speaking.
 * @property {number} [maxConnections] Connections opened at most (default 4); calls beyond share them, pipelined.
 * @property {number} [maxBatchItems] The most lookups sent in one batch request (default 1 000, the
 *   daemon's default `limits.maxBatchItems`); a longer batch goes as several, pipelined.
 * @property {number} [protocolVersion] The newest protocol version to speak (default 6); a daemon
 *   that speaks only an older one is spoken to in it.
 */

/**
 * @typedef {object} CallOptions
 * @property {AbortSignal} [signal] Cancels the call: it rejects with a `CGLClientError` of code
 *   `aborted` (named `AbortError`); the connection stays, and the late answer is discarded.
 */

/**
 * A client of `cgld`. Calls are promises; any number may run at once, sharing a few
 * pooled connections (requests are pipelined; answers matched by id).
 *
 * @example
 * import { Client } from 'cglclient';
 * const client = new Client();
 * const cell = await client.lookup('feed-cell', { profile: 'phone-portrait', content: { body: 'Hello' } });
 * console.log(cell.frames.body, cell.source);
 */
export class Client {
  /** @type {ConnectionPool} */
  #pool;

  /** @param {ClientOptions} [options] */
  constructor(options = {}) {
    const { socketPath, connectTimeout = 2000, requestTimeout = 30000, maxConnections = 4, maxBatchItems = 1000,
      protocolVersion = CURRENT_VERSION } = options ?? {};
    if (!Number.isInteger(protocolVersion) || protocolVersion < OLDEST_VERSION || protocolVersion > CURRENT_VERSION) {
      throw new RangeError(`protocolVersion is ${OLDEST_VERSION} to ${CURRENT_VERSION}`);
    }
    for (const [name, value] of Object.entries({ connectTimeout, requestTimeout, maxConnections, maxBatchItems })) {
      if (typeof value !== 'number' || !(value > 0)) throw new RangeError(`${name} is a positive number`);
    }
    /** The daemon's socket. */
    this.socketPath = socketPath ?? defaultSocketPath();
    this.connectTimeout = connectTimeout;
    this.requestTimeout = requestTimeout;
    this.maxBatchItems = Math.floor(maxBatchItems);
    this.protocolVersion = protocolVersion;
    this.#pool = new ConnectionPool(() => Connection.open(this.socketPath, {
      connectTimeout: this.connectTimeout, requestTimeout: this.requestTimeout, version: this.protocolVersion,
    }), maxConnections);
  }

  /** Connections open (or opening) now. */
  get connectionCount() {
    return this.#pool.size;
  }

  /**
   * Checks that the daemon answers: its version, and how long (seconds) it has run.
   * @param {CallOptions} [options]
   * @returns {Promise<{serverVersion: string, uptime: number}>}
   */
  async ping(options = {}) {
    return /** @type {any} */ (await this.#call(make.ping(), options));
  }

  /**
   * Registers (or replaces) the scheme a document describes.
   * @param {string|URL|Uint8Array|object} document A path to the document's file (a string or
   *   a file URL), its bytes, or an object (sent as JSON).
   * @param {CallOptions} [options]
   * @returns {Promise<{name: string, hash: string, outcome: 'created'|'updated'|'unchanged', warnings: import('./errors.js').Issue[]}>}
   * @throws {CGLClientError} `invalid_document` with every issue in `issues`;
   *   `document_too_large` before sending a document the daemon would refuse.
   */
  async register(document, options = {}) {
    return /** @type {any} */ (await this.#call(make.register(await documentBytes(document)), options));
  }

  /**
   * Removes a scheme (and its snapshots).
   * @param {string} name
   * @param {CallOptions} [options]
   * @returns {Promise<boolean>} Whether a scheme had that name.
   */
  async unregister(name, options = {}) {
    const answer = /** @type {{existed: boolean}} */ (await this.#call(make.unregister(name), options));
    return answer.existed;
  }

  /**
   * Every registered scheme, in ascending order of name.
   * @param {CallOptions} [options]
   * @returns {Promise<{name: string, hash: string, elementCount: number, registeredAt: Date, updatedAt: Date}[]>}
   */
  async list(options = {}) {
    return /** @type {any} */ (await this.#call(make.listSchemes(), options));
  }

  /**
   * The daemon's counters (docs/protocol.md, `stats`), in its order.
   * @param {CallOptions} [options]
   * @returns {Promise<Record<string, number>>}
   */
  async stats(options = {}) {
    return /** @type {any} */ (await this.#call(make.stats(), options));
  }

  /**
   * The snapshot of a scheme in an environment, laid out for the content given.
   * @param {string} scheme
   * @param {import('./lookup.js').LookupOptions & CallOptions} options A profile (`profile`,
   *   `direction`) or explicit values (`size`, `scale`, `direction`, `sizeClasses`, `safeArea`);
   *   `textScale`, `content`, `signal`.
   * @returns {Promise<Snapshot>}
   * @throws {CGLClientError} `not_found`, `invalid_environment`, `invalid_content` (with `issues`), …
   */
  async lookup(scheme, options = {}) {
    const { signal, ...fields } = options ?? {};
    return /** @type {Snapshot} */ (await this.#call(make.lookup(new Lookup(scheme, fields)), { signal }));
  }

  /**
   * Many lookups in one round trip, answered in their order: each its {@link Snapshot}, or
   * the {@link CGLClientError} that lookup alone met (returned, not thrown).
   *
   * Pass {@link Lookup} objects and keep them for a page asked for again: from the second
   * time each goes by its reference (33 bytes), as `CGLClient` does; one the daemon no
   * longer knows is sent again in full, transparently. Plain objects
   * (`{scheme, profile, content, …}`) are sent in full each time.
   * @param {(Lookup | ({scheme: string} & import('./lookup.js').LookupOptions))[]} lookups
   * @param {CallOptions} [options]
   * @returns {Promise<(Snapshot|CGLClientError)[]>}
   * @throws {CGLClientError} The daemon cannot be reached, or the connection failed.
   */
  async lookupBatch(lookups, options = {}) {
    const items = Array.from(lookups, (item) => (item instanceof Lookup ? item : new Lookup(item.scheme, item)));
    if (items.length === 0) return [];
    const requests = make.lookupBatches(items, this.maxBatchItems);
    let answers;
    try {
      answers = await this.#send(requests, options);
    } catch (error) {
      if (!(error instanceof CGLClientError) || error.code !== 'unsupported_by_daemon'
          || !items.every((item) => item.minimumVersion === OLDEST_VERSION)) throw error;
      // A version 1 daemon has no batches: the lookups one by one, pipelined.
      return /** @type {any} */ (await this.#send(items.map((item) => make.lookup(item)), options));
    }
    const results = this.#batchResults(requests, answers);
    const unknown = [];
    results.forEach((result, index) => {
      if (result instanceof CGLClientError && result.daemonCode === UNKNOWN_REFERENCE) unknown.push(index);
    });
    if (unknown.length > 0) {
      for (const index of unknown) items[index].markReferenceUnknown();
      const resent = make.lookupBatches(unknown.map((index) => items[index]), this.maxBatchItems, true);
      const again = this.#batchResults(resent, await this.#send(resent, options));
      unknown.forEach((index, position) => {
        results[index] = again[position];
      });
    }
    return results;
  }

  /**
   * Computes and stores snapshots ahead of lookups; an identical prewarm running joins it.
   * Returns at once a {@link PrewarmCall}: await it for the summary, listen to its
   * `'progress'` events, or iterate them with `for await`.
   * @param {object} [options]
   * @param {string[]} [options.schemes] The schemes; empty for every registered one.
   * @param {string[]} [options.profiles] The profiles; empty for every profile the daemon has.
   * @param {Record<string, import('../index.js').ContentValue>[]} [options.content] Content items (a page about to
   *   be drawn), each prewarmed for every scheme and profile; empty for the documents' own content.
   * @param {AbortSignal} [options.signal]
   * @returns {PrewarmCall}
   */
  prewarm(options = {}) {
    const { schemes = [], profiles = [], content = [], signal } = options ?? {};
    return new PrewarmCall(async (onProgress) => {
      const request = make.prewarm(schemes, profiles, content);
      return /** @type {any} */ (await this.#call(request, { signal, onEvent: (_, event) => onProgress(/** @type {any} */ (event)) }));
    });
  }

  /**
   * Closes the client's connections; calls outstanding fail, and later calls fail with
   * `client_closed`. Idle connections never keep the process alive, so closing is needed
   * only to release them early.
   * @returns {Promise<void>}
   */
  async close() {
    this.#pool.close();
  }

  /**
   * @param {make.Request[]} requests
   * @param {{answers: unknown[]}|unknown[]} answers
   * @returns {(Snapshot|CGLClientError)[]}
   */
  #batchResults(requests, answers) {
    /** @type {(Snapshot|CGLClientError)[]} */
    const results = [];
    requests.forEach((request, position) => {
      const lookups = request.lookups ?? [];
      const answer = /** @type {unknown[]} */ (answers)[position];
      if (answer instanceof CGLClientError) {
        for (let index = 0; index < lookups.length; index += 1) results.push(answer);
        return;
      }
      if (!Array.isArray(answer) || answer.length !== lookups.length) {
        throw new CGLClientError('protocol_violation', `cgld answered a batch of ${lookups.length} lookups with ` +
          `${Array.isArray(answer) ? answer.length : 'no'} answers`, { socketPath: this.socketPath });
      }
      answer.forEach((result, index) => {
        if (result instanceof Snapshot) lookups[index].markAnswered();
        results.push(result);
      });
    });
    return results;
  }

  /**
   * One request's answer; an error the daemon answered is thrown.
   * @param {make.Request} request
   * @param {CallOptions & {onEvent?: (index: number, event: unknown) => void}} options
   */
  async #call(request, options) {
    const [answer] = await this.#send([request], options);
    if (answer instanceof CGLClientError) throw answer;
    return answer;
  }

  /**
   * Sends `requests` pipelined on one connection; their final answers, in order (a daemon's
   * error as a value). A call that met a pooled connection the daemon had closed (restarted
   * meanwhile) goes once more on a new one, transparently.
   * @param {make.Request[]} requests
   * @param {CallOptions & {onEvent?: (index: number, event: unknown) => void}} options
   * @returns {Promise<unknown[]>}
   */
  async #send(requests, { signal, onEvent } = {}) {
    let retried = false;
    for (;;) {
      if (signal?.aborted) throw abortError(signal, this.socketPath);
      const entry = await this.#pool.acquire(signal);
      try {
        return await /** @type {import('./connection.js').Connection} */ (entry.connection)
          .send(requests, { signal: signal ?? null, onEvent: onEvent ?? null });
      } catch (error) {
        if (!retried && error instanceof CGLClientError && /** @type {any} */ (error)[RETRYABLE]) {
          retried = true;
          continue;
        }
        throw error;
      } finally {
        this.#pool.release(entry);
      }
    }
  }
}

/**
 * A document's bytes: a file's (given its path), the bytes given, or an object as JSON.
 * @param {unknown} document
 * @returns {Promise<Buffer>}
 */
async function documentBytes(document) {
  if (typeof document === 'string' || document instanceof URL) {
    try {
      return await readFile(document);
    } catch (error) {
      throw new CGLClientError('document_unreadable', `the document ${String(document)} cannot be read: ` +
        `${/** @type {Error} */ (error).message}`, { cause: error });
    }
  }
  if (document instanceof Uint8Array) return Buffer.from(document.buffer, document.byteOffset, document.byteLength);
  if (document !== null && typeof document === 'object' && !Array.isArray(document)) {
    return Buffer.from(JSON.stringify(document), 'utf8');
  }
  throw new TypeError('a document is a path, a Buffer (or Uint8Array) or an object');
}
