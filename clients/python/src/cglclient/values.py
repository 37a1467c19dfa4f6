"""The values the client hands back and takes: frames, snapshots, schemes, runs."""

from __future__ import annotations

import functools
from typing import Any, Dict, Iterator, List, Mapping, NamedTuple, Optional, Tuple, Union

from .errors import Issue

__all__ = [
    "Frame",
    "Size",
    "EdgeInsets",
    "Environment",
    "Element",
    "Snapshot",
    "SchemeInfo",
    "Registration",
    "PrewarmProgress",
    "PrewarmSummary",
    "Pong",
    "Run",
    "ContentValue",
    "Content",
]

SOURCES = ("memory", "store", "computed")
DIRECTIONS = {1: "ltr", 2: "rtl"}
SIZE_CLASSES = {1: "compact", 2: "regular"}


class Frame(NamedTuple):
    """A rectangle in points: an element's frame."""

    x: float
    y: float
    width: float
    height: float


#: A Frame of a tuple of its 4 numbers, without the Python frame of a named tuple's __new__.
_make_frame = functools.partial(tuple.__new__, Frame)


class Size(NamedTuple):
    """A size in points."""

    width: float
    height: float


class EdgeInsets(NamedTuple):
    """Insets of a safe area, in points."""

    top: float
    left: float
    bottom: float
    right: float


class Environment(NamedTuple):
    """The environment a snapshot was laid out for, resolved (a profile's values and name)."""

    width: float
    height: float
    scale: Optional[float]
    """Points per pixel the frames were snapped to; ``None``: not snapped."""
    direction: str
    """``"ltr"`` or ``"rtl"``."""
    horizontal_size_class: str
    """``"compact"`` or ``"regular"``."""
    vertical_size_class: str
    safe_area: EdgeInsets
    profile: Optional[str]
    """The profile's name; ``None`` for explicit values."""
    text_scale: float
    """The text scale texts were measured at (1 is the default size)."""

    @property
    def orientation(self) -> str:
        """``"landscape"`` when wider than tall, else ``"portrait"``."""
        return "landscape" if self.width > self.height else "portrait"


class Element(NamedTuple):
    """One element of a snapshot."""

    id: str
    frame: Frame
    """Relative to its parent element, in the parent's internal space."""
    in_root: Frame
    """In the root's space."""
    scroll_size: Optional[Size]
    """How far a box whose overflow is not ``visible`` scrolls; ``None`` for other elements."""


