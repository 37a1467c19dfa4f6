// Many callers at once: 100 concurrent lookups (and batches) sharing one client's pool.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client, Lookup } from '../index.js';
import { Daemon, POSTS } from './support/daemon.js';

let daemon;
before(async () => {
  daemon = await Daemon.start();
});
after(() => daemon?.remove());

test('100 concurrent lookups share at most maxConnections connections', async () => {
  const client = new Client({ socketPath: daemon.socketPath, maxConnections: 4 });
  const expected = [];
  for (const post of POSTS) expected.push((await client.lookup('feed-cell', { profile: 'phone-portrait', content: post })).frames);
  let most = 0;
  const results = await Promise.all(Array.from({ length: 100 }, async (_, number) => {
    most = Math.max(most, client.connectionCount);
    if (number % 10 === 0) {
      const answers = await client.lookupBatch(POSTS.slice(0, 5).map((post) => new Lookup('feed-cell', { profile: 'phone-portrait', content: post })));
      return answers.every((answer, index) => JSON.stringify(answer.frames) === JSON.stringify(expected[index]));
    }
    if (number % 10 === 1) {
      return client.lookup('crad', { profile: 'phone-portrait' }).then(() => false, (error) => error.code === 'not_found');
    }
    const snapshot = await client.lookup('feed-cell', { profile: 'phone-portrait', content: POSTS[number % POSTS.length] });
    return JSON.stringify(snapshot.frames) === JSON.stringify(expected[number % POSTS.length]);
  }));
  assert.deepEqual(results, new Array(100).fill(true));
  assert.ok(client.connectionCount >= 1 && client.connectionCount <= 4, `${client.connectionCount}`);
  assert.ok(most <= 4);
  await client.close();
  assert.equal(client.connectionCount, 0);
});

test('1 000 concurrent pings on one connection, pipelined', async () => {
  const client = new Client({ socketPath: daemon.socketPath, maxConnections: 1 });
  const answers = await Promise.all(Array.from({ length: 1000 }, () => client.ping()));
  assert.equal(answers.length, 1000);
  assert.equal(client.connectionCount, 1);
  await client.close();
});

test('concurrent clients, each with its own pool', async () => {
  const clients = Array.from({ length: 8 }, () => new Client({ socketPath: daemon.socketPath }));
  const page = POSTS.slice(0, 10).map((post) => new Lookup('feed-cell', { profile: 'phone-portrait', content: post }));
  const pages = await Promise.all(clients.flatMap((client) => [client.lookupBatch(page), client.lookupBatch(page)]));
  const first = JSON.stringify(pages[0].map((snapshot) => snapshot.frames));
  assert.ok(pages.every((answers) => JSON.stringify(answers.map((snapshot) => snapshot.frames)) === first));
  await Promise.all(clients.map((client) => client.close()));
});
