"""The messages of the cgld wire protocol (``docs/protocol.md``, versions 1 to 6): requests
encoded to bytes, responses decoded from them. No I/O here (see :mod:`.framing` for frames
and the handshake, :mod:`.connection` for sockets).

Decoding is strict, as §14 asks: every length is checked against the payload, an enumerated
byte outside its values is refused, and bytes left over make the payload malformed. A
malformed payload raises :class:`Malformed`, which the connection reports as a
:class:`~cglclient.errors.ProtocolViolation` and drops the connection.
"""

from __future__ import annotations

import struct
from typing import Any, List, Mapping, Optional, Sequence, Tuple, Union

from .errors import DaemonError, Issue
from .values import PrewarmProgress, PrewarmSummary, Pong, Registration, Run, SchemeInfo

CURRENT_VERSION = 6
OLDEST_VERSION = 1

# Request kinds (§4).
PING = 0x01
REGISTER = 0x02
UNREGISTER = 0x03
LIST = 0x04
LOOKUP = 0x05
PREWARM = 0x06
STATS = 0x07
LOOKUP_BATCH = 0x08
LOOKUP_BATCH_WITH_REFERENCES = 0x09

# Response kinds.
PONG = 0x81
REGISTERED = 0x82
UNREGISTERED = 0x83
SCHEMES = 0x84
SNAPSHOT = 0x85
PREWARM_PROGRESS = 0x86
PREWARM_FINISHED = 0x87
STATS_ANSWER = 0x88
SNAPSHOTS = 0x89
ERROR = 0xFF

REQUEST_NAMES = {PING: "ping", REGISTER: "register", UNREGISTER: "unregister", LIST: "list", LOOKUP: "lookup",
                 PREWARM: "prewarm", STATS: "stats", LOOKUP_BATCH: "lookupBatch",
                 LOOKUP_BATCH_WITH_REFERENCES: "lookupBatchWithReferences"}
RESPONSE_NAMES = {PONG: "pong", REGISTERED: "registered", UNREGISTERED: "unregistered", SCHEMES: "schemes",
                  SNAPSHOT: "snapshot", PREWARM_PROGRESS: "prewarmProgress", PREWARM_FINISHED: "prewarmFinished",
                  STATS_ANSWER: "stats", SNAPSHOTS: "snapshots", ERROR: "error"}

#: The oldest protocol version that has each request kind.
REQUEST_VERSIONS = {LOOKUP_BATCH: 2, LOOKUP_BATCH_WITH_REFERENCES: 4}
#: The version from which content may carry texts in runs (content kind 4).
RUNS_VERSION = 6
#: The version from which a lookup carries a text scale and content, and batches exist.
CONTENT_VERSION = 2
#: The version from which lookups may go by reference.
REFERENCES_VERSION = 4
#: The size of a lookup's reference: its SHA-256.
REFERENCE_SIZE = 32

_U32 = struct.Struct(">I")
_U16 = struct.Struct(">H")
_F64 = struct.Struct(">d")
_F64x2 = struct.Struct(">dd")
_F64x4 = struct.Struct(">dddd")
_U8x3 = struct.Struct(">BBB")
_U32MAX = 0xFFFFFFFF


class Malformed(Exception):
    """A payload that does not follow the protocol."""


class Unsupported(Exception):
    """What a request needs that the connection's protocol version lacks."""

    def __init__(self, feature: str) -> None:
        super().__init__(feature)
        self.feature = feature


# ---------------------------------------------------------------------------------------
# Encoding


def utf8(text: str, what: str) -> bytes:
    """``text`` as UTF-8, refusing what UTF-8 cannot carry (lone surrogates)."""
    if not isinstance(text, str):
        raise TypeError(f"{what} is a str, not {type(text).__name__}")
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(f"{what} is not valid Unicode: {error}") from None


def string(text: str, what: str = "a string") -> bytes:
    """A protocol ``string``: its UTF-8 length, then its bytes."""
    data = utf8(text, what)
    return _U32.pack(len(data)) + data


def raw_string(data: bytes) -> bytes:
    """A ``string`` of bytes carried as they are (a document)."""
    return _U32.pack(len(data)) + data


def f64(value: Any, what: str) -> bytes:
    """A protocol ``f64``."""
    return _F64.pack(number(value, what))


