/**
 * Where the daemon's socket is, found as `cglctl` finds it (docs/protocol.md §2).
 * @module
 */
import { existsSync } from 'node:fs';

/** The socket of a daemon started from the working directory with its default configuration. */
export const LOCAL_SOCKET_PATH = '.cgld/cgld.sock';
/** The socket of the system daemon. */
export const SYSTEM_SOCKET_PATH = '/run/cgld/cgld.sock';
/** The longest socket path a Unix socket address holds on Linux (`sun_path` less its NUL). */
export const MAXIMUM_SOCKET_PATH_BYTES = 107;

/**
 * The sockets looked for when `CGLD_SOCKET` is not set, in order.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string[]}
 */
export function socketCandidates(env = process.env) {
  const candidates = [LOCAL_SOCKET_PATH];
  const runtime = env.XDG_RUNTIME_DIR ?? '';
  if (runtime.startsWith('/')) candidates.push(`${runtime}/cgld/cgld.sock`);
  candidates.push(SYSTEM_SOCKET_PATH);
  return candidates;
}

/**
 * Where the daemon is expected: `CGLD_SOCKET` when set and not empty; else the first that
 * exists of `.cgld/cgld.sock`, `$XDG_RUNTIME_DIR/cgld/cgld.sock` (when that is absolute) and
 * `/run/cgld/cgld.sock`; else `.cgld/cgld.sock`.
 * @param {NodeJS.ProcessEnv} [env]
 * @param {(path: string) => boolean} [exists]
 * @returns {string}
 */
export function defaultSocketPath(env = process.env, exists = existsSync) {
  const path = env.CGLD_SOCKET ?? '';
  if (path) return path;
  for (const candidate of socketCandidates(env)) {
    if (exists(candidate)) return candidate;
  }
  return LOCAL_SOCKET_PATH;
}

/**
 * For a connection to `failing` that failed: every place the search looked, when `failing`
 * is what the search fell back on; else `null`.
 * @param {string} failing
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string|null}
 */
export function searchDescription(failing, env = process.env) {
  if (env.CGLD_SOCKET || failing !== LOCAL_SOCKET_PATH) return null;
  const places = socketCandidates(env).join(', ');
  return `no cgld socket exists in any place a client looks: ${places} (and CGLD_SOCKET is not set)`;
}

/**
 * Why `path` cannot be connected to as given (too long for a socket address), or `null`.
 * @param {string} path
 * @returns {string|null}
 */
export function socketPathProblem(path) {
  const size = Buffer.byteLength(path, 'utf8');
  if (size > MAXIMUM_SOCKET_PATH_BYTES) {
    return `the socket path ${path} is ${size} bytes; a Unix socket path is at most ${MAXIMUM_SOCKET_PATH_BYTES} bytes`;
  }
  if (size === 0) return 'the socket path is empty';
  return null;
}
