// The README's promise: the package installed by path into a project of the user's own,
// offline, and the one-liner prints the body's frame from a running daemon.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Daemon, REPOSITORY } from './support/daemon.js';

let daemon;
let folder;

before(async () => {
  daemon = await Daemon.start();
  folder = mkdtempSync('/tmp/cglnode-install-');
});

after(async () => {
  await daemon?.remove();
  rmSync(folder, { recursive: true, force: true });
});

test('npm install by path, offline, and the one-liner answers', () => {
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  const installed = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund', join(REPOSITORY, 'clients', 'node')],
    { cwd: folder, encoding: 'utf8', timeout: 120_000 });
  assert.equal(installed.error, undefined, 'npm is needed to check the install (it comes with Node from nodejs.org and NodeSource)');
  assert.equal(installed.status, 0, installed.stdout + installed.stderr);
  const oneLiner = "import { Client } from 'cglclient'; console.log(JSON.stringify((await new Client().lookup('feed-cell', { profile: 'phone-portrait' })).frames.body))";
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', oneLiner],
    { cwd: folder, encoding: 'utf8', timeout: 60_000, env: { ...process.env, CGLD_SOCKET: daemon.socketPath } });
  const body = JSON.parse(output);
  assert.deepEqual([body.x, body.y, body.width], [16, 119, 358]);
  assert.ok(body.height > 0);
});
