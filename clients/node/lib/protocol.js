/**
 * The messages of the cgld wire protocol (docs/protocol.md, versions 1 to 6): requests
 * encoded to bytes, responses decoded from them. No I/O here.
 *
 * Decoding is strict, as §14 asks: every length is checked against the payload, an
 * enumerated byte outside its values is refused, and bytes left over make the payload
 * malformed ({@link Malformed}, which a connection reports as `protocol_violation`).
 * @module
 */
import { CGLClientError } from './errors.js';
import { Malformed } from './framing.js';
import { decodeSnapshot, decodeSnapshots } from './snapshots.js';

export { Malformed };

export const CURRENT_VERSION = 6;
export const OLDEST_VERSION = 1;

/** Request kinds (§4). */
export const Kind = Object.freeze({
  PING: 0x01,
  REGISTER: 0x02,
  UNREGISTER: 0x03,
  LIST: 0x04,
  LOOKUP: 0x05,
  PREWARM: 0x06,
  STATS: 0x07,
  LOOKUP_BATCH: 0x08,
  LOOKUP_BATCH_WITH_REFERENCES: 0x09,
  PONG: 0x81,
  REGISTERED: 0x82,
  UNREGISTERED: 0x83,
  SCHEMES: 0x84,
  SNAPSHOT: 0x85,
  PREWARM_PROGRESS: 0x86,
  PREWARM_FINISHED: 0x87,
  STATS_ANSWER: 0x88,
  SNAPSHOTS: 0x89,
  ERROR: 0xff,
});

/** @type {Readonly<Record<number, string>>} */
export const REQUEST_NAMES = Object.freeze({
  0x01: 'ping', 0x02: 'register', 0x03: 'unregister', 0x04: 'list', 0x05: 'lookup', 0x06: 'prewarm', 0x07: 'stats',
  0x08: 'lookupBatch', 0x09: 'lookupBatchWithReferences',
});
/** @type {Readonly<Record<number, string>>} */
export const RESPONSE_NAMES = Object.freeze({
  0x81: 'pong', 0x82: 'registered', 0x83: 'unregistered', 0x84: 'schemes', 0x85: 'snapshot', 0x86: 'prewarmProgress',
  0x87: 'prewarmFinished', 0x88: 'stats', 0x89: 'snapshots', 0xff: 'error',
});

/** The version from which a lookup carries a text scale and content, and batches exist. */
export const CONTENT_VERSION = 2;
/** The version from which lookups may go by reference. */
export const REFERENCES_VERSION = 4;
/** The version from which content may carry texts in runs (content kind 4). */
export const RUNS_VERSION = 6;
/** The size of a lookup's reference: its SHA-256. */
export const REFERENCE_SIZE = 32;
/** The form byte of a lookup in `lookupBatchWithReferences` (§6): in full, then by reference. */
export const FORM_IN_FULL = Buffer.from([0]);
export const FORM_REFERENCE = Buffer.from([1]);

/** What a request needs that the connection's protocol version lacks. */
export class Unsupported extends Error {
  /** @param {string} feature */
  constructor(feature) {
    super(feature);
    this.feature = feature;
  }
}

// ---------------------------------------------------------------------------------------
// Encoding

const LONE_SURROGATE = /\p{Cs}/u;

/** Appends the fields of a message to a growing buffer. */
export class Writer {
  /** @param {number} [capacity] */
  constructor(capacity = 256) {
    this.buffer = Buffer.allocUnsafe(capacity);
    this.length = 0;
  }

