/**
 * A lookup, laid out in the protocol's bytes once, with the state that lets a page asked for
 * again and again go by reference (docs/protocol.md §5, `lookupBatchWithReferences`).
 * @module
 */
import { createHash } from 'node:crypto';
import {
  CONTENT_VERSION, FORM_IN_FULL, FORM_REFERENCE, OLDEST_VERSION, REFERENCE_SIZE, RUNS_VERSION, Unsupported, Writer,
  encodeContent, encodeExplicitEnvironment, encodeProfileEnvironment,
} from './protocol.js';

/**
 * @typedef {object} LookupOptions Where and with what a scheme is laid out: a profile of the
 *   daemon (`profile`, with an optional `direction`), or explicit values (`size` and
 *   optionally `scale`, `direction`, `sizeClasses`, `safeArea`).
 * @property {string} [profile] A profile the daemon has (`cglctl profiles`).
 * @property {'ltr'|'rtl'|null} [direction] `null`: the profile's own (`ltr` for explicit values).
 * @property {[number, number]} [size] `[width, height]` in points, for explicit values instead of a profile.
 * @property {number|null} [scale] Points per pixel for pixel snapping (explicit values); `null`: none.
 * @property {[('compact'|'regular'|null), ('compact'|'regular'|null)]} [sizeClasses] Horizontal and vertical; `null` derives one from the size.
 * @property {{top?: number, left?: number, bottom?: number, right?: number}|[number, number, number, number]} [safeArea] Insets (explicit values).
 * @property {number|null} [textScale] The text scale (0.8 to 3.1) replacing the environment's; `null` keeps it.
 * @property {Record<string, import('../index.js').ContentValue>} [content] The values of the scheme's slots by name; slots left out take the document's defaults.
 */

/**
 * One lookup of a batch. Keep the lookups of a page you ask for again and again: once the
 * daemon has answered one, it is sent by its reference (the SHA-256 of its bytes: 33 bytes
 * instead of its content), as `CGLClient` does; a daemon that no longer knows it is sent the
 * lookup in full again, transparently. A lookup is encoded when it is made, and frozen.
 *
 * @example
 * const page = posts.map((post) => new Lookup('feed-cell', { profile: 'phone-portrait', content: post }));
 * await client.lookupBatch(page); // in full
 * await client.lookupBatch(page); // by reference
 */
export class Lookup {
  /** @type {Buffer|null} */
  #reference = null;
  #answered = false;
  #unknown = 0;
  #sendsInFullLeft = 0;
  /** @type {Buffer|null} The entry by reference, once it goes so. */
  #entry = null;

  /**
   * @param {string} scheme The registered scheme's name.
   * @param {LookupOptions} [options]
   */
  constructor(scheme, options = {}) {
    const { profile = null, direction = null, size = null, scale = null, sizeClasses = null, safeArea = null,
      textScale = null, content = null } = options ?? {};
    if ((profile === null) === (size === null)) {
      throw new TypeError('a lookup names a profile, or gives a size (explicit values): exactly one of them');
    }
    if (profile !== null && (scale !== null || sizeClasses !== null || safeArea !== null)) {
      throw new TypeError('scale, sizeClasses and safeArea go with size: [width, height], not with a profile');
    }
    /** The scheme's name. */
    this.scheme = scheme;
    /** The profile, or `null` for explicit values. */
    this.profile = profile;
    /** The direction asked for, or `null`. */
    this.direction = direction;
    /** `[width, height]` of explicit values, or `null`. */
    this.size = size;
    /** The text scale asked for, or `null`. */
    this.textScale = textScale;
    /** The content, as given (not copied: do not change it). */
    this.content = content ?? {};
    const writer = new Writer(64);
    writer.string(scheme, 'the scheme name');
    if (profile !== null) encodeProfileEnvironment(writer, profile, direction);
    else encodeExplicitEnvironment(writer, { size, scale, direction, sizeClasses, safeArea });
    const environmentEnd = writer.length;
    writer.optionalF64(textScale, 'the text scale');
    const hasContent = content !== null && typeof content === 'object' && Object.keys(content).length > 0;
    const usesRuns = encodeContent(writer, content);
    const fields = writer.finish();
    /** @internal The fields as versions 2 and later carry them. */
    this.fields = fields;
    /** @internal The fields as version 1 carries them (no text scale, no content). */
    this.fieldsV1 = Buffer.from(fields.subarray(0, environmentEnd));
    /** The oldest protocol version that carries this lookup alone. */
    this.minimumVersion = usesRuns ? RUNS_VERSION : (hasContent || textScale !== null ? CONTENT_VERSION : OLDEST_VERSION);
    Object.freeze(this);
  }

  /**
   * The lookup's fields in protocol `version`.
   * @param {number} version
   * @returns {Buffer}
   * @throws {Unsupported} `version` cannot carry this lookup.
   */
  fieldsFor(version) {
    if (version >= this.minimumVersion) return version >= CONTENT_VERSION ? this.fields : this.fieldsV1;
    throw new Unsupported(version < CONTENT_VERSION ? 'content or a text scale in lookups' : 'texts in runs');
  }

  /** The lookup's reference: the SHA-256 of its fields. */
  get reference() {
    if (this.#reference === null) this.#reference = createHash('sha256').update(this.fields).digest();
    return this.#reference;
  }

  /**
   * The reference to send in place of the lookup once a daemon answered it; `null` to send
   * it in full (never answered, no longer than a reference, or for a while after a daemon
   * did not know it).
   * @internal
   * @returns {Buffer|null}
   */
  referenceToSend() {
    if (!this.#answered || this.fields.length <= REFERENCE_SIZE) return null;
    if (this.#sendsInFullLeft > 0) {
      this.#sendsInFullLeft -= 1;
      return null;
    }
    return this.reference;
  }

  /**
   * The lookup as an entry of `lookupBatchWithReferences` (§6): its form byte, then its
   * reference or its fields, as {@link referenceToSend} decides; made once when by reference.
   * @internal
   * @returns {Buffer}
   */
  batchEntry() {
    if (this.#entry === null || this.#sendsInFullLeft > 0) {
      const reference = this.referenceToSend();
      if (reference === null) return Buffer.concat([FORM_IN_FULL, this.fields]);
      this.#entry = Buffer.concat([FORM_REFERENCE, reference]);
    }
    return this.#entry;
  }

  /** Whether a daemon answered the lookup (sent again, it goes by reference). */
  get answered() {
    return this.#answered;
  }

  /** @internal Records that a daemon answered the lookup with a snapshot. */
  markAnswered() {
    this.#answered = true;
  }

  /**
   * @internal Records that a daemon did not know the reference: the lookup goes in full the
   * next 1, 2, 4, … 1 024 times, one step more each time this happens.
   */
  markReferenceUnknown() {
    this.#unknown += 1;
    this.#sendsInFullLeft = 2 ** Math.min(this.#unknown - 1, 10);
  }

  /**
   * Whether `other` is the same lookup (the same bytes, however its content was ordered).
   * @param {Lookup} other
   */
  equals(other) {
    return other instanceof Lookup && this.fields.equals(other.fields);
  }
}
