"""The errors of the client: every failure of a call is a :class:`CGLClientError`.

Two families share that base class:

* failures on this side of the socket (nothing listens, the connection broke, the daemon
  stayed silent past the timeout, it sent bytes that are not the protocol), whose
  :attr:`~CGLClientError.code` names them (``daemon_unavailable``, ``timed_out``, …);
* errors the daemon answered (:class:`DaemonError`), whose code is the protocol's name of
  the error (``not_found``, ``invalid_document``, ``busy``, …; ``docs/protocol.md`` §9).
"""

from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional, Type

__all__ = [
    "Issue",
    "CGLClientError",
    "DaemonUnavailable",
    "ConnectionLost",
    "TimedOut",
    "ProtocolViolation",
    "HandshakeRefused",
    "UnsupportedByDaemon",
    "RequestTooLarge",
    "DaemonError",
    "NotFound",
    "InvalidDocument",
    "InvalidEnvironment",
    "InvalidContent",
    "Busy",
    "Unauthorized",
    "DAEMON_CODES",
]


class Issue(NamedTuple):
    """A problem of a document or of content (``docs/protocol.md`` §8)."""

    severity: str
    """``"error"`` or ``"warning"``."""
    code: str
    """A stable name such as ``unknownKey`` or ``syntax`` (an open set)."""
    pointer: str
    """A JSON pointer into the document (or the content: ``/body/2/style``); ``""`` for all of it."""
    message: str
    """What is wrong."""
    hint: str
    """How to fix it; ``""`` when there is no hint."""
    line: int
    """1-based line of the offending value in the document's text; 0 when unknown."""
    column: int
    """1-based column (in Unicode scalars); 0 when unknown."""

    def __str__(self) -> str:
        place = self.pointer or "(document)"
        if self.line:
            place += f" (line {self.line}, column {self.column})"
        text = f"{self.severity}: {place}: {self.message}"
        return f"{text} ({self.hint})" if self.hint else text


#: The daemon's error codes (``docs/protocol.md`` §9) by number, as the client names them.
DAEMON_CODES: Dict[int, str] = {
    1: "not_found",
    2: "invalid_document",
    3: "invalid_environment",
    4: "too_large",
    5: "unauthorized",
    6: "busy",
    7: "internal",
    8: "bad_request",
    9: "unsupported_version",
    10: "invalid_content",
    11: "timeout",
    12: "registry_unavailable",
    13: "unknown_reference",
}


class CGLClientError(Exception):
    """Why a call failed.

    Attributes:
        code: A stable name: the protocol's name of the daemon's error (``not_found``,
            ``invalid_document``, ``invalid_content``, ``busy``, …; ``code_N`` for a number
            this client does not know) or a failure of the client's own
            (``daemon_unavailable``, ``timed_out``, ``connection_lost``,
            ``protocol_violation``, ``handshake_refused``, ``unsupported_by_daemon``,
            ``request_too_large``, ``document_too_large``, ``socket_path_too_long``).
        message: What happened, for people.
        issues: The daemon's issues: every problem of an invalid document, one per problem
            of invalid content; empty otherwise.
        socket_path: The socket the client uses.
    """

    code: str
    message: str
    issues: List[Issue]
    socket_path: Optional[str]

    def __init__(self, code: str, message: str, issues: Optional[List[Issue]] = None,
                 socket_path: Optional[str] = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.issues = list(issues or [])
        self.socket_path = socket_path

    @property
    def is_daemon_error(self) -> bool:
        """Whether the daemon answered this error (rather than the call failing here)."""
        return False

    def __str__(self) -> str:
        lines = [f"{self.code}: {self.message}"]
        lines.extend(f"  {issue}" for issue in self.issues)
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r})"

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (_rebuild, (type(self), self.code, self.message, self.issues, self.socket_path))


def _rebuild(cls: Type[CGLClientError], code: str, message: str, issues: List[Issue],
             socket_path: Optional[str]) -> CGLClientError:
    error = cls.__new__(cls)
    CGLClientError.__init__(error, code, message, issues, socket_path)
    return error


