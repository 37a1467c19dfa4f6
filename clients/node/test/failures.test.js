// Failures: no daemon, a silent or killed daemon, a fake server that breaks the protocol,
// cancelled calls. Each rejects with the client's own error within its timeout.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { CGLClientError, Client, Lookup, defaultSocketPath } from '../index.js';
import { Daemon, POSTS, sleep } from './support/daemon.js';
import { FakeServer, errorFrame, frame, pong, serverHello, string, u32 } from './support/fakeserver.js';

const TIMEOUT = 500;
/** How long past its timeout a call may take to fail. */
const SLACK = 1500;

/** The error `promise` rejects with, and how long it took. */
async function failure(promise) {
  const start = Date.now();
  try {
    await promise;
  } catch (error) {
    return { error, elapsed: Date.now() - start };
  }
  assert.fail('the call succeeded');
}

let shared;
before(async () => {
  shared = await Daemon.start({ database: ':memory:' });
});
after(() => shared?.remove());

// -- no daemon -------------------------------------------------------------------------------

test('no socket file', async () => {
  const { error } = await failure(new Client({ socketPath: '/tmp/cglnode-nothing-here/s.sock' }).ping());
  assert.ok(error instanceof CGLClientError);
  assert.equal(error.code, 'daemon_unavailable');
  assert.match(error.message, /\/tmp\/cglnode-nothing-here\/s\.sock/);
});