  /** @param {number} count */
  reserve(count) {
    if (this.length + count > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + count));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
  }

  /** @param {number} value */
  u8(value) {
    this.reserve(1);
    this.buffer[this.length++] = value;
    return this;
  }

  /** @param {number} value */
  u32(value) {
    this.reserve(4);
    this.buffer.writeUInt32BE(value, this.length);
    this.length += 4;
    return this;
  }

  /**
   * @param {unknown} value
   * @param {string} what
   */
  f64(value, what) {
    this.reserve(8);
    this.buffer.writeDoubleBE(number(value, what), this.length);
    this.length += 8;
    return this;
  }

  /**
   * A protocol `f64?`.
   * @param {unknown} value
   * @param {string} what
   */
  optionalF64(value, what) {
    if (value === null || value === undefined) return this.u8(0);
    return this.u8(1).f64(value, what);
  }

  /** @param {Uint8Array} bytes */
  bytes(bytes) {
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
    return this;
  }

  /**
   * A protocol `string`: its UTF-8 length, then its bytes.
   * @param {unknown} text
   * @param {string} what
   */
  string(text, what) {
    const data = utf8(text, what);
    return this.u32(data.length).bytes(data);
  }

  /** The bytes written, copied. */
  finish() {
    return Buffer.from(this.buffer.subarray(0, this.length));
  }
}

/**
 * `text` as UTF-8, refusing what UTF-8 cannot carry (lone surrogates).
 * @param {unknown} text
 * @param {string} what
 * @returns {Buffer}
 */
export function utf8(text, what) {
  if (typeof text !== 'string') throw new TypeError(`${what} is a string, not ${describe(text)}`);
  if (LONE_SURROGATE.test(text)) throw new TypeError(`${what} is not valid Unicode (it has a lone surrogate)`);
  return Buffer.from(text, 'utf8');
}

/**
 * `value` as a number, refusing anything else (booleans and numeric strings included).
 * @param {unknown} value
 * @param {string} what
 * @returns {number}
 */
export function number(value, what) {
  if (typeof value !== 'number') throw new TypeError(`${what} is a number, not ${describe(value)}`);
  return value;
}

/** @param {unknown} value */
function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array (${JSON.stringify(value)?.slice(0, 40)})`;
  if (typeof value === 'string') return `the string ${JSON.stringify(value.slice(0, 40))}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

const DIRECTION_BYTES = { ltr: 1, rtl: 2 };
const SIZE_CLASS_BYTES = { compact: 1, regular: 2 };

/**
 * Environment form 0 (§6): a profile of the daemon, in its own direction or `direction`.
 * @param {Writer} writer
 * @param {string} profile
 * @param {'ltr'|'rtl'|null|undefined} direction
 */
export function encodeProfileEnvironment(writer, profile, direction) {
  writer.u8(0).string(profile, 'the profile name');
  writer.u8(direction === null || direction === undefined ? 0 : directionByte(direction));
}

/** @param {unknown} direction */
function directionByte(direction) {
  const byte = DIRECTION_BYTES[/** @type {'ltr'} */ (direction)];
  if (byte === undefined || typeof direction !== 'string') {
    throw new TypeError(`direction is 'ltr', 'rtl' or null, not ${describe(direction)}`);
  }
  return byte;
}

/** @param {unknown} sizeClass */
function sizeClassByte(sizeClass) {
  if (sizeClass === null || sizeClass === undefined) return 0;
  const byte = SIZE_CLASS_BYTES[/** @type {'compact'} */ (sizeClass)];
  if (byte === undefined || typeof sizeClass !== 'string') {
    throw new TypeError(`a size class is 'compact', 'regular' or null, not ${describe(sizeClass)}`);
  }
  return byte;
}

/**
 * Environment form 1 (§6): explicit values.
 * @param {Writer} writer
 * @param {object} values
 * @param {unknown} values.size `[width, height]` in points.
 * @param {number|null} [values.scale] Points per pixel for pixel snapping; `null`: none.
 * @param {'ltr'|'rtl'|null} [values.direction] `ltr` by default.
 * @param {unknown} [values.sizeClasses] `[horizontal, vertical]`, each `compact`, `regular` or `null` (derived from the size).
 * @param {unknown} [values.safeArea] `{top, left, bottom, right}` or `[top, left, bottom, right]`; zero by default.
 */
