/**
 * A prewarm under way: its progress as events, its summary as a promise.
 * @module
 */
import { EventEmitter } from 'node:events';

/**
 * @typedef {object} PrewarmProgress How far a running prewarm is.
 * @property {number} done Pairs finished so far.
 * @property {number} total Pairs the prewarm covers.
 * @property {string} scheme The scheme whose snapshots were just finished.
 */

/**
 * @typedef {object} PrewarmSummary What a prewarm did.
 * @property {number} computed
 * @property {number} alreadyCached
 * @property {number} failed
 * @property {number} seconds
 * @property {number} cancelled Pairs never computed because the daemon began stopping (version 3).
 * @property {number} total `computed + alreadyCached + failed + cancelled`.
 */

/**
 * A prewarm, started when {@link Client#prewarm} returns it. Three ways to follow it:
 *
 * - `await` it (it is a promise-like: `then`, `catch`, `finally`) for its
 *   {@link PrewarmSummary}; the daemon's errors reject it;
 * - listen to its `'progress'` events (it is an `EventEmitter`), each a {@link PrewarmProgress};
 * - iterate it with `for await` for the same events (none is missed, however late the
 *   loop starts); the loop ends when the prewarm finishes (then `summary` is set), and
 *   throws its error.
 *
 * @example
 * const run = client.prewarm({ schemes: ['feed-cell'] });
 * run.on('progress', ({ done, total }) => console.log(`${done}/${total}`));
 * const summary = await run;
 * @example
 * for await (const { done, total, scheme } of client.prewarm()) console.log(scheme, done, total);
 */
export class PrewarmCall extends EventEmitter {
  /** @type {Promise<PrewarmSummary>} */
  #promise;
  /** @type {PrewarmProgress[]} */
  #events = [];
  /** @type {(() => void)[]} */
  #waiting = [];
  #settled = false;
  /** @type {unknown} */
  #error = null;

  /**
   * @param {(onProgress: (event: PrewarmProgress) => void) => Promise<PrewarmSummary>} run
   */
  constructor(run) {
    super();
    /** The summary, once the prewarm finished; `null` before. @type {PrewarmSummary|null} */
    this.summary = null;
    this.#promise = run((event) => {
      this.#events.push(event);
      this.emit('progress', event);
      this.#wake();
    }).then((summary) => {
      this.summary = summary;
      this.#settled = true;
      this.#wake();
      return summary;
    }, (error) => {
      this.#error = error;
      this.#settled = true;
      this.#wake();
      throw error;
    });
    // Followed by events or a loop alone, a failure is not an unhandled rejection.
    this.#promise.catch(() => {});
  }

  #wake() {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const wake of waiting) wake();
  }

  /**
   * @template T, U
   * @param {((summary: PrewarmSummary) => T | PromiseLike<T>)|null} [onFulfilled]
   * @param {((reason: any) => U | PromiseLike<U>)|null} [onRejected]
   * @returns {Promise<T | U>}
   */
  then(onFulfilled = undefined, onRejected = undefined) {
    return /** @type {Promise<T|U>} */ (this.#promise.then(onFulfilled, onRejected));
  }

  /**
   * @template U
   * @param {((reason: any) => U | PromiseLike<U>)|null} [onRejected]
   */
  catch(onRejected = undefined) {
    return this.#promise.catch(onRejected);
  }

  /** @param {(() => void)|null} [onFinally] */
  finally(onFinally = undefined) {
    return this.#promise.finally(onFinally);
  }

  /** @returns {AsyncGenerator<PrewarmProgress, void, undefined>} */
  async *[Symbol.asyncIterator]() {
    let index = 0;
    for (;;) {
      if (index < this.#events.length) {
        yield this.#events[index];
        index += 1;
      } else if (this.#settled) {
        if (this.#error !== null) throw this.#error;
        return;
      } else {
        await new Promise((resolve) => this.#waiting.push(() => resolve(undefined)));
      }
    }
  }
}
