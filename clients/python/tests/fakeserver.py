"""A fake cgld: a Unix socket served by a script, to test the client against a misbehaving
server (truncated frames, wrong ids, unknown kinds, absurd lengths, silence)."""

from __future__ import annotations

import os
import socket
import struct
import tempfile
import threading
from typing import Callable, List, Optional

HELLO_OK = b"CGLD" + struct.pack(">HHI", 6, 0, 8 * 1024 * 1024)


def frame(kind: int, request_id: int, payload: bytes = b"") -> bytes:
    return struct.pack(">IBI", len(payload) + 5, kind, request_id) + payload


def read_exactly(conn: socket.socket, count: int) -> bytes:
    data = b""
    while len(data) < count:
        chunk = conn.recv(count - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def read_frame(conn: socket.socket) -> "tuple[int, int, bytes]":
    """The next request: (kind, request id, payload)."""
    length, kind, request_id = struct.unpack(">IBI", read_exactly(conn, 9))
    return kind, request_id, read_exactly(conn, length - 5)


def pong(request_id: int, version: str = "fake") -> bytes:
    encoded = version.encode()
    return frame(0x81, request_id, struct.pack(">I", len(encoded)) + encoded + struct.pack(">d", 1.0))


class FakeServer:
    """Serves each connection with ``script(conn)`` on a thread, until closed.

    The common script accepts the hello and answers it, then hands over to ``after_hello``.
    """

    def __init__(self, script: Callable[[socket.socket], None]) -> None:
        self.folder = tempfile.mkdtemp(prefix="cglfake-", dir="/tmp")
        self.path = os.path.join(self.folder, "s.sock")
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(self.path)
        self.listener.listen(16)
        self.script = script
        self.connections: List[socket.socket] = []
        self.hellos: List[bytes] = []
        self.errors: List[BaseException] = []
        self._closed = False
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    @classmethod
    def after_hello(cls, body: Callable[[socket.socket], None], hello: bytes = HELLO_OK) -> "FakeServer":
        server: Optional[FakeServer] = None

        def script(conn: socket.socket) -> None:
            assert server is not None
            server.hellos.append(read_exactly(conn, 8))
            conn.sendall(hello)
            body(conn)

        server = cls(script)
        return server

    def _accept(self) -> None:
        while not self._closed:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            self.connections.append(conn)
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        try:
            self.script(conn)
        except (EOFError, OSError):
            pass
        except BaseException as error:  # pragma: no cover - a broken script
            self.errors.append(error)

    def close(self) -> None:
        self._closed = True
        try:
            self.listener.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.listener.close()
        for conn in self.connections:
            try:
                conn.close()
            except OSError:
                pass
        try:
            os.unlink(self.path)
            os.rmdir(self.folder)
        except OSError:
            pass

    def __enter__(self) -> "FakeServer":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def hold(conn: socket.socket, seconds: float = 30) -> None:
    """Keeps the connection open, reading and ignoring what comes, for ``seconds`` at most."""
    conn.settimeout(seconds)
    try:
        while conn.recv(4096):
            pass
    except OSError:
        pass
