"""Decoding ``snapshot`` and ``snapshots`` payloads (``docs/protocol.md`` §7).

A snapshot is first decoded field by field, which says exactly what is wrong with a malformed
one. What it shares with the next snapshots of its scheme in its environment — the bytes from
the scheme's name to the profile's, and the element ids — is kept as a *shape*. A page of a
feed is many snapshots of one shape, so:

- a snapshot of a known shape is checked with a few comparisons and one ``unpack_from``;
- a whole page of one shape (the usual answer to ``lookup_batch``) is checked with one
  ``unpack_from`` of the page and one comparison per field *across* its answers, so that the
  work done in Python does not grow with the page's length.

Either fast path declines anything it does not recognise, and the field-by-field decoder then
reads it (and raises :class:`~cglclient.protocol.Malformed` when it must). Frames are decoded
when first read (:attr:`~cglclient.values.Snapshot.frames`): a snapshot keeps the payload and
where its elements start until then.
"""

from __future__ import annotations

import struct
from typing import Dict, List, Optional, Sequence, Tuple, Union

from .errors import DaemonError
from .protocol import _F64x2, _F64x4, _U8x3, _U32, ERROR, SNAPSHOT, Malformed, Reader, decode_error
from .values import DIRECTIONS, SIZE_CLASSES, SOURCES, EdgeInsets, Environment, Frame, Size, Snapshot

# The protocol's fields these decoders read together (the single ones are protocol.py's).
_U8U32 = struct.Struct(">BI")
_F64x8 = struct.Struct(">dddddddd")
_F64x2U32 = struct.Struct(">ddI")
_F64U32 = struct.Struct(">dI")
_U32F64x2 = struct.Struct(">Idd")

#: The version whose snapshots end with scroll sizes, the last field the fast paths know.
_SCROLL_SIZES_VERSION = 5
#: The bytes of a snapshot's size and element count, before its elements.
_SIZE_AND_COUNT = 20
#: An answer's kind and length in a ``snapshots`` payload.
_ANSWER_HEADER = 5

BatchAnswer = Union[Snapshot, DaemonError]


class _PageLayout:
    """A ``snapshots`` payload of ``count`` answers, each a snapshot of one shape with a content
    digest of ``digest_length`` bytes and no scroll sizes: one struct for all of it, and the
    values each field must have in every answer."""

    __slots__ = ("page", "fields", "answer_size", "expected")

    def __init__(self, shape: "_Shape", count: int, digest_length: int) -> None:
        blobs = "".join(f"{len(blob)}s64x" for blob in shape.id_blobs)
        # The kind, the length, the source, the header, the size, the count, the ids (frames
        # skipped), the text scale, the digest, the scroll-size count.
        answer = f"BIB{len(shape.header)}sddI{blobs}dI{digest_length}sI"
        self.page = struct.Struct(">I" + answer * count)
        self.fields = 11 + shape.count
        self.answer_size = (self.page.size - 4) // count
        ids = shape.count
        # Each field that must be the same in every answer, by its index within an answer.
        expected: List[Tuple[int, Tuple[object, ...]]] = [
            (0, (SNAPSHOT,) * count),
            (1, (self.answer_size - _ANSWER_HEADER,) * count),
            (3, (shape.header,) * count),
            (6, (ids,) * count),
            (8 + ids, (digest_length,) * count),
            (10 + ids, (0,) * count),
        ]
        expected.extend((7 + index, (blob,) * count) for index, blob in enumerate(shape.id_blobs))
        self.expected = tuple(expected)


class _Shape:
    """What the snapshots of one scheme in one environment share: the bytes from the scheme's
    name to the profile's, and the element ids."""

    __slots__ = ("header", "scheme", "hash", "engine", "environment", "count", "ids", "id_blobs", "id_check",
                 "frames", "pages")

    def __init__(self, header: bytes, scheme: str, hash: str, engine: str, environment: Environment,
                 ids: List[str]) -> None:
        self.header = header
        self.scheme = scheme
        self.hash = hash
        self.engine = engine
        self.environment = environment
        self.count = len(ids)
        self.ids = tuple(ids)
        blobs = [id.encode("utf-8") for id in ids]
        self.id_blobs = tuple(_U32.pack(len(blob)) + blob for blob in blobs)
        #: The elements' ids alone (their frames skipped), to check them in one call.
        self.id_check = struct.Struct(">" + "".join(f"{4 + len(blob)}s64x" for blob in blobs))
        #: The elements' frames alone (their ids skipped), decoded when first read.
        self.frames = struct.Struct(">" + "".join(f"{4 + len(blob)}x8d" for blob in blobs))
        self.pages: Dict[Tuple[int, int], _PageLayout] = {}

    def page(self, count: int, digest_length: int) -> _PageLayout:
        """The layout of a page of ``count`` snapshots of this shape."""
        layout = self.pages.get((count, digest_length))
        if layout is None:
            if len(self.pages) >= _PAGE_LAYOUTS_KEPT:
                self.pages.clear()
            layout = self.pages[(count, digest_length)] = _PageLayout(self, count, digest_length)
        return layout


