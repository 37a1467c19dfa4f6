"""A client of ``cgld``, the cglayout daemon: layout snapshots over its Unix socket.

::

    from cglclient import Client, Lookup

    client = Client()
    cell = client.lookup("feed-cell", profile="phone-portrait", content={"body": "Hello", "hasBadge": True})
    print(cell.frames["body"])            # Frame(x=…, y=…, width=…, height=…)

    page = client.lookup_batch([Lookup("feed-cell", profile="phone-portrait", content=post) for post in posts])

:class:`AsyncClient` offers the same calls for asyncio. The protocol is
``docs/protocol.md`` of the cglayout repository (versions 1 to 6).
"""

from .async_client import AsyncClient, PrewarmCall
from .client import Client
from .discovery import default_socket_path
from .errors import (DAEMON_CODES, Busy, CGLClientError, ConnectionLost, DaemonError, DaemonUnavailable,
                     HandshakeRefused, InvalidContent, InvalidDocument, InvalidEnvironment, Issue, NotFound,
                     ProtocolViolation, RequestTooLarge, TimedOut, Unauthorized, UnsupportedByDaemon)
from .lookup import Lookup
from .values import (EdgeInsets, Element, Environment, Frame, Pong, PrewarmProgress, PrewarmSummary, Registration,
                     Run, SchemeInfo, Size, Snapshot)

__version__ = "0.1.0"

__all__ = [
    "AsyncClient",
    "Busy",
    "CGLClientError",
    "Client",
    "ConnectionLost",
    "DAEMON_CODES",
    "DaemonError",
    "DaemonUnavailable",
    "EdgeInsets",
    "Element",
    "Environment",
    "Frame",
    "HandshakeRefused",
    "InvalidContent",
    "InvalidDocument",
    "InvalidEnvironment",
    "Issue",
    "Lookup",
    "NotFound",
    "Pong",
    "PrewarmCall",
    "PrewarmProgress",
    "PrewarmSummary",
    "ProtocolViolation",
    "Registration",
    "RequestTooLarge",
    "Run",
    "SchemeInfo",
    "Size",
    "Snapshot",
    "TimedOut",
    "Unauthorized",
    "UnsupportedByDaemon",
    "default_socket_path",
]