test('a socket path nobody listens on', async () => {
  const folder = mkdtempSync('/tmp/cglnode-');
  const path = join(folder, 's.sock');
  writeFileSync(path, ''); // A file is there; nothing listens (connect: ECONNREFUSED).
  try {
    const { error } = await failure(new Client({ socketPath: path }).ping());
    assert.equal(error.code, 'daemon_unavailable');
    assert.match(error.message, /ECONNREFUSED/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('the search names every place it looked', async () => {
  const env = { XDG_RUNTIME_DIR: '/tmp/cglnode-runtime' };
  assert.equal(defaultSocketPath(env, () => false), '.cgld/cgld.sock');
  const { error } = await failure(new Client({ socketPath: defaultSocketPath(env, () => false) }).ping());
  // The message names the places of this process's environment.
  assert.equal(error.code, 'daemon_unavailable');
  if (!process.env.CGLD_SOCKET) {
    assert.match(error.message, /\.cgld\/cgld\.sock/);
    assert.match(error.message, /\/run\/cgld\/cgld\.sock/);
    assert.match(error.message, /CGLD_SOCKET is not set/);
  }
});

test('the socket is found as cglctl finds it', () => {
  const folder = mkdtempSync('/tmp/cglnode-');
  const cwd = process.cwd();
  try {
    process.chdir(folder);
    assert.equal(defaultSocketPath({ CGLD_SOCKET: shared.socketPath }), shared.socketPath);
    const runtime = join(folder, 'runtime');
    mkdirSync(join(runtime, 'cgld'), { recursive: true });
    symlinkSync(shared.socketPath, join(runtime, 'cgld', 'cgld.sock'));
    const env = { CGLD_SOCKET: '', XDG_RUNTIME_DIR: runtime };
    assert.equal(defaultSocketPath(env), `${runtime}/cgld/cgld.sock`);
    mkdirSync('.cgld');
    symlinkSync(shared.socketPath, '.cgld/cgld.sock');
    assert.equal(defaultSocketPath(env), '.cgld/cgld.sock');
    assert.equal(defaultSocketPath({ XDG_RUNTIME_DIR: 'relative/not/used' }, (path) => path.startsWith('relative')), '.cgld/cgld.sock');
    unlinkSync('.cgld/cgld.sock');
    assert.equal(defaultSocketPath({ XDG_RUNTIME_DIR: 'relative/not/used' }, () => false), '.cgld/cgld.sock');
  } finally {
    process.chdir(cwd);
    rmSync(folder, { recursive: true, force: true });
  }
});

test('new Client() connects where the search finds the daemon', async () => {
  const saved = process.env.CGLD_SOCKET;
  process.env.CGLD_SOCKET = shared.socketPath;
  try {
    const client = new Client();
    assert.equal(client.socketPath, shared.socketPath);
    assert.equal((await client.lookup('card', { profile: 'phone-portrait' })).frames.card.width, 374);
    await client.close();
  } finally {
    if (saved === undefined) delete process.env.CGLD_SOCKET;
    else process.env.CGLD_SOCKET = saved;
  }
});

test('a socket path too long', async () => {
  const { error } = await failure(new Client({ socketPath: `/tmp/${'x'.repeat(120)}/s.sock` }).ping());
  assert.equal(error.code, 'socket_path_too_long');
  assert.match(error.message, /107/);
});

// -- a real daemon, stopped or killed -------------------------------------------------------

test('a stopped daemon times out, and the client recovers', async () => {
  const client = new Client({ socketPath: shared.socketPath, requestTimeout: TIMEOUT, connectTimeout: TIMEOUT });
  await client.ping();
  await shared.signal('SIGSTOP');
  try {
    const { error, elapsed } = await failure(client.lookup('card', { profile: 'phone-portrait' }));
    assert.equal(error.code, 'timed_out');
    assert.ok(elapsed >= TIMEOUT * 0.9 && elapsed < TIMEOUT + SLACK, `${elapsed} ms`);
  } finally {
    await shared.signal('SIGCONT');
  }
  assert.ok((await client.ping()).serverVersion);
  await client.close();
});

test('a daemon killed mid-prewarm: the call fails at once, and the client connects again later', async () => {
  const own = await Daemon.start({ database: ':memory:' });
  try {
    const client = new Client({ socketPath: own.socketPath, requestTimeout: 10000 });
    await client.ping();
    const run = client.prewarm({ schemes: ['feed-cell', 'feed-card'], content: POSTS });
    const first = await new Promise((resolve) => run.once('progress', resolve));
    assert.ok(first.done < first.total, 'the prewarm ended before it could be killed');
    const start = Date.now();
    await own.stop('SIGKILL');
    const { error } = await failure(run);
    assert.ok(Date.now() - start < 2000);
    assert.equal(error.code, 'connection_lost');
    assert.match(error.message, /closed the connection/);
    assert.equal((await failure(client.ping())).error.code, 'daemon_unavailable');
    await own.start();
    assert.ok((await client.ping()).serverVersion);
    await client.close();
  } finally {
    await own.remove();
  }
});

test('a daemon killed while a batch waits fails it at once, never waiting for the timeout', async () => {
  const own = await Daemon.start({ database: ':memory:' });
  try {
    const client = new Client({ socketPath: own.socketPath, requestTimeout: 10000 });
    await client.ping();
    await own.signal('SIGSTOP');
    const page = POSTS.map((post) => new Lookup('feed-cell', { profile: 'phone-portrait', content: post }));
    const pending = failure(client.lookupBatch(page));
    const lookups = Array.from({ length: 10 }, () => failure(client.lookup('card', { profile: 'phone-portrait' })));
    await sleep(200);
    const start = Date.now();
    await own.stop('SIGKILL');
    for (const { error } of [await pending, ...(await Promise.all(lookups))]) {
      assert.ok(['connection_lost', 'daemon_unavailable'].includes(error.code), error.code);
    }
    assert.ok(Date.now() - start < 2000);
  } finally {
    await own.remove();
  }
});

test('a restarted daemon is reconnected to transparently', async () => {
  const own = await Daemon.start({ database: ':memory:' });
  try {
    const client = new Client({ socketPath: own.socketPath });
    await client.lookup('card', { profile: 'phone-portrait' });
    assert.equal(client.connectionCount, 1);
    await own.restart(); // The pooled connection is now closed.
    assert.equal((await client.lookup('card', { profile: 'phone-portrait' })).scheme, 'card');
  } finally {
    await own.remove();
  }
});

test('calls on a client whose daemon is gone reject with the client\'s error, whatever the call', async () => {
  const own = await Daemon.start({ database: ':memory:' });
  const client = new Client({ socketPath: own.socketPath, requestTimeout: TIMEOUT, connectTimeout: TIMEOUT });
  await client.ping();
  await own.remove();
  const calls = [() => client.ping(), () => client.list(), () => client.stats(), () => client.register({ name: 'x' }),
    () => client.unregister('x'), () => client.prewarm(), () => client.lookup('card', { profile: 'p' }),
    () => client.lookupBatch([new Lookup('card', { profile: 'p' })])];
  for (const call of calls) {
    const { error } = await failure(call());
    assert.ok(error instanceof CGLClientError, String(error));
  }
});

// -- cancelling ------------------------------------------------------------------------------

test('an AbortSignal cancels a call; the connection stays and the late answer is discarded', async () => {
  const client = new Client({ socketPath: shared.socketPath, maxConnections: 1 });
  await client.ping();
  await shared.signal('SIGSTOP');
  try {
    const controller = new AbortController();
    const pending = failure(client.lookup('card', { profile: 'phone-portrait', signal: controller.signal }));
    const batch = failure(client.lookupBatch([{ scheme: 'card', profile: 'phone-portrait' }], { signal: controller.signal }));
    await sleep(50);
    controller.abort();
    for (const { error, elapsed } of [await pending, await batch]) {
      assert.ok(error instanceof CGLClientError);
      assert.equal(error.code, 'aborted');
      assert.equal(error.name, 'AbortError');
      assert.ok(elapsed < 1000);
    }
    const already = await failure(client.ping({ signal: AbortSignal.abort() }));
    assert.equal(already.error.code, 'aborted');
    const timed = await failure(client.ping({ signal: AbortSignal.timeout(100) }));
    assert.equal(timed.error.code, 'aborted');
    assert.equal(timed.error.cause.name, 'TimeoutError');
  } finally {
    await shared.signal('SIGCONT');
  }
  // The answers to the aborted requests arrive now, and are discarded: the connection goes on.
  assert.equal((await client.lookup('card', { profile: 'phone-portrait' })).scheme, 'card');
  assert.equal(client.connectionCount, 1);
  await client.close();
  assert.equal((await failure(client.ping())).error.code, 'client_closed');
});

// -- a fake server that breaks the protocol ----------------------------------------------

const servers = [];
after(() => Promise.all(servers.map((server) => server.close())));

/** A server that answers the first request with `data(requestId)`, then `then`. */
async function answerWith(data, then = 'hold') {
  const server = await FakeServer.afterHello(async (peer) => {
    const { requestId } = await peer.readFrame();
    peer.write(data(requestId));
    if (then === 'close') peer.socket.end();
    else await peer.hold();
  });
  servers.push(server);
  return server;
}

const header = (length, kind, requestId) => {
  const data = Buffer.alloc(9);
  data.writeUInt32BE(length, 0);
  data[4] = kind;
  data.writeUInt32BE(requestId, 5);
  return data;
};

const MISBEHAVIOURS = [
  ['a truncated frame, then silence', (id) => pong(id).subarray(0, -3), 'hold', 'timed_out'],
  ['a truncated frame, then the end', (id) => pong(id).subarray(0, -3), 'close', 'connection_lost'],
  ['a truncated header, then silence', (id) => pong(id).subarray(0, 6), 'hold', 'timed_out'],
  ['nothing, then the end', () => Buffer.alloc(0), 'close', 'connection_lost'],
  ['nothing at all', () => Buffer.alloc(0), 'hold', 'timed_out'],
  ['a wrong request id', (id) => pong(id + 7), 'hold', 'protocol_violation'],
  ['an unknown kind (discarded, as §12 says)', (id) => frame(0xc3, id, Buffer.alloc(12)), 'hold', 'timed_out'],
  ['a length of 4 GiB', (id) => header(0xffffffff, 0x81, id), 'hold', 'protocol_violation'],
  ['a length over 8 MiB', (id) => header(8 * 1024 * 1024 + 1, 0x81, id), 'hold', 'protocol_violation'],
  ['a length below 5', (id) => header(3, 0x81, id), 'hold', 'protocol_violation'],
  ['a pong with bytes left over', (id) => frame(0x81, id, Buffer.concat([pong(id).subarray(9), Buffer.from('!')])), 'hold', 'protocol_violation'],
  ['a string longer than its frame', (id) => frame(0x81, id, Buffer.concat([u32(4000), Buffer.from('0.1')])), 'hold', 'protocol_violation'],
  ['the answer of another request', (id) => frame(0x84, id, u32(0)), 'hold', 'protocol_violation'],
  ['invalid UTF-8', (id) => frame(0x81, id, Buffer.concat([u32(2), Buffer.from([0xff, 0xfe]), Buffer.alloc(8)])), 'hold', 'protocol_violation'],
];

for (const [name, data, then, expected] of MISBEHAVIOURS) {
  test(`a misbehaving server: ${name}`, async () => {
    const server = await answerWith(data, then);
    const client = new Client({ socketPath: server.path, requestTimeout: TIMEOUT, connectTimeout: TIMEOUT });
    const { error, elapsed } = await failure(client.ping());
    assert.ok(error instanceof CGLClientError, String(error));
    assert.equal(error.code, expected, error.message);
    assert.ok(elapsed < TIMEOUT + SLACK, `${elapsed} ms`);
    if (expected === 'timed_out') assert.ok(elapsed >= TIMEOUT * 0.9, `${elapsed} ms`);
    assert.equal(client.connectionCount, 0, 'the broken connection left the pool');
    assert.deepEqual(server.errors, []);
  });
}

test('a malformed snapshot, and a batch that promises more than it holds', async () => {
  const snapshot = await answerWith((id) => frame(0x85, id, Buffer.concat([Buffer.from([7]), Buffer.alloc(40)])));
  const { error } = await failure(new Client({ socketPath: snapshot.path, requestTimeout: TIMEOUT }).lookup('card', { profile: 'p' }));
  assert.equal(error.code, 'protocol_violation');
  assert.match(error.message, /source/);
  const batch = await answerWith((id) => frame(0x89, id, u32(1)));
  const result = await failure(new Client({ socketPath: batch.path, requestTimeout: TIMEOUT }).lookupBatch([{ scheme: 'card', profile: 'p' }]));
  assert.equal(result.error.code, 'protocol_violation');
});

test('an error with id 0 fails the call', async () => {
  const server = await answerWith(() => errorFrame(0, 6, 'full'));
  const { error } = await failure(new Client({ socketPath: server.path, requestTimeout: TIMEOUT }).ping());
  assert.deepEqual([error.code, error.message, error.daemonCode], ['busy', 'full', 6]);
});

test('a server that never answers the hello', async () => {
  const server = await FakeServer.start((peer) => peer.hold());
  servers.push(server);
  const { error, elapsed } = await failure(new Client({ socketPath: server.path, connectTimeout: TIMEOUT }).ping());
  assert.equal(error.code, 'timed_out');
  assert.ok(elapsed >= TIMEOUT * 0.9 && elapsed < TIMEOUT + SLACK, `${elapsed} ms`);
});

test('a server that does not speak the protocol', async () => {
  const server = await FakeServer.start(async (peer) => {
    await peer.read(8);
    peer.write(Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n'));
    await peer.hold();
  });
  servers.push(server);
  const { error } = await failure(new Client({ socketPath: server.path, connectTimeout: TIMEOUT }).ping());
  assert.equal(error.code, 'protocol_violation');
  assert.match(error.message, /handshake/);
});

test('a busy server answers before reading the hello (§3)', async () => {
  const message = 'cgld serves 1 connection (limits.maxConnections)';
  const server = await FakeServer.start(async (peer) => {
    peer.write(Buffer.concat([serverHello(6, 2), errorFrame(0, 6, message)]));
    peer.socket.end();
    await peer.hold();
  });
  servers.push(server);
  const { error } = await failure(new Client({ socketPath: server.path, connectTimeout: 2000 }).ping());
  assert.deepEqual([error.code, error.message], ['busy', message]);
});

test('an older server is spoken to in its version', async () => {
  const versions = [];
  const server = await FakeServer.start(async (peer) => {
    const hello = await peer.read(8);
    const version = hello.readUInt16BE(4);
    versions.push(version);
    if (version !== 3) {
      peer.write(serverHello(3, 1));
      peer.socket.end();
      return;
    }
    peer.write(serverHello(3, 0));
    for (;;) {
      const { kind, requestId } = await peer.readFrame();
      peer.write(pong(requestId, `kind ${kind}`));
    }
  });
  servers.push(server);
  const client = new Client({ socketPath: server.path });
  assert.equal((await client.ping()).serverVersion, 'kind 1');
  assert.deepEqual(versions, [6, 3]);
  await client.close();
});

test('a refused handshake without an older version', async () => {
  const server = await FakeServer.start(async (peer) => {
    await peer.read(8);
    peer.write(serverHello(9, 1));
    peer.socket.end();
  });
  servers.push(server);
  const { error } = await failure(new Client({ socketPath: server.path }).ping());
  assert.equal(error.code, 'handshake_refused');
  assert.match(error.message, /version 9/);
});

test('requests too large are refused before sending', async () => {
  const client = new Client({ socketPath: shared.socketPath });
  await client.ping();
  const document = await failure(client.register(Buffer.concat([Buffer.from('{'), Buffer.alloc(8 * 1024 * 1024, 32), Buffer.from('}')])));
  assert.equal(document.error.code, 'document_too_large');
  const lookup = await failure(client.lookup('feed-cell', { profile: 'phone-portrait', content: { body: 'x'.repeat(9 * 1024 * 1024) } }));
  assert.equal(lookup.error.code, 'request_too_large');
  assert.equal(client.connectionCount, 1); // Nothing was sent: the connection was kept.
  assert.ok(await client.ping());
  await client.close();
});

test('pipelined answers in any order, chunked byte by byte', async () => {
  const server = await FakeServer.afterHello(async (peer) => {
    const ids = [];
    for (let index = 0; index < 3; index += 1) ids.push((await peer.readFrame()).requestId);
    const answers = Buffer.concat(ids.reverse().map((id) => pong(id, `answer ${id}`)));
    for (let index = 0; index < answers.length; index += 1) {
      peer.write(answers.subarray(index, index + 1));
      if (index % 16 === 0) await sleep(1);
    }
    await peer.hold();
  });
  servers.push(server);
  const client = new Client({ socketPath: server.path, maxConnections: 1 });
  const answers = await Promise.all([client.ping(), client.ping(), client.ping()]);
  assert.deepEqual(answers.map((answer) => answer.serverVersion), ['answer 1', 'answer 2', 'answer 3']);
  await client.close();
});

test('a prewarm\'s events interleave with other answers on its connection', async () => {
  const server = await FakeServer.afterHello(async (peer) => {
    const prewarm = await peer.readFrame();
    const ping = await peer.readFrame();
    const progress = (done) => frame(0x86, prewarm.requestId, Buffer.concat([u32(done), u32(2), string('card')]));
    peer.write(progress(1));
    peer.write(pong(ping.requestId));
    peer.write(progress(2));
    const finished = Buffer.concat([u32(2), u32(0), u32(0), Buffer.alloc(8), u32(0)]);
    peer.write(frame(0x87, prewarm.requestId, finished));
    await peer.hold();
  });
  servers.push(server);
  const client = new Client({ socketPath: server.path, maxConnections: 1 });
  const run = client.prewarm();
  const events = [];
  run.on('progress', (event) => events.push(event.done));
  await sleep(20);
  assert.equal((await client.ping()).serverVersion, 'fake');
  assert.equal((await run).computed, 2);
  assert.deepEqual(events, [1, 2]);
  assert.deepEqual(server.hellos, [Buffer.from('43474c4400060000', 'hex')]);
  await client.close();
});
