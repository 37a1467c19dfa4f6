"""What the blocking and the asyncio clients share: their settings, how a call's arguments
become requests, and what each answer means."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import protocol
from . import requests as make
from .discovery import default_socket_path
from .errors import CGLClientError, DaemonError, ProtocolViolation
from .lookup import Lookup
from .requests import Request
from .values import Content, Snapshot

#: A lookup's answer in a batch: its snapshot, or the error it alone met.
BatchResult = Union[Snapshot, CGLClientError]

UNKNOWN_REFERENCE = 13


class ClientBase:
    """The settings of a client.

    Args:
        socket_path: The daemon's socket; by default found as ``cglctl`` finds it:
            ``CGLD_SOCKET``, else the first that exists of ``.cgld/cgld.sock``,
            ``$XDG_RUNTIME_DIR/cgld/cgld.sock`` and ``/run/cgld/cgld.sock``.
        connect_timeout: Seconds connecting and the handshake may take (default 2).
        request_timeout: Seconds the daemon may stay silent while a request is outstanding
            (default 30); a prewarm's progress events count as speaking.
        max_idle_connections: Idle connections kept for the next calls (default 4).
            Concurrent calls beyond them open connections of their own, closed after.
        max_batch_items: The most lookups sent in one batch request (default 1 000, the
            daemon's default ``limits.maxBatchItems``); a longer batch goes as several,
            pipelined on one connection.
        protocol_version: The newest protocol version to speak (default 6); a daemon that
            speaks only an older one is spoken to in it.
    """

    def __init__(self, socket_path: Optional[str] = None, *, connect_timeout: float = 2.0,
                 request_timeout: float = 30.0, max_idle_connections: int = 4, max_batch_items: int = 1000,
                 protocol_version: int = protocol.CURRENT_VERSION) -> None:
        if not protocol.OLDEST_VERSION <= protocol_version <= protocol.CURRENT_VERSION:
            raise ValueError(f"protocol_version is {protocol.OLDEST_VERSION} to {protocol.CURRENT_VERSION}")
        self.socket_path = socket_path if socket_path is not None else default_socket_path()
        self.connect_timeout = float(connect_timeout)
        self.request_timeout = float(request_timeout)
        self.max_idle_connections = max(0, int(max_idle_connections))
        self.max_batch_items = max(1, int(max_batch_items))
        self.protocol_version = protocol_version

    def __repr__(self) -> str:
        return f"{type(self).__name__}(socket_path={self.socket_path!r})"

    @staticmethod
    def _lookup(name: str, profile: Optional[str], direction: Optional[str], size: Optional[Sequence[float]],
                scale: Optional[float], size_classes: Optional[Sequence[Optional[str]]],
                safe_area: Optional[Sequence[float]], text_scale: Optional[float], content: Optional[Content]) -> Lookup:
        return Lookup(name, profile, direction=direction, size=size, scale=scale, size_classes=size_classes,
                      safe_area=safe_area, text_scale=text_scale, content=content)

    @staticmethod
    def _prewarm_request(schemes: Sequence[str], profiles: Sequence[str], content: Sequence[Content]) -> Request:
        return make.prewarm(schemes, profiles, content)

    def _batch_requests(self, lookups: Sequence[Lookup], in_full: bool = False) -> List[Request]:
        return make.lookup_batches(lookups, self.max_batch_items, in_full)

    def _batch_results(self, requests: Sequence[Request], answers: Sequence[Any]) -> List[BatchResult]:
        """One result per lookup; each lookup answered with a snapshot goes by reference from
        then on. A request refused whole (over the daemon's limit) fails each of its lookups."""
        results: List[BatchResult] = []
        for request, answer in zip(requests, answers):
            lookups = request.lookups or ()
            if isinstance(answer, DaemonError):
                results.extend(answer for _ in lookups)
                continue
            if not isinstance(answer, list) or len(answer) != len(lookups):
                count = len(answer) if isinstance(answer, list) else "no"
                raise ProtocolViolation(f"cgld answered a batch of {len(lookups)} lookups with {count} answers",
                                        self.socket_path)
            for item, result in zip(lookups, answer):
                if not item._answered and isinstance(result, Snapshot):
                    item.answered()
            results.extend(answer)
        return results

    @staticmethod
    def _unknown_references(results: Sequence[BatchResult]) -> List[int]:
        return [index for index, result in enumerate(results)
                if isinstance(result, DaemonError) and result.daemon_code == UNKNOWN_REFERENCE]

    @staticmethod
    def _single_results(answers: Sequence[Any]) -> List[BatchResult]:
        return list(answers)

    @staticmethod
    def _value(answer: Any) -> Any:
        """A final answer, an error raised."""
        if isinstance(answer, CGLClientError):
            raise answer
        return answer


def unregistered(answer: Tuple[str, bool]) -> bool:
    """Whether a scheme had the name (from ``unregistered``)."""
    return answer[1]


def stats(answer: Dict[str, float]) -> Dict[str, float]:
    """The counters, in the daemon's order."""
    return answer
