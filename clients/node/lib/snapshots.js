/**
 * Decoding `snapshot` and `snapshots` payloads (docs/protocol.md §7).
 *
 * A snapshot is first decoded field by field, which says exactly what is wrong with a
 * malformed one. What it shares with the next snapshots of its scheme in its environment —
 * the bytes from the scheme's name to the profile's, and the element ids — is kept as a
 * *shape*. A page of a feed is many snapshots of one shape: each is then checked against it
 * byte for byte, its strings taken from the shape rather than decoded again, and its numbers
 * read through one `DataView` of the payload. Anything the fast path does not recognise is
 * left to the field-by-field decoder, which reads it or says what is wrong.
 * @module
 */
import { Kind, Malformed, Reader, decodeError, put } from './protocol.js';
import { DIRECTIONS, SIZE_CLASSES, SOURCES, Snapshot } from './values.js';

/** The version whose snapshots end with scroll sizes, the last field the fast path knows. */
const SCROLL_SIZES_VERSION = 5;
/** The shapes seen last, the most recent first (a few: a page is usually one). */
const shapes = [];
const SHAPES_KEPT = 16;

/** What the snapshots of one scheme in one environment share. */
class Shape {
  /**
   * @param {Buffer} header The bytes from the scheme's name to the profile's (a copy).
   * @param {{scheme: string, hash: string, engine: string}} names
   * @param {import('./values.js').Environment} environment With the first snapshot's text scale.
   * @param {string[]} ids
   * @param {Buffer[]} idBlobs Each id as the payload carries it: its length, then its bytes.
   */
  constructor(header, names, environment, ids, idBlobs) {
    this.header = header;
    this.scheme = names.scheme;
    this.hash = names.hash;
    this.engine = names.engine;
    this.environment = environment;
    this.ids = ids;
    this.idBlobs = idBlobs;
    this.readFrames = compileFrameReader(ids, idBlobs);
  }

  /**
   * A new environment object of this shape (each snapshot has its own, as users may change it).
   * @param {number} textScale
   * @returns {import('./values.js').Environment}
   */
  environmentAt(textScale) {
    const base = this.environment;
    return {
      width: base.width,
      height: base.height,
      scale: base.scale,
      direction: base.direction,
      horizontalSizeClass: base.horizontalSizeClass,
      verticalSizeClass: base.verticalSizeClass,
      safeArea: { top: base.safeArea.top, left: base.safeArea.left, bottom: base.safeArea.bottom, right: base.safeArea.right },
      profile: base.profile,
      textScale,
      orientation: base.orientation,
    };
  }
}

/**
 * @callback FrameReader Both frame records of a snapshot of a shape, read from its elements.
 * @param {DataView} view
 * @param {number} at Where the elements start.
 * @returns {[Record<string, import('./values.js').Frame>, Record<string, import('./values.js').Frame>]}
 */

/**
 * A function that makes a shape's two frame records as object literals, each element's frame
 * read at its offset. Setting properties one by one under keys that vary is most of the cost
 * of a page; a literal of known keys is made in one step. The ids are the daemon's strings,
 * written as JSON string literals (and `__proto__` as a computed key, so that it stays an own
 * property). `null` where code cannot be generated (`--disallow-code-generation-from-strings`):
 * the records are then filled one property at a time.
 * @param {string[]} ids
 * @param {Buffer[]} idBlobs
 * @returns {FrameReader|null}
 */
function compileFrameReader(ids, idBlobs) {
  const inParent = [];
  const inRoot = [];
  let offset = 0;
  ids.forEach((id, index) => {
    offset += idBlobs[index].length;
    const key = id === '__proto__' ? '["__proto__"]' : JSON.stringify(id);
    const frame = (/** @type {number} */ at) => `{ x: v.getFloat64(a + ${at}), y: v.getFloat64(a + ${at + 8}), ` +
      `width: v.getFloat64(a + ${at + 16}), height: v.getFloat64(a + ${at + 24}) }`;
    inParent.push(`${key}: ${frame(offset)}`);
    inRoot.push(`${key}: ${frame(offset + 32)}`);
    offset += 64;
  });
  try {
    return /** @type {FrameReader} */ (new Function('v', 'a', `return [{ ${inParent.join(', ')} }, { ${inRoot.join(', ')} }];`));
  } catch {
    return null;
  }
}

/**
 * Whether `data[at..]` holds `bytes`, within `end`.
 * @param {Buffer} data
 * @param {number} at
 * @param {number} end
 * @param {Buffer} bytes
 */
function holdsAt(data, at, end, bytes) {
  const count = bytes.length;
  if (end - at < count) return false;
  for (let index = 0; index < count; index += 1) {
    if (data[at + index] !== bytes[index]) return false;
  }
  return true;
}

