/**
 * The values the client hands back: snapshots and their frames, and the JSON form of runs.
 * @module
 */

export const SOURCES = Object.freeze(['memory', 'store', 'computed']);
export const DIRECTIONS = Object.freeze({ 1: 'ltr', 2: 'rtl' });
export const SIZE_CLASSES = Object.freeze({ 1: 'compact', 2: 'regular' });

/**
 * @typedef {object} Frame A rectangle in points.
 * @property {number} x
 * @property {number} y
 * @property {number} width
 * @property {number} height
 */

/**
 * @typedef {object} Size
 * @property {number} width
 * @property {number} height
 */

/**
 * @typedef {object} EdgeInsets
 * @property {number} top
 * @property {number} left
 * @property {number} bottom
 * @property {number} right
 */

/**
 * @typedef {object} Environment The environment a snapshot was laid out for, resolved.
 * @property {number} width
 * @property {number} height
 * @property {number|null} scale Points per pixel the frames were snapped to; `null`: not snapped.
 * @property {'ltr'|'rtl'} direction
 * @property {'compact'|'regular'} horizontalSizeClass
 * @property {'compact'|'regular'} verticalSizeClass
 * @property {EdgeInsets} safeArea
 * @property {string|null} profile The profile's name; `null` for explicit values.
 * @property {number} textScale The text scale texts were measured at (1 is the default size).
 * @property {'portrait'|'landscape'} orientation `landscape` when wider than tall.
 */

/**
 * The frames of a scheme laid out for an environment, as the daemon answered them.
 * `JSON.stringify(snapshot)` writes what `cglctl lookup --format json` prints
 * (docs/protocol.md §11): the JSON of `cglctl compute --format json`, plus `source`.
 */
export class Snapshot {
  /**
   * @param {object} fields
   * @param {'memory'|'store'|'computed'} fields.source
   * @param {string} fields.scheme
   * @param {string} fields.hash
   * @param {string} fields.engine
   * @param {Environment} fields.environment
   * @param {Size} fields.size
   * @param {Record<string, Frame>} fields.frames
   * @param {Record<string, Frame>} fields.framesInRoot
   * @param {Record<string, Size>} fields.scrollSizes
   * @param {string|null} fields.contentDigest
   */
  constructor({ source, scheme, hash, engine, environment, size, frames, framesInRoot, scrollSizes, contentDigest }) {
    /** Where the daemon found it: `memory`, `store` or `computed`. */
    this.source = source;
    /** The scheme's name. */
    this.scheme = scheme;
    /** The content hash (`sha256:…`) of the document the frames were computed from. */
    this.hash = hash;
    /** The engine version the frames were computed with. */
    this.engine = engine;
    /** The resolved environment. */
    this.environment = environment;
    /** The extent of all frames in root space (max x, max y). */
    this.size = size;
    /** Every element's frame relative to its parent, by element id, in document order. */
    this.frames = frames;
    /** Every element's frame in the root's space, by element id. */
    this.framesInRoot = framesInRoot;
    /** How far each box that clips or scrolls can scroll, by element id (protocol version 5). */
    this.scrollSizes = scrollSizes;
    /** The digest (`sha256:…`) of the content laid out; `null` for the document's own content. */
    this.contentDigest = contentDigest;
  }

  /** The snapshot as `cglctl lookup --format json` prints it. */
  toJSON() {
    const env = this.environment;
    /** @type {Record<string, unknown>} */
    const environment = { width: env.width, height: env.height };
    if (env.scale !== null) environment.scale = env.scale;
    Object.assign(environment, {
      direction: env.direction,
      horizontalSizeClass: env.horizontalSizeClass,
      verticalSizeClass: env.verticalSizeClass,
      orientation: env.orientation,
      safeArea: [env.safeArea.top, env.safeArea.left, env.safeArea.bottom, env.safeArea.right],
      textScale: env.textScale,
    });
    if (env.profile !== null) environment.profile = env.profile;
    /** @type {Record<string, unknown>} */
    const result = { scheme: this.scheme, hash: this.hash, engine: this.engine, environment };
    if (this.contentDigest !== null) result.content = this.contentDigest;
    result.size = [this.size.width, this.size.height];
    /** @type {Record<string, unknown>} */
    const frames = {};
    for (const [id, frame] of Object.entries(this.frames)) {
      const inRoot = this.framesInRoot[id];
      /** @type {Record<string, unknown>} */
      const entry = { frame: [frame.x, frame.y, frame.width, frame.height], inRoot: [inRoot.x, inRoot.y, inRoot.width, inRoot.height] };
      const scroll = this.scrollSizes[id];
      if (scroll) entry.scrollSize = [scroll.width, scroll.height];
      frames[id] = entry;
    }
    result.frames = frames;
    result.source = this.source;
    return result;
  }
}

/**
 * @typedef {{string: string, style?: string|null}} TextRun A run of text, in a style of the document or the text's own.
 * @typedef {{atom: {size: [number, number], baseline?: number|null}}} AtomRun An inline object; `baseline` is its distance from the object's top.
 * @typedef {TextRun|AtomRun} Run A piece of a text given in runs (protocol version 6, docs/format.md §1.7a).
 */

/**
 * Makes runs, in the JSON form that content takes them in (and documents write them in).
 */
export const Run = Object.freeze({
  /**
   * A run of text in the style named (one of the document's `styles`), or the text's own.
   * @param {string} string
   * @param {string|null} [style]
   * @returns {TextRun}
   */
  text(string, style = null) {
    return style === null || style === undefined ? { string } : { string, style };
  },
  /**
   * An inline object of `width` × `height` points; `baseline` is its distance from the
   * object's top (without one, its bottom sits on the line's baseline).
   * @param {number} width
   * @param {number} height
   * @param {number|null} [baseline]
   * @returns {AtomRun}
   */
  atom(width, height, baseline = null) {
    return baseline === null || baseline === undefined
      ? { atom: { size: [width, height] } }
      : { atom: { size: [width, height], baseline } };
  },
});
