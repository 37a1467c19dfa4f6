// Every request kind against a real cgld, and the daemon's errors as the client reports them.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { CGLClientError, Client, Lookup, Run, Snapshot } from '../index.js';
import { CARD, Daemon, FEED_CELL, cardDocument, compute, rendered } from './support/daemon.js';

let daemon;
let client;
before(async () => {
  daemon = await Daemon.start();
  client = new Client({ socketPath: daemon.socketPath });
});
after(async () => {
  await client?.close();
  await daemon?.remove();
});

test('ping', async () => {
  const pong = await client.ping();
  assert.ok(pong.serverVersion.length > 0 && pong.uptime > 0);
});

test('list', async () => {
  const schemes = await client.list();
  const names = schemes.map((scheme) => scheme.name);
  assert.deepEqual(names, [...names].sort());
  for (const name of ['card', 'feed-cell', 'scroll-box']) assert.ok(names.includes(name), name);
  const card = schemes.find((scheme) => scheme.name === 'card');
  assert.equal(card.elementCount, 2);
  assert.match(card.hash, /^sha256:[0-9a-f]{64}$/);
  assert.ok(card.registeredAt instanceof Date && card.registeredAt.getTime() > Date.UTC(2020, 0));
  assert.ok(card.updatedAt >= card.registeredAt);
});

test('a lookup by profile equals cglctl compute, then comes from memory', async () => {
  const snapshot = await client.lookup('feed-cell', { profile: 'phone-portrait' });
  const expected = await compute(FEED_CELL, '--profile', 'phone-portrait');
  assert.ok(snapshot instanceof Snapshot);
  assert.deepEqual(rendered(snapshot), expected);
  const [x, y, width, height] = expected.frames.body.frame;
  assert.deepEqual(snapshot.frames.body, { x, y, width, height });
  assert.equal((await client.lookup('feed-cell', { profile: 'phone-portrait' })).source, 'memory');
});

test('a lookup with every explicit value', async () => {
  const snapshot = await client.lookup('feed-cell', {
    size: [500, 700], scale: 2, direction: 'rtl', sizeClasses: ['regular', null], safeArea: { top: 20, bottom: 10 },
    textScale: 1.5, content: { body: 'Hello there', hasBadge: true, photo: [300, 400] },
  });
  const expected = await compute(FEED_CELL, '--size', '500x700', '--scale', '2', '--rtl', '--size-classes',
    'regular,regular', '--safe-area', '20,0,10,0', '--text-scale', '1.5', '--set', 'body=Hello there', '--set',
    'hasBadge=true', '--set', 'photo=300x400');
  assert.deepEqual(rendered(snapshot), expected);
  const env = snapshot.environment;
  assert.deepEqual([env.direction, env.horizontalSizeClass, env.verticalSizeClass, env.profile], ['rtl', 'regular', 'regular', null]);
  assert.equal(env.textScale, 1.5);
  assert.equal(snapshot.contentDigest, expected.content);
  // The same safe area as an array is the same lookup.
  const again = await client.lookup('feed-cell', {
    size: [500, 700], scale: 2, direction: 'rtl', sizeClasses: ['regular', null], safeArea: [20, 0, 10, 0],
    textScale: 1.5, content: { photo: [300, 400], hasBadge: true, body: 'Hello there' },
  });
  assert.equal(again.source, 'memory');
});

test('a lookup in a direction and a text scale', async () => {
  const snapshot = await client.lookup('feed-cell', { profile: 'tablet-landscape', direction: 'rtl', textScale: 2 });
  assert.deepEqual(rendered(snapshot), await compute(FEED_CELL, '--profile', 'tablet-landscape', '--rtl', '--text-scale', '2'));
});

test('scroll sizes (protocol version 5)', async () => {
  const snapshot = await client.lookup('scroll-box', { size: [390, 844] });
  assert.deepEqual(snapshot.scrollSizes, { feed: { width: 0, height: 164 }, strip: { width: 82, height: 0 }, fits: { width: 0, height: 0 } });
  const hidden = await client.lookup('scroll-box', { size: [390, 844], content: { showFourth: false } });
  assert.deepEqual(hidden.scrollSizes.feed, { width: 0, height: 96 });
  assert.deepEqual(snapshot.toJSON().frames.feed.scrollSize, [0, 164]);
});

