"""The handshake and frames of the protocol (``docs/protocol.md`` §3, §4), without I/O."""

from __future__ import annotations

import socket
import struct
from typing import List, NamedTuple, Optional

from .protocol import Malformed

MAGIC = b"CGLD"
CLIENT_HELLO_SIZE = 8
SERVER_HELLO_SIZE = 12
#: The largest frame a server ever sends (§4), and what the client accepts.
MAXIMUM_FRAME_SIZE = 8 * 1024 * 1024
#: A frame's header: length, kind, request id.
HEADER_SIZE = 9

STATUS_OK = 0
STATUS_UNSUPPORTED_VERSION = 1
STATUS_BUSY = 2

_HELLO = struct.Struct(">4sHH")
_SERVER_HELLO = struct.Struct(">4sHHI")
_HEADER = struct.Struct(">IBI")
_LENGTH = struct.Struct(">I")

#: The parser's buffer: what it starts with, what it reads at most at once, and above what it
#: gives back what a large frame made it grow to.
_INITIAL_BUFFER = 64 * 1024
_READ_SIZE = 64 * 1024
_KEPT_BUFFER = 1024 * 1024


def client_hello(version: int) -> bytes:
    """The client's 8 bytes: magic, version, flags 0."""
    return _HELLO.pack(MAGIC, version, 0)


class ServerHello(NamedTuple):
    """The server's answer to the hello."""

    version: int
    """The client's version when accepted, else the newest the server speaks."""
    status: int
    """0 ok, 1 unsupported version, 2 busy; any other status is a refusal too."""
    maximum_frame_size: int

    @classmethod
    def decode(cls, data: bytes) -> "ServerHello":
        """The first 12 bytes of ``data``; :class:`Malformed` when they are not a cgld answer."""
        magic, version, status, maximum = _SERVER_HELLO.unpack_from(data)
        if magic != MAGIC:
            raise Malformed("the answer to the hello does not start with CGLD")
        return cls(version, status, maximum)


class Frame(NamedTuple):
    """One frame read from the stream."""

    kind: int
    request_id: int
    payload: bytes


class FrameParser:
    """Cuts a byte stream into frames, however it was chunked.

    Bytes come in either by :meth:`feed` (what an asyncio stream read) or by :meth:`read_from`
    (a socket read straight into the parser's buffer, which is kept from frame to frame: a
    page of snapshots is read without a buffer made for it, and copied once, into its
    payload).

    A frame whose length is below 5 or above the client's maximum (8 MiB, the most a
    server sends) cannot be followed: :meth:`feed` raises :class:`Malformed` and the
    connection must be dropped.
    """

    __slots__ = ("_buffer", "_filled", "_maximum")

    def __init__(self, maximum_frame_size: int = MAXIMUM_FRAME_SIZE) -> None:
        self._buffer = bytearray(_INITIAL_BUFFER)
        self._filled = 0
        self._maximum = maximum_frame_size

    def feed(self, data: bytes) -> List[Frame]:
        """Adds ``data`` and returns the frames it completed, in order."""
        end = self._filled + len(data)
        if end > len(self._buffer):
            self._grow(end)
        self._buffer[self._filled:end] = data
        self._filled = end
        return self._frames()

    def read_from(self, sock: socket.socket) -> Optional[List[Frame]]:
        """Reads what ``sock`` has (one ``recv_into``) and returns the frames it completed;
        ``None`` when the peer closed the stream.

        Raises:
            BlockingIOError, InterruptedError, OSError: As ``recv_into`` does.
        """
        wanted = self._filled + _READ_SIZE
        if self._filled >= 4:
            (length,) = _LENGTH.unpack_from(self._buffer, 0)
            wanted = max(wanted, min(4 + length, 4 + self._maximum))  # The frame begun, whole.
        if wanted > len(self._buffer):
            self._grow(wanted)
        with memoryview(self._buffer) as view:
            count = sock.recv_into(view[self._filled:])
        if count == 0:
            return None
        self._filled += count
        return self._frames()

    def _grow(self, size: int) -> None:
        self._buffer.extend(bytes(max(size, 2 * len(self._buffer)) - len(self._buffer)))

    def _frames(self) -> List[Frame]:
        buffer = self._buffer
        available = self._filled
        frames: List[Frame] = []
        offset = 0
        with memoryview(buffer) as view:
            while available - offset >= 4:
                (length,) = _LENGTH.unpack_from(buffer, offset)
                if length < 5 or length > self._maximum:
                    raise Malformed(f"a frame declares a length of {length} bytes; a frame is 5 to {self._maximum}")
                end = offset + 4 + length
                if end > available:
                    break
                _, kind, request_id = _HEADER.unpack_from(buffer, offset)
                frames.append(Frame(kind, request_id, bytes(view[offset + HEADER_SIZE:end])))
                offset = end
            if offset:
                view[:available - offset] = view[offset:available]  # What is left of the next frame.
                self._filled = available - offset
        if len(buffer) > _KEPT_BUFFER and self._filled <= _INITIAL_BUFFER:
            del buffer[_INITIAL_BUFFER:]  # After a large frame, not kept large.
        return frames

    @property
    def pending(self) -> int:
        """Bytes received of a frame not complete yet."""
        return self._filled
