/**
 * The connections one client shares between its calls.
 * @module
 */
import { CGLClientError, abortError } from './errors.js';

/**
 * @typedef {object} PoolEntry
 * @property {import('./connection.js').Connection|null} connection
 * @property {Promise<import('./connection.js').Connection>} opening
 * @property {number} load Calls using it now (or waiting for it to open).
 */

/**
 * A small pool: a call takes the least busy connection, and a new one is opened while every
 * connection is busy and there are fewer than `maxConnections`; beyond that, calls share
 * connections (the protocol pipelines them). A connection that fails or closes leaves the
 * pool. Idle connections do not keep the process alive.
 */
export class ConnectionPool {
  /**
   * @param {() => Promise<import('./connection.js').Connection>} open
   * @param {number} maxConnections
   */
  constructor(open, maxConnections) {
    this.open = open;
    this.maxConnections = Math.max(1, maxConnections);
    /** @type {PoolEntry[]} */
    this.entries = [];
    this.closed = false;
  }

  /** Connections open or opening now. */
  get size() {
    return this.entries.length;
  }

  /**
   * A connection for one call; give it back with {@link ConnectionPool#release}.
   * @param {AbortSignal|null} [signal]
   * @returns {Promise<PoolEntry>}
   */
  async acquire(signal = null) {
    if (this.closed) throw new CGLClientError('client_closed', 'the client was closed');
    /** @type {PoolEntry|null} */
    let best = null;
    for (const entry of this.entries) {
      if (best === null || entry.load < best.load) best = entry;
    }
    if (best === null || (best.load > 0 && this.entries.length < this.maxConnections)) best = this.#open();
    best.load += 1;
    try {
      if (best.connection === null) await (signal ? abortable(best.opening, signal) : best.opening);
      return best;
    } catch (error) {
      best.load -= 1;
      throw error;
    }
  }

  /** @param {PoolEntry} entry */
  release(entry) {
    entry.load -= 1;
  }

  /** Closes every connection; calls outstanding fail. */
  close() {
    this.closed = true;
    const entries = this.entries;
    this.entries = [];
    for (const entry of entries) {
      if (entry.connection) entry.connection.close();
    }
  }

  /** @returns {PoolEntry} */
  #open() {
    /** @type {PoolEntry} */
    const entry = { connection: null, opening: /** @type {any} */ (null), load: 0 };
    entry.opening = this.open().then((connection) => {
      entry.connection = connection;
      connection.onClose = () => this.#remove(entry);
      if (this.closed || !this.entries.includes(entry)) connection.close();
      return connection;
    }, (error) => {
      this.#remove(entry);
      throw error;
    });
    entry.opening.catch(() => {}); // Its waiters see the failure; a waiter that gave up (aborted) need not.
    this.entries.push(entry);
    return entry;
  }

  /** @param {PoolEntry} entry */
  #remove(entry) {
    const index = this.entries.indexOf(entry);
    if (index >= 0) this.entries.splice(index, 1);
  }
}

/**
 * `promise`, or the abort of `signal` if it comes first.
 * @template T
 * @param {Promise<T>} promise
 * @param {AbortSignal} signal
 * @returns {Promise<T>}
 */
function abortable(promise, signal) {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const abort = () => reject(abortError(signal));
    signal.addEventListener('abort', abort, { once: true });
    promise.then((value) => {
      signal.removeEventListener('abort', abort);
      resolve(value);
    }, (error) => {
      signal.removeEventListener('abort', abort);
      reject(error);
    });
  });
}
