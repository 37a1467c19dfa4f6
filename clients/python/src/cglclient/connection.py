"""A blocking connection to the daemon: connect, handshake, and exchanges that write and read
at the same time (``poll``), so that pipelined requests never deadlock on full buffers."""

from __future__ import annotations

import errno
import select
import socket
import time
from typing import Any, Optional, Sequence

from . import protocol
from .discovery import search_description, socket_path_problem
from .errors import (CGLClientError, ConnectionLost, DaemonError, DaemonUnavailable, HandshakeRefused,
                     ProtocolViolation, TimedOut)
from .exchange import EventHandler, Exchange
from .framing import (MAXIMUM_FRAME_SIZE, SERVER_HELLO_SIZE, STATUS_BUSY, STATUS_OK, FrameParser, ServerHello,
                      client_hello)
from .protocol import Malformed
from .requests import Request

__all__ = ["Connection", "busy_error", "refusal", "unavailable"]

_WRITE_CHUNK = 1024 * 1024
_POLL_IN = select.POLLIN | select.POLLHUP | select.POLLERR | select.POLLNVAL
_MAX_ID = 0xFFFFFFFF


class Connection:
    """One open connection, the handshake done; used by one call at a time.

    Attributes:
        version: The protocol version the handshake settled on.
        maximum_frame_size: The largest frame the daemon accepts.
        has_been_used: Whether an exchange completed on it (a failure on a reused
            connection may mean the daemon restarted meanwhile, worth one retry).
    """

    def __init__(self, sock: socket.socket, path: str, version: int, maximum_frame_size: int,
                 leftover: bytes = b"") -> None:
        self._socket = sock
        self._path = path
        self.version = version
        self.maximum_frame_size = maximum_frame_size
        self._parser = FrameParser(MAXIMUM_FRAME_SIZE)
        self._next_id = 1
        self.has_been_used = False
        self._leftover = leftover
        self._poller = select.poll()
        self._poller.register(sock.fileno(), select.POLLIN)
        self._polling = select.POLLIN

    @classmethod
    def open(cls, path: str, timeout: float, version: int = protocol.CURRENT_VERSION) -> "Connection":
        """Connects to ``path`` and performs the handshake within ``timeout`` seconds; a daemon
        that speaks only an older version this client speaks is connected to again in it.

        Raises:
            DaemonUnavailable: Nothing listens (or connecting took too long).
            CGLClientError: The handshake failed (refused, busy, not a cgld).
        """
        deadline = time.monotonic() + timeout
        while True:
            sock = _connect(path, deadline)
            try:
                hello = _handshake(sock, path, version, deadline)
            except BaseException:
                sock.close()
                raise
            if isinstance(hello, tuple):
                answer, leftover = hello
                sock.setblocking(False)
                return cls(sock, path, version, answer.maximum_frame_size, leftover)
            sock.close()
            version = hello  # An older version the daemon speaks: connect again in it.

    def close(self) -> None:
        """Closes the socket."""
        try:
            self._socket.close()
        except OSError:
            pass

    def request_ids(self, count: int) -> int:
        """The first of ``count`` fresh consecutive ids (never 0; from 1 when they would wrap)."""
        first = self._next_id
        if first + count > _MAX_ID:
            first = 1
        self._next_id = first + count
        return first

    def exchange(self, requests: Sequence[Request], timeout: float,
                 event: Optional[EventHandler] = None) -> "Exchange":
        """Sends ``requests`` pipelined and reads until each has its final answer.

        Args:
            timeout: How long the daemon may stay silent (each read starts it again).
            event: Given each progress event.

        Returns:
            The exchange, whose ``answers`` are the final answers in request order.

        Raises:
            CGLClientError: The connection failed, timed out, or the daemon broke the
                protocol; the connection must then be dropped. ``received_any`` on the
                error's ``exchange`` attribute tells whether any answer came.
        """
        exchange = Exchange(requests, self.version, self.request_ids(len(requests)), self.maximum_frame_size,
                            self._path, event)
        try:
            self._run(exchange, timeout)
        except CGLClientError as error:
            error.received_any = exchange.received_any  # type: ignore[attr-defined]
            raise
        self.has_been_used = True
        return exchange

    def _run(self, exchange: Exchange, timeout: float) -> None:
        sock = self._socket
        parser = self._parser
        output = memoryview(exchange.output)
        written = 0
        if self._leftover:
            leftover, self._leftover = self._leftover, b""
            if self._feed(exchange, parser, leftover):
                return
        try:
            written = sock.send(output[:_WRITE_CHUNK])
        except (BlockingIOError, InterruptedError):
            pass
        except OSError as error:
            raise self._lost(error) from None
        deadline = time.monotonic() + timeout
        poller = self._poller
        while True:
            wanted = select.POLLIN | select.POLLOUT if written < len(output) else select.POLLIN
            if wanted != self._polling:
                poller.modify(sock.fileno(), wanted)
                self._polling = wanted
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimedOut(f"cgld on {self._path} did not answer within {timeout:g} s; the connection was dropped",
                               self._path)
            events = 0
            for _, ready in poller.poll(max(1, int(left * 1000 + 0.999))):
                events |= ready
            if events & select.POLLOUT and written < len(output):
                try:
                    written += sock.send(output[written:written + _WRITE_CHUNK])
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError as error:
                    if error.errno not in (errno.EPIPE, errno.ECONNRESET):
                        raise self._lost(error) from None
                    written = len(output)  # Read what the daemon said before it closed.
            if events & _POLL_IN:
                try:
                    frames = parser.read_from(sock)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError as error:
                    raise self._lost(error) from None
                except Malformed as error:
                    raise self._malformed(error) from None
                if frames is None:
                    raise ConnectionLost(f"cgld on {self._path} closed the connection with requests outstanding",
                                         self._path)
                deadline = time.monotonic() + timeout
                if frames and exchange.receive(frames):
                    return

    def _feed(self, exchange: Exchange, parser: FrameParser, data: bytes) -> bool:
        try:
            frames = parser.feed(data)
        except Malformed as error:
            raise self._malformed(error) from None
        return exchange.receive(frames) if frames else False

    def _malformed(self, error: Malformed) -> ProtocolViolation:
        return ProtocolViolation(f"cgld on {self._path} sent a malformed frame: {error}", self._path)

    def _lost(self, error: OSError) -> ConnectionLost:
        return ConnectionLost(f"the connection to cgld on {self._path} failed ({error.strerror or error})", self._path)


