// The snapshot decoders alone: a page of snapshots of one shape (read against the shape, its
// frames made by a generated reader) against what the field-by-field decoder reads.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { Kind, Malformed, decodeResponse } from '../lib/protocol.js';
import { f64, string, u32 } from './support/fakeserver.js';

const IDS = ['card', '__proto__', 'say "hi"', 'tête', 'constructor'];

/**
 * A snapshot payload (§7) of the elements `IDS`, the frame of element i `[i, s, 10 + i, 20]`
 * and in root `[i, s + 1, 10 + i, 20]`.
 */
function snapshot({ source = 0, s = 1, textScale = 1, digest = '', scroll = [], ids = IDS } = {}) {
  return Buffer.concat([
    Buffer.from([source]), string('post'), string('sha256:' + 'd'.repeat(64)), string('6'),
    f64(390), f64(844), Buffer.from([0, 1, 1, 2]), f64(47), f64(0), f64(34), f64(0), string('phone-portrait'),
    f64(390), f64(100 + s), u32(ids.length),
    ...ids.map((id, i) => Buffer.concat([string(id), f64(i), f64(s), f64(10 + i), f64(20), f64(i), f64(s + 1), f64(10 + i), f64(20)])),
    f64(textScale), string(digest), u32(scroll.length),
    ...scroll.map(([element, width, height]) => Buffer.concat([u32(element), f64(width), f64(height)])),
  ]);
}

function page(...answers) {
  return Buffer.concat([u32(answers.length), ...answers.flatMap((answer) => [Buffer.from([Kind.SNAPSHOT]), u32(answer.length), answer])]);
}

function expectedFrames(s, ids = IDS) {
  const frames = {};
  const inRoot = {};
  ids.forEach((id, i) => {
    Object.defineProperty(frames, id, { value: { x: i, y: s, width: 10 + i, height: 20 }, enumerable: true, writable: true, configurable: true });
    Object.defineProperty(inRoot, id, { value: { x: i, y: s + 1, width: 10 + i, height: 20 }, enumerable: true, writable: true, configurable: true });
  });
  return [frames, inRoot];
}

test('a page of one shape reads what each snapshot reads alone, odd ids included', () => {
  const digest = 'sha256:' + 'a'.repeat(64);
  const answers = [
    snapshot({ digest }), snapshot({ source: 1, s: 2, digest }), snapshot({ source: 2, s: 3, textScale: 1.5, digest }),
    snapshot({ s: 4, scroll: [[0, 390, 900], [3, 50, 60]] }),
  ];
  for (let round = 0; round < 2; round += 1) { // The first time field by field, then of a known shape.
    const decoded = decodeResponse(Kind.SNAPSHOTS, page(...answers), 6);
    assert.deepEqual(decoded.map((item) => item.source), ['memory', 'store', 'computed', 'memory']);
    decoded.forEach((item, index) => {
      const [frames, inRoot] = expectedFrames(index + 1);
      assert.deepEqual(item.frames, frames);
      assert.deepEqual(item.framesInRoot, inRoot);
      assert.deepEqual(Object.keys(item.frames), IDS);
      assert.equal(Object.getPrototypeOf(item.frames), Object.prototype);
      assert.equal(item.size.height, 101 + index);
    });
    assert.deepEqual(decoded.map((item) => item.environment.textScale), [1, 1, 1.5, 1]);
    assert.deepEqual(decoded.map((item) => item.contentDigest), [digest, digest, digest, null]);
    assert.deepEqual(decoded[3].scrollSizes, { card: { width: 390, height: 900 }, 'tête': { width: 50, height: 60 } });
    assert.notEqual(decoded[0].environment, decoded[1].environment); // Each its own, to change freely.
    assert.deepEqual(decoded[0].environment.safeArea, { top: 47, left: 0, bottom: 34, right: 0 });
  }
});

test('what is not of the shape is read field by field, or refused', () => {
  decodeResponse(Kind.SNAPSHOTS, page(snapshot()), 6);
  const renamed = ['card', '__proto__', 'say "hi"', 'tete', 'constructor'];
  const decoded = decodeResponse(Kind.SNAPSHOTS, page(snapshot(), snapshot({ ids: renamed })), 6);
  assert.deepEqual(Object.keys(decoded[1].frames), renamed);
  assert.deepEqual(decoded[1].frames, expectedFrames(1, renamed)[0]);
  const broken = [
    Buffer.concat([Buffer.from([7]), snapshot().subarray(1)]), // An unknown source.
    snapshot({ scroll: [[3, 1, 1], [3, 1, 1]] }), // A scroll size named twice.
    snapshot({ scroll: [[9, 1, 1]] }), // A scroll size of no element.
    snapshot().subarray(0, -1),
    Buffer.concat([snapshot(), Buffer.from([0])]),
  ];
  for (const answer of broken) assert.throws(() => decodeResponse(Kind.SNAPSHOTS, page(snapshot(), answer), 6), Malformed);
});

test('without code generation from strings, frames are read one property at a time', () => {
  const script = `
    import { Kind, decodeResponse } from ${JSON.stringify(new URL('../lib/protocol.js', import.meta.url).href)};
    const payload = Buffer.from(process.argv[1], 'hex');
    const [first, second] = [0, 1].map(() => decodeResponse(Kind.SNAPSHOTS, payload, 6));
    process.stdout.write(JSON.stringify([first, second].map((answers) => answers.map((item) =>
      [Object.keys(item.frames), Object.values(item.frames), Object.values(item.framesInRoot)]))));`;
  const output = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script,
    page(snapshot(), snapshot({ s: 2 })).toString('hex')], { cwd: fileURLToPath(new URL('.', import.meta.url)) });
  const [first, second] = JSON.parse(output.toString());
  assert.deepEqual(second, first);
  assert.deepEqual(second[1], [IDS, Object.values(expectedFrames(2)[0]), Object.values(expectedFrames(2)[1])]);
});