test('content in runs (protocol version 6)', async (t) => {
  const runs = [Run.text('@ada', 'headline'), Run.text(' shipped it '), Run.atom(18, 18, 15),
    { string: ' — and a longer tail that wraps onto a second line of the cell' }];
  const path = join(daemon.folder, 'runs.json');
  writeFileSync(path, JSON.stringify(runs));
  const snapshot = await client.lookup('feed-cell', { profile: 'phone-portrait', content: { body: runs } });
  assert.deepEqual(rendered(snapshot), await compute(FEED_CELL, '--profile', 'phone-portrait', '--set', `body=@${path}`));
  assert.match(snapshot.contentDigest, /^sha256:/);
  const again = await client.lookup('feed-cell', { profile: 'phone-portrait', content: { body: JSON.parse(JSON.stringify(runs)) } });
  assert.equal(again.source, 'memory');
  await assert.rejects(client.lookup('feed-cell', { profile: 'phone-portrait', content: { body: [Run.text('x', 'nope')] } }),
    (error) => error instanceof CGLClientError && error.code === 'invalid_content' && error.issues[0].pointer === '/body/0/style');
  await t.test('runs the client cannot send are refused before sending', () => {
    for (const body of [[{ strin: 'x' }], [{ atom: { size: [1] } }], [3], [{ string: 'x', extra: 1 }]]) {
      assert.throws(() => new Lookup('feed-cell', { profile: 'phone-portrait', content: { body } }), TypeError);
    }
  });
});

test('a batch is answered in order, each a snapshot or its error', async () => {
  const page = [
    new Lookup('card', { profile: 'phone-portrait', content: { hasAvatar: false } }),
    { scheme: 'crad', profile: 'phone-portrait' },
    { scheme: 'feed-cell', size: [400, 800], content: { body: 'batch' } },
    new Lookup('card', { profile: 'no-such-profile' }),
  ];
  const answers = await client.lookupBatch(page);
  assert.deepEqual(answers.map((answer) => answer.constructor.name), ['Snapshot', 'CGLClientError', 'Snapshot', 'CGLClientError']);
  assert.deepEqual(answers[0].frames.avatar, { x: 12, y: 12, width: 0, height: 0 });
  assert.equal(answers[1].code, 'not_found');
  assert.equal(answers[1].message, "no scheme is registered as 'crad'; did you mean 'card'?");
  assert.equal(answers[2].scheme, 'feed-cell');
  assert.equal(answers[3].code, 'invalid_environment');
  assert.deepEqual(await client.lookupBatch([]), []);
});

test('a kept page goes by reference', async () => {
  const page = Array.from({ length: 20 }, (_, index) => new Lookup('feed-cell', {
    profile: 'phone-portrait', content: { body: `reference ${index} ${randomUUID()}` },
  }));
  const before = (await client.stats())['lookups.byReference'];
  const first = await client.lookupBatch(page);
  assert.ok(first.every((answer) => answer.source === 'computed'));
  assert.equal((await client.stats())['lookups.byReference'], before);
  const second = await client.lookupBatch(page);
  assert.deepEqual(second.map((answer) => answer.frames), first.map((answer) => answer.frames));
  assert.ok(second.every((answer) => answer.source === 'memory'));
  assert.equal((await client.stats())['lookups.byReference'], before + 20);
});

test('unknown references are sent again in full', async () => {
  const own = await Daemon.start({ database: ':memory:' });
  const ownClient = new Client({ socketPath: own.socketPath });
  try {
    const page = Array.from({ length: 4 }, (_, index) => new Lookup('card', { profile: 'phone-portrait', content: { hasAvatar: index % 2 === 0 } }));
    assert.ok((await ownClient.lookupBatch(page)).every((answer) => answer instanceof Snapshot));
    await own.restart(); // It forgets every reference.
    const answers = await ownClient.lookupBatch(page);
    assert.deepEqual(answers.map((answer) => answer.frames.avatar.width), [44, 0, 44, 0]);
    let stats = await ownClient.stats();
    assert.equal(stats['lookups.unknownReference'], 4);
    assert.equal(stats['lookups.byReference'], 0);
    // After an unknown reference, the next send goes in full, then by reference again.
    await ownClient.lookupBatch(page);
    assert.equal((await ownClient.stats())['lookups.byReference'], 0);
    await ownClient.lookupBatch(page);
    stats = await ownClient.stats();
    assert.equal(stats['lookups.byReference'], 4);
  } finally {
    await ownClient.close();
    await own.remove();
  }
});

