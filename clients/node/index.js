/**
 * The Node client of `cgld`, the cglayout daemon: layout snapshots over its Unix socket
 * (docs/protocol.md, versions 1 to 6).
 *
 * @example
 * import { Client, Lookup } from 'cglclient';
 *
 * const client = new Client(); // CGLD_SOCKET, else .cgld/cgld.sock, $XDG_RUNTIME_DIR/cgld/cgld.sock, /run/cgld/cgld.sock
 * const cell = await client.lookup('feed-cell', { profile: 'phone-portrait', content: { body: 'Hello' } });
 * console.log(cell.frames.body); // { x: 16, y: 119, width: 358, height: 18 }
 * @module cglclient
 */
export { Client } from './lib/client.js';
export { Lookup } from './lib/lookup.js';
export { Snapshot, Run } from './lib/values.js';
export { PrewarmCall } from './lib/prewarm.js';
export { CGLClientError, DAEMON_CODES, formatIssue } from './lib/errors.js';
export { defaultSocketPath } from './lib/discovery.js';
export { CURRENT_VERSION as PROTOCOL_VERSION } from './lib/protocol.js';

/**
 * @typedef {string | boolean | [number, number] | import('./lib/values.js').Run[]} ContentValue
 *   A slot's value: a text, a visibility flag, an image's `[width, height]`, or a text in runs.
 */