class DaemonUnavailable(CGLClientError):
    """No daemon could be reached: the socket is missing, nothing listens on it, or
    connecting (with the handshake) took longer than the connect timeout."""

    def __init__(self, message: str, socket_path: Optional[str] = None) -> None:
        super().__init__("daemon_unavailable", message, socket_path=socket_path)


class ConnectionLost(CGLClientError):
    """The connection closed or failed while a request was outstanding."""

    def __init__(self, message: str, socket_path: Optional[str] = None) -> None:
        super().__init__("connection_lost", message, socket_path=socket_path)


class TimedOut(CGLClientError):
    """The daemon stayed silent for longer than the request timeout; the connection was
    dropped (the next call connects again)."""

    def __init__(self, message: str, socket_path: Optional[str] = None) -> None:
        super().__init__("timed_out", message, socket_path=socket_path)


class ProtocolViolation(CGLClientError):
    """The peer sent bytes that are not the protocol (a malformed or truncated frame, an
    answer to no request, a frame longer than any answer can be)."""

    def __init__(self, message: str, socket_path: Optional[str] = None) -> None:
        super().__init__("protocol_violation", message, socket_path=socket_path)


class HandshakeRefused(CGLClientError):
    """The daemon refused the handshake: it speaks no protocol version this client does."""

    def __init__(self, message: str, socket_path: Optional[str] = None) -> None:
        super().__init__("handshake_refused", message, socket_path=socket_path)


class UnsupportedByDaemon(CGLClientError):
    """The daemon speaks an older protocol version that lacks what the call needs (content,
    batches, texts in runs); nothing was sent."""

    def __init__(self, message: str, socket_path: Optional[str] = None) -> None:
        super().__init__("unsupported_by_daemon", message, socket_path=socket_path)


class RequestTooLarge(CGLClientError):
    """A request is longer than the daemon accepts (``document_too_large`` for a document,
    ``request_too_large`` otherwise); nothing was sent."""


class DaemonError(CGLClientError):
    """An error the daemon answered (``docs/protocol.md`` §9).

    Attributes:
        daemon_code: The protocol's number of the error (``code`` is its name).
    """

    daemon_code: int

    def __init__(self, daemon_code: int, message: str, issues: Optional[List[Issue]] = None,
                 socket_path: Optional[str] = None) -> None:
        super().__init__(DAEMON_CODES.get(daemon_code, f"code_{daemon_code}"), message, issues, socket_path)
        self.daemon_code = daemon_code

    @property
    def is_daemon_error(self) -> bool:
        return True

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (type(self), (self.daemon_code, self.message, self.issues, self.socket_path))

    @staticmethod
    def make(daemon_code: int, message: str, issues: Optional[List[Issue]] = None,
             socket_path: Optional[str] = None) -> "DaemonError":
        """The error of ``daemon_code``, as its own subclass when it has one."""
        cls = _DAEMON_ERROR_CLASSES.get(daemon_code, DaemonError)
        return cls(daemon_code, message, issues, socket_path)


class NotFound(DaemonError):
    """No scheme is registered under the name given (``not_found``)."""


class InvalidDocument(DaemonError):
    """The document is invalid; ``issues`` lists every problem (``invalid_document``)."""


class InvalidEnvironment(DaemonError):
    """An unknown profile, values out of range, or an environment the scheme cannot be laid
    out in (``invalid_environment``)."""


class InvalidContent(DaemonError):
    """The content does not fit the scheme's slots; ``issues`` names each slot
    (``invalid_content``)."""


class Busy(DaemonError):
    """The daemon cannot take the request now; retry later (``busy``)."""


class Unauthorized(DaemonError):
    """The daemon does not allow this user the request (``unauthorized``)."""


_DAEMON_ERROR_CLASSES: Dict[int, Type[DaemonError]] = {
    1: NotFound,
    2: InvalidDocument,
    3: InvalidEnvironment,
    5: Unauthorized,
    6: Busy,
    10: InvalidContent,
}
