// The golden exchanges of docs/protocol.md §13 (clients/contract/exchanges.json): the
// client's encoder produces their bytes, its decoder reads them back as their values, and a
// whole session of them goes through the client against a fake server.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, test } from 'node:test';
import { CGLClientError, Client, Lookup, Run, Snapshot } from '../index.js';
import { FrameParser, clientHello, decodeServerHello, encodeFrame } from '../lib/framing.js';
import { decodeResponse } from '../lib/protocol.js';
import * as make from '../lib/requests.js';
import { EXCHANGES } from './support/daemon.js';
import { FakeServer } from './support/fakeserver.js';

const golden = (name) => Buffer.from(EXCHANGES[name].hex, 'hex');
const value = (name) => EXCHANGES[name].value;

function lookupOf(item) {
  const { profile, direction } = item.environment;
  return new Lookup(item.scheme, { profile, direction, textScale: item.textScale, content: item.content });
}

/** The frames of `requests` with consecutive ids from `firstId`, as a connection writes them. */
function encoded(requests, version, firstId) {
  return Buffer.concat(requests.map((request, offset) => {
    const { kind, payload } = request.encode(version);
    return encodeFrame(kind, firstId + offset, payload);
  }));
}

/** The value of the golden answer `name`, its frame fed to the parser one byte at a time. */
function decoded(name, version = 6) {
  const data = golden(name);
  const parser = new FrameParser();
  const frames = [];
  for (let index = 0; index < data.length; index += 1) {
    frames.push(...parser.push(data.subarray(index, index + 1)));
    assert.equal(frames.length, index === data.length - 1 ? 1 : 0);
  }
  assert.equal(frames[0].requestId, value(name).requestId);
  return decodeResponse(frames[0].kind, frames[0].payload, version, 'golden');
}

function contractSnapshot(snapshot) {
  const env = snapshot.environment;
  return {
    source: snapshot.source, scheme: snapshot.scheme, hash: snapshot.hash, engine: snapshot.engine,
    environment: {
      width: env.width, height: env.height, scale: env.scale, direction: env.direction,
      horizontalSizeClass: env.horizontalSizeClass, verticalSizeClass: env.verticalSizeClass,
      safeArea: [env.safeArea.top, env.safeArea.left, env.safeArea.bottom, env.safeArea.right], profile: env.profile,
    },
    size: [snapshot.size.width, snapshot.size.height],
    elements: Object.entries(snapshot.frames).map(([id, f]) => {
      const r = snapshot.framesInRoot[id];
      return { id, frame: [f.x, f.y, f.width, f.height], inRoot: [r.x, r.y, r.width, r.height] };
    }),
    textScale: env.textScale, contentDigest: snapshot.contentDigest,
    scrollSizes: Object.entries(snapshot.scrollSizes).map(([id, s]) => [id, s.width, s.height]),
  };
}

const NAMES = { not_found: 'notFound' };
function contractError(error) {
  return { code: error.daemonCode, name: NAMES[error.code], message: error.message, issues: error.issues };
}

function without(object, ...keys) {
  const copy = { ...object };
  for (const key of keys) delete copy[key];
  return copy;
}

test('the contract holds the eleven exchanges of the page, for protocol version 6', () => {
  assert.equal(Object.keys(EXCHANGES).length, 11);
});

test('hellos', () => {
  assert.deepEqual(clientHello(value('client-hello').version), golden('client-hello'));
  assert.deepEqual(decodeServerHello(golden('server-hello')), value('server-hello'));
});

test('ping and pong', () => {
  assert.deepEqual(encoded([make.ping()], 6, value('ping').requestId), golden('ping'));
  assert.deepEqual(decoded('pong'), { serverVersion: '0.1.0', uptime: 12.5 });
});

test('lookup', () => {
  const item = value('lookup');
  assert.deepEqual(encoded([make.lookup(lookupOf(item))], 6, item.requestId), golden('lookup'));
  assert.deepEqual(encoded([make.lookup(new Lookup('card', { profile: 'phone-portrait' }))], 6, 2), golden('lookup'));
  // Version 1 carries the same lookup without the text scale and the content.
  assert.deepEqual(encoded([make.lookup(lookupOf(item))], 1, 2).subarray(9), golden('lookup').subarray(9, -5));
});

test('a snapshot from memory, and from the store', () => {
  const snapshot = decoded('snapshot');
  assert.ok(snapshot instanceof Snapshot);
  assert.deepEqual(contractSnapshot(snapshot), without(value('snapshot'), 'requestId'));
  assert.deepEqual(snapshot.frames.avatar, { x: 12, y: 12, width: 44, height: 44 });
  assert.deepEqual(snapshot.framesInRoot.avatar, { x: 20, y: 20, width: 44, height: 44 });
  const stored = golden('snapshot');
  stored[9] = 1;
  const frame = new FrameParser().push(stored)[0];
  const fromStore = decodeResponse(frame.kind, frame.payload, 6);
  assert.deepEqual(contractSnapshot(fromStore), { ...without(value('snapshot'), 'requestId'), source: 'store' });
});

test('an error', () => {
  const error = decoded('error');
  assert.ok(error instanceof CGLClientError);
  assert.equal(error.code, 'not_found');
  assert.deepEqual(contractError(error), without(value('error'), 'requestId'));
});

test('a batch and its snapshots', () => {
  const item = value('lookup-batch');
  const lookups = item.lookups.map(lookupOf);
  // Versions 2 and 3 send a lookupBatch; from 4 the same page goes as lookupBatchWithReferences.
  for (const version of [2, 3]) {
    assert.deepEqual(encoded(make.lookupBatches(lookups, 1000), version, item.requestId), golden('lookup-batch'));
  }
  const [first, second] = decoded('snapshots');
  const expected = value('snapshots').answers;
  assert.deepEqual(contractSnapshot(first), without(expected[0], 'kind'));
  assert.ok(second instanceof CGLClientError);
  assert.deepEqual(contractError(second), without(expected[1], 'kind'));
});

