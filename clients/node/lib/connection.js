/**
 * One connection to the daemon: connect, handshake, then requests pipelined on it and their
 * answers matched by request id (docs/protocol.md §3, §4, §14). Any number of calls share a
 * connection at once; the daemon answers them in any order.
 * @module
 */
import net from 'node:net';
import { CGLClientError, abortError } from './errors.js';
import { searchDescription, socketPathProblem } from './discovery.js';
import {
  FrameParser, HEADER_SIZE, MAXIMUM_FRAME_SIZE, Malformed, SERVER_HELLO_SIZE, STATUS_BUSY, STATUS_OK, clientHello,
  decodeServerHello, encodeFrame,
} from './framing.js';
import { Kind, OLDEST_VERSION, RESPONSE_NAMES, Unsupported, decodeResponse } from './protocol.js';

/** Set on an error of a call that may be sent again on a new connection (see {@link Connection#send}). */
export const RETRYABLE = Symbol('cglclient.retryable');

const MAX_ID = 0xffffffff;

/**
 * @typedef {object} Call The requests of one call, sent together, and their answers.
 * @property {import('./requests.js').Request[]} requests
 * @property {unknown[]} answers
 * @property {number} remaining
 * @property {number[]} ids
 * @property {boolean} receivedAny Whether a frame of this call arrived.
 * @property {boolean} usedBefore Whether the connection had answered a call when this one was sent.
 * @property {number} framesAtSend The connection's frame count when this call was sent.
 * @property {((index: number, event: unknown) => void)|null} onEvent
 * @property {(answers: unknown[]) => void} resolve
 * @property {(error: CGLClientError) => void} reject
 * @property {() => void} cleanup
 */

/** An open connection, the handshake done. */
export class Connection {
  /**
   * Connects to `path` and performs the handshake within `connectTimeout` ms; a daemon that
   * speaks only an older version this client speaks is connected to again in it.
   * @param {string} path
   * @param {object} options
   * @param {number} options.connectTimeout Milliseconds connecting and the handshake may take.
   * @param {number} options.requestTimeout Milliseconds the daemon may stay silent with requests outstanding.
   * @param {number} options.version The newest protocol version to speak.
   * @returns {Promise<Connection>}
   */
  static async open(path, { connectTimeout, requestTimeout, version }) {
    const problem = socketPathProblem(path);
    if (problem !== null) {
      throw new CGLClientError('socket_path_too_long', `${problem}; give a shorter path, or connect through a shorter ` +
        'symbolic link to the socket (ln -s)', { socketPath: path });
    }
    const deadline = Date.now() + connectTimeout;
    for (;;) {
      const socket = net.createConnection({ path });
      const result = await handshake(socket, path, version, deadline);
      if (result.olderVersion === undefined) {
        return new Connection(socket, path, version, result.maximumFrameSize, result.leftover, requestTimeout);
      }
      socket.destroy();
      version = result.olderVersion;
    }
  }