def number(value: Any, what: str) -> float:
    """``value`` as a float, refusing what is not a number (``bool`` included)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{what} is a number, not {value!r}")
    return float(value)


def optional_f64(value: Any, what: str) -> bytes:
    """A protocol ``f64?``."""
    return b"\x00" if value is None else b"\x01" + f64(value, what)


def string_list(names: Sequence[str], what: str) -> bytes:
    """A ``list<string>``."""
    if isinstance(names, str):
        raise TypeError(f"{what} is a list of names, not a string")
    return _U32.pack(len(names)) + b"".join(string(name, what) for name in names)


_DIRECTION_BYTES = {None: 0, "ltr": 1, "rtl": 2}
_SIZE_CLASS_BYTES = {None: 0, "compact": 1, "regular": 2}


def encode_profile_environment(profile: str, direction: Optional[str] = None) -> bytes:
    """Environment form 0 (§6): a profile of the daemon, in its own direction or ``direction``."""
    if direction not in _DIRECTION_BYTES:
        raise ValueError(f"direction is 'ltr', 'rtl' or None, not {direction!r}")
    return b"\x00" + string(profile, "a profile name") + bytes((_DIRECTION_BYTES[direction],))


def encode_explicit_environment(size: Sequence[float], scale: Optional[float] = None, direction: Optional[str] = None,
                                size_classes: Optional[Sequence[Optional[str]]] = None,
                                safe_area: Optional[Sequence[float]] = None) -> bytes:
    """Environment form 1 (§6): explicit values.

    Args:
        size: ``(width, height)`` in points.
        scale: Points per pixel for pixel snapping; ``None``: no snapping.
        direction: ``"ltr"`` (the default) or ``"rtl"``.
        size_classes: ``(horizontal, vertical)``, each ``"compact"``, ``"regular"`` or
            ``None`` (derived from the size: regular from 600 points).
        safe_area: ``(top, left, bottom, right)`` insets; zero by default.
    """
    if isinstance(size, (str, bytes)) or len(size) != 2:
        raise TypeError(f"size is (width, height), not {size!r}")
    if direction is None:
        direction = "ltr"
    if direction not in ("ltr", "rtl"):
        raise ValueError(f"direction is 'ltr' or 'rtl', not {direction!r}")
    horizontal, vertical = (None, None) if size_classes is None else tuple(size_classes)
    for size_class in (horizontal, vertical):
        if size_class not in _SIZE_CLASS_BYTES:
            raise ValueError(f"a size class is 'compact', 'regular' or None, not {size_class!r}")
    insets = (0.0, 0.0, 0.0, 0.0) if safe_area is None else tuple(safe_area)
    if len(insets) != 4:
        raise TypeError(f"safe_area is (top, left, bottom, right), not {safe_area!r}")
    return (b"\x01" + _F64x2.pack(number(size[0], "the width"), number(size[1], "the height"))
            + optional_f64(scale, "the scale")
            + _U8x3.pack(_DIRECTION_BYTES[direction], _SIZE_CLASS_BYTES[horizontal], _SIZE_CLASS_BYTES[vertical])
            + _F64x4.pack(*(number(inset, "a safe-area inset") for inset in insets)))


def encode_content(content: Optional[Mapping[str, Any]]) -> Tuple[bytes, bool]:
    """Content (§6a): the slots sorted by the UTF-8 bytes of their names (as ``CGLClient``
    sends them, so that equal content is equal bytes, and one reference).

    Values: ``str`` a text; ``bool`` a flag; ``(width, height)`` a size; a list of
    :class:`Run` (or their JSON dicts) a text in runs.

    Returns:
        The bytes, and whether they use runs (protocol version 6).
    """
    if not content:
        return b"\x00\x00\x00\x00", False
    if not isinstance(content, Mapping):
        raise TypeError(f"content is a dict of slot name to value, not {type(content).__name__}")
    entries = sorted((utf8(name, "a slot's name"), value) for name, value in content.items())
    parts = [_U32.pack(len(entries))]
    uses_runs = False
    for name, value in entries:
        parts.append(_U32.pack(len(name)))
        parts.append(name)
        slot = name.decode("utf-8")
        if isinstance(value, str):
            parts.append(b"\x01" + string(value, f"the text of the slot '{slot}'"))
        elif isinstance(value, bool):
            parts.append(b"\x03\x01" if value else b"\x03\x00")
        elif isinstance(value, (tuple, list)) and len(value) == 2 and all(
                isinstance(item, (int, float)) and not isinstance(item, bool) for item in value):
            parts.append(b"\x02" + _F64x2.pack(float(value[0]), float(value[1])))
        elif isinstance(value, (tuple, list)):
            uses_runs = True
            parts.append(b"\x04" + encode_runs(value, slot))
        else:
            raise TypeError(f"the slot '{slot}' is given {value!r}: a value is a str (text), a bool (visibility), "
                            "(width, height) (an image's size) or a list of runs")
    return b"".join(parts), uses_runs


def encode_runs(runs: Sequence[Union[Run, Mapping[str, Any]]], slot: str = "") -> bytes:
    """A text in runs (§6a, version 6): a count, then each run."""
    parts = [_U32.pack(len(runs))]
    for item in runs:
        run = Run.from_json(item)
        if run.string is not None:
            parts.append(b"\x01" + string(run.string, f"a run's string in the slot '{slot}'"))
            parts.append(b"\x00" if run.style is None else b"\x01" + string(run.style, f"a run's style in the slot '{slot}'"))
        else:
            parts.append(b"\x02" + _F64x2.pack(run.width, run.height) + optional_f64(run.baseline, "an atom's baseline"))
    return b"".join(parts)


def encode_lookup_fields(scheme: str, environment: bytes, text_scale: Optional[float], content: bytes) -> bytes:
    """The fields of a lookup as versions 2 and later carry them (and its reference hashes)."""
    return string(scheme, "a scheme name") + environment + optional_f64(text_scale, "the text scale") + content


def frame(kind: int, request_id: int, payload: bytes) -> bytes:
    """A frame (§4): length, kind, request id, payload."""
    return _U32x1_U8_U32.pack(len(payload) + 5, kind, request_id) + payload


_U32x1_U8_U32 = struct.Struct(">IBI")


def prewarm_payload(schemes: Sequence[str], profiles: Sequence[str], content_items: Sequence[bytes], version: int) -> bytes:
    """A ``prewarm`` payload; content items (already encoded) from version 2."""
    payload = string_list(schemes, "a scheme name") + string_list(profiles, "a profile name")
    if version >= CONTENT_VERSION:
        payload += _U32.pack(len(content_items)) + b"".join(content_items)
    return payload


# ---------------------------------------------------------------------------------------
# Decoding


class Reader:
    """Reads the fields of one payload, each checked against its end."""

    __slots__ = ("data", "offset", "end")

    def __init__(self, data: Union[bytes, memoryview], offset: int = 0, end: Optional[int] = None) -> None:
        self.data = data
        self.offset = offset
        self.end = len(data) if end is None else end

    def need(self, count: int, what: str) -> int:
        start = self.offset
        if count > self.end - start:
            raise Malformed(f"{what} needs {count} bytes at payload offset {start}; only {self.end - start} are left")
        self.offset = start + count
        return start

    def u8(self, what: str) -> int:
        return int(self.data[self.need(1, what)])

    def u16(self, what: str) -> int:
        return int(_U16.unpack_from(self.data, self.need(2, what))[0])

    def u32(self, what: str) -> int:
        return int(_U32.unpack_from(self.data, self.need(4, what))[0])

    def f64(self, what: str) -> float:
        return float(_F64.unpack_from(self.data, self.need(8, what))[0])

    def bool(self, what: str) -> bool:
        value = self.u8(what)
        if value > 1:
            raise Malformed(f"{what} is {value}; a bool is 0 or 1")
        return value == 1

    def optional_f64(self, what: str) -> Optional[float]:
        return self.f64(what) if self.bool(f"whether {what} is present") else None

    def bytes(self, count: int, what: str) -> bytes:
        start = self.need(count, what)
        return bytes(self.data[start:start + count])

    def string(self, what: str) -> str:
        count = self.u32(what)
        start = self.need(count, what)
        try:
            return str(self.data[start:start + count], "utf-8")
        except UnicodeDecodeError as error:
            raise Malformed(f"{what} is not valid UTF-8: {error}") from None

    def count(self, what: str, minimum_size: int) -> int:
        """A list's count, refused when the payload cannot hold that many items."""
        count = self.u32(what)
        if count * minimum_size > self.end - self.offset:
            raise Malformed(f"{what}: {count} items cannot fit in the {self.end - self.offset} bytes left")
        return count

    def finish(self, what: str) -> None:
        if self.offset != self.end:
            raise Malformed(f"{self.end - self.offset} bytes are left over after {what}")


