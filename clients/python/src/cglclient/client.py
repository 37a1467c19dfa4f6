"""The blocking client."""

from __future__ import annotations

import os
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Union, cast

from . import requests as make
from ._base import BatchResult, ClientBase, unregistered
from .connection import Connection, retries_on_a_new_connection
from .errors import CGLClientError, RequestTooLarge, UnsupportedByDaemon
from .exchange import EventHandler
from .lookup import Lookup
from .pool import ConnectionPool
from .requests import Request
from .values import Content, Pong, PrewarmProgress, PrewarmSummary, Registration, SchemeInfo, Snapshot

__all__ = ["Client"]

Document = Union[str, "os.PathLike[str]", bytes, bytearray, Mapping[str, Any]]


class Client(ClientBase):
    """A blocking client of ``cgld``, safe to share between threads::

        from cglclient import Client

        client = Client()   # CGLD_SOCKET, else .cgld/cgld.sock, $XDG_RUNTIME_DIR/cgld/cgld.sock, /run/cgld/cgld.sock
        snapshot = client.lookup("feed-cell", profile="phone-portrait", content={"body": "Hello"})
        print(snapshot.frames["body"], snapshot.source)

    Each call takes a connection from a small pool (opened on first use, reused after), so
    concurrent calls never wait for one another. Failures raise
    :class:`~cglclient.CGLClientError`: :class:`~cglclient.DaemonUnavailable` when no daemon
    listens, a :class:`~cglclient.DaemonError` (``.code`` ``not_found``, ``invalid_content``…)
    when the daemon answers an error. See :class:`ClientBase <cglclient._base.ClientBase>`
    for the arguments.
    """

    def __init__(self, socket_path: Optional[str] = None, **options: Any) -> None:
        super().__init__(socket_path, **options)
        self._pool: ConnectionPool[Connection] = ConnectionPool(self.max_idle_connections)

    def close(self) -> None:
        """Closes the idle connections; the next call opens a new one."""
        self._pool.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()

    @property
    def idle_connections(self) -> int:
        """Idle connections kept now."""
        return self._pool.idle_count

    # -- calls ---------------------------------------------------------------------------

    def ping(self) -> Pong:
        """Checks that the daemon answers: its version and how long it has run."""
        return cast(Pong, self._call(make.ping()))

    def register(self, document: Document) -> Registration:
        """Registers (or replaces) the scheme a document describes.

        Args:
            document: A path to the document's file, its bytes, or a dict (sent as JSON).

        Raises:
            InvalidDocument: With every issue in ``.issues``.
            RequestTooLarge: ``document_too_large``, before sending a document the daemon
                would refuse.
        """
        return cast(Registration, self._call(make.register(make.document_bytes(document))))

    def unregister(self, name: str) -> bool:
        """Removes a scheme and its snapshots; whether a scheme had that name."""
        return unregistered(self._call(make.unregister(name)))

    def list(self) -> List[SchemeInfo]:
        """Every registered scheme, in ascending order of name."""
        return cast(List[SchemeInfo], self._call(make.list_schemes()))

    def stats(self) -> Dict[str, float]:
        """The daemon's counters (``docs/protocol.md``, "stats"), in its order."""
        return cast(Dict[str, float], self._call(make.stats()))

    def lookup(self, name: str, profile: Optional[str] = None, *, direction: Optional[str] = None,
               size: Optional[Sequence[float]] = None, scale: Optional[float] = None,
               size_classes: Optional[Sequence[Optional[str]]] = None, safe_area: Optional[Sequence[float]] = None,
               text_scale: Optional[float] = None, content: Optional[Content] = None) -> Snapshot:
        """The snapshot of a scheme in an environment, laid out for the content given.

        The environment is a profile (``profile=``, ``direction=``) or explicit values
        (``size=(w, h)``, ``scale=``, ``direction=``, ``size_classes=``, ``safe_area=``);
        see :class:`~cglclient.Lookup` for every argument.

        Raises:
            NotFound, InvalidEnvironment, InvalidContent: What the daemon answered.
            DaemonUnavailable: No daemon listens.
        """
        item = self._lookup(name, profile, direction, size, scale, size_classes, safe_area, text_scale, content)
        return cast(Snapshot, self._call(make.lookup(item)))

    def lookup_batch(self, lookups: Sequence[Lookup]) -> List[BatchResult]:
        """Many lookups in one round trip, answered in their order: each its
        :class:`~cglclient.Snapshot`, or the :class:`~cglclient.CGLClientError` that lookup
        alone met (returned, not raised).

        Keep the ``Lookup`` objects of a page asked for again: from the second time, each
        goes by its reference (33 bytes), as ``CGLClient`` does; one the daemon no longer
        knows is sent again in full, transparently.

        Raises:
            CGLClientError: The daemon cannot be reached, or the connection failed.
        """
        lookups = list(lookups)
        if not lookups:
            return []
        batch = self._batch_requests(lookups)
        try:
            results = self._batch_results(batch, self._send(batch))
        except UnsupportedByDaemon:
            if not all(item.minimum_version == 1 for item in lookups):
                raise
            return self._single_results(self._send([make.lookup(item) for item in lookups]))
        unknown = self._unknown_references(results)
        if unknown:
            for index in unknown:
                lookups[index].reference_unknown()
            resent = self._batch_requests([lookups[index] for index in unknown], in_full=True)
            for index, result in zip(unknown, self._batch_results(resent, self._send(resent))):
                results[index] = result
        return results

    def prewarm(self, schemes: Sequence[str] = (), profiles: Sequence[str] = (), content: Sequence[Content] = (),
                progress: Optional[Callable[[PrewarmProgress], None]] = None) -> PrewarmSummary:
        """Computes and stores snapshots ahead of lookups; an identical prewarm running joins.

        Args:
            schemes: The schemes; empty for every registered one.
            profiles: The profiles; empty for every profile the daemon has.
            content: Content items (a page about to be drawn), each prewarmed for every
                scheme and profile; empty for the documents' own content.
            progress: Called with each :class:`~cglclient.PrewarmProgress` event.

        Raises:
            NotFound, InvalidEnvironment, InvalidContent: Naming the first unknown name or
                unfit item (nothing was done).
        """
        event: Optional[EventHandler] = None
        if progress is not None:
            callback = progress
            event = lambda _, value: callback(value)  # noqa: E731
        return cast(PrewarmSummary, self._call(self._prewarm_request(schemes, profiles, content), event))

    # -- transport ------------------------------------------------------------------------

    def _call(self, request: Request, event: Optional[EventHandler] = None) -> Any:
        return self._value(self._send([request], event)[0])

    def _send(self, requests: Sequence[Request], event: Optional[EventHandler] = None) -> List[Any]:
        """Sends ``requests`` pipelined on one connection; their final answers, in order (a
        daemon's error as a value). A reused connection found closed before any answer came
        (a daemon restarted meanwhile) is replaced once, transparently."""
        retried = False
        while True:
            connection = self._pool.take()
            if connection is None:
                connection = Connection.open(self.socket_path, self.connect_timeout, self.protocol_version)
            try:
                exchange = connection.exchange(requests, self.request_timeout, event)
            except (UnsupportedByDaemon, RequestTooLarge):
                self._pool.give_back(connection)  # Nothing was sent.
                raise
            except CGLClientError as error:
                connection.close()
                if retries_on_a_new_connection(error, connection, retried):
                    retried = True
                    continue
                raise
            except BaseException:
                connection.close()
                raise
            self._pool.give_back(connection)
            return exchange.answers
