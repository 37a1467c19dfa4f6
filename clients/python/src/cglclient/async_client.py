"""The asyncio client: the same calls as :class:`~cglclient.Client`, awaited."""

from __future__ import annotations

import asyncio
import sys
from typing import Any, AsyncIterator, Callable, Dict, Generator, List, Optional, Sequence, cast

from . import protocol
from . import requests as make
from ._base import BatchResult, ClientBase, unregistered
from .client import Document
from .connection import busy_error, decode_server_hello, refusal, retries_on_a_new_connection, unavailable
from .discovery import socket_path_problem
from .errors import (CGLClientError, ConnectionLost, ProtocolViolation, RequestTooLarge, TimedOut,
                     UnsupportedByDaemon)
from .exchange import EventHandler, Exchange
from .framing import (MAXIMUM_FRAME_SIZE, SERVER_HELLO_SIZE, STATUS_BUSY, STATUS_OK, FrameParser,
                      client_hello)
from .lookup import Lookup
from .pool import ConnectionPool
from .protocol import Malformed
from .requests import Request
from .values import Content, Pong, PrewarmProgress, PrewarmSummary, Registration, SchemeInfo, Snapshot

__all__ = ["AsyncClient", "PrewarmCall"]

_READ_SIZE = 256 * 1024
_MAX_ID = 0xFFFFFFFF

if sys.version_info >= (3, 11):
    async def _within(awaitable: Any, seconds: float) -> Any:
        async with asyncio.timeout(seconds):
            return await awaitable
else:  # pragma: no cover - the older asyncio
    async def _within(awaitable: Any, seconds: float) -> Any:
        return await asyncio.wait_for(awaitable, seconds)


class AsyncConnection:
    """One open connection, the handshake done, used by one call at a time."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str, version: int,
                 maximum_frame_size: int, leftover: bytes) -> None:
        self._reader = reader
        self._writer = writer
        self._path = path
        self.version = version
        self.maximum_frame_size = maximum_frame_size
        self._parser = FrameParser(MAXIMUM_FRAME_SIZE)
        self._leftover = leftover
        self._next_id = 1
        self.has_been_used = False

    @classmethod
    async def open(cls, path: str, timeout: float, version: int = protocol.CURRENT_VERSION) -> "AsyncConnection":
        """Connects and performs the handshake within ``timeout`` seconds (see
        :meth:`Connection.open <cglclient.connection.Connection.open>`)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        problem = socket_path_problem(path)
        if problem is not None:
            raise CGLClientError("socket_path_too_long", problem + "; give a shorter path, or connect through a "
                                 "shorter symbolic link to the socket (ln -s)", socket_path=path)
        while True:
            try:
                reader, writer = await _within(asyncio.open_unix_connection(path, limit=MAXIMUM_FRAME_SIZE),
                                               max(0.001, deadline - loop.time()))
            except asyncio.TimeoutError:
                raise unavailable(path, "connecting timed out") from None
            except OSError as error:
                raise unavailable(path, f"connect: {error.strerror or error}") from None
            try:
                result = await cls._handshake(reader, writer, path, version, deadline)
            except BaseException:
                writer.close()
                raise
            if isinstance(result, tuple):
                answer, leftover = result
                return cls(reader, writer, path, version, answer.maximum_frame_size, leftover)
            writer.close()
            version = result

    @staticmethod
    async def _handshake(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str, version: int,
                         deadline: float) -> Any:
        loop = asyncio.get_running_loop()
        write_failure: Optional[BaseException] = None
        writer.write(client_hello(version))
        try:
            await _within(writer.drain(), max(0.001, deadline - loop.time()))
        except asyncio.TimeoutError:
            raise TimedOut(f"{path} did not answer the cgld handshake in time", path) from None
        except OSError as error:
            write_failure = error  # A busy daemon may have answered and closed: read on.
        received = b""
        while len(received) < SERVER_HELLO_SIZE:
            try:
                data = await _within(reader.read(4096), max(0.001, deadline - loop.time()))
            except asyncio.TimeoutError:
                raise TimedOut(f"{path} did not answer the cgld handshake in time", path) from None
            except OSError as error:
                raise ConnectionLost(f"the handshake with cgld on {path} failed ({error})", path) from None
            if not data:
                reason = f" ({write_failure})" if write_failure is not None else ""
                raise ConnectionLost(f"cgld on {path} closed the connection during the handshake{reason}", path)
            received += data
        answer, rest = decode_server_hello(received, path)
        if answer.status == STATUS_OK:
            return answer, rest
        if answer.status == STATUS_BUSY:
            while True:
                refused = busy_error(rest, path)
                if refused is not None:
                    raise refused
                try:
                    data = await _within(reader.read(4096), max(0.001, deadline - loop.time()))
                except (asyncio.TimeoutError, OSError):
                    data = b""
                if not data:
                    raise busy_error(rest, path, final=True)  # type: ignore[misc]
                rest += data
        if protocol.OLDEST_VERSION <= answer.version < version:
            return answer.version
        raise refusal(path, version, answer)

    def close(self) -> None:
        """Closes the connection."""
        try:
            self._writer.close()
        except (OSError, RuntimeError):
            pass

    def request_ids(self, count: int) -> int:
        """The first of ``count`` fresh consecutive ids."""
        first = self._next_id
        if first + count > _MAX_ID:
            first = 1
        self._next_id = first + count
        return first

    async def exchange(self, requests: Sequence[Request], timeout: float,
                       event: Optional[EventHandler] = None) -> Exchange:
        """Sends ``requests`` pipelined and reads until each has its final answer (see
        :meth:`Connection.exchange <cglclient.connection.Connection.exchange>`)."""
        exchange = Exchange(requests, self.version, self.request_ids(len(requests)), self.maximum_frame_size,
                            self._path, event)
        try:
            await self._run(exchange, timeout)
        except CGLClientError as error:
            error.received_any = exchange.received_any  # type: ignore[attr-defined]
            raise
        self.has_been_used = True
        return exchange

    async def _run(self, exchange: Exchange, timeout: float) -> None:
        if self._leftover:
            leftover, self._leftover = self._leftover, b""
            if self._feed(exchange, leftover):
                return
        try:
            self._writer.write(exchange.output)
        except (OSError, RuntimeError) as error:
            raise ConnectionLost(f"the connection to cgld on {self._path} failed ({error})", self._path) from None
        reader = self._reader
        while True:
            try:
                data = await _within(reader.read(_READ_SIZE), timeout)
            except asyncio.TimeoutError:
                raise TimedOut(f"cgld on {self._path} did not answer within {timeout:g} s; the connection was "
                               "dropped", self._path) from None
            except OSError as error:
                raise ConnectionLost(f"the connection to cgld on {self._path} failed ({error})", self._path) from None
            if not data:
                raise ConnectionLost(f"cgld on {self._path} closed the connection with requests outstanding",
                                     self._path)
            if self._feed(exchange, data):
                return

    def _feed(self, exchange: Exchange, data: bytes) -> bool:
        try:
            frames = self._parser.feed(data)
        except Malformed as error:
            raise ProtocolViolation(f"cgld on {self._path} sent a malformed frame: {error}", self._path) from None
        return exchange.receive(frames) if frames else False