test('a batch longer than the limit is split', async () => {
  const small = new Client({ socketPath: daemon.socketPath, maxBatchItems: 7 });
  const page = Array.from({ length: 30 }, (_, index) => new Lookup('card', { profile: 'phone-portrait', content: { hasAvatar: index % 3 === 0 } }));
  page.splice(11, 0, new Lookup('crad', { profile: 'phone-portrait' }));
  const answers = await small.lookupBatch(page);
  assert.equal(answers.length, 31);
  assert.equal(answers[11].code, 'not_found');
  const widths = answers.filter((answer) => answer instanceof Snapshot).map((answer) => answer.frames.avatar.width);
  assert.deepEqual(widths, Array.from({ length: 30 }, (_, index) => (index % 3 === 0 ? 44 : 0)));
  await small.close();
});

test('register a path, bytes and an object, then unregister', async () => {
  const name = `card-${randomUUID().slice(0, 8)}`;
  const document = cardDocument(name);
  const created = await client.register(document);
  assert.deepEqual([created.name, created.outcome, created.warnings], [name, 'created', []]);
  assert.equal((await client.register(Buffer.from(JSON.stringify(document)))).outcome, 'unchanged');
  assert.equal((await client.register(new TextEncoder().encode(JSON.stringify(document)))).outcome, 'unchanged');
  assert.equal((await client.register(CARD)).name, 'card');
  const updated = await client.register(cardDocument(name, 200));
  assert.equal(updated.outcome, 'updated');
  assert.notEqual(updated.hash, created.hash);
  assert.equal((await client.lookup(name, { profile: 'phone-portrait' })).frames.card.height, 200);
  assert.ok((await client.list()).some((scheme) => scheme.name === name));
  assert.equal(await client.unregister(name), true);
  assert.equal(await client.unregister(name), false);
  await assert.rejects(client.lookup(name, { profile: 'phone-portrait' }), { code: 'not_found' });
  await assert.rejects(client.register('/tmp/cglnode-no-such-file.json'), { code: 'document_unreadable' });
});

test('an invalid document carries every issue', async () => {
  const document = cardDocument('broken');
  document.elements.push({ id: 'ghost', parent: 'nowhere' });
  document.blocks.push({ element: 'card', layout: { x: 'rigth(8)' } });
  const error = await client.register(document).then(() => null, (caught) => caught);
  assert.ok(error instanceof CGLClientError);
  assert.equal(error.code, 'invalid_document');
  assert.ok(error.isDaemonError && error.issues.length >= 2);
  assert.ok(error.issues.every((issue) => issue.severity === 'error' || issue.severity === 'warning'));
  assert.ok(error.issues.some((issue) => issue.pointer.startsWith('/elements/2')));
  assert.match(String(error), /invalid_document/);
  await assert.rejects(client.register(Buffer.from('{ not json')),
    (caught) => caught.code === 'invalid_document' && caught.issues[0].code === 'syntax' && caught.issues[0].line === 1);
});

test('the errors of lookups', async () => {
  await assert.rejects(client.lookup('crad', { profile: 'phone-portrait' }),
    (error) => error.code === 'not_found' && error.daemonCode === 1 && error.message.includes("did you mean 'card'"));
  await assert.rejects(client.lookup('card', { profile: 'phone-portrat' }),
    (error) => error.code === 'invalid_environment' && error.issues[0].code === 'unknownProfile');
  await assert.rejects(client.lookup('card', { size: [0, 100] }),
    (error) => error.code === 'invalid_environment' && error.issues[0].pointer === '/width');
  const content = await client.lookup('feed-cell', { profile: 'phone-portrait', content: { bdy: 'x', hasBadge: 'yes' } })
    .then(() => null, (error) => error);
  assert.equal(content.code, 'invalid_content');
  assert.deepEqual(new Set(content.issues.map((issue) => issue.pointer)), new Set(['/bdy', '/hasBadge']));
  assert.ok(content.issues.some((issue) => issue.hint.includes("did you mean 'body'")));
  // Arguments the client cannot send are refused before sending.
  await assert.rejects(client.lookup('card'), TypeError);
  await assert.rejects(client.lookup('card', { profile: 'p', size: [1, 2] }), TypeError);
  await assert.rejects(client.lookup('card', { profile: 'p', direction: 'up' }), TypeError);
  await assert.rejects(client.lookup('card', { profile: 'p', content: { body: 3 } }), TypeError);
  await assert.rejects(client.lookup('card', { profile: 'p', content: { body: '\ud800' } }), TypeError);
  // A failed call leaves the client usable.
  assert.equal((await client.lookup('card', { profile: 'phone-portrait' })).scheme, 'card');
});