export function encodeExplicitEnvironment(writer, { size, scale = null, direction = null, sizeClasses = null, safeArea = null }) {
  if (!Array.isArray(size) || size.length !== 2) throw new TypeError(`size is [width, height], not ${describe(size)}`);
  const [horizontal, vertical] = sizeClasses === null || sizeClasses === undefined ? [null, null] : pairOf(sizeClasses, 'sizeClasses');
  const insets = insetsOf(safeArea);
  writer.u8(1).f64(size[0], 'the width').f64(size[1], 'the height').optionalF64(scale, 'the scale');
  writer.u8(direction === null || direction === undefined ? 1 : directionByte(direction));
  writer.u8(sizeClassByte(horizontal)).u8(sizeClassByte(vertical));
  for (const inset of insets) writer.f64(inset, 'a safe-area inset');
}

/**
 * @param {unknown} value
 * @param {string} what
 * @returns {[unknown, unknown]}
 */
function pairOf(value, what) {
  if (!Array.isArray(value) || value.length !== 2) throw new TypeError(`${what} is a pair, not ${describe(value)}`);
  return [value[0], value[1]];
}

/**
 * @param {unknown} safeArea
 * @returns {unknown[]}
 */
function insetsOf(safeArea) {
  if (safeArea === null || safeArea === undefined) return [0, 0, 0, 0];
  if (Array.isArray(safeArea) && safeArea.length === 4) return safeArea;
  if (typeof safeArea === 'object' && !Array.isArray(safeArea)) {
    const { top = 0, left = 0, bottom = 0, right = 0 } = /** @type {Record<string, unknown>} */ (safeArea);
    return [top, left, bottom, right];
  }
  throw new TypeError(`safeArea is {top, left, bottom, right} or [top, left, bottom, right], not ${describe(safeArea)}`);
}

/**
 * Content (§6a): the slots sorted by the UTF-8 bytes of their names (as `CGLClient` sends
 * them, so that equal content is equal bytes, and one reference).
 *
 * Values: a string (a text), a boolean (a flag), `[width, height]` (a size), an array of
 * runs (`{string, style}`, `{atom: {size, baseline}}`: a text in runs, version 6).
 * @param {Writer} writer
 * @param {Record<string, unknown>|null|undefined} content
 * @returns {boolean} Whether the content uses runs (protocol version 6).
 */
export function encodeContent(writer, content) {
  if (content === null || content === undefined) {
    writer.u32(0);
    return false;
  }
  if (typeof content !== 'object' || Array.isArray(content) || content instanceof Map) {
    throw new TypeError(`content is an object of slot name to value, not ${describe(content)}`);
  }
  const entries = Object.entries(content).map(([name, value]) => /** @type {[Buffer, string, unknown]} */ (
    [utf8(name, "a slot's name"), name, value]));
  entries.sort((a, b) => Buffer.compare(a[0], b[0]));
  writer.u32(entries.length);
  let usesRuns = false;
  for (const [bytes, slot, value] of entries) {
    writer.u32(bytes.length).bytes(bytes);
    if (typeof value === 'string') {
      writer.u8(1).string(value, `the text of the slot '${slot}'`);
    } else if (typeof value === 'boolean') {
      writer.u8(3).u8(value ? 1 : 0);
    } else if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number') {
      writer.u8(2).f64(value[0], 'a width').f64(value[1], 'a height');
    } else if (Array.isArray(value)) {
      usesRuns = true;
      writer.u8(4);
      encodeRuns(writer, value, slot);
    } else {
      throw new TypeError(`the slot '${slot}' is given ${describe(value)}: a value is a string (text), a boolean ` +
        '(visibility), [width, height] (an image\'s size) or an array of runs');
    }
  }
  return usesRuns;
}

/**
 * A text in runs (§6a, version 6): a count, then each run.
 * @param {Writer} writer
 * @param {unknown[]} runs
 * @param {string} slot
 */