def decode_issues(reader: Reader) -> List[Issue]:
    """An issue list (§8)."""
    issues = []
    for _ in range(reader.count("the issue count", 1 + 4 * 4 + 8)):
        severity = reader.u8("an issue's severity")
        if severity > 1:
            raise Malformed(f"an issue's severity is {severity}; expected 0 (error) or 1 (warning)")
        issues.append(Issue("error" if severity == 0 else "warning", reader.string("an issue's code"),
                            reader.string("an issue's pointer"), reader.string("an issue's message"),
                            reader.string("an issue's hint"), reader.u32("an issue's line"), reader.u32("an issue's column")))
    return issues


def decode_error(reader: Reader, socket_path: Optional[str] = None) -> DaemonError:
    """An ``error`` payload (§7)."""
    code = reader.u16("the error code")
    message = reader.string("the error message")
    issues = decode_issues(reader)
    reader.finish("an error")
    return DaemonError.make(code, message, issues, socket_path)


def decode_response(kind: int, payload: bytes, version: int, socket_path: Optional[str] = None) -> Any:
    """The value of a response payload of ``kind``: a :class:`Pong`, a :class:`Registration`,
    a ``(name, existed)`` pair, a list of :class:`SchemeInfo`, a :class:`Snapshot`, a list of
    answers, a :class:`PrewarmProgress`, a :class:`PrewarmSummary`, a stats dict, or a
    :class:`DaemonError`.

    Raises:
        Malformed: The payload does not follow the protocol, or ``kind`` is unknown.
    """
    if kind == SNAPSHOT:
        return snapshots.decode_snapshot(payload, 0, len(payload), version)
    if kind == SNAPSHOTS:
        return snapshots.decode_snapshots(payload, 0, len(payload), version, socket_path)
    reader = Reader(payload)
    value: Any
    if kind == ERROR:
        return decode_error(reader, socket_path)
    if kind == PONG:
        value = Pong(reader.string("the server version"), reader.f64("the uptime"))
    elif kind == REGISTERED:
        name = reader.string("the scheme's name")
        hash = reader.string("the scheme's hash")
        outcome = reader.u8("the outcome")
        if outcome > 2:
            raise Malformed(f"the outcome of a registration is {outcome}; expected 0, 1 or 2")
        value = Registration(name, hash, ("created", "updated", "unchanged")[outcome], decode_issues(reader))
    elif kind == UNREGISTERED:
        value = (reader.string("the scheme's name"), reader.bool("whether it existed"))
    elif kind == SCHEMES:
        value = [SchemeInfo(reader.string("a scheme's name"), reader.string("a scheme's hash"),
                            reader.u32("an element count"), reader.f64("registered at"), reader.f64("updated at"))
                 for _ in range(reader.count("the scheme count", 4 + 4 + 4 + 16))]
    elif kind == PREWARM_PROGRESS:
        done, total = reader.u32("done"), reader.u32("total")
        value = PrewarmProgress(done, total, reader.string("the scheme"))
    elif kind == PREWARM_FINISHED:
        computed, cached, failed = reader.u32("computed"), reader.u32("already cached"), reader.u32("failed")
        seconds = reader.f64("seconds")
        cancelled = reader.u32("cancelled") if version >= 3 else 0
        value = PrewarmSummary(computed, cached, failed, seconds, cancelled)
    elif kind == STATS_ANSWER:
        value = {}
        for _ in range(reader.count("the counter count", 12)):
            key = reader.string("a counter's key")
            value[key] = reader.f64("a counter's value")
    else:
        raise Malformed(f"unknown kind 0x{kind:02x}")
    reader.finish(RESPONSE_NAMES[kind])
    return value


# The snapshots' decoders read this module's Reader; imported last, as they import it.
from . import snapshots  # noqa: E402
