"""Where the daemon's socket is, found as ``cglctl`` finds it (``docs/protocol.md`` §2)."""

from __future__ import annotations

import os
from typing import Callable, List, Mapping, Optional

__all__ = ["LOCAL_SOCKET_PATH", "SYSTEM_SOCKET_PATH", "MAXIMUM_SOCKET_PATH_BYTES", "default_socket_path",
           "socket_candidates", "search_description", "socket_path_problem"]

#: The socket of a daemon started from the working directory with its default configuration.
LOCAL_SOCKET_PATH = ".cgld/cgld.sock"
#: The socket of the system daemon.
SYSTEM_SOCKET_PATH = "/run/cgld/cgld.sock"
#: The longest socket path a Unix socket address holds on Linux (``sun_path`` less its NUL).
MAXIMUM_SOCKET_PATH_BYTES = 107


def socket_candidates(environ: Optional[Mapping[str, str]] = None) -> List[str]:
    """The sockets looked for when ``CGLD_SOCKET`` is not set, in order: ``.cgld/cgld.sock``,
    ``$XDG_RUNTIME_DIR/cgld/cgld.sock`` (when that is an absolute path), ``/run/cgld/cgld.sock``."""
    environ = os.environ if environ is None else environ
    candidates = [LOCAL_SOCKET_PATH]
    runtime = environ.get("XDG_RUNTIME_DIR", "")
    if runtime.startswith("/"):
        candidates.append(runtime + "/cgld/cgld.sock")
    candidates.append(SYSTEM_SOCKET_PATH)
    return candidates


def default_socket_path(environ: Optional[Mapping[str, str]] = None,
                        exists: Callable[[str], bool] = os.path.exists) -> str:
    """Where the daemon is expected: ``CGLD_SOCKET`` when set and not empty; else the first of
    :func:`socket_candidates` that exists; else ``.cgld/cgld.sock``."""
    environ = os.environ if environ is None else environ
    path = environ.get("CGLD_SOCKET", "")
    if path:
        return path
    for candidate in socket_candidates(environ):
        if exists(candidate):
            return candidate
    return LOCAL_SOCKET_PATH


def search_description(failing: str, environ: Optional[Mapping[str, str]] = None) -> Optional[str]:
    """For a connection to ``failing`` that failed: every place the search looked, when
    ``failing`` is what the search fell back on; else ``None``."""
    environ = os.environ if environ is None else environ
    if environ.get("CGLD_SOCKET", "") or failing != LOCAL_SOCKET_PATH:
        return None
    places = ", ".join(socket_candidates(environ))
    return f"no cgld socket exists in any place a client looks: {places} (and CGLD_SOCKET is not set)"


def socket_path_problem(path: str) -> Optional[str]:
    """Why ``path`` cannot be connected to as given (too long for a socket address), or ``None``."""
    size = len(os.fsencode(path))
    if size > MAXIMUM_SOCKET_PATH_BYTES:
        return (f"the socket path {path} is {size} bytes; a Unix socket path is at most "
                f"{MAXIMUM_SOCKET_PATH_BYTES} bytes")
    if size == 0:
        return "the socket path is empty"
    return None