export function encodeRuns(writer, runs, slot) {
  writer.u32(runs.length);
  for (const run of runs) {
    if (run === null || typeof run !== 'object' || Array.isArray(run)) {
      throw new TypeError(`a run of the slot '${slot}' is {string, style} or {atom: {size, baseline}}, not ${describe(run)}`);
    }
    const keys = Object.keys(run).filter((key) => /** @type {Record<string, unknown>} */ (run)[key] !== undefined);
    if ('atom' in run) {
      const atom = /** @type {Record<string, unknown>} */ (run.atom);
      if (keys.length !== 1 || atom === null || typeof atom !== 'object' || !Array.isArray(atom.size)
          || atom.size.length !== 2 || Object.keys(atom).some((key) => key !== 'size' && key !== 'baseline')) {
        throw new TypeError(`an atom run is {atom: {size: [w, h], baseline}}: ${JSON.stringify(run)}`);
      }
      writer.u8(2).f64(atom.size[0], "an atom's width").f64(atom.size[1], "an atom's height");
      writer.optionalF64(atom.baseline, "an atom's baseline");
    } else if ('string' in run && keys.every((key) => key === 'string' || key === 'style')) {
      const { string, style } = /** @type {{string: unknown, style?: unknown}} */ (run);
      writer.u8(1).string(string, `a run's string in the slot '${slot}'`);
      if (style === null || style === undefined) writer.u8(0);
      else writer.u8(1).string(style, `a run's style in the slot '${slot}'`);
    } else {
      throw new TypeError(`a text run is {string, style}: ${JSON.stringify(run)}`);
    }
  }
}

// ---------------------------------------------------------------------------------------
// Decoding

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Reads the fields of one payload, each checked against its end. */
export class Reader {
  /**
   * @param {Buffer} data
   * @param {number} [offset]
   * @param {number} [end]
   */
  constructor(data, offset = 0, end = data.length) {
    this.data = data;
    this.offset = offset;
    this.end = end;
  }

  /**
   * @param {number} count
   * @param {string} what
   * @returns {number} Where the `count` bytes start.
   */
  need(count, what) {
    const start = this.offset;
    if (count > this.end - start) {
      throw new Malformed(`${what} needs ${count} bytes at offset ${start}; only ${this.end - start} are left`);
    }
    this.offset = start + count;
    return start;
  }

  /** @param {string} what */
  u8(what) {
    return this.data[this.need(1, what)];
  }

  /** @param {string} what */
  u16(what) {
    return this.data.readUInt16BE(this.need(2, what));
  }

  /** @param {string} what */
  u32(what) {
    return this.data.readUInt32BE(this.need(4, what));
  }

  /** @param {string} what */
  f64(what) {
    return this.data.readDoubleBE(this.need(8, what));
  }

  /** @param {string} what */
  bool(what) {
    const value = this.u8(what);
    if (value > 1) throw new Malformed(`${what} is ${value}; a bool is 0 or 1`);
    return value === 1;
  }

  /** @param {string} what */
  optionalF64(what) {
    return this.bool(`whether ${what} is present`) ? this.f64(what) : null;
  }

  /** @param {string} what */
  string(what) {
    const count = this.u32(what);
    const start = this.need(count, what);
    if (count === 0) return '';
    const data = this.data;
    const end = start + count;
    let ascii = true;
    for (let index = start; index < end; index += 1) {
      if (data[index] > 0x7f) {
        ascii = false;
        break;
      }
    }
    if (ascii) return data.toString('latin1', start, end); // ASCII: valid UTF-8, and faster so.
    try {
      return UTF8.decode(data.subarray(start, end));
    } catch {
      throw new Malformed(`${what} is not valid UTF-8`);
    }
  }

  /**
   * A list's count, refused when the payload cannot hold that many items.
   * @param {string} what
   * @param {number} minimumSize
   */
  count(what, minimumSize) {
    const count = this.u32(what);
    if (count * minimumSize > this.end - this.offset) {
      throw new Malformed(`${what}: ${count} items cannot fit in the ${this.end - this.offset} bytes left`);
    }
    return count;
  }

  /** @param {string} what */
  finish(what) {
    if (this.offset !== this.end) throw new Malformed(`${this.end - this.offset} bytes are left over after ${what}`);
  }
}

/**
 * An issue list (§8).
 * @param {Reader} reader
 * @returns {import('./errors.js').Issue[]}
 */
