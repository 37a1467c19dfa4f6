"""One turn on a connection, without I/O: requests encoded under consecutive ids, and the
frames read back matched to them by id until each has its final answer.

The connection (blocking or asyncio) writes :attr:`Exchange.output` and feeds what it reads
to :meth:`Exchange.receive`; both share this logic, so they behave alike.
"""

from __future__ import annotations

import struct
from typing import Any, Callable, List, Optional, Sequence

from . import protocol
from .errors import DaemonError, ProtocolViolation, RequestTooLarge, UnsupportedByDaemon
from .framing import HEADER_SIZE, Frame
from .protocol import Malformed, Unsupported
from .requests import Request

#: Given each progress event: the index of its request, and the event.
EventHandler = Callable[[int, Any], None]

_UNANSWERED = object()


class Exchange:
    """Requests sent pipelined on one connection, and their final answers.

    Args:
        requests: The requests, sent in order under ids ``first_id``, ``first_id + 1``, …
        version: The connection's protocol version.
        first_id: The first request id.
        maximum_frame_size: The largest frame the daemon accepts (from its handshake).
        socket_path: For messages.
        event: Given each progress event.

    Raises:
        UnsupportedByDaemon: A request needs a later protocol version; nothing was sent.
        RequestTooLarge: A request's frame is longer than the daemon accepts; nothing was sent.
    """

    __slots__ = ("requests", "version", "first_id", "socket_path", "event", "output", "answers", "remaining",
                 "received_any")

    def __init__(self, requests: Sequence[Request], version: int, first_id: int, maximum_frame_size: int,
                 socket_path: Optional[str], event: Optional[EventHandler] = None) -> None:
        self.requests = requests
        self.version = version
        self.first_id = first_id
        self.socket_path = socket_path
        self.event = event
        self.answers: List[Any] = [_UNANSWERED] * len(requests)
        self.remaining = len(requests)
        self.received_any = False
        frames = []
        for offset, request in enumerate(requests):
            if request.document_size is not None and request.document_size > maximum_frame_size - HEADER_SIZE:
                raise RequestTooLarge("document_too_large",
                                      f"the document is {request.document_size} bytes; cgld on {socket_path} accepts "
                                      f"at most {maximum_frame_size - HEADER_SIZE}", socket_path=socket_path)
            try:
                payload = request.payload(version)
            except Unsupported as missing:
                raise UnsupportedByDaemon(f"cgld on {socket_path} speaks protocol version {version}, which has no "
                                          f"{missing.feature}; upgrade cgld", socket_path) from None
            if len(payload) + 5 > maximum_frame_size:
                raise RequestTooLarge("request_too_large",
                                      f"the {request.name} request is a frame of {len(payload) + 5} bytes; cgld on "
                                      f"{socket_path} accepts at most {maximum_frame_size}: send less content, or "
                                      "split the batch", socket_path=socket_path)
            frames.append(protocol.frame(request.kind, first_id + offset, payload))
        self.output = frames[0] if len(frames) == 1 else b"".join(frames)

    @property
    def done(self) -> bool:
        """Whether every request has its final answer."""
        return self.remaining == 0

    def receive(self, frames: List[Frame]) -> bool:
        """Takes frames read from the connection; true once every request is answered.

        A final answer is decoded as it arrives: a :class:`~cglclient.errors.DaemonError`
        for an ``error``, else the value of the response.

        Raises:
            DaemonError: An error with request id 0, which concerns the connection (busy).
            ProtocolViolation: A malformed frame, an answer to no request of this turn, or
                an answer of the wrong kind.
        """
        for frame in frames:
            self.received_any = True
            kind, request_id = frame.kind, frame.request_id
            if request_id == 0 and kind == protocol.ERROR:
                error = self._decode(frame)
                raise error if isinstance(error, DaemonError) else self._violation("an error with id 0 that is no error")
            index = request_id - self.first_id
            if index < 0 or index >= len(self.requests):
                raise self._violation(f"cgld sent a frame (kind 0x{kind:02x}) with request id {request_id}, "
                                      "which no outstanding request has")
            if kind not in protocol.RESPONSE_NAMES:
                continue  # A kind of a later version: discarded (§12).
            request = self.requests[index]
            if kind == protocol.PREWARM_PROGRESS:
                if request.kind != protocol.PREWARM:
                    raise self._violation(f"cgld sent a prewarm progress event for a {request.name} request")
                if self.event is not None and self.answers[index] is _UNANSWERED:
                    self.event(index, self._decode(frame))
                continue
            if kind != request.final and kind != protocol.ERROR:
                raise self._violation(f"cgld answered a {request.name} request with "
                                      f"{protocol.RESPONSE_NAMES[kind]}")
            if self.answers[index] is not _UNANSWERED:
                continue  # A second final answer would be the daemon's bug: ignored.
            self.answers[index] = self._decode(frame)
            self.remaining -= 1
        return self.remaining == 0

    def _decode(self, frame: Frame) -> Any:
        try:
            return protocol.decode_response(frame.kind, frame.payload, self.version, self.socket_path)
        except (Malformed, struct.error, IndexError, KeyError, ValueError) as error:
            raise self._violation(f"cgld sent a malformed {protocol.RESPONSE_NAMES.get(frame.kind, 'frame')} "
                                  f"(request id {frame.request_id}): {error}") from None

    def _violation(self, message: str) -> ProtocolViolation:
        return ProtocolViolation(message, self.socket_path)
