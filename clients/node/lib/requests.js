/**
 * The requests a call sends: each knows its kind, its payload in a protocol version, and
 * which answer ends it. Batches are cut here into frames the daemon accepts.
 * @module
 */
import {
  CONTENT_VERSION, FORM_IN_FULL, Kind, REFERENCES_VERSION, REQUEST_NAMES, RUNS_VERSION, Unsupported, Writer, encodeContent,
} from './protocol.js';

/**
 * The bytes of lookups one batch frame carries at most: half what a daemon accepts by
 * default, so that a page of long texts goes as several frames rather than one refused.
 */
export const BATCH_FRAME_BUDGET = 4 * 1024 * 1024;

const EMPTY = Buffer.alloc(0);

/** One request of a call. */
export class Request {
  /**
   * @param {number} kind The request's kind byte.
   * @param {number} final The response kind that ends it (an `error` ends any request).
   * @param {(version: number) => Buffer} build Its payload in a protocol version (throws {@link Unsupported}).
   * @param {object} [extra]
   * @param {number} [extra.minimumVersion] The oldest version that has this kind.
   * @param {import('./lookup.js').Lookup[]|null} [extra.lookups] For a batch, the lookups it carries.
   * @param {number|null} [extra.documentSize] For `register`, the document's size (checked before sending).
   */
  constructor(kind, final, build, { minimumVersion = 1, lookups = null, documentSize = null } = {}) {
    this.kind = kind;
    this.final = final;
    this.build = build;
    this.minimumVersion = minimumVersion;
    this.lookups = lookups;
    this.documentSize = documentSize;
  }

  /** The request's name in docs/protocol.md. */
  get name() {
    return REQUEST_NAMES[this.kind] ?? `0x${this.kind.toString(16)}`;
  }

  /**
   * The request's kind and payload in `version`.
   * @param {number} version
   * @returns {{kind: number, payload: Buffer}}
   * @throws {Unsupported}
   */
  encode(version) {
    if (version < this.minimumVersion) throw new Unsupported(this.name);
    return { kind: this.kind, payload: this.build(version) };
  }
}

/** `ping`, answered by `pong`. */
export function ping() {
  return new Request(Kind.PING, Kind.PONG, () => EMPTY);
}

/**
 * `register` of a document's bytes, answered by `registered`.
 * @param {Buffer} document
 */
export function register(document) {
  const payload = new Writer(document.length + 4).u32(document.length).bytes(document).finish();
  return new Request(Kind.REGISTER, Kind.REGISTERED, () => payload, { documentSize: document.length });
}

/**
 * `unregister`, answered by `unregistered`.
 * @param {string} name
 */
export function unregister(name) {
  const payload = new Writer().string(name, 'the scheme name').finish();
  return new Request(Kind.UNREGISTER, Kind.UNREGISTERED, () => payload);
}

/** `list`, answered by `schemes`. */
export function listSchemes() {
  return new Request(Kind.LIST, Kind.SCHEMES, () => EMPTY);
}

/** `stats`, answered by `stats`. */
export function stats() {
  return new Request(Kind.STATS, Kind.STATS_ANSWER, () => EMPTY);
}

/**
 * `lookup` of one lookup, answered by `snapshot`.
 * @param {import('./lookup.js').Lookup} item
 */
export function lookup(item) {
  return new Request(Kind.LOOKUP, Kind.SNAPSHOT, (version) => item.fieldsFor(version));
}

/**
 * `prewarm`, answered by `prewarmProgress` events and `prewarmFinished`.
 * @param {readonly string[]} schemes
 * @param {readonly string[]} profiles
 * @param {readonly Record<string, unknown>[]} content
 */
export function prewarm(schemes, profiles, content) {
  for (const [what, list] of /** @type {const} */ ([['schemes', schemes], ['profiles', profiles], ['content', content]])) {
    if (!Array.isArray(list)) throw new TypeError(`${what} is an array`);
  }
  const names = new Writer();
  names.u32(schemes.length);
  for (const name of schemes) names.string(name, 'a scheme name');
  names.u32(profiles.length);
  for (const name of profiles) names.string(name, 'a profile name');
  const items = new Writer();
  items.u32(content.length);
  let usesRuns = false;
  for (const item of content) usesRuns = encodeContent(items, item) || usesRuns;
  const head = names.finish();
  const tail = items.finish();
  return new Request(Kind.PREWARM, Kind.PREWARM_FINISHED, (version) => {
    if (content.length > 0 && version < CONTENT_VERSION) throw new Unsupported('content in prewarm');
    if (usesRuns && version < RUNS_VERSION) throw new Unsupported('texts in runs');
    return version >= CONTENT_VERSION ? Buffer.concat([head, tail]) : head;
  });
}

/**
 * The requests of a batch: `lookupBatchWithReferences` (`lookupBatch` before protocol
 * version 4) of at most `maximumItems` lookups and {@link BATCH_FRAME_BUDGET} bytes each.
 * Each lookup goes by reference once a daemon answered it, unless `inFull`.
 * @param {import('./lookup.js').Lookup[]} lookups
 * @param {number} maximumItems
 * @param {boolean} [inFull]
 * @returns {Request[]}
 */
export function lookupBatches(lookups, maximumItems, inFull = false) {
  const requests = [];
  const most = Math.max(1, maximumItems);
  let start = 0;
  let size = 0;
  lookups.forEach((item, index) => {
    const itemSize = item.fields.length + 1;
    if (index > start && (index - start === most || size + itemSize > BATCH_FRAME_BUDGET)) {
      requests.push(batch(lookups.slice(start, index), inFull));
      start = index;
      size = 0;
    }
    size += itemSize;
  });
  if (start < lookups.length || lookups.length === 0) requests.push(batch(lookups.slice(start), inFull));
  return requests;
}

/**
 * A batch, whose kind depends on the connection's version (by reference from 4).
 * @param {import('./lookup.js').Lookup[]} lookups
 * @param {boolean} inFull
 */
function batch(lookups, inFull) {
  const request = new Request(Kind.LOOKUP_BATCH, Kind.SNAPSHOTS, (version) => {
    const parts = [Buffer.from([lookups.length >>> 24, (lookups.length >>> 16) & 255, (lookups.length >>> 8) & 255, lookups.length & 255])];
    if (version >= REFERENCES_VERSION) {
      for (const item of lookups) {
        if (version < RUNS_VERSION) item.fieldsFor(version); // Throws for runs, which it cannot carry.
        if (inFull) parts.push(FORM_IN_FULL, item.fields);
        else parts.push(item.batchEntry());
      }
    } else {
      for (const item of lookups) parts.push(item.fieldsFor(version));
    }
    return Buffer.concat(parts);
  }, { minimumVersion: CONTENT_VERSION, lookups });
  request.encode = (version) => {
    if (version < CONTENT_VERSION) throw new Unsupported('lookupBatch');
    const kind = version >= REFERENCES_VERSION ? Kind.LOOKUP_BATCH_WITH_REFERENCES : Kind.LOOKUP_BATCH;
    request.kind = kind;
    return { kind, payload: request.build(version) };
  };
  return request;
}