export function decodeIssues(reader) {
  const issues = [];
  const count = reader.count('the issue count', 1 + 4 * 4 + 8);
  for (let index = 0; index < count; index += 1) {
    const severity = reader.u8("an issue's severity");
    if (severity > 1) throw new Malformed(`an issue's severity is ${severity}; expected 0 (error) or 1 (warning)`);
    issues.push({
      severity: /** @type {'error'|'warning'} */ (severity === 0 ? 'error' : 'warning'),
      code: reader.string("an issue's code"),
      pointer: reader.string("an issue's pointer"),
      message: reader.string("an issue's message"),
      hint: reader.string("an issue's hint"),
      line: reader.u32("an issue's line"),
      column: reader.u32("an issue's column"),
    });
  }
  return issues;
}

/**
 * An `error` payload (§7), as the client's error.
 * @param {Reader} reader
 * @param {string|null} socketPath
 * @returns {CGLClientError}
 */
export function decodeError(reader, socketPath) {
  const code = reader.u16('the error code');
  const message = reader.string('the error message');
  const issues = decodeIssues(reader);
  reader.finish('an error');
  return CGLClientError.fromDaemon(code, message, issues, socketPath);
}

/**
 * Sets `object[key]`, a key named `__proto__` (a daemon's string) included, as an own property.
 * @param {Record<string, unknown>} object
 * @param {string} key
 * @param {unknown} value
 */
export function put(object, key, value) {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/**
 * The value of a response payload of `kind`; an `error` as a {@link CGLClientError} (returned).
 * @param {number} kind
 * @param {Buffer} payload
 * @param {number} version
 * @param {string|null} [socketPath]
 * @returns {unknown}
 * @throws {Malformed} The payload does not follow the protocol, or `kind` is unknown.
 */
export function decodeResponse(kind, payload, version, socketPath = null) {
  const reader = new Reader(payload);
  let value;
  switch (kind) {
    case Kind.ERROR:
      return decodeError(reader, socketPath);
    case Kind.SNAPSHOT:
      return decodeSnapshot(reader, version);
    case Kind.SNAPSHOTS:
      return decodeSnapshots(reader, version, socketPath);
    case Kind.PONG:
      value = { serverVersion: reader.string('the server version'), uptime: reader.f64('the uptime') };
      break;
    case Kind.REGISTERED: {
      const name = reader.string("the scheme's name");
      const hash = reader.string("the scheme's hash");
      const outcome = ['created', 'updated', 'unchanged'][reader.u8('the outcome')];
      if (outcome === undefined) throw new Malformed('the outcome of a registration is outside 0, 1 and 2');
      value = { name, hash, outcome, warnings: decodeIssues(reader) };
      break;
    }
    case Kind.UNREGISTERED:
      value = { name: reader.string("the scheme's name"), existed: reader.bool('whether it existed') };
      break;
    case Kind.SCHEMES: {
      const count = reader.count('the scheme count', 4 + 4 + 4 + 16);
      value = [];
      for (let index = 0; index < count; index += 1) {
        value.push({
          name: reader.string("a scheme's name"),
          hash: reader.string("a scheme's hash"),
          elementCount: reader.u32('an element count'),
          registeredAt: new Date(reader.f64('registered at') * 1000),
          updatedAt: new Date(reader.f64('updated at') * 1000),
        });
      }
      break;
    }
    case Kind.PREWARM_PROGRESS:
      value = { done: reader.u32('done'), total: reader.u32('total'), scheme: reader.string('the scheme') };
      break;
    case Kind.PREWARM_FINISHED: {
      const computed = reader.u32('computed');
      const alreadyCached = reader.u32('already cached');
      const failed = reader.u32('failed');
      const seconds = reader.f64('seconds');
      const cancelled = version >= 3 ? reader.u32('cancelled') : 0;
      value = { computed, alreadyCached, failed, seconds, cancelled, total: computed + alreadyCached + failed + cancelled };
      break;
    }
    case Kind.STATS_ANSWER: {
      const count = reader.count('the counter count', 12);
      /** @type {Record<string, number>} */
      const counters = {};
      for (let index = 0; index < count; index += 1) {
        const key = reader.string("a counter's key");
        put(counters, key, reader.f64("a counter's value"));
      }
      value = counters;
      break;
    }
    default:
      throw new Malformed(`unknown kind 0x${kind.toString(16)}`);
  }
  reader.finish(RESPONSE_NAMES[kind]);
  return value;
}