  /**
   * @param {net.Socket} socket
   * @param {string} path
   * @param {number} version
   * @param {number} maximumFrameSize
   * @param {Buffer} leftover Bytes that followed the server's hello.
   * @param {number} requestTimeout
   */
  constructor(socket, path, version, maximumFrameSize, leftover, requestTimeout) {
    this.socket = socket;
    this.path = path;
    /** The protocol version the handshake settled on. */
    this.version = version;
    /** The largest frame the daemon accepts. */
    this.maximumFrameSize = maximumFrameSize;
    this.requestTimeout = requestTimeout;
    this.parser = new FrameParser(MAXIMUM_FRAME_SIZE);
    /** @type {Map<number, {call: Call, index: number}>} Outstanding requests by id. */
    this.pending = new Map();
    /** @type {Set<number>} Ids of requests whose call was aborted: their answers are discarded. */
    this.abandoned = new Set();
    this.nextId = 1;
    this.framesReceived = 0;
    this.callsAnswered = 0;
    this.closed = false;
    /** @type {NodeJS.Timeout|null} */
    this.timer = null;
    /** @type {(() => void)|null} Called once when the connection closes. */
    this.onClose = null;
    /** @type {Error|null} */
    this.socketError = null;
    socket.setNoDelay?.(true);
    socket.on('data', (data) => this.#receive(data));
    socket.on('error', (error) => {
      this.socketError = error;
    });
    socket.on('close', () => {
      const reason = this.socketError ? ` (${this.socketError.message})` : '';
      this.#fail(() => new CGLClientError('connection_lost',
        `cgld on ${path} closed the connection with requests outstanding${reason}`, { socketPath: path }), true);
    });
    socket.unref();
    socket.resume();
    if (leftover.length > 0) this.#receive(leftover);
  }

  /** Requests outstanding on this connection. */
  get load() {
    return this.pending.size;
  }

  /** Closes the connection; outstanding calls fail with `connection_lost`. */
  close() {
    this.#fail(() => new CGLClientError('connection_lost', `the connection to cgld on ${this.path} was closed by the client`,
      { socketPath: this.path }), false);
  }

  /**
   * Sends `requests` pipelined and resolves with their final answers in order (an error the
   * daemon answered as a {@link CGLClientError} value). Rejects when the connection fails,
   * stays silent past the request timeout, or the daemon breaks the protocol (the connection
   * is then closed); a rejection marked {@link RETRYABLE} happened on a connection that had
   * served a call before and received nothing since this one was sent (a daemon restarted
   * meanwhile): the call may go again on a new connection.
   * @param {import('./requests.js').Request[]} requests
   * @param {object} [options]
   * @param {((index: number, event: unknown) => void)|null} [options.onEvent] Given each progress event.
   * @param {AbortSignal|null} [options.signal]
   * @returns {Promise<unknown[]>}
   */
  send(requests, { onEvent = null, signal = null } = {}) {
    if (this.closed) {
      const error = new CGLClientError('connection_lost', `the connection to cgld on ${this.path} is closed`, { socketPath: this.path });
      return Promise.reject(Object.assign(error, { [RETRYABLE]: true }));
    }
    if (signal?.aborted) return Promise.reject(abortError(signal, this.path));
    /** @type {Buffer[]} */
    const frames = [];
    const first = this.#ids(requests.length);
    try {
      requests.forEach((request, offset) => frames.push(this.#encode(request, first + offset)));
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      /** @type {Call} */
      const call = {
        requests, answers: new Array(requests.length), remaining: requests.length, ids: [], receivedAny: false,
        usedBefore: this.callsAnswered > 0, framesAtSend: this.framesReceived, onEvent,
        resolve, reject, cleanup: () => {},
      };
      requests.forEach((_, index) => {
        call.ids.push(first + index);
        this.pending.set(first + index, { call, index });
      });
      if (signal) {
        const abort = () => {
          for (const id of call.ids) {
            if (this.pending.delete(id)) this.abandoned.add(id);
          }
          this.#idleIfDone();
          reject(abortError(signal, this.path));
        };
        signal.addEventListener('abort', abort, { once: true });
        call.cleanup = () => signal.removeEventListener('abort', abort);
      }
      this.socket.ref();
      if (this.timer === null) this.timer = setTimeout(() => this.#silent(), this.requestTimeout);
      else this.timer.ref().refresh();
      this.socket.write(frames.length === 1 ? frames[0] : Buffer.concat(frames));
    });
  }

  /**
   * @param {number} count
   * @returns {number} The first of `count` fresh consecutive ids (never 0; from 1 when they would wrap).
   */
  #ids(count) {
    let first = this.nextId;
    if (first + count > MAX_ID) first = 1;
    this.nextId = first + count;
    return first;
  }

  /**
   * @param {import('./requests.js').Request} request
   * @param {number} id
   * @returns {Buffer}
   */
  #encode(request, id) {
    const socketPath = this.path;
    if (request.documentSize !== null && request.documentSize > this.maximumFrameSize - HEADER_SIZE) {
      throw new CGLClientError('document_too_large', `the document is ${request.documentSize} bytes; cgld on ${socketPath} ` +
        `accepts at most ${this.maximumFrameSize - HEADER_SIZE}`, { socketPath });
    }
    let encoded;
    try {
      encoded = request.encode(this.version);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      throw new CGLClientError('unsupported_by_daemon', `cgld on ${socketPath} speaks protocol version ${this.version}, ` +
        `which has no ${error.feature}; upgrade cgld`, { socketPath });
    }
    if (encoded.payload.length + 5 > this.maximumFrameSize) {
      throw new CGLClientError('request_too_large', `the ${request.name} request is a frame of ${encoded.payload.length + 5} ` +
        `bytes; cgld on ${socketPath} accepts at most ${this.maximumFrameSize}: send less content, or split the batch`,
      { socketPath });
    }
    return encodeFrame(encoded.kind, id, encoded.payload);
  }

  /** @param {Buffer} data */
  #receive(data) {
    if (this.closed) return;
    if (this.timer !== null) this.timer.refresh();
    let frames;
    try {
      frames = this.parser.push(data);
    } catch (error) {
      this.#violation(`cgld on ${this.path} sent a malformed frame: ${/** @type {Error} */ (error).message}`);
      return;
    }
    for (const frame of frames) {
      if (this.closed) return;
      this.framesReceived += 1;
      this.#dispatch(frame);
    }
    this.#idleIfDone();
  }

  /** @param {import('./framing.js').Frame} frame */
  #dispatch({ kind, requestId, payload }) {
    if (requestId === 0 && kind === Kind.ERROR) {
      const error = this.#decode(kind, requestId, payload);
      if (error === undefined) return;
      if (!(error instanceof CGLClientError)) {
        this.#violation('cgld sent an error with id 0 that is no error');
        return;
      }
      this.#fail(() => error, false);
      return;
    }
    const entry = this.pending.get(requestId);
    if (entry === undefined) {
      if (this.abandoned.has(requestId)) {
        if (kind !== Kind.PREWARM_PROGRESS) this.abandoned.delete(requestId);
        return;
      }
      this.#violation(`cgld sent a frame (kind 0x${kind.toString(16)}) with request id ${requestId}, which no ` +
        'outstanding request has');
      return;
    }
    if (RESPONSE_NAMES[kind] === undefined) return; // A kind of a later version: discarded (§12).
    const { call, index } = entry;
    const request = call.requests[index];
    call.receivedAny = true;
    if (kind === Kind.PREWARM_PROGRESS) {
      if (request.kind !== Kind.PREWARM) {
        this.#violation(`cgld sent a prewarm progress event for a ${request.name} request`);
        return;
      }
      const event = this.#decode(kind, requestId, payload);
      if (event !== undefined && call.onEvent) call.onEvent(index, event);
      return;
    }
    if (kind !== request.final && kind !== Kind.ERROR) {
      this.#violation(`cgld answered a ${request.name} request with ${RESPONSE_NAMES[kind]}`);
      return;
    }
    const answer = this.#decode(kind, requestId, payload);
    if (answer === undefined) return;
    this.pending.delete(requestId);
    call.answers[index] = answer;
    call.remaining -= 1;
    if (call.remaining === 0) {
      this.callsAnswered += 1;
      call.cleanup();
      call.resolve(call.answers);
    }
  }

  /**
   * The decoded payload; `undefined` when it is malformed (the connection is then failed).
   * @param {number} kind
   * @param {number} requestId
   * @param {Buffer} payload
   */
  #decode(kind, requestId, payload) {
    try {
      return decodeResponse(kind, payload, this.version, this.path);
    } catch (error) {
      // Malformed, as the decoder says; anything else it throws is the same to us.
      const reason = error instanceof Error ? error.message : String(error);
      this.#violation(`cgld sent a malformed ${RESPONSE_NAMES[kind] ?? 'frame'} (request id ${requestId}): ${reason}`);
      return undefined;
    }
  }

  #idleIfDone() {
    if (this.pending.size === 0 && !this.closed) {
      // Kept for the next call (made once per connection, not per call), without holding
      // the process open; if it fires while idle, #silent finds nothing outstanding.
      this.timer?.unref();
      this.socket.unref();
    }
  }

  #silent() {
    this.timer = null;
    if (this.pending.size === 0) return;
    this.#fail(() => new CGLClientError('timed_out', `cgld on ${this.path} did not answer within ` +
      `${this.requestTimeout / 1000} s; the connection was dropped`, { socketPath: this.path }), false);
  }

  /** @param {string} message */
  #violation(message) {
    this.#fail(() => new CGLClientError('protocol_violation', message, { socketPath: this.path }), false);
  }

  /**
   * Fails every outstanding call with an error of `make`, and closes the connection.
   * @param {() => CGLClientError} make
   * @param {boolean} lost Whether the daemon closed it (a call may then be retried).
   */
  #fail(make, lost) {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const calls = new Set([...this.pending.values()].map((entry) => entry.call));
    this.pending.clear();
    this.socket.destroy();
    for (const call of calls) {
      const error = make();
      if (lost && call.usedBefore && !call.receivedAny && this.framesReceived === call.framesAtSend) error[RETRYABLE] = true;
      call.cleanup();
      call.reject(error);
    }
    const onClose = this.onClose;
    this.onClose = null;
    onClose?.();
  }
}