/**
 * A view of `data` for reading numbers (big-endian, as DataView reads by default).
 * @param {Buffer} data
 */
function viewOf(data) {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * A `snapshot` payload (§7), read from `reader` to its end.
 * @param {Reader} reader
 * @param {number} version
 * @param {DataView} [view] A view of `reader.data`, when the caller has one.
 * @returns {Snapshot}
 */
export function decodeSnapshot(reader, version, view) {
  if (version >= SCROLL_SIZES_VERSION) {
    const data = reader.data;
    const start = reader.offset;
    for (const shape of shapes) {
      const header = shape.header;
      if (reader.end - start - 1 < header.length || data.compare(header, 0, header.length, start + 1, start + 1 + header.length) !== 0) continue;
      const snapshot = decodeOfShape(shape, data, start, reader.end, view ?? viewOf(data));
      if (snapshot !== null) {
        reader.offset = reader.end;
        return snapshot;
      }
      break;
    }
  }
  return decodeFieldByField(reader, version);
}

/**
 * The snapshot in `data[start..end]`, whose header is `shape`'s; `null` when it is not of
 * the shape (the field-by-field decoder then reads it).
 * @param {Shape} shape
 * @param {Buffer} data
 * @param {number} start
 * @param {number} end
 * @param {DataView} view
 * @returns {Snapshot|null}
 */
function decodeOfShape(shape, data, start, end, view) {
  const source = SOURCES[data[start]];
  let at = start + 1 + shape.header.length;
  if (source === undefined || end - at < 20) return null;
  const ids = shape.ids;
  const count = ids.length;
  const size = { width: view.getFloat64(at), height: view.getFloat64(at + 8) };
  if (view.getUint32(at + 16) !== count) return null;
  at += 20;
  const elements = at;
  for (let index = 0; index < count; index += 1) {
    const blob = shape.idBlobs[index];
    if (!holdsAt(data, at, end - 64, blob)) return null;
    at += blob.length + 64;
  }
  const [frames, framesInRoot] = shape.readFrames?.(view, elements) ?? framesOneByOne(shape, view, elements);
  if (end - at < 16) return null;
  const textScale = view.getFloat64(at);
  const digestLength = view.getUint32(at + 8);
  at += 12;
  if (end - at < digestLength + 4) return null;
  let contentDigest = null;
  if (digestLength > 0) {
    const reader = new Reader(data, at - 4, at + digestLength);
    try {
      contentDigest = reader.string('the content digest');
    } catch {
      return null;
    }
  }
  at += digestLength;
  const scrollCount = view.getUint32(at);
  at += 4;
  if (end - at !== scrollCount * 20) return null;
  /** @type {Record<string, import('./values.js').Size>} */
  const scrollSizes = {};
  for (let index = 0, previous = -1; index < scrollCount; index += 1, at += 20) {
    const element = view.getUint32(at);
    if (element <= previous || element >= count) return null;
    previous = element;
    put(scrollSizes, ids[element], { width: view.getFloat64(at + 4), height: view.getFloat64(at + 12) });
  }
  return new Snapshot({
    source, scheme: shape.scheme, hash: shape.hash, engine: shape.engine, environment: shape.environmentAt(textScale),
    size, frames, framesInRoot, scrollSizes, contentDigest,
  });
}

/**
 * Both frame records of a snapshot of `shape`, a property at a time.
 * @param {Shape} shape
 * @param {DataView} view
 * @param {number} at Where the elements start.
 * @returns {[Record<string, import('./values.js').Frame>, Record<string, import('./values.js').Frame>]}
 */
function framesOneByOne(shape, view, at) {
  /** @type {Record<string, import('./values.js').Frame>} */
  const frames = {};
  /** @type {Record<string, import('./values.js').Frame>} */
  const framesInRoot = {};
  shape.ids.forEach((id, index) => {
    at += shape.idBlobs[index].length;
    put(frames, id, { x: view.getFloat64(at), y: view.getFloat64(at + 8), width: view.getFloat64(at + 16), height: view.getFloat64(at + 24) });
    put(framesInRoot, id, { x: view.getFloat64(at + 32), y: view.getFloat64(at + 40), width: view.getFloat64(at + 48), height: view.getFloat64(at + 56) });
    at += 64;
  });
  return [frames, framesInRoot];
}

/**
 * @param {Reader} reader
 * @returns {import('./values.js').Frame}
 */
function frameOf(reader) {
  const data = reader.data;
  const at = reader.need(32, "an element's frame");
  return { x: data.readDoubleBE(at), y: data.readDoubleBE(at + 8), width: data.readDoubleBE(at + 16), height: data.readDoubleBE(at + 24) };
}

/**
 * A snapshot decoded field by field; its shape kept for the next ones.
 * @param {Reader} reader
 * @param {number} version
 * @returns {Snapshot}
 */
function decodeFieldByField(reader, version) {
  const start = reader.offset;
  const sourceByte = reader.u8('the source');
  const source = SOURCES[sourceByte];
  if (source === undefined) throw new Malformed(`the snapshot's source is ${sourceByte}; expected 0, 1 or 2`);
  const scheme = reader.string('the scheme');
  const hash = reader.string('the hash');
  const engine = reader.string('the engine');
  const width = reader.f64("the environment's width");
  const height = reader.f64("the environment's height");
  const scale = reader.optionalF64('the scale');
  const direction = DIRECTIONS[reader.u8('the direction')];
  const horizontalSizeClass = SIZE_CLASSES[reader.u8('the horizontal size class')];
  const verticalSizeClass = SIZE_CLASSES[reader.u8('the vertical size class')];
  if (!direction || !horizontalSizeClass || !verticalSizeClass) {
    throw new Malformed("the environment's direction or size classes are outside their values");
  }
  const safeArea = { top: reader.f64('the safe area'), left: reader.f64('the safe area'), bottom: reader.f64('the safe area'), right: reader.f64('the safe area') };
  const profile = reader.string('the profile');
  const headerEnd = reader.offset;
  const size = { width: reader.f64('the size'), height: reader.f64('the size') };
  const count = reader.count('the element count', 4 + 64);
  /** @type {Record<string, import('./values.js').Frame>} */
  const frames = {};
  /** @type {Record<string, import('./values.js').Frame>} */
  const framesInRoot = {};
  const ids = [];
  const idBlobs = [];
  for (let index = 0; index < count; index += 1) {
    const idStart = reader.offset;
    const id = reader.string("an element's id");
    if (Object.prototype.hasOwnProperty.call(frames, id)) throw new Malformed(`the element id '${id}' appears twice in the snapshot`);
    idBlobs.push(Buffer.from(reader.data.subarray(idStart, reader.offset)));
    put(frames, id, frameOf(reader));
    put(framesInRoot, id, frameOf(reader));
    ids.push(id);
  }
  let textScale = 1;
  let contentDigest = null;
  if (version >= 2) {
    textScale = reader.f64('the text scale');
    contentDigest = reader.string('the content digest') || null;
  }
  /** @type {Record<string, import('./values.js').Size>} */
  const scrollSizes = {};
  if (version >= SCROLL_SIZES_VERSION) {
    let previous = -1;
    const scrollCount = reader.count('the scroll size count', 20);
    for (let index = 0; index < scrollCount; index += 1) {
      const element = reader.u32('a scroll size');
      if (element <= previous || element >= count) {
        throw new Malformed(`a scroll size names element ${element}, after ${previous}, of ${count}`);
      }
      previous = element;
      put(scrollSizes, ids[element], { width: reader.f64('a scroll size'), height: reader.f64('a scroll size') });
    }
  }
  reader.finish('a snapshot');
  const environment = {
    width, height, scale, direction, horizontalSizeClass, verticalSizeClass, safeArea,
    profile: profile || null, textScale, orientation: width > height ? 'landscape' : 'portrait',
  };
  const shape = new Shape(Buffer.from(reader.data.subarray(start + 1, headerEnd)), { scheme, hash, engine },
    /** @type {import('./values.js').Environment} */ (environment), ids, idBlobs);
  shapes.unshift(shape);
  shapes.length = Math.min(shapes.length, SHAPES_KEPT);
  return new Snapshot({
    source, scheme, hash, engine, environment: shape.environmentAt(textScale),
    size, frames, framesInRoot, scrollSizes, contentDigest,
  });
}

/**
 * A `snapshots` payload (§7): each answer a snapshot or the lookup's error.
 * @param {Reader} reader
 * @param {number} version
 * @param {string|null} socketPath
 * @returns {(Snapshot|import('./errors.js').CGLClientError)[]}
 */
export function decodeSnapshots(reader, version, socketPath) {
  const count = reader.count('the answer count', 5);
  const view = viewOf(reader.data);
  const answers = [];
  for (let index = 0; index < count; index += 1) {
    const kind = reader.u8("an answer's kind");
    const length = reader.u32("an answer's length");
    const start = reader.need(length, 'an answer');
    const item = new Reader(reader.data, start, start + length);
    if (kind === Kind.SNAPSHOT) answers.push(decodeSnapshot(item, version, view));
    else if (kind === Kind.ERROR) answers.push(decodeError(item, socketPath));
    else throw new Malformed(`an answer of a batch is of kind 0x${kind.toString(16)}; expected 0x85 or 0xff`);
  }
  reader.finish('the snapshots');
  return answers;
}