class Snapshot:
    """The frames of a scheme laid out for an environment, as the daemon answered them.

    Attributes:
        source: Where the daemon found it: ``"memory"``, ``"store"`` or ``"computed"``.
        scheme: The scheme's name.
        hash: The content hash of the document the frames were computed from (``sha256:…``).
        engine: The engine version the frames were computed with.
        environment: The resolved environment.
        size: The extent of all frames in root space (max x, max y).
        frames: Every element's frame relative to its parent, by element id, in document
            order.
        frames_in_root: Every element's frame in the root's space, by element id.
        scroll_sizes: How far each box that clips or scrolls can scroll, by element id
            (protocol version 5; empty for most schemes).
        content_digest: The digest (``sha256:…``) of the content laid out, without the values
            equal to the document's defaults; ``None`` for the document's own content.
    """

    __slots__ = ("source", "scheme", "hash", "engine", "environment", "size", "scroll_sizes", "content_digest",
                 "_frames", "_in_root", "_ids", "_packed")

    def __init__(self, source: str, scheme: str, hash: str, engine: str, environment: Environment,
                 size: Size, frames: Optional[Dict[str, Frame]], frames_in_root: Optional[Dict[str, Frame]],
                 scroll_sizes: Dict[str, Size], content_digest: Optional[str],
                 ids: Optional[Tuple[str, ...]] = None, packed: Optional[Tuple[Any, bytes, int]] = None) -> None:
        self.source = source
        self.scheme = scheme
        self.hash = hash
        self.engine = engine
        self.environment = environment
        self.size = size
        self.scroll_sizes = scroll_sizes
        self.content_digest = content_digest
        # Either the dicts, or the element ids and where their frames are: a struct of the
        # frames' numbers (8 per element, the ids skipped), the payload and an offset in it,
        # made into dicts when first read (most of a page's snapshots are read whole or not
        # at all, so the payload is kept rather than copied).
        self._frames = frames
        self._in_root = frames_in_root
        self._ids = ids
        self._packed = packed

    def _unpack(self) -> None:
        ids, packed = self._ids, self._packed
        assert ids is not None and packed is not None
        layout, data, offset = packed
        numbers = iter(layout.unpack_from(data, offset))
        # Every frame, in parent then in root for each element: each 4 numbers made a Frame in
        # C loops (no Python frame per element).
        made = list(map(_make_frame, zip(numbers, numbers, numbers, numbers)))
        self._frames = dict(zip(ids, made[0::2]))
        self._in_root = dict(zip(ids, made[1::2]))
        self._packed = None

    @property
    def frames(self) -> Dict[str, Frame]:
        """Every element's frame relative to its parent, by id, in document order."""
        if self._frames is None:
            self._unpack()
        assert self._frames is not None
        return self._frames

    @property
    def frames_in_root(self) -> Dict[str, Frame]:
        """Every element's frame in the root's space, by id."""
        if self._in_root is None:
            self._unpack()
        assert self._in_root is not None
        return self._in_root

    @property
    def elements(self) -> List[Element]:
        """Every element, in document order."""
        return [Element(id, frame, self.frames_in_root[id], self.scroll_sizes.get(id))
                for id, frame in self.frames.items()]

    def __getitem__(self, id: str) -> Element:
        """The element with ``id``; ``KeyError`` when the scheme has none."""
        return Element(id, self.frames[id], self.frames_in_root[id], self.scroll_sizes.get(id))

    def __contains__(self, id: object) -> bool:
        return id in self.frames

    def __iter__(self) -> Iterator[Element]:
        return iter(self.elements)

    def __len__(self) -> int:
        return len(self.frames)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Snapshot):
            return NotImplemented
        names = ("source", "scheme", "hash", "engine", "environment", "size", "frames", "frames_in_root",
                 "scroll_sizes", "content_digest")
        return all(getattr(self, name) == getattr(other, name) for name in names)

    def __repr__(self) -> str:
        return (f"Snapshot(scheme={self.scheme!r}, source={self.source!r}, size={tuple(self.size)!r}, "
                f"elements={len(self.frames)}, content_digest={self.content_digest!r})")

    def as_dict(self) -> Dict[str, Any]:
        """The snapshot as ``cglctl lookup --format json`` prints it (``docs/protocol.md`` §11):
        the JSON of ``cglctl compute --format json``, plus ``"source"``."""
        env = self.environment
        environment: Dict[str, Any] = {"width": env.width, "height": env.height}
        if env.scale is not None:
            environment["scale"] = env.scale
        environment.update({
            "direction": env.direction,
            "horizontalSizeClass": env.horizontal_size_class,
            "verticalSizeClass": env.vertical_size_class,
            "orientation": env.orientation,
            "safeArea": list(env.safe_area),
            "textScale": env.text_scale,
        })
        if env.profile is not None:
            environment["profile"] = env.profile
        result: Dict[str, Any] = {"scheme": self.scheme, "hash": self.hash, "engine": self.engine,
                                  "environment": environment}
        if self.content_digest is not None:
            result["content"] = self.content_digest
        frames: Dict[str, Any] = {}
        for id, frame in self.frames.items():
            entry: Dict[str, Any] = {"frame": list(frame), "inRoot": list(self.frames_in_root[id])}
            if id in self.scroll_sizes:
                entry["scrollSize"] = list(self.scroll_sizes[id])
            frames[id] = entry
        result["size"] = list(self.size)
        result["frames"] = frames
        result["source"] = self.source
        return result


class SchemeInfo(NamedTuple):
    """A registered scheme, as ``list`` describes it."""

    name: str
    hash: str
    element_count: int
    registered_at: float
    """Unix seconds: when the name was registered (kept when registered again)."""
    updated_at: float
    """Unix seconds: when its document last changed."""


class Registration(NamedTuple):
    """What registering a document did."""

    name: str
    hash: str
    outcome: str
    """``"created"``, ``"updated"`` or ``"unchanged"``."""
    warnings: List[Issue]


class PrewarmProgress(NamedTuple):
    """How far a running prewarm is."""

    done: int
    total: int
    scheme: str
    """The scheme whose snapshots were just finished."""


class PrewarmSummary(NamedTuple):
    """What a prewarm did: ``computed + already_cached + failed + cancelled`` is its total."""

    computed: int
    already_cached: int
    failed: int
    seconds: float
    cancelled: int

    @property
    def total(self) -> int:
        """Every pair the prewarm covered."""
        return self.computed + self.already_cached + self.failed + self.cancelled


