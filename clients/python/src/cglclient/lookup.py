"""A lookup, laid out in the protocol's bytes once, with the state that lets a page asked
for again and again go by reference (``docs/protocol.md`` §5, ``lookupBatchWithReferences``)."""

from __future__ import annotations

import hashlib
from typing import Any, Optional, Sequence

from . import protocol
from .protocol import Unsupported
from .values import Content

__all__ = ["Lookup"]


class Lookup:
    """One lookup of a batch (:meth:`Client.lookup_batch <cglclient.Client.lookup_batch>`).

    The environment is a profile of the daemon (``profile=``, with an optional
    ``direction=``) or explicit values (``size=(width, height)`` and optionally ``scale=``,
    ``direction=``, ``size_classes=``, ``safe_area=``)::

        Lookup("feed-cell", profile="phone-portrait", content={"body": post["body"], "hasBadge": True})
        Lookup("feed-cell", size=(500, 300), scale=2, direction="rtl")

    A lookup is encoded when it is made. Keep the lookups of a page you ask for again and
    again: once the daemon has answered one, it is sent by its reference (the SHA-256 of
    its bytes: 33 bytes instead of its content), as ``CGLClient`` does. A daemon that does
    not know the reference (restarted, another host) is sent the lookup in full again, at
    the cost of a second round trip. A lookup is immutable: make a new one to change it.

    Args:
        scheme: The registered scheme's name.
        profile: A profile the daemon has (``cglctl profiles``).
        direction: ``"ltr"`` or ``"rtl"``; ``None``: the profile's own (``"ltr"`` for
            explicit values).
        size: ``(width, height)`` in points, for explicit values instead of a profile.
        scale: Points per pixel for pixel snapping (explicit values); ``None``: none.
        size_classes: ``(horizontal, vertical)``, each ``"compact"``, ``"regular"`` or
            ``None`` to derive it from the size.
        safe_area: ``(top, left, bottom, right)`` insets (explicit values).
        text_scale: The text scale (0.8 to 3.1) replacing the environment's; ``None`` keeps it.
        content: The values of the scheme's slots by name: ``str`` a text, ``(width,
            height)`` an image's size, ``bool`` an element's visibility, a list of
            :class:`~cglclient.Run` (or their dicts) a text in runs. Slots left out take the
            document's defaults; ``None`` or ``{}``: the document's own content.
    """

    __slots__ = ("scheme", "profile", "direction", "size", "scale", "size_classes", "safe_area", "text_scale",
                 "content", "_environment", "_fields", "_uses_runs", "_reference", "_answered", "_unknown",
                 "_sends_in_full_left", "_entry")

    def __init__(self, scheme: str, profile: Optional[str] = None, *, direction: Optional[str] = None,
                 size: Optional[Sequence[float]] = None, scale: Optional[float] = None,
                 size_classes: Optional[Sequence[Optional[str]]] = None, safe_area: Optional[Sequence[float]] = None,
                 text_scale: Optional[float] = None, content: Optional[Content] = None) -> None:
        if (profile is None) == (size is None):
            raise TypeError("a lookup needs an environment: profile='…' or size=(width, height), not both")
        if profile is not None and (scale is not None or size_classes is not None or safe_area is not None):
            raise TypeError("scale, size_classes and safe_area go with size=(width, height), not with a profile")
        self.scheme = scheme
        self.profile = profile
        self.direction = direction
        self.size = None if size is None else tuple(size)
        self.scale = scale
        self.size_classes = None if size_classes is None else tuple(size_classes)
        self.safe_area = None if safe_area is None else tuple(safe_area)
        self.text_scale = text_scale
        self.content = dict(content) if content else {}
        if profile is not None:
            self._environment = protocol.encode_profile_environment(profile, direction)
        else:
            assert size is not None
            self._environment = protocol.encode_explicit_environment(size, scale, direction, size_classes, safe_area)
        content_bytes, self._uses_runs = protocol.encode_content(content)
        self._fields = protocol.encode_lookup_fields(scheme, self._environment, text_scale, content_bytes)
        self._reference: Optional[bytes] = None
        self._answered = False
        self._unknown = 0
        self._sends_in_full_left = 0
        self._entry: Optional[bytes] = None  # By reference, once it goes so.

    def __setattr__(self, name: str, value: Any) -> None:
        if name in Lookup.__slots__[:9] and hasattr(self, "_fields"):
            raise AttributeError("a Lookup is immutable: make a new one")
        object.__setattr__(self, name, value)

    @property
    def fields(self) -> bytes:
        """The lookup's fields as protocol versions 2 and later carry them."""
        return self._fields

    def fields_for(self, version: int) -> bytes:
        """The lookup's fields in protocol ``version``.

        Raises:
            protocol.Unsupported: ``version`` cannot carry this lookup.
        """
        if version >= protocol.RUNS_VERSION or (version >= protocol.CONTENT_VERSION and not self._uses_runs):
            return self._fields
        if version < protocol.CONTENT_VERSION:
            if self.content or self.text_scale is not None:
                raise Unsupported("content or a text scale in lookups")
            return protocol.string(self.scheme) + self._environment
        raise Unsupported("texts in runs")

    @property
    def minimum_version(self) -> int:
        """The oldest protocol version that carries this lookup alone (``lookup``)."""
        if self._uses_runs:
            return protocol.RUNS_VERSION
        return protocol.CONTENT_VERSION if self.content or self.text_scale is not None else protocol.OLDEST_VERSION

    @property
    def reference(self) -> bytes:
        """The lookup's reference: the SHA-256 of :attr:`fields`."""
        if self._reference is None:
            self._reference = hashlib.sha256(self._fields).digest()
        return self._reference

    def reference_to_send(self) -> Optional[bytes]:
        """The reference to send in place of the lookup, once a daemon answered it; ``None``
        to send it in full (never answered, no longer than a reference, or for a while after
        a daemon did not know it)."""
        if not self._answered or len(self._fields) <= protocol.REFERENCE_SIZE:
            return None
        if self._sends_in_full_left > 0:
            self._sends_in_full_left -= 1
            return None
        return self.reference

    def batch_entry(self) -> bytes:
        """The lookup as an entry of ``lookupBatchWithReferences`` (§6): by reference or in
        full, as :meth:`reference_to_send` decides; the bytes made once."""
        if self._entry is None or self._sends_in_full_left > 0:
            reference = self.reference_to_send()
            if reference is None:
                return b"\x00" + self._fields
            self._entry = b"\x01" + reference
        return self._entry

    def answered(self) -> None:
        """Records that a daemon answered the lookup: sent again, it goes by reference."""
        self._answered = True

    def reference_unknown(self) -> None:
        """Records that a daemon did not know the reference: the lookup goes in full the next
        1, 2, 4, … 1 024 times, one more each time this happens."""
        self._unknown += 1
        self._sends_in_full_left = 1 << min(self._unknown - 1, 10)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Lookup):
            return NotImplemented
        return self._fields == other._fields

    def __hash__(self) -> int:
        return hash(self._fields)

    def __repr__(self) -> str:
        environment = f"profile={self.profile!r}" if self.profile is not None else f"size={self.size!r}"
        content = f", content={self.content!r}" if self.content else ""
        return f"Lookup({self.scheme!r}, {environment}{content})"

