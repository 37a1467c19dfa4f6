// A warm page of 50 posts through Client.lookupBatch, against the floor: a bare Unix-socket
// round trip of the same request bytes, reading the same answer (no decoding, no matching).
//
//   node bench/page.mjs [rounds]        (CGLD_SOCKET: a running daemon; else one is started
//                                        from CGLD, or .build/debug/cgld)
// Target (issue 38): the client within 1.5x of its floor per page.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { Client, Lookup } from '../index.js';
import { clientHello, encodeFrame, FrameParser } from '../lib/framing.js';
import { lookupBatches } from '../lib/requests.js';
import { Daemon, POSTS } from '../test/support/daemon.js';

const rounds = Number(process.argv[2] ?? 2000);
const daemon = process.env.CGLD_SOCKET ? null : await Daemon.start({ database: ':memory:' });
const socketPath = process.env.CGLD_SOCKET || daemon.socketPath;

const page = POSTS.map((post) => new Lookup('feed-cell', { profile: 'phone-portrait', content: post }));
const client = new Client({ socketPath, maxConnections: 1 });
await client.lookupBatch(page); // Computed, then kept: by reference from now on.
await client.lookupBatch(page);

/**
 * Runs `floor` and `measured` in alternating blocks (so that both see the same machine), and
 * prints the mean, median and 99th percentile of each, and their ratios.
 */
async function compare(runs) {
  for (const { run } of runs) for (let index = 0; index < Math.min(500, rounds); index += 1) await run(); // Warm up.
  const times = runs.map(() => []);
  const block = Math.max(1, Math.floor(rounds / 10));
  for (let done = 0; done < rounds; done += block) {
    for (const [which, { run }] of runs.entries()) {
      for (let index = 0; index < block; index += 1) {
        const start = performance.now();
        await run();
        times[which].push(performance.now() - start);
      }
    }
  }
  const results = runs.map(({ label }, which) => {
    const sorted = times[which].sort((a, b) => a - b);
    const mean = sorted.reduce((sum, time) => sum + time, 0) / sorted.length;
    const result = { label, mean, p50: sorted[Math.floor(sorted.length / 2)], p99: sorted[Math.floor(sorted.length * 0.99)] };
    const µs = (/** @type {number} */ value) => (value * 1000).toFixed(0).padStart(6);
    console.log(`${label.padEnd(34)} mean ${µs(mean)} µs   p50 ${µs(result.p50)} µs   p99 ${µs(result.p99)} µs`);
    return result;
  });
  return results;
}

// The floor: the same bytes the client sends (the page by reference), on a bare socket.
const [request] = lookupBatches(page, 1000);
const { kind, payload } = request.encode(6);
const socket = net.createConnection({ path: socketPath });
await new Promise((resolve) => socket.once('connect', resolve));
socket.write(clientHello(6));
await new Promise((resolve) => socket.once('data', resolve)); // The 12 bytes of the server's hello.
let nextId = 1;
const parser = new FrameParser();
let waiting = null;
socket.on('data', (data) => {
  if (parser.push(data).length > 0) waiting();
});
const bare = () => new Promise((resolve) => {
  waiting = resolve;
  socket.write(encodeFrame(kind, nextId++, payload));
});

const [floor, measured] = await compare([
  { label: 'bare socket round trip (floor)', run: bare },
  {
    label: 'Client.lookupBatch (50 posts)',
    run: async () => {
      const answers = await client.lookupBatch(page);
      if (answers.length !== 50 || answers[0].source !== 'memory') throw new Error('not a warm page');
    },
  },
]);
console.log(`ratio ${(measured.mean / floor.mean).toFixed(2)}x of the floor by the mean, ${(measured.p50 / floor.p50).toFixed(2)}x by ` +
  `the median (target: at most 1.5x); request ${payload.length + 9} bytes, ${rounds} rounds each in alternating blocks, ` +
  'one connection, sequential');
socket.destroy();
await client.close();
await daemon?.remove();
