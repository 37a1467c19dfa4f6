/**
 * The client's errors: every failure of a call is a {@link CGLClientError}.
 *
 * Its `code` is either the protocol's name of an error the daemon answered
 * (`not_found`, `invalid_document`, `invalid_content`, `busy`, …: docs/protocol.md §9),
 * spelt as the Python client spells it, or a failure on this side of the socket
 * (`daemon_unavailable`, `timed_out`, `connection_lost`, `protocol_violation`, …).
 * @module
 */

/** The daemon's error codes (docs/protocol.md §9) by number, as the clients name them. */
export const DAEMON_CODES = Object.freeze({
  1: 'not_found',
  2: 'invalid_document',
  3: 'invalid_environment',
  4: 'too_large',
  5: 'unauthorized',
  6: 'busy',
  7: 'internal',
  8: 'bad_request',
  9: 'unsupported_version',
  10: 'invalid_content',
  11: 'timeout',
  12: 'registry_unavailable',
  13: 'unknown_reference',
});

/** The daemon's code for a reference it does not know (§9). */
export const UNKNOWN_REFERENCE = 13;

/**
 * @typedef {object} Issue A problem of a document or of content (docs/protocol.md §8).
 * @property {'error'|'warning'} severity
 * @property {string} code A stable name such as `unknownKey` or `syntax` (an open set).
 * @property {string} pointer A JSON pointer into the document or content (`/body/2/style`); `''` for all of it.
 * @property {string} message What is wrong.
 * @property {string} hint How to fix it; `''` when there is none.
 * @property {number} line 1-based line of the offending value in the document; 0 when unknown.
 * @property {number} column 1-based column (in Unicode scalars); 0 when unknown.
 */

/** Why a call failed. */
export class CGLClientError extends Error {
  /**
   * @param {string} code A stable name (see the module's description).
   * @param {string} message What happened, for people.
   * @param {object} [options]
   * @param {Issue[]} [options.issues] The daemon's issues (invalid documents and content).
   * @param {number|null} [options.daemonCode] The protocol's number, for an error the daemon answered.
   * @param {string|null} [options.socketPath] The socket the client uses.
   * @param {unknown} [options.cause] The underlying error.
   */
  constructor(code, message, { issues = [], daemonCode = null, socketPath = null, cause } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    /** @type {string} */
    this.code = code;
    /** @type {Issue[]} Every problem of an invalid document; one per problem of invalid content; else empty. */
    this.issues = issues;
    /** @type {number|null} The protocol's number of an error the daemon answered; `null` for the client's own. */
    this.daemonCode = daemonCode;
    /** @type {string|null} */
    this.socketPath = socketPath;
  }

  /** Whether the daemon answered this error (rather than the call failing here). */
  get isDaemonError() {
    return this.daemonCode !== null;
  }

  /** @returns {string} */
  toString() {
    const lines = [`${this.name} [${this.code}]: ${this.message}`];
    for (const issue of this.issues) lines.push(`  ${formatIssue(issue)}`);
    return lines.join('\n');
  }

  /**
   * The error the daemon answered with `daemonCode`.
   * @param {number} daemonCode
   * @param {string} message
   * @param {Issue[]} [issues]
   * @param {string|null} [socketPath]
   * @returns {CGLClientError}
   */
  static fromDaemon(daemonCode, message, issues = [], socketPath = null) {
    const code = DAEMON_CODES[daemonCode] ?? `code_${daemonCode}`;
    return new CGLClientError(code, message, { issues, daemonCode, socketPath });
  }
}

Object.defineProperty(CGLClientError.prototype, 'name', { value: 'CGLClientError', writable: true, configurable: true });

/**
 * An issue as one line: `error: /blocks/3 (line 4, column 9): unknown anchor 'rigth' (did you mean 'right'?)`.
 * @param {Issue} issue
 * @returns {string}
 */
export function formatIssue(issue) {
  let place = issue.pointer || '(document)';
  if (issue.line) place += ` (line ${issue.line}, column ${issue.column})`;
  const text = `${issue.severity}: ${place}: ${issue.message}`;
  return issue.hint ? `${text} (${issue.hint})` : text;
}

/**
 * The error of a call cancelled by its `AbortSignal`: a `CGLClientError` with code `aborted`
 * whose `name` is `AbortError`, as Node's own cancelled calls are named; its `cause` is the
 * signal's reason.
 * @param {AbortSignal} signal
 * @param {string|null} [socketPath]
 * @returns {CGLClientError}
 */
export function abortError(signal, socketPath = null) {
  const error = new CGLClientError('aborted', 'the call was aborted by its signal', { socketPath, cause: signal.reason });
  error.name = 'AbortError';
  return error;
}