def unavailable(path: str, reason: str) -> DaemonUnavailable:
    """The error of a daemon that cannot be reached at ``path``."""
    problem = search_description(path) or f"cgld is not running on {path} ({reason})"
    return DaemonUnavailable(f"{problem}; start cgld, or give the client its socket (socket_path=, or CGLD_SOCKET)",
                             path)


def _connect(path: str, deadline: float) -> socket.socket:
    problem = socket_path_problem(path)
    if problem is not None:
        raise CGLClientError("socket_path_too_long", problem + "; give a shorter path, or connect through a shorter "
                             "symbolic link to the socket (ln -s)", socket_path=path)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(max(0.001, deadline - time.monotonic()))
        sock.connect(path)
    except socket.timeout:
        sock.close()
        raise unavailable(path, "connecting timed out") from None
    except OSError as error:
        sock.close()
        raise unavailable(path, f"connect: {error.strerror or error}") from None
    return sock


def _handshake(sock: socket.socket, path: str, version: int, deadline: float) -> Any:
    """The server's hello and the bytes after it, or an older version to connect again with.

    The hello is read even when writing ours failed: a busy daemon answers and closes
    without reading it (§3).
    """
    write_failure: Optional[OSError] = None
    try:
        sock.settimeout(max(0.001, deadline - time.monotonic()))
        sock.sendall(client_hello(version))
    except socket.timeout:
        raise _handshake_timeout(path) from None
    except OSError as error:
        write_failure = error
    received = b""
    while len(received) < SERVER_HELLO_SIZE:
        left = deadline - time.monotonic()
        if left <= 0:
            raise _handshake_timeout(path)
        try:
            sock.settimeout(left)
            data = sock.recv(4096)
        except socket.timeout:
            raise _handshake_timeout(path) from None
        except OSError as error:
            raise ConnectionLost(f"the handshake with cgld on {path} failed ({error.strerror or error})", path) from None
        if not data:
            if write_failure is not None:
                raise ConnectionLost(f"the handshake with cgld on {path} failed ({write_failure.strerror})", path)
            raise ConnectionLost(f"cgld on {path} closed the connection during the handshake", path)
        received += data
    answer, rest = decode_server_hello(received, path)
    if answer.status == STATUS_OK:
        return answer, rest
    if answer.status == STATUS_BUSY:
        # The daemon's error frame follows, and then it closes: read it until then.
        while True:
            refused = busy_error(rest, path)
            if refused is not None:
                raise refused
            left = deadline - time.monotonic()
            try:
                sock.settimeout(max(0.001, left))
                data = sock.recv(4096)
            except OSError:
                data = b""
            if not data or left <= 0:
                raise busy_error(rest, path, final=True)  # type: ignore[misc]
            rest += data
    newer_than_server = protocol.OLDEST_VERSION <= answer.version < version
    if newer_than_server:
        return answer.version
    raise refusal(path, version, answer)


def busy_error(rest: bytes, path: str, final: bool = False) -> Optional[DaemonError]:
    """The daemon's ``busy`` error frame after a busy hello, when ``rest`` holds it; at the end
    (``final``), one that says the same."""
    try:
        frames = FrameParser().feed(rest)
    except Malformed:
        frames = []
    for frame in frames:
        if frame.kind == protocol.ERROR:
            try:
                error = protocol.decode_response(frame.kind, frame.payload, protocol.CURRENT_VERSION, path)
            except Malformed:
                break
            if isinstance(error, DaemonError):
                return error
    if not final:
        return None
    return DaemonError.make(6, "cgld serves as many connections as it may (limits.maxConnections); retry later",
                            socket_path=path)


def refusal(path: str, version: int, answer: ServerHello) -> HandshakeRefused:
    """The error of a handshake refused with ``answer``."""
    return HandshakeRefused(f"cgld on {path} refused protocol version {version} (status {answer.status}); it speaks "
                            f"version {answer.version}. Use a matching client.", path)


def _handshake_timeout(path: str) -> TimedOut:
    return TimedOut(f"{path} did not answer the cgld handshake in time", path)


def decode_server_hello(received: bytes, path: str) -> "tuple[ServerHello, bytes]":
    """The server's 12-byte answer to the hello, and the bytes that followed it (the busy
    error's frame); shared by the blocking and asyncio handshakes.

    Raises :class:`ProtocolViolation` when they are not a cgld answer."""
    try:
        answer = ServerHello.decode(received)
    except Malformed:
        raise ProtocolViolation(f"{path} does not answer the cgld handshake", path) from None
    return answer, received[SERVER_HELLO_SIZE:]


def retries_on_a_new_connection(error: CGLClientError, connection: Any, retried: bool) -> bool:
    """Whether a call that failed is tried once more on a new connection: only when its
    reused connection was found closed before anything was answered (the daemon closed it
    while idle), and only once."""
    return (isinstance(error, ConnectionLost) and connection.has_been_used
            and not getattr(error, "received_any", True) and not retried)