/**
 * The error of a daemon that cannot be reached at `path`.
 * @param {string} path
 * @param {string} reason
 */
export function unavailable(path, reason) {
  const problem = searchDescription(path) ?? `cgld is not running on ${path} (${reason})`;
  return new CGLClientError('daemon_unavailable', `${problem}; start cgld, or give the client its socket (socketPath, ` +
    'or CGLD_SOCKET)', { socketPath: path });
}

/**
 * Writes the hello and reads the server's, within the deadline. The server's hello is read
 * even when writing ours failed: a busy daemon answers and closes without reading it (§3).
 * @param {net.Socket} socket
 * @param {string} path
 * @param {number} version
 * @param {number} deadline
 * @returns {Promise<{maximumFrameSize: number, leftover: Buffer, olderVersion?: undefined}|{olderVersion: number}>}
 */
function handshake(socket, path, version, deadline) {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    let connected = false;
    /** @type {Error|null} */
    let writeFailure = null;
    let settled = false;
    const timer = setTimeout(() => finish(connected
      ? new CGLClientError('timed_out', `${path} did not answer the cgld handshake in time`, { socketPath: path })
      : unavailable(path, 'connecting timed out')), Math.max(1, deadline - Date.now()));

    /**
     * @param {CGLClientError|null} error
     * @param {any} [value]
     */
    function finish(error, value) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.removeListener('connect', onConnect);
      socket.removeListener('data', onData);
      socket.removeListener('error', onError);
      socket.removeListener('close', onEnded);
      if (error !== null) {
        socket.destroy();
        reject(error);
      } else {
        socket.pause();
        resolve(value);
      }
    }

    function onConnect() {
      connected = true;
      socket.write(clientHello(version), (error) => {
        if (error) writeFailure = error;
      });
    }

    /** @param {Buffer} data */
    function onData(data) {
      received = received.length === 0 ? data : Buffer.concat([received, data]);
      examine(false);
    }

    /** @param {NodeJS.ErrnoException} error */
    function onError(error) {
      if (!connected) finish(unavailable(path, `connect: ${error.code ?? error.message}`));
      else writeFailure ??= error; // Read on: the answer may have come before the failure.
    }

    function onEnded() {
      examine(true);
    }

    /** @param {boolean} ended */
    function examine(ended) {
      if (received.length < SERVER_HELLO_SIZE) {
        if (ended) {
          const reason = writeFailure ? ` (${writeFailure.message})` : '';
          finish(new CGLClientError('connection_lost', `cgld on ${path} closed the connection during the handshake${reason}`,
            { socketPath: path }));
        }
        return;
      }
      let hello;
      try {
        hello = decodeServerHello(received);
      } catch {
        finish(new CGLClientError('protocol_violation', `${path} does not answer the cgld handshake`, { socketPath: path }));
        return;
      }
      const rest = received.subarray(SERVER_HELLO_SIZE);
      if (hello.status === STATUS_OK) {
        finish(null, { maximumFrameSize: hello.maximumFrameSize, leftover: rest });
      } else if (hello.status === STATUS_BUSY) {
        // The daemon's error frame follows, and then it closes: read it until then.
        const busy = busyError(rest, path, ended);
        if (busy !== null) finish(busy);
      } else if (hello.version >= OLDEST_VERSION && hello.version < version) {
        finish(null, { olderVersion: hello.version });
      } else {
        finish(new CGLClientError('handshake_refused', `cgld on ${path} refused protocol version ${version} (status ` +
          `${hello.status}); it speaks version ${hello.version}. Use a matching client.`, { socketPath: path }));
      }
    }

    socket.on('connect', onConnect);
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', onEnded);
  });
}

/**
 * The daemon's `busy` error frame after a busy hello, when `rest` holds it; at the end
 * (`final`), one that says the same; else `null`.
 * @param {Buffer} rest
 * @param {string} path
 * @param {boolean} final
 * @returns {CGLClientError|null}
 */
function busyError(rest, path, final) {
  try {
    for (const frame of new FrameParser().push(rest)) {
      if (frame.kind === Kind.ERROR) {
        const error = decodeResponse(frame.kind, frame.payload, OLDEST_VERSION, path);
        if (error instanceof CGLClientError) return error;
      }
    }
  } catch {
    // Not a frame: say it in our words below.
  }
  if (!final) return null;
  return CGLClientError.fromDaemon(6, 'cgld serves as many connections as it may (limits.maxConnections); retry later', [], path);
}