#: The shapes seen last, the most recent first (a few: a page is usually one).
_shapes: List[_Shape] = []
_SHAPES_KEPT = 16
#: The page lengths kept per shape (a client asks for pages of a few lengths).
_PAGE_LAYOUTS_KEPT = 8


def _shape_at(data: bytes, start: int) -> Optional[_Shape]:
    """The known shape of the snapshot at ``start`` (its source byte), if any."""
    for shape in _shapes:
        if data.startswith(shape.header, start + 1):
            return shape
    return None


def decode_snapshot(data: bytes, start: int, end: int, version: int) -> Snapshot:
    """A ``snapshot`` payload (§7) in ``data[start:end]``."""
    shape = _shape_at(data, start)
    if shape is not None:
        snapshot = _decode_of_shape(shape, data, start, end, version)
        if snapshot is not None:
            return snapshot
    return _decode_snapshot(data, start, end, version)


def _decode_of_shape(shape: _Shape, data: bytes, start: int, end: int, version: int) -> Optional[Snapshot]:
    """The snapshot, checked against ``shape`` whose header it starts with; ``None`` when it
    is not of the shape, or of a version before 5."""
    source = data[start]
    position = start + 1 + len(shape.header)
    ids_size = shape.id_check.size
    # The size, the element count, the elements, the text scale and the digest's length.
    if version < _SCROLL_SIZES_VERSION or source > 2 or end - position < 32 + ids_size:
        return None
    width, height, count = _F64x2U32.unpack_from(data, position)
    if count != shape.count or shape.id_check.unpack_from(data, position + _SIZE_AND_COUNT) != shape.id_blobs:
        return None
    elements = position + _SIZE_AND_COUNT
    position = elements + ids_size
    text_scale, digest_length = _F64U32.unpack_from(data, position)
    position += 12
    if end - position < digest_length + 4:
        return None
    try:
        digest = str(data[position:position + digest_length], "utf-8") if digest_length else None
    except UnicodeDecodeError:
        return None
    position += digest_length
    environment = shape.environment
    if text_scale != environment.text_scale:
        environment = environment._replace(text_scale=text_scale)
    if data[position:position + 4] == b"\x00\x00\x00\x00":
        if position + 4 != end:
            return None
        scroll_sizes: Dict[str, Size] = {}
    else:
        reader = Reader(data, position, end)
        scroll_sizes = _scroll_sizes(reader, data, shape.ids, version)
        reader.finish("a snapshot")
    return Snapshot(SOURCES[source], shape.scheme, shape.hash, shape.engine, environment, Size(width, height), None,
                    None, scroll_sizes, digest, shape.ids, (shape.frames, data, elements))


def _scroll_sizes(reader: Reader, data: bytes, ids: Sequence[str], version: int) -> Dict[str, Size]:
    scroll_sizes: Dict[str, Size] = {}
    if version >= _SCROLL_SIZES_VERSION:
        count = len(ids)
        previous = -1
        for _ in range(reader.count("the scroll size count", 20)):
            index, scroll_width, scroll_height = _U32F64x2.unpack_from(data, reader.need(20, "a scroll size"))
            if index <= previous or index >= count:
                raise Malformed(f"a scroll size names element {index}, after {previous}, of {count}")
            previous = index
            scroll_sizes[ids[index]] = Size(scroll_width, scroll_height)
    return scroll_sizes


def _decode_snapshot(data: bytes, start: int, end: int, version: int) -> Snapshot:
    """A snapshot decoded field by field; its shape kept for the next ones."""
    reader = Reader(data, start, end)
    source = reader.u8("the source")
    if source > 2:
        raise Malformed(f"the snapshot's source is {source}; expected 0, 1 or 2")
    scheme = reader.string("the scheme")
    hash = reader.string("the hash")
    engine = reader.string("the engine")
    width, height = _F64x2.unpack_from(data, reader.need(16, "the environment's size"))
    scale = reader.optional_f64("the scale")
    direction, horizontal, vertical = _U8x3.unpack_from(data, reader.need(3, "the direction and size classes"))
    if direction not in DIRECTIONS or horizontal not in SIZE_CLASSES or vertical not in SIZE_CLASSES:
        raise Malformed(f"the environment's direction or size classes are {direction}, {horizontal}, {vertical}")
    safe_area = EdgeInsets(*_F64x4.unpack_from(data, reader.need(32, "the safe area")))
    profile = reader.string("the profile")
    header_end = reader.offset
    size = Size(*_F64x2.unpack_from(data, reader.need(16, "the size")))
    count = reader.count("the element count", 4 + 64)
    frames: Dict[str, Frame] = {}
    in_root: Dict[str, Frame] = {}
    ids: List[str] = []
    unpack_frames = _F64x8.unpack_from
    for _ in range(count):
        id = reader.string("an element's id")
        values = unpack_frames(data, reader.need(64, "an element's frames"))
        frames[id] = Frame(values[0], values[1], values[2], values[3])
        in_root[id] = Frame(values[4], values[5], values[6], values[7])
        ids.append(id)
    if len(frames) != count:
        raise Malformed("an element id appears twice in the snapshot")
    text_scale = 1.0
    digest: Optional[str] = None
    if version >= 2:
        text_scale = reader.f64("the text scale")
        digest = reader.string("the content digest") or None
    scroll_sizes = _scroll_sizes(reader, data, ids, version)
    reader.finish("a snapshot")
    environment = Environment(width, height, scale, DIRECTIONS[direction], SIZE_CLASSES[horizontal],
                              SIZE_CLASSES[vertical], safe_area, profile or None, text_scale)
    shape = _Shape(bytes(data[start + 1:header_end]), scheme, hash, engine, environment, ids)
    _shapes.insert(0, shape)
    del _shapes[_SHAPES_KEPT:]
    return Snapshot(SOURCES[source], scheme, hash, engine, environment, size, frames, in_root, scroll_sizes, digest)