test('a batch with references', () => {
  const item = value('lookup-batch-with-references');
  const reference = item.lookups[0];
  const origin = value(reference.referenceOf.exchange).lookups[reference.referenceOf.lookup];
  const first = lookupOf(origin);
  const second = lookupOf(item.lookups[1]);
  // The reference is the SHA-256 of the lookup's 48 bytes, as lookup-batch carries them.
  assert.equal(first.fields.length, 48);
  assert.deepEqual(golden('lookup-batch').subarray(13, 61), first.fields);
  assert.equal(first.reference.toString('hex'), reference.reference);
  assert.equal(createHash('sha256').update(first.fields).digest('hex'), reference.reference);
  // Sent the first time in full; once answered, by reference; the failed one in full again.
  const firstTime = encoded(make.lookupBatches([first, second], 1000), 6, 5);
  assert.deepEqual(firstTime.subarray(9), Buffer.concat([Buffer.from([0, 0, 0, 2, 0]), first.fields, Buffer.from([0]), second.fields]));
  first.markAnswered();
  assert.deepEqual(encoded(make.lookupBatches([first, second], 1000), 6, item.requestId), golden('lookup-batch-with-references'));
});

test('a lookup with runs, as objects and as Run', () => {
  const item = value('lookup-runs');
  assert.deepEqual(encoded([make.lookup(lookupOf(item))], 6, item.requestId), golden('lookup-runs'));
  const runs = [Run.text('@ada', 'mention'), Run.text(' shipped it'), Run.atom(18, 18, 15)];
  assert.deepEqual(runs, item.content.body);
  const lookup = new Lookup('card', { profile: 'phone-portrait', content: { body: runs } });
  assert.deepEqual(encoded([make.lookup(lookup)], 6, 6), golden('lookup-runs'));
  assert.throws(() => encoded([make.lookup(lookup)], 5, 6), /runs/);
});

test('every golden answer one byte short or one byte long is malformed', () => {
  for (const [name, entry] of Object.entries(EXCHANGES)) {
    if (entry.from !== 'server' || entry.kind === undefined) continue;
    const data = golden(name);
    for (const payload of [data.subarray(9, -1), Buffer.concat([data.subarray(9), Buffer.from([0])])]) {
      assert.throws(() => decodeResponse(data[4], payload, 6), { name: 'Malformed' }, name);
    }
  }
});

// The whole page of §13 as one session: the client's hello and requests are the golden
// bytes, in order on one connection, and the golden answers come back as their values.
const servers = [];
after(() => Promise.all(servers.map((server) => server.close())));

test('a session of the golden exchanges, through the client', async () => {
  const sent = [];
  const answers = {
    ping: golden('pong'),
    lookup: golden('snapshot'),
    error: golden('error'),
    'lookup-batch': golden('snapshots'),
    'lookup-batch-with-references': (() => {
      const data = golden('snapshots');
      data.writeUInt32BE(5, 5);
      return data;
    })(),
    'lookup-runs': (() => {
      const data = golden('error');
      data.writeUInt32BE(6, 5);
      return data;
    })(),
  };
  const server = await FakeServer.start(async (peer) => {
    sent.push(['client-hello', await peer.read(8)]);
    peer.write(golden('server-hello'));
    for (const name of Object.keys(answers)) {
      const request = await peer.readFrame();
      sent.push([name === 'error' ? 'error-request' : name, request.bytes]);
      peer.write(answers[name]);
    }
    await peer.hold();
  });
  servers.push(server);
  const client = new Client({ socketPath: server.path, maxConnections: 1 });
  assert.equal((await client.ping()).serverVersion, '0.1.0');
  const card = await client.lookup('card', { profile: 'phone-portrait' });
  assert.deepEqual(contractSnapshot(card), without(value('snapshot'), 'requestId'));
  await assert.rejects(client.lookup('crad', { profile: 'phone-portrait' }), { code: 'not_found', daemonCode: 1 });
  const page = value('lookup-batch').lookups.map(lookupOf);
  const firstTime = await client.lookupBatch(page);
  assert.equal(firstTime[0].contentDigest, value('snapshots').answers[0].contentDigest);
  assert.equal(firstTime[1].code, 'not_found');
  const secondTime = await client.lookupBatch(page);
  assert.equal(secondTime[0].source, 'computed');
  await assert.rejects(client.lookup('card', { profile: 'phone-portrait', content: value('lookup-runs').content }), { code: 'not_found' });
  await client.close();
  const expected = {
    'client-hello': golden('client-hello'), ping: golden('ping'), lookup: golden('lookup'),
    'lookup-batch': golden('lookup-batch').subarray(9), 'lookup-batch-with-references': golden('lookup-batch-with-references'),
    'lookup-runs': golden('lookup-runs'),
  };
  for (const [name, bytes] of sent) {
    if (name === 'error-request') {
      assert.deepEqual(bytes, encoded([make.lookup(new Lookup('crad', { profile: 'phone-portrait' }))], 6, 3));
    } else if (name === 'lookup-batch') {
      // Version 6 sends the first page as lookupBatchWithReferences, each lookup in full (form 0).
      assert.equal(bytes[4], 0x09);
      assert.deepEqual(bytes.subarray(9), Buffer.concat([Buffer.from([0, 0, 0, 2, 0]), page[0].fields, Buffer.from([0]), page[1].fields]));
    } else {
      assert.deepEqual(bytes, expected[name], name);
    }
  }
  assert.equal(sent.length, 7);
});
