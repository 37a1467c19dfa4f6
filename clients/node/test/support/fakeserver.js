// A fake cgld: a Unix socket served by a script, to test the client against a misbehaving
// server (truncated frames, wrong ids, unknown kinds, absurd lengths, silence).
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

export function serverHello(version = 6, status = 0, maximum = 8 * 1024 * 1024) {
  const hello = Buffer.alloc(12);
  hello.write('CGLD', 0, 'latin1');
  hello.writeUInt16BE(version, 4);
  hello.writeUInt16BE(status, 6);
  hello.writeUInt32BE(maximum, 8);
  return hello;
}

export const HELLO_OK = serverHello();

export function frame(kind, requestId, payload = Buffer.alloc(0)) {
  const header = Buffer.alloc(9);
  header.writeUInt32BE(payload.length + 5, 0);
  header[4] = kind;
  header.writeUInt32BE(requestId, 5);
  return Buffer.concat([header, payload]);
}

export function string(text) {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

export function f64(value) {
  const data = Buffer.alloc(8);
  data.writeDoubleBE(value);
  return data;
}

export function u32(value) {
  const data = Buffer.alloc(4);
  data.writeUInt32BE(value);
  return data;
}

export function pong(requestId, version = 'fake') {
  return frame(0x81, requestId, Buffer.concat([string(version), f64(1)]));
}

export function errorFrame(requestId, code, message) {
  const head = Buffer.alloc(2);
  head.writeUInt16BE(code);
  return frame(0xff, requestId, Buffer.concat([head, string(message), u32(0)]));
}

/** Reads a socket by exact counts. */
export class Peer {
  constructor(socket) {
    this.socket = socket;
    this.buffer = Buffer.alloc(0);
    this.ended = false;
    this.waiter = null;
    socket.on('data', (data) => {
      this.buffer = Buffer.concat([this.buffer, data]);
      this.#wake();
    });
    socket.on('end', () => {
      this.ended = true;
      this.#wake();
    });
    socket.on('error', () => {
      this.ended = true;
      this.#wake();
    });
    socket.on('close', () => {
      this.ended = true;
      this.#wake();
    });
  }

  #wake() {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  async read(count) {
    while (this.buffer.length < count) {
      if (this.ended) throw new Error('EOF');
      await new Promise((resolve) => { this.waiter = resolve; });
    }
    const data = this.buffer.subarray(0, count);
    this.buffer = this.buffer.subarray(count);
    return data;
  }

  /** The next request: {kind, requestId, payload, bytes}. */
  async readFrame() {
    const header = await this.read(9);
    const payload = await this.read(header.readUInt32BE(0) - 5);
    return { kind: header[4], requestId: header.readUInt32BE(5), payload, bytes: Buffer.concat([header, payload]) };
  }

  write(data) {
    if (!this.socket.destroyed) this.socket.write(data);
  }

  /** Keeps the connection open, reading and ignoring what comes, until it closes. */
  async hold() {
    while (!this.ended) await new Promise((resolve) => { this.waiter = resolve; });
  }

  close() {
    this.socket.destroy();
  }
}

/** Serves each connection with `script(peer)`, until closed. */
export class FakeServer {
  static async start(script) {
    const server = new FakeServer(script);
    await new Promise((resolve, reject) => {
      server.server.once('error', reject);
      server.server.listen(server.path, resolve);
    });
    return server;
  }

  /** A server that reads the hello, answers `hello`, then runs `body(peer)`. */
  static afterHello(body, hello = HELLO_OK) {
    let server;
    const started = FakeServer.start(async (peer) => {
      server.hellos.push(await peer.read(8));
      peer.write(hello);
      await body(peer);
    });
    return started.then((value) => { server = value; return value; });
  }

  constructor(script) {
    this.folder = mkdtempSync('/tmp/cglfake-');
    this.path = join(this.folder, 's.sock');
    this.hellos = [];
    this.errors = [];
    this.peers = [];
    this.server = net.createServer((socket) => {
      const peer = new Peer(socket);
      this.peers.push(peer);
      script(peer).catch((error) => {
        if (error.message !== 'EOF') this.errors.push(error);
      });
    });
  }

  async close() {
    for (const peer of this.peers) peer.close();
    await new Promise((resolve) => this.server.close(resolve));
    rmSync(this.folder, { recursive: true, force: true });
  }
}
