"""A small pool of idle connections, shared by the threads that use one client."""

from __future__ import annotations

import threading
from typing import Generic, List, Optional, Protocol, TypeVar

__all__ = ["ConnectionPool"]


class _Closable(Protocol):
    def close(self) -> None: ...


C = TypeVar("C", bound=_Closable)


class ConnectionPool(Generic[C]):
    """Idle connections kept for the next calls, at most ``maximum_idle``.

    A call takes an idle connection (or opens one) and gives it back when its exchange
    completed; concurrent calls beyond the idle ones open connections of their own, closed
    when they end. A connection whose exchange failed is closed, never given back.
    """

    def __init__(self, maximum_idle: int = 4) -> None:
        self.maximum_idle = max(0, maximum_idle)
        self._idle: List[C] = []
        self._lock = threading.Lock()

    def take(self) -> Optional[C]:
        """The most recently used idle connection, or ``None``."""
        with self._lock:
            return self._idle.pop() if self._idle else None

    def give_back(self, connection: C) -> None:
        """Keeps ``connection`` for the next call, or closes it when enough are kept."""
        with self._lock:
            if len(self._idle) < self.maximum_idle:
                self._idle.append(connection)
                return
        connection.close()

    def close(self) -> None:
        """Closes every idle connection."""
        with self._lock:
            idle, self._idle = self._idle, []
        for connection in idle:
            connection.close()

    @property
    def idle_count(self) -> int:
        """Idle connections kept now."""
        with self._lock:
            return len(self._idle)
