/**
 * The handshake and the frames of the protocol (docs/protocol.md §3, §4), without I/O.
 * @module
 */

export const MAGIC = Buffer.from('CGLD', 'latin1');
export const CLIENT_HELLO_SIZE = 8;
export const SERVER_HELLO_SIZE = 12;
/** The largest frame a server ever sends (§4), and the most this client accepts. */
export const MAXIMUM_FRAME_SIZE = 8 * 1024 * 1024;
/** A frame's header: length, kind, request id. */
export const HEADER_SIZE = 9;

export const STATUS_OK = 0;
export const STATUS_UNSUPPORTED_VERSION = 1;
export const STATUS_BUSY = 2;

/** A payload or frame that does not follow the protocol. */
export class Malformed extends Error {}
Object.defineProperty(Malformed.prototype, 'name', { value: 'Malformed' });

/**
 * The client's 8 bytes: magic, version, flags 0.
 * @param {number} version
 * @returns {Buffer}
 */
export function clientHello(version) {
  const hello = Buffer.alloc(CLIENT_HELLO_SIZE);
  MAGIC.copy(hello, 0);
  hello.writeUInt16BE(version, 4);
  return hello;
}

/**
 * @typedef {object} ServerHello
 * @property {number} version The client's version when accepted, else the newest the server speaks.
 * @property {number} status 0 ok, 1 unsupported version, 2 busy; any other status is a refusal too.
 * @property {number} maximumFrameSize The largest frame length the server accepts.
 */

/**
 * The server's answer to the hello, from the first 12 bytes of `data`.
 * @param {Buffer} data
 * @returns {ServerHello}
 * @throws {Malformed} When they are not a cgld answer.
 */
export function decodeServerHello(data) {
  if (data.length < SERVER_HELLO_SIZE || !data.subarray(0, 4).equals(MAGIC)) {
    throw new Malformed('the answer to the hello does not start with CGLD');
  }
  return { version: data.readUInt16BE(4), status: data.readUInt16BE(6), maximumFrameSize: data.readUInt32BE(8) };
}

/**
 * A frame (§4): length, kind, request id, payload.
 * @param {number} kind
 * @param {number} requestId
 * @param {Buffer} payload
 * @returns {Buffer}
 */
export function encodeFrame(kind, requestId, payload) {
  const frame = Buffer.allocUnsafe(HEADER_SIZE + payload.length);
  frame.writeUInt32BE(payload.length + 5, 0);
  frame.writeUInt8(kind, 4);
  frame.writeUInt32BE(requestId, 5);
  payload.copy(frame, HEADER_SIZE);
  return frame;
}

/**
 * @typedef {object} Frame One frame read from the stream.
 * @property {number} kind
 * @property {number} requestId
 * @property {Buffer} payload
 */

/**
 * Cuts a byte stream into frames, however it was chunked. A frame whose length is below 5
 * or above the client's maximum (8 MiB, the most a server sends) cannot be followed:
 * {@link FrameParser#push} throws {@link Malformed} as soon as its 4 length bytes arrive.
 */
export class FrameParser {
  /** @param {number} [maximumFrameSize] */
  constructor(maximumFrameSize = MAXIMUM_FRAME_SIZE) {
    this.maximumFrameSize = maximumFrameSize;
    /** @type {Buffer[]} */
    this.chunks = [];
    this.buffered = 0;
  }

  /**
   * Adds `data` and returns the frames it completed, in order.
   * @param {Buffer} data
   * @returns {Frame[]}
   */
  push(data) {
    /** @type {Frame[]} */
    const frames = [];
    let buffer;
    if (this.buffered === 0) {
      buffer = data;
    } else {
      this.chunks.push(data);
      this.buffered += data.length;
      // Wait for the rest of a long frame without copying what came so far each time.
      if (this.chunks[0].length >= 4) {
        const needed = this.chunks[0].readUInt32BE(0) + 4;
        if (needed <= this.maximumFrameSize + 4 && this.buffered < needed) return frames;
      }
      buffer = Buffer.concat(this.chunks, this.buffered);
      this.chunks = [];
      this.buffered = 0;
    }
    let offset = 0;
    while (buffer.length - offset >= 4) {
      const length = buffer.readUInt32BE(offset);
      if (length < 5 || length > this.maximumFrameSize) {
        throw new Malformed(`a frame declares a length of ${length} bytes; a frame is 5 to ${this.maximumFrameSize}`);
      }
      const end = offset + 4 + length;
      if (end > buffer.length) break;
      frames.push({
        kind: buffer[offset + 4],
        requestId: buffer.readUInt32BE(offset + 5),
        payload: buffer.subarray(offset + HEADER_SIZE, end),
      });
      offset = end;
    }
    if (offset < buffer.length) {
      const rest = buffer.subarray(offset);
      this.chunks = [rest];
      this.buffered = rest.length;
    }
    return frames;
  }

  /** Bytes received of a frame not complete yet. */
  get pending() {
    return this.buffered;
  }
}
