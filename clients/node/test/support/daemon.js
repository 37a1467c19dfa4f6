// A real cgld started by the tests, in a fresh folder under /tmp (socket paths are short).
// CGLD and CGLCTL name the binaries (default: the repository's .build/debug products); a
// missing binary fails the tests, saying which: nothing is skipped.
import { spawn } from 'node:child_process';
import { accessSync, constants, copyFileSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '../../index.js';

export const HERE = dirname(fileURLToPath(import.meta.url));
export const REPOSITORY = join(HERE, '..', '..', '..', '..');
export const EXAMPLES = join(REPOSITORY, 'examples', 'schemes');
export const CARD = join(REPOSITORY, 'docs', 'examples', 'card.json');
export const FEED_CELL = join(EXAMPLES, 'feed-cell.json');
export const SCROLL_BOX = join(REPOSITORY, 'clients', 'python', 'tests', 'data', 'scroll-box.json');
export const POSTS = JSON.parse(readFileSync(join(REPOSITORY, 'examples', 'content', 'feed-posts.json'), 'utf8'));
export const EXCHANGES = JSON.parse(readFileSync(join(REPOSITORY, 'clients', 'contract', 'exchanges.json'), 'utf8')).exchanges;

/**
 * The path of a built binary, from `variable` or the repository's .build/debug.
 * @param {string} variable
 * @param {string} name
 */
export function binary(variable, name) {
  const path = process.env[variable] || join(REPOSITORY, '.build', 'debug', name);
  try {
    accessSync(path, constants.X_OK);
  } catch {
    throw new Error(`${name} is not at ${path}: build it (swift build), or set ${variable} to the binary`);
  }
  return path;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function defaultSchemes() {
  const examples = readdirSync(EXAMPLES).filter((name) => name.endsWith('.json')).sort().map((name) => join(EXAMPLES, name));
  return [...examples, CARD, SCROLL_BOX];
}

/** A cgld on a socket and database in a fresh folder. */
export class Daemon {
  /**
   * @param {{schemes?: string[], database?: string, arguments?: string[]}} [options]
   */
  static async start(options = {}) {
    const daemon = new Daemon(options);
    await daemon.start();
    return daemon;
  }

  constructor({ schemes = defaultSchemes(), database = 'db.sqlite', arguments: extra = [] } = {}) {
    this.executable = binary('CGLD', 'cgld');
    this.folder = mkdtempSync('/tmp/cglnode-');
    this.schemes = join(this.folder, 'schemes.d');
    mkdirSync(this.schemes);
    for (const path of schemes) copyFileSync(path, join(this.schemes, path.split('/').pop()));
    this.socketPath = join(this.folder, 's.sock');
    this.database = database === ':memory:' ? database : join(this.folder, database);
    this.arguments = extra;
    this.logPath = join(this.folder, 'cgld.log');
    this.process = null;
    this.exited = null;
  }

  /** Starts it and resolves once it answers a ping. */
  async start() {
    const log = openSync(this.logPath, 'a');
    const child = spawn(this.executable, ['--socket', this.socketPath, '--database', this.database, '--schemes-dir',
      this.schemes, '--no-prewarm', ...this.arguments], { stdio: ['ignore', log, log] });
    closeSync(log);
    this.process = child;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    let exit = null;
    this.exited.then((value) => { exit = value; });
    const client = new Client({ socketPath: this.socketPath, connectTimeout: 1000 });
    const deadline = Date.now() + 30000;
    while (Date.now() < deadline) {
      if (exit) throw new Error(`cgld exited with ${JSON.stringify(exit)}: ${this.log}`);
      try {
        await client.ping();
        await client.close();
        return;
      } catch {
        await sleep(10);
      }
    }
    throw new Error(`cgld did not answer within 30 s: ${this.log}`);
  }

  get log() {
    try {
      return readFileSync(this.logPath, 'utf8');
    } catch {
      return '';
    }
  }

  get running() {
    return this.process !== null && this.process.exitCode === null && this.process.signalCode === null;
  }

  /**
   * Sends `signal`; for SIGSTOP, resolves once the daemon is stopped (a signal is delivered
   * asynchronously: a request sent right after could still be answered).
   * @param {NodeJS.Signals} signal
   */
  async signal(signal) {
    this.process.kill(signal);
    if (signal !== 'SIGSTOP') return;
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const stat = readFileSync(`/proc/${this.process.pid}/stat`, 'ascii');
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      if (state === 'T' || state === 't') return;
      await sleep(5);
    }
    throw new Error('cgld did not stop within 5 s of SIGSTOP');
  }

  /** Stops it (continuing it first if it was stopped), and waits for it to exit. */
  async stop(signal = 'SIGTERM') {
    if (!this.running) return;
    if (signal !== 'SIGKILL') this.process.kill('SIGCONT');
    this.process.kill(signal);
    let timer;
    const timeout = new Promise((resolve) => { timer = setTimeout(() => resolve('late'), 10000); });
    const outcome = await Promise.race([this.exited, timeout]);
    clearTimeout(timer);
    if (outcome === 'late') {
      this.process.kill('SIGKILL');
      await this.exited;
    }
  }

  async restart() {
    await this.stop();
    await this.start();
  }

  async remove() {
    await this.stop('SIGKILL');
    rmSync(this.folder, { recursive: true, force: true });
  }
}

/**
 * `cglctl compute … --format json`: what a lookup must equal.
 * @param {string} document
 * @param {string[]} args
 * @returns {Promise<any>}
 */
export function compute(document, ...args) {
  const cglctl = binary('CGLCTL', 'cglctl');
  return new Promise((resolve, reject) => {
    const child = spawn(cglctl, ['compute', document, '--format', 'json', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (data) => out.push(data));
    child.stderr.on('data', (data) => err.push(data));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`cglctl compute ${args.join(' ')} exited ${code}: ${Buffer.concat(err)}`));
      else resolve(JSON.parse(Buffer.concat(out).toString('utf8')));
    });
  });
}

/** A snapshot as cglctl compute prints it: its JSON without `source`. */
export function rendered(snapshot) {
  const { source, ...rest } = snapshot.toJSON();
  return JSON.parse(JSON.stringify(rest));
}

/** A copy of card.json named `name`, its card `height` high. */
export function cardDocument(name, height = 300) {
  const document = JSON.parse(readFileSync(CARD, 'utf8'));
  document.name = name;
  document.blocks[0].layout.height = `fixed(${height})`;
  return document;
}
