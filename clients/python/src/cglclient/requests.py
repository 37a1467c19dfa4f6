"""The requests a call sends: each knows its kind, its payload in a protocol version, and
which answers end it. Batches are cut here into frames the daemon accepts."""

from __future__ import annotations

import json
import os
from typing import Any, Callable, List, Mapping, Optional, Sequence, Union

from . import protocol
from .lookup import Lookup
from .protocol import Unsupported

__all__ = ["Request", "ping", "register", "unregister", "list_schemes", "lookup", "lookup_batches", "prewarm", "stats"]

#: The bytes of lookups one batch frame carries at most: half what a daemon accepts by
#: default, so that a page of long texts goes as several frames rather than one refused.
BATCH_FRAME_BUDGET = 4 * 1024 * 1024


class Request:
    """One request of a call.

    Attributes:
        kind: The request's kind byte.
        final: The response kind that ends it (an ``error`` ends any request).
        build: Its payload in a protocol version (raises :class:`~cglclient.protocol.Unsupported`
            when the version lacks what it needs).
        lookups: For a batch, the lookups it carries (their reference state is updated from
            the answers).
        document_size: For ``register``, the document's size (checked before sending).
    """

    __slots__ = ("kind", "final", "build", "lookups", "document_size")

    def __init__(self, kind: int, final: int, build: Callable[[int], bytes],
                 lookups: Optional[Sequence[Lookup]] = None, document_size: Optional[int] = None) -> None:
        self.kind = kind
        self.final = final
        self.build = build
        self.lookups = lookups
        self.document_size = document_size

    @property
    def name(self) -> str:
        """The request's name in ``docs/protocol.md``."""
        return protocol.REQUEST_NAMES.get(self.kind, f"0x{self.kind:02x}")

    def payload(self, version: int) -> bytes:
        """The payload in ``version``."""
        oldest = protocol.REQUEST_VERSIONS.get(self.kind, 1)
        if version < oldest:
            raise Unsupported(self.name)
        return self.build(version)


def _empty(version: int) -> bytes:
    return b""


def ping() -> Request:
    """``ping``, answered by ``pong``."""
    return Request(protocol.PING, protocol.PONG, _empty)


def document_bytes(document: Union[str, "os.PathLike[str]", bytes, bytearray, Mapping[str, Any]]) -> bytes:
    """A document's bytes: a file's (given its path), the bytes given, or a dict as JSON."""
    if isinstance(document, (bytes, bytearray, memoryview)):
        return bytes(document)
    if isinstance(document, Mapping):
        return json.dumps(document, ensure_ascii=False).encode("utf-8")
    if isinstance(document, (str, os.PathLike)):
        with open(document, "rb") as file:
            return file.read()
    raise TypeError(f"a document is a path, bytes or a dict, not {type(document).__name__}")


def register(data: bytes) -> Request:
    """``register`` of a document's bytes, answered by ``registered``."""
    payload = protocol.raw_string(data)
    return Request(protocol.REGISTER, protocol.REGISTERED, lambda version: payload, document_size=len(data))


def unregister(name: str) -> Request:
    """``unregister``, answered by ``unregistered``."""
    payload = protocol.string(name, "a scheme name")
    return Request(protocol.UNREGISTER, protocol.UNREGISTERED, lambda version: payload)


def list_schemes() -> Request:
    """``list``, answered by ``schemes``."""
    return Request(protocol.LIST, protocol.SCHEMES, _empty)


def stats() -> Request:
    """``stats``, answered by ``stats``."""
    return Request(protocol.STATS, protocol.STATS_ANSWER, _empty)


def lookup(item: Lookup) -> Request:
    """``lookup`` of one lookup, answered by ``snapshot``."""
    return Request(protocol.LOOKUP, protocol.SNAPSHOT, item.fields_for)


def prewarm(schemes: Sequence[str], profiles: Sequence[str], content: Sequence[Mapping[str, Any]]) -> Request:
    """``prewarm``, answered by ``prewarmProgress`` events and ``prewarmFinished``."""
    items = [protocol.encode_content(item) for item in content]
    names = list(schemes)
    profile_names = list(profiles)

    def build(version: int) -> bytes:
        if items and version < protocol.CONTENT_VERSION:
            raise Unsupported("content in prewarm")
        if any(uses_runs for _, uses_runs in items) and version < protocol.RUNS_VERSION:
            raise Unsupported("texts in runs")
        return protocol.prewarm_payload(names, profile_names, [data for data, _ in items], version)

    return Request(protocol.PREWARM, protocol.PREWARM_FINISHED, build)


def lookup_batches(lookups: Sequence[Lookup], maximum_items: int, in_full: bool = False) -> List[Request]:
    """The requests of a batch: ``lookupBatchWithReferences`` (``lookupBatch`` before protocol
    version 4) of at most ``maximum_items`` lookups and :data:`BATCH_FRAME_BUDGET` bytes each.
    Each lookup goes by reference once a daemon answered it, unless ``in_full``."""
    most = max(1, maximum_items)
    if len(lookups) <= most and sum([len(item.fields) for item in lookups]) + len(lookups) <= BATCH_FRAME_BUDGET:
        return [_batch(lookups, in_full)]  # A page: one request.
    requests: List[Request] = []
    start = 0
    size = 0
    for index, item in enumerate(lookups):
        item_size = len(item.fields) + 1
        if index > start and (index - start == most or size + item_size > BATCH_FRAME_BUDGET):
            requests.append(_batch(lookups[start:index], in_full))
            start, size = index, 0
        size += item_size
    if start < len(lookups) or not lookups:
        requests.append(_batch(lookups[start:], in_full))
    return requests


def _batch(lookups: Sequence[Lookup], in_full: bool) -> Request:
    count = protocol._U32.pack(len(lookups))

    def build(version: int) -> bytes:
        if version >= protocol.REFERENCES_VERSION:
            if version < protocol.RUNS_VERSION:
                for item in lookups:
                    item.fields_for(version)  # Raises for runs, which this version cannot carry.
            if in_full:
                return count + b"".join([b"\x00" + item.fields for item in lookups])
            return count + b"".join([item.batch_entry() for item in lookups])
        return count + b"".join(item.fields_for(version) for item in lookups)

    def kind_for(version: int) -> int:
        return protocol.LOOKUP_BATCH_WITH_REFERENCES if version >= protocol.REFERENCES_VERSION else protocol.LOOKUP_BATCH

    return BatchRequest(kind_for, build, lookups)


class BatchRequest(Request):
    """A batch, whose kind depends on the connection's version (by reference from 4)."""

    __slots__ = ("kind_for",)

    def __init__(self, kind_for: Callable[[int], int], build: Callable[[int], bytes], lookups: Sequence[Lookup]) -> None:
        super().__init__(protocol.LOOKUP_BATCH, protocol.SNAPSHOTS, build, lookups=lookups)
        self.kind_for = kind_for

    def payload(self, version: int) -> bytes:
        if version < protocol.CONTENT_VERSION:
            raise Unsupported("lookupBatch")
        self.kind = self.kind_for(version)
        return self.build(version)