class Pong(NamedTuple):
    """The daemon's answer to ``ping``."""

    server_version: str
    uptime: float
    """Seconds since the daemon started."""


class Run:
    """A piece of a text given in runs (protocol version 6, ``docs/format.md`` §1.7a): a
    string, in the text's own style or a style of the document, or an inline object."""

    __slots__ = ("string", "style", "width", "height", "baseline")

    def __init__(self, string: Optional[str] = None, style: Optional[str] = None,
                 width: Optional[float] = None, height: Optional[float] = None,
                 baseline: Optional[float] = None) -> None:
        if (string is None) == (width is None or height is None):
            raise ValueError("a run is a string (Run.text) or an object of a width and a height (Run.atom)")
        self.string = string
        self.style = style
        self.width = width
        self.height = height
        self.baseline = baseline

    @classmethod
    def text(cls, string: str, style: Optional[str] = None) -> "Run":
        """A run of text, in the style named (one of the document's ``styles``), or the text's own."""
        if not isinstance(string, str) or not (style is None or isinstance(style, str)):
            raise TypeError("Run.text takes a string and an optional style name")
        return cls(string=string, style=style)

    @classmethod
    def atom(cls, width: float, height: float, baseline: Optional[float] = None) -> "Run":
        """An inline object of ``width`` × ``height`` points; ``baseline`` is its distance from
        the object's top (without one, its bottom sits on the line's baseline)."""
        return cls(width=_number(width, "an atom's width"), height=_number(height, "an atom's height"),
                   baseline=None if baseline is None else _number(baseline, "an atom's baseline"))

    @property
    def is_atom(self) -> bool:
        """Whether this run is an inline object rather than text."""
        return self.string is None

    @classmethod
    def from_json(cls, value: Union["Run", Mapping[str, Any]]) -> "Run":
        """A run from its JSON form: ``{"string": …, "style": …}`` or
        ``{"atom": {"size": [w, h], "baseline": b}}``."""
        if isinstance(value, Run):
            return value
        if not isinstance(value, Mapping):
            raise TypeError(f"a run is a Run or a dict, not {type(value).__name__}")
        if "atom" in value:
            atom = value["atom"]
            if set(value) != {"atom"} or not isinstance(atom, Mapping) or "size" not in atom \
                    or not set(atom) <= {"size", "baseline"}:
                raise ValueError(f"an atom run is {{\"atom\": {{\"size\": [w, h], \"baseline\": b}}}}: {dict(value)!r}")
            width, height = _pair(atom["size"], "an atom's size")
            return cls.atom(width, height, atom.get("baseline"))
        if "string" in value and set(value) <= {"string", "style"}:
            return cls.text(value["string"], value.get("style"))
        raise ValueError(f"a text run is {{\"string\": …, \"style\": …}}: {dict(value)!r}")

    def to_json(self) -> Dict[str, Any]:
        """The run's JSON form (as ``cglctl`` and documents write it)."""
        if self.string is not None:
            return {"string": self.string} if self.style is None else {"string": self.string, "style": self.style}
        atom: Dict[str, Any] = {"size": [self.width, self.height]}
        if self.baseline is not None:
            atom["baseline"] = self.baseline
        return {"atom": atom}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Run):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash((self.string, self.style, self.width, self.height, self.baseline))

    def __repr__(self) -> str:
        if self.string is not None:
            return f"Run.text({self.string!r})" if self.style is None else f"Run.text({self.string!r}, style={self.style!r})"
        tail = "" if self.baseline is None else f", baseline={self.baseline!r}"
        return f"Run.atom({self.width!r}, {self.height!r}{tail})"


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{what} is a number, not {value!r}")
    return float(value)


def _pair(value: Any, what: str) -> Tuple[float, float]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__") or len(value) != 2:
        raise TypeError(f"{what} is (width, height), not {value!r}")
    return _number(value[0], what), _number(value[1], what)


#: A slot's value: a text, an image size ``(width, height)``, a visibility flag, or a text
#: in runs (a list of :class:`Run` or their JSON dicts).
ContentValue = Union[str, Tuple[float, float], List[float], bool, List[Union[Run, Dict[str, Any]]]]
#: The values of a scheme's slots, by slot name.
Content = Mapping[str, ContentValue]

