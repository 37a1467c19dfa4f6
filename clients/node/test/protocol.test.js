// The encoder, the decoder and the framing alone, without a daemon.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Lookup, Run } from '../index.js';
import { FrameParser, Malformed, encodeFrame } from '../lib/framing.js';
import { Writer, encodeContent } from '../lib/protocol.js';
import { string, u32 } from './support/fakeserver.js';

const f64s = (...values) => Buffer.concat(values.map((value) => { const data = Buffer.alloc(8); data.writeDoubleBE(value); return data; }));

test('content values of every kind, sorted by the UTF-8 bytes of their names', () => {
  const writer = new Writer();
  const usesRuns = encodeContent(writer, { title: 'Hi', photo: [1200, 800], hasBadge: false, size: [1.5, 2],
    body: [Run.text('a'), { atom: { size: [1, 2] } }], 'é': true });
  assert.ok(usesRuns);
  const expected = Buffer.concat([u32(6),
    string('body'), Buffer.from([4]), u32(2), Buffer.from([1]), string('a'), Buffer.from([0]), Buffer.from([2]), f64s(1, 2), Buffer.from([0]),
    string('hasBadge'), Buffer.from([3, 0]),
    string('photo'), Buffer.from([2]), f64s(1200, 800),
    string('size'), Buffer.from([2]), f64s(1.5, 2),
    string('title'), Buffer.from([1]), string('Hi'),
    string('é'), Buffer.from([3, 1])]);
  assert.deepEqual(writer.finish(), expected);
  const empty = new Writer();
  assert.equal(encodeContent(empty, {}), false);
  assert.deepEqual(empty.finish(), u32(0));
});

test('equal content is the same lookup however it is ordered', () => {
  const first = new Lookup('feed-cell', { profile: 'phone-portrait', content: { body: 'x', hasBadge: true } });
  const second = new Lookup('feed-cell', { profile: 'phone-portrait', content: { hasBadge: true, body: 'x' } });
  assert.ok(first.equals(second));
  assert.deepEqual(first.reference, second.reference);
  assert.ok(Object.isFrozen(first));
});

test('content that cannot be sent is refused when the lookup is made', () => {
  for (const content of [{ body: 3 }, { body: null }, { body: [1, 2, 3] }, { body: [{ strin: 'x' }] },
    { body: [{ atom: { size: [1] } }] }, { body: '\ud800' }, { body: { text: 'x' } }, 'body']) {
    assert.throws(() => new Lookup('feed-cell', { profile: 'phone-portrait', content }), TypeError, JSON.stringify(content));
  }
  assert.throws(() => new Lookup('card'), TypeError);
  assert.throws(() => new Lookup('card', { profile: 'p', size: [1, 2] }), TypeError);
  assert.throws(() => new Lookup('card', { profile: 'p', scale: 2 }), TypeError);
  assert.throws(() => new Lookup('card', { profile: 'p', direction: 'up' }), TypeError);
  assert.throws(() => new Lookup('card', { size: [1, 2], sizeClasses: ['big', null] }), TypeError);
  assert.throws(() => new Lookup('card', { size: ['1', 2] }), TypeError);
});

test('references back off after unknown ones: in full 1, 2, 4… times', () => {
  const item = new Lookup('feed-cell', { profile: 'phone-portrait', content: { body: 'a text long enough' } });
  assert.equal(item.referenceToSend(), null); // Never answered.
  item.markAnswered();
  assert.deepEqual(item.referenceToSend(), item.reference);
  // What a batch sends (its entry made once by reference): the same pattern.
  const inFull = Buffer.concat([Buffer.from([0]), item.fields]);
  const byReference = Buffer.concat([Buffer.from([1]), item.reference]);
  assert.deepEqual(item.batchEntry(), byReference);
  const pattern = [];
  for (let round = 0; round < 3; round += 1) {
    item.markReferenceUnknown();
    pattern.push(Array.from({ length: 5 }, () => {
      const entry = item.batchEntry();
      assert.ok(entry.equals(inFull) || entry.equals(byReference));
      return entry.equals(inFull);
    }));
  }
  assert.deepEqual(pattern, [
    [true, false, false, false, false],
    [true, true, false, false, false],
    [true, true, true, true, false],
  ]);
  // A lookup of 32 bytes or less gains nothing by reference.
  const short = new Lookup('c', { profile: 'p' });
  short.markAnswered();
  assert.equal(short.referenceToSend(), null);
});

test('frames are cut however the stream is chunked; impossible lengths are refused at once', () => {
  const frames = Buffer.concat([encodeFrame(0x81, 1, Buffer.from('one')), encodeFrame(0x82, 2, Buffer.alloc(100_000, 7)),
    encodeFrame(0x83, 3, Buffer.alloc(0))]);
  for (const size of [1, 3, 9, 1000, frames.length]) {
    const parser = new FrameParser();
    const out = [];
    for (let offset = 0; offset < frames.length; offset += size) out.push(...parser.push(frames.subarray(offset, offset + size)));
    assert.deepEqual(out.map((frame) => [frame.kind, frame.requestId, frame.payload.length]), [[0x81, 1, 3], [0x82, 2, 100_000], [0x83, 3, 0]]);
    assert.equal(parser.pending, 0);
  }
  assert.throws(() => new FrameParser().push(Buffer.from([0xff, 0xff, 0xff, 0xff])), Malformed);
  assert.throws(() => new FrameParser().push(Buffer.from([0, 0, 0, 4, 0x81])), Malformed);
  assert.throws(() => new FrameParser().push(Buffer.from([0, 0x80, 0, 1])), Malformed);
});