def decode_snapshots(data: bytes, start: int, end: int, version: int,
                     socket_path: Optional[str] = None) -> List[BatchAnswer]:
    """A ``snapshots`` payload (§7): each answer a snapshot or the lookup's error."""
    if version >= _SCROLL_SIZES_VERSION:
        page = _page_of_one_shape(data, start, end)
        if page is not None:
            return page  # type: ignore[return-value]
    reader = Reader(data, start, end)
    answers: List[BatchAnswer] = []
    count = reader.count("the answer count", 5)
    position = reader.offset
    for _ in range(count):
        if end - position < _ANSWER_HEADER:
            raise Malformed(f"an answer's kind and length need 5 bytes at payload offset {position}")
        kind, length = _U8U32.unpack_from(data, position)
        begin = position + _ANSWER_HEADER
        position = begin + length
        if position > end:
            raise Malformed(f"an answer of {length} bytes at payload offset {begin} passes the payload's end")
        if kind == SNAPSHOT:
            answers.append(decode_snapshot(data, begin, position, version))
        elif kind == ERROR:
            answers.append(decode_error(Reader(data, begin, position), socket_path))
        else:
            raise Malformed(f"an answer of a batch is of kind 0x{kind:02x}; expected 0x85 or 0xff")
    reader.offset = position
    reader.finish("the snapshots")
    return answers


def _page_of_one_shape(data: bytes, start: int, end: int) -> Optional[List[Snapshot]]:
    """The answers, when every one is a snapshot of the known shape of the first, with content
    digests of one length and no scroll sizes; else ``None``."""
    first = start + 4
    if end - first < _ANSWER_HEADER + 1 or data[first] != SNAPSHOT:
        return None
    shape = _shape_at(data, first + _ANSWER_HEADER)
    if shape is None:
        return None
    digest_at = first + _ANSWER_HEADER + 1 + len(shape.header) + _SIZE_AND_COUNT + shape.id_check.size + 8
    if end - digest_at < 4:
        return None
    count = _U32.unpack_from(data, start)[0]
    digest_length = _U32.unpack_from(data, digest_at)[0]
    if count == 0 or digest_length > end - start or count * (_ANSWER_HEADER + 1 + len(shape.header)) > end - start:
        return None  # Not a page of this shape (and no struct is made for lengths it cannot have).
    layout = shape.page(count, digest_length)
    if layout.page.size != end - start:
        return None
    values = layout.page.unpack_from(data, start)
    fields = layout.fields
    for index, expected in layout.expected:
        if values[1 + index::fields] != expected:
            return None
    sources = values[3::fields]
    if max(sources) > 2:
        return None
    environment = shape.environment
    text_scales = values[8 + shape.count::fields]
    try:
        digests = [str(digest, "utf-8") or None for digest in values[10 + shape.count::fields]]
    except UnicodeDecodeError:
        return None
    scheme, hash, engine, ids, frames = shape.scheme, shape.hash, shape.engine, shape.ids, shape.frames
    base_scale = environment.text_scale
    elements = first + _ANSWER_HEADER + 1 + len(shape.header) + _SIZE_AND_COUNT
    new_tuple = tuple.__new__  # Size(width, height) without the Python frame of a named tuple's __new__.
    return [Snapshot(SOURCES[source], scheme, hash, engine,
                     environment if scale == base_scale else environment._replace(text_scale=scale),
                     new_tuple(Size, size), None, None, {}, digest, ids, (frames, data, at))
            for source, size, scale, digest, at in zip(
                sources, zip(values[5::fields], values[6::fields]), text_scales, digests,
                range(elements, end, layout.answer_size))]