test('prewarm: awaited with progress events, and iterated', async () => {
  const name = `card-${randomUUID().slice(0, 8)}`;
  await client.register(cardDocument(name, 123));
  const events = [];
  const run = client.prewarm({ schemes: [name, 'toolbar'], profiles: ['phone-portrait', 'tablet-portrait'] });
  run.on('progress', (event) => events.push(event));
  const summary = await run;
  assert.equal(summary.total, 8);
  assert.equal(summary.failed + summary.cancelled, 0);
  assert.deepEqual(run.summary, summary);
  assert.ok(events.length > 0);
  assert.equal(events.at(-1).done, 8);
  assert.equal(events.at(-1).total, 8);
  const iterated = [];
  const loop = client.prewarm({ schemes: [name], profiles: ['phone-landscape'], content: [{ hasAvatar: false }, { hasAvatar: true }] });
  for await (const event of loop) iterated.push(event);
  assert.equal(iterated.at(-1).done, 4);
  assert.equal(loop.summary.total, 4);
  await assert.rejects(client.prewarm({ schemes: ['crad'] }), { code: 'not_found' });
  await assert.rejects(async () => {
    for await (const event of client.prewarm({ schemes: [name], content: [{ nope: 'x' }] })) assert.fail(`an event ${event}`);
  }, { code: 'invalid_content' });
  await client.unregister(name);
});

test('stats', async () => {
  await client.lookup('card', { profile: 'phone-portrait' });
  const stats = await client.stats();
  assert.deepEqual(Object.keys(stats).slice(0, 3), ['schemes', 'snapshots.stored', 'lookups']);
  assert.equal(stats.lookups, stats['hits.memory'] + stats['hits.store'] + stats.misses);
  assert.ok(stats['connections.open'] >= 1);
});

for (const version of [1, 2, 3, 4, 5]) {
  test(`protocol version ${version}: exactly its messages`, async () => {
    const old = new Client({ socketPath: daemon.socketPath, protocolVersion: version });
    const snapshot = await old.lookup('card', { profile: 'phone-portrait' });
    assert.deepEqual(snapshot.frames.avatar, { x: 12, y: 12, width: 44, height: 44 });
    assert.equal(snapshot.environment.textScale, 1);
    const answers = await old.lookupBatch([new Lookup('card', { profile: 'phone-portrait' }), new Lookup('crad', { profile: 'phone-portrait' })]);
    assert.ok(answers[0] instanceof Snapshot);
    assert.equal(answers[1].code, 'not_found');
    assert.equal((await old.prewarm({ schemes: ['card'], profiles: ['phone-portrait'] })).total, 2);
    const scroll = await old.lookup('scroll-box', { size: [390, 844] });
    assert.deepEqual(Object.keys(scroll.scrollSizes), version < 5 ? [] : ['feed', 'strip', 'fits']);
    if (version >= 2) {
      const [hidden] = await old.lookupBatch([new Lookup('card', { profile: 'phone-portrait', content: { hasAvatar: false } })]);
      assert.equal(hidden.frames.avatar.width, 0);
    } else {
      await assert.rejects(old.lookup('card', { profile: 'phone-portrait', content: { hasAvatar: false } }),
        { code: 'unsupported_by_daemon' });
    }
    await assert.rejects(old.lookup('feed-cell', { profile: 'phone-portrait', content: { body: [Run.text('hi')] } }),
      (error) => error.code === 'unsupported_by_daemon' && error.message.includes(version >= 2 ? 'runs' : 'content'));
    assert.ok((await old.ping()).serverVersion);
    await old.close();
  });
}