class AsyncClient(ClientBase):
    """An asyncio client of ``cgld``::

        from cglclient import AsyncClient

        async with AsyncClient() as client:
            snapshot = await client.lookup("feed-cell", profile="phone-portrait")
            async for progress in client.prewarm(schemes=["feed-cell"]):
                print(progress.done, "of", progress.total)

    The same calls, arguments and errors as :class:`~cglclient.Client`; each call uses a
    connection of its own from a small pool, so concurrent tasks never wait for one
    another. A task cancelled while it waits drops its connection.
    """

    def __init__(self, socket_path: Optional[str] = None, **options: Any) -> None:
        super().__init__(socket_path, **options)
        self._pool: ConnectionPool[AsyncConnection] = ConnectionPool(self.max_idle_connections)

    async def close(self) -> None:
        """Closes the idle connections."""
        self._pool.close()

    async def __aenter__(self) -> "AsyncClient":
        return self

    async def __aexit__(self, *_: Any) -> None:
        await self.close()

    @property
    def idle_connections(self) -> int:
        """Idle connections kept now."""
        return self._pool.idle_count

    async def ping(self) -> Pong:
        """Checks that the daemon answers: its version and how long it has run."""
        return cast(Pong, await self._call(make.ping()))

    async def register(self, document: Document) -> Registration:
        """Registers (or replaces) the scheme a document describes (a path, bytes or a dict)."""
        return cast(Registration, await self._call(make.register(make.document_bytes(document))))

    async def unregister(self, name: str) -> bool:
        """Removes a scheme; whether a scheme had that name."""
        return unregistered(await self._call(make.unregister(name)))

    async def list(self) -> List[SchemeInfo]:
        """Every registered scheme, in ascending order of name."""
        return cast(List[SchemeInfo], await self._call(make.list_schemes()))

    async def stats(self) -> Dict[str, float]:
        """The daemon's counters, in its order."""
        return cast(Dict[str, float], await self._call(make.stats()))

    async def lookup(self, name: str, profile: Optional[str] = None, *, direction: Optional[str] = None,
                     size: Optional[Sequence[float]] = None, scale: Optional[float] = None,
                     size_classes: Optional[Sequence[Optional[str]]] = None,
                     safe_area: Optional[Sequence[float]] = None, text_scale: Optional[float] = None,
                     content: Optional[Content] = None) -> Snapshot:
        """The snapshot of a scheme in an environment (see :meth:`Client.lookup <cglclient.Client.lookup>`)."""
        item = self._lookup(name, profile, direction, size, scale, size_classes, safe_area, text_scale, content)
        return cast(Snapshot, await self._call(make.lookup(item)))

    async def lookup_batch(self, lookups: Sequence[Lookup]) -> List[BatchResult]:
        """Many lookups in one round trip, answered in order, each a snapshot or its error
        (see :meth:`Client.lookup_batch <cglclient.Client.lookup_batch>`)."""
        lookups = list(lookups)
        if not lookups:
            return []
        batch = self._batch_requests(lookups)
        try:
            results = self._batch_results(batch, await self._send(batch))
        except UnsupportedByDaemon:
            if not all(item.minimum_version == 1 for item in lookups):
                raise
            return self._single_results(await self._send([make.lookup(item) for item in lookups]))
        unknown = self._unknown_references(results)
        if unknown:
            for index in unknown:
                lookups[index].reference_unknown()
            resent = self._batch_requests([lookups[index] for index in unknown], in_full=True)
            for index, result in zip(unknown, self._batch_results(resent, await self._send(resent))):
                results[index] = result
        return results

    def prewarm(self, schemes: Sequence[str] = (), profiles: Sequence[str] = (), content: Sequence[Content] = (),
                progress: Optional[Callable[[PrewarmProgress], None]] = None) -> "PrewarmCall":
        """Computes and stores snapshots ahead of lookups.

        Await it for the :class:`~cglclient.PrewarmSummary` (``progress`` called with each
        event), or iterate it for the events, the summary then in its ``summary``::

            summary = await client.prewarm(schemes=["feed-cell"])
            run = client.prewarm()
            async for event in run:
                print(event.done, event.total, event.scheme)
            print(run.summary)
        """
        return PrewarmCall(self, self._prewarm_request(schemes, profiles, content), progress)

    async def _call(self, request: Request, event: Optional[EventHandler] = None) -> Any:
        return self._value((await self._send([request], event))[0])

    async def _send(self, requests: Sequence[Request], event: Optional[EventHandler] = None) -> List[Any]:
        retried = False
        while True:
            connection = self._pool.take()
            if connection is None:
                connection = await AsyncConnection.open(self.socket_path, self.connect_timeout, self.protocol_version)
            try:
                exchange = await connection.exchange(requests, self.request_timeout, event)
            except (UnsupportedByDaemon, RequestTooLarge):
                self._pool.give_back(connection)
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


