// The 50 posts of examples/content/feed-posts.json, looked up from cgld, equal `cglctl
// compute --format json` for each: alone, and as a page (in full, then by reference).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Client, Lookup } from '../index.js';
import { Daemon, FEED_CELL, POSTS, compute, rendered } from './support/daemon.js';

const PROFILES = [['phone-portrait', null], ['tablet-landscape', 'rtl']];

let daemon;
let folder;
/** @type {Record<string, object[]>} cglctl compute of every post in each profile. */
const computed = {};

before(async () => {
  folder = mkdtempSync('/tmp/cglnode-posts-');
  daemon = await Daemon.start();
  const jobs = [];
  for (const [profile, direction] of PROFILES) {
    computed[profile] = new Array(POSTS.length);
    POSTS.forEach((post, index) => {
      const path = join(folder, `${profile}-${index}.json`);
      writeFileSync(path, JSON.stringify(post));
      const args = ['--profile', profile, '--content', path, ...(direction === 'rtl' ? ['--rtl'] : [])];
      jobs.push(async () => { computed[profile][index] = await compute(FEED_CELL, ...args); });
    });
  }
  // 100 short processes, a few at a time.
  const workers = Array.from({ length: Math.max(2, Math.min(8, cpus().length)) }, async () => {
    while (jobs.length > 0) await jobs.shift()();
  });
  await Promise.all(workers);
});

after(async () => {
  await daemon?.remove();
  rmSync(folder, { recursive: true, force: true });
});

test('there are fifty posts', () => {
  assert.equal(POSTS.length, 50);
});

for (const [profile, direction] of PROFILES) {
  test(`each post alone equals cglctl compute (${profile}${direction ? `, ${direction}` : ''})`, async () => {
    const client = new Client({ socketPath: daemon.socketPath });
    for (const [index, post] of POSTS.entries()) {
      const snapshot = await client.lookup('feed-cell', { profile, direction, content: post });
      assert.deepEqual(rendered(snapshot), computed[profile][index], post.name);
    }
    await client.close();
  });

  test(`the page as a batch, twice, equals cglctl compute (${profile}${direction ? `, ${direction}` : ''})`, async () => {
    const client = new Client({ socketPath: daemon.socketPath });
    const page = POSTS.map((post) => new Lookup('feed-cell', { profile, direction, content: post }));
    const first = await client.lookupBatch(page);
    assert.deepEqual(first.map(rendered), computed[profile]);
    // The second time by reference, from memory: the same answers.
    const second = await client.lookupBatch(page);
    assert.ok(second.every((snapshot) => snapshot.source === 'memory'));
    assert.deepEqual(second.map(rendered), computed[profile]);
    assert.ok(page.every((item) => item.answered));
    await client.close();
  });
}
