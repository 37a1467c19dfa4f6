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

async function timed(label, run) {
  for (let index = 0; index < Math.min(200, rounds); index += 1) await run(); // Warm up.
  const times = [];
  for (let index = 0; index < rounds; index += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  const result = { label, mean, p50: times[Math.floor(times.length / 2)], p99: times[Math.floor(times.length * 0.99)] };
  console.log(`${label.padEnd(34)} mean ${(mean * 1000).toFixed(0).padStart(6)} µs   p50 ${(result.p50 * 1000).toFixed(0).padStart(6)} µs   p99 ${(result.p99 * 1000).toFixed(0).padStart(6)} µs`);
  return result;
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

const floor = await timed('bare socket round trip (floor)', bare);
const measured = await timed('Client.lookupBatch (50 posts)', async () => {
  const answers = await client.lookupBatch(page);
  if (answers.length !== 50 || answers[0].source !== 'memory') throw new Error('not a warm page');
});
console.log(`ratio ${(measured.mean / floor.mean).toFixed(2)}x of the floor (target: at most 1.5x); ` +
  `request ${payload.length + 9} bytes, ${rounds} rounds, one connection, sequential`);
socket.destroy();
await client.close();
await daemon?.remove();