class PrewarmCall:
    """A prewarm of :class:`AsyncClient`: awaitable (its summary) and an async iterator of its
    progress events (the summary then in :attr:`summary`). Runs once, when first awaited or
    iterated."""

    def __init__(self, client: AsyncClient, request: Request,
                 progress: Optional[Callable[[PrewarmProgress], None]]) -> None:
        self._client = client
        self._request = request
        self._progress = progress
        self._started = False
        #: The prewarm's summary, once it finished.
        self.summary: Optional[PrewarmSummary] = None

    def _start(self) -> None:
        if self._started:
            raise RuntimeError("a prewarm runs once: await it or iterate it, not both")
        self._started = True

    async def _run(self) -> PrewarmSummary:
        self._start()
        event: Optional[EventHandler] = None
        if self._progress is not None:
            callback = self._progress
            event = lambda _, value: callback(value)  # noqa: E731
        summary = cast(PrewarmSummary, await self._client._call(self._request, event))
        self.summary = summary
        return summary

    def __await__(self) -> Generator[Any, None, PrewarmSummary]:
        return self._run().__await__()

    def __aiter__(self) -> AsyncIterator[PrewarmProgress]:
        return self._events()

    async def _events(self) -> AsyncIterator[PrewarmProgress]:
        self._start()
        queue: "asyncio.Queue[PrewarmProgress]" = asyncio.Queue()
        progress = self._progress

        def event(_: int, value: PrewarmProgress) -> None:
            queue.put_nowait(value)
            if progress is not None:
                progress(value)

        task = asyncio.ensure_future(self._client._call(self._request, event))
        try:
            while True:
                if not queue.empty():
                    yield queue.get_nowait()
                    continue
                if task.done():
                    self.summary = task.result()
                    return
                getter = asyncio.ensure_future(queue.get())
                await asyncio.wait({getter, task}, return_when=asyncio.FIRST_COMPLETED)
                if getter.done():
                    yield getter.result()
                else:
                    getter.cancel()
        finally:
            if not task.done():
                task.cancel()
