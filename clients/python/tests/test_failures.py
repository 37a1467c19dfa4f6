"""Failures: no daemon, a silent or killed daemon, and a fake server that breaks the protocol.
Each raises the client's own error (never a bare OSError or struct.error) within its timeout."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import struct
import threading
import time
from typing import Any, Callable

import pytest

from cglclient import (AsyncClient, Busy, CGLClientError, Client, ConnectionLost, DaemonUnavailable, HandshakeRefused,
                       Lookup, ProtocolViolation, TimedOut)

from conftest import REPOSITORY, Daemon
from fakeserver import HELLO_OK, FakeServer, frame, hold, pong, read_exactly, read_frame

TIMEOUT = 0.5
#: How long past its timeout a call may take to fail.
SLACK = 2.0


def both(call: Callable[[Any], Any], path: str, **options: Any) -> "list[tuple[BaseException, float]]":
    """The error ``call`` raises with a Client and with an AsyncClient, and how long each took."""
    outcomes = []
    client = Client(path, **options)
    start = time.monotonic()
    try:
        call(client)
        raise AssertionError("the call succeeded")
    except CGLClientError as error:
        outcomes.append((error, time.monotonic() - start))

    async def run() -> None:
        async_client = AsyncClient(path, **options)
        start = time.monotonic()
        try:
            result = call(async_client)
            await result
            raise AssertionError("the call succeeded")
        except CGLClientError as error:
            outcomes.append((error, time.monotonic() - start))

    asyncio.run(run())
    return outcomes


def ping(client: Any) -> Any:
    return client.ping()


def lookup(client: Any) -> Any:
    return client.lookup("card", profile="phone-portrait")


# -- no daemon -------------------------------------------------------------------------------


def test_no_socket_file() -> None:
    for error, _ in both(ping, "/tmp/cglpy-nothing-here/s.sock"):
        assert isinstance(error, DaemonUnavailable) and error.code == "daemon_unavailable"
        assert "/tmp/cglpy-nothing-here/s.sock" in error.message


def test_a_socket_file_nobody_listens_on(tmp_path: Any) -> None:
    path = os.path.join(str(tmp_path), "s.sock")
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(path)
    listener.close()  # The file stays; nothing listens.
    for error, _ in both(ping, path):
        assert isinstance(error, DaemonUnavailable)


def test_the_search_names_every_place(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CGLD_SOCKET", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "runtime"))
    with pytest.raises(DaemonUnavailable) as raised:
        Client().ping()
    message = raised.value.message
    assert ".cgld/cgld.sock" in message and f"{tmp_path}/runtime/cgld/cgld.sock" in message
    assert "/run/cgld/cgld.sock" in message and "CGLD_SOCKET is not set" in message


def test_the_socket_is_found_as_cglctl_finds_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Any,
                                                daemon: Daemon) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CGLD_SOCKET", daemon.socket_path)
    assert Client().socket_path == daemon.socket_path and Client().ping()
    monkeypatch.setenv("CGLD_SOCKET", "")
    runtime = tmp_path / "runtime"
    (runtime / "cgld").mkdir(parents=True)
    os.symlink(daemon.socket_path, runtime / "cgld" / "cgld.sock")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    assert Client().socket_path == f"{runtime}/cgld/cgld.sock" and Client().ping()
    (tmp_path / ".cgld").mkdir()
    os.symlink(daemon.socket_path, tmp_path / ".cgld" / "cgld.sock")
    assert Client().socket_path == ".cgld/cgld.sock" and Client().lookup("card", profile="phone-portrait")
    monkeypatch.setenv("XDG_RUNTIME_DIR", "relative/not/used")
    os.unlink(tmp_path / ".cgld" / "cgld.sock")
    assert Client().socket_path == ".cgld/cgld.sock"  # None exists: the local one.


def test_a_socket_path_too_long() -> None:
    for error, _ in both(ping, "/tmp/" + "x" * 120 + "/s.sock"):
        assert error.code == "socket_path_too_long" and "107" in error.message


# -- a real daemon, stopped or killed -------------------------------------------------------


def test_a_stopped_daemon_times_out(own_daemon: Daemon) -> None:
    Client(own_daemon.socket_path).ping()
    own_daemon.send_signal(signal.SIGSTOP)
    try:
        for error, elapsed in both(lookup, own_daemon.socket_path, request_timeout=TIMEOUT, connect_timeout=TIMEOUT):
            assert isinstance(error, TimedOut) and error.code == "timed_out"
            assert TIMEOUT * 0.9 <= elapsed < TIMEOUT + SLACK
    finally:
        own_daemon.send_signal(signal.SIGCONT)
    assert Client(own_daemon.socket_path).ping()


def call_in_thread(call: Callable[[], Any]) -> "tuple[threading.Thread, list[BaseException]]":
    outcome: "list[BaseException]" = []

    def run() -> None:
        try:
            call()
        except BaseException as error:  # noqa: BLE001 - the test looks at it
            outcome.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


def test_a_daemon_killed_mid_prewarm(own_daemon: Daemon) -> None:
    """Killed while it computes (its progress events arriving): the call fails at once with
    ConnectionLost, and the client connects again once the daemon is back."""
    with open(os.path.join(REPOSITORY, "examples", "content", "feed-posts.json"), encoding="utf-8") as file:
        posts = json.load(file)
    client = Client(own_daemon.socket_path, request_timeout=10)
    client.ping()
    events: "list[Any]" = []
    thread, outcome = call_in_thread(lambda: client.prewarm(schemes=["feed-cell", "feed-card"], content=posts,
                                                            progress=events.append))
    deadline = time.monotonic() + 10
    while not events and time.monotonic() < deadline:
        time.sleep(0.01)
    assert events and events[-1].done < events[-1].total, "the prewarm ended before it could be killed"
    start = time.monotonic()
    own_daemon.stop(signal.SIGKILL)
    thread.join(5)
    assert not thread.is_alive() and time.monotonic() - start < 2
    assert len(outcome) == 1 and isinstance(outcome[0], ConnectionLost), outcome
    assert outcome[0].code == "connection_lost" and "closed the connection" in outcome[0].message
    with pytest.raises(DaemonUnavailable):
        client.ping()
    own_daemon.start()
    assert client.ping().server_version


def test_a_daemon_killed_while_a_batch_waits(own_daemon: Daemon) -> None:
    """A daemon stopped with a page outstanding, then killed: the call fails with the client's
    error at once (ConnectionLost; or, since nothing was answered on a reused connection, one
    retry that finds no daemon: DaemonUnavailable), never waiting for its timeout."""
    client = Client(own_daemon.socket_path, request_timeout=10)
    client.ping()
    own_daemon.send_signal(signal.SIGSTOP)
    page = [Lookup("feed-cell", profile="phone-portrait", content={"body": f"post {n}"}) for n in range(50)]
    thread, outcome = call_in_thread(lambda: client.lookup_batch(page))
    time.sleep(0.3)
    start = time.monotonic()
    own_daemon.stop(signal.SIGKILL)
    thread.join(5)
    assert not thread.is_alive() and time.monotonic() - start < 2
    assert len(outcome) == 1 and isinstance(outcome[0], (ConnectionLost, DaemonUnavailable)), outcome


def test_a_restarted_daemon_is_reconnected_to_transparently(own_daemon: Daemon) -> None:
    client = Client(own_daemon.socket_path)
    client.lookup("card", profile="phone-portrait")
    assert client.idle_connections == 1
    own_daemon.restart()  # The idle connection is now closed.
    assert client.lookup("card", profile="phone-portrait").scheme == "card"

    async def run() -> None:
        async_client = AsyncClient(own_daemon.socket_path)
        await async_client.ping()
        own_daemon.restart()
        assert (await async_client.lookup("card", profile="phone-portrait")).scheme == "card"

    asyncio.run(run())


# -- a fake server that breaks the protocol ----------------------------------------------


def answer_with(data: Callable[[int], bytes], then: Callable[[socket.socket], None] = hold) -> FakeServer:
    """A server that answers the first request with ``data(request_id)``, then ``then``."""

    def body(conn: socket.socket) -> None:
        _, request_id, _ = read_frame(conn)
        conn.sendall(data(request_id))
        then(conn)

    return FakeServer.after_hello(body)


def close(conn: socket.socket) -> None:
    conn.close()


@pytest.mark.parametrize("name,data,then,expected", [
    ("a truncated frame, then silence", lambda rid: pong(rid)[:-3], hold, TimedOut),
    ("a truncated frame, then the end", lambda rid: pong(rid)[:-3], close, ConnectionLost),
    ("a truncated header, then silence", lambda rid: pong(rid)[:6], hold, TimedOut),
    ("nothing, then the end", lambda rid: b"", close, ConnectionLost),
    ("nothing at all", lambda rid: b"", hold, TimedOut),
    ("a wrong request id", lambda rid: pong(rid + 7), hold, ProtocolViolation),
    ("an unknown kind (discarded, as §12 says)", lambda rid: frame(0xC3, rid, b"\x00" * 12), hold, TimedOut),
    ("a length of 4 GiB", lambda rid: struct.pack(">IBI", 0xFFFFFFFF, 0x81, rid), hold, ProtocolViolation),
    ("a length over 8 MiB", lambda rid: struct.pack(">IBI", 8 * 1024 * 1024 + 1, 0x81, rid), hold, ProtocolViolation),
    ("a length below 5", lambda rid: struct.pack(">IBI", 3, 0x81, rid), hold, ProtocolViolation),
    ("a pong with bytes left over", lambda rid: frame(0x81, rid, pong(rid)[9:] + b"!"), hold, ProtocolViolation),
    ("a string longer than its frame", lambda rid: frame(0x81, rid, struct.pack(">I", 4000) + b"0.1"), hold,
     ProtocolViolation),
    ("the answer of another request", lambda rid: frame(0x84, rid, struct.pack(">I", 0)), hold, ProtocolViolation),
    ("invalid UTF-8", lambda rid: frame(0x81, rid, struct.pack(">I", 2) + b"\xff\xfe" + struct.pack(">d", 1)), hold,
     ProtocolViolation),
])
def test_a_misbehaving_server(name: str, data: Callable[[int], bytes], then: Callable[[socket.socket], None],
                              expected: type) -> None:
    with answer_with(data, then) as server:
        for error, elapsed in both(ping, server.path, request_timeout=TIMEOUT, connect_timeout=TIMEOUT):
            assert type(error) is expected, (name, error)
            assert elapsed < TIMEOUT + SLACK, (name, elapsed)
            if expected is TimedOut:
                assert elapsed >= TIMEOUT * 0.9
        assert not server.errors


def test_a_malformed_snapshot_and_a_bad_batch() -> None:
    snapshot = frame(0x85, 0, b"\x07" + b"\x00" * 40)  # Source 7: no such source.

    def script(conn: socket.socket) -> None:
        _, request_id, _ = read_frame(conn)
        conn.sendall(snapshot[:5] + struct.pack(">I", request_id) + snapshot[9:])
        hold(conn)

    with FakeServer.after_hello(script) as server:
        for error, _ in both(lookup, server.path, request_timeout=TIMEOUT):
            assert isinstance(error, ProtocolViolation) and "source" in error.message

    def batch(conn: socket.socket) -> None:
        _, request_id, _ = read_frame(conn)
        conn.sendall(frame(0x89, request_id, struct.pack(">I", 1)))  # 1 answer promised, none follows.
        hold(conn)

    with FakeServer.after_hello(batch) as server:
        client = Client(server.path, request_timeout=TIMEOUT)
        with pytest.raises(ProtocolViolation):
            client.lookup_batch([Lookup("card", profile="phone-portrait")])


def test_an_error_with_id_zero_fails_the_call() -> None:
    busy = struct.pack(">H", 6) + struct.pack(">I", 4) + b"full" + struct.pack(">I", 0)
    with answer_with(lambda rid: frame(0xFF, 0, busy)) as server:
        for error, _ in both(ping, server.path, request_timeout=TIMEOUT):
            assert isinstance(error, Busy) and error.code == "busy" and error.message == "full"


def test_a_server_that_never_answers_the_hello() -> None:
    with FakeServer(hold) as server:
        for error, elapsed in both(ping, server.path, connect_timeout=TIMEOUT):
            assert isinstance(error, TimedOut) and TIMEOUT * 0.9 <= elapsed < TIMEOUT + SLACK


def test_a_server_that_does_not_speak_the_protocol() -> None:
    def script(conn: socket.socket) -> None:
        read_exactly(conn, 8)
        conn.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")
        hold(conn)

    with FakeServer(script) as server:
        for error, _ in both(ping, server.path, connect_timeout=TIMEOUT):
            assert isinstance(error, ProtocolViolation) and "handshake" in error.message


def test_a_busy_server_answers_before_reading_the_hello() -> None:
    """§3: a daemon at its connection limit answers busy and closes, maybe before the hello
    arrives; the client reads the answer even when its write failed."""
    message = b"cgld serves 1 connection (limits.maxConnections)"
    error_frame = frame(0xFF, 0, struct.pack(">H", 6) + struct.pack(">I", len(message)) + message + b"\0\0\0\0")

    def script(conn: socket.socket) -> None:
        conn.sendall(b"CGLD" + struct.pack(">HHI", 6, 2, 8 * 1024 * 1024) + error_frame)
        conn.shutdown(socket.SHUT_WR)
        hold(conn, 2)

    with FakeServer(script) as server:
        for error, _ in both(ping, server.path, connect_timeout=2):
            assert isinstance(error, Busy) and error.message == message.decode()


def test_an_older_server_is_spoken_to_in_its_version() -> None:
    """A server of version 3 refuses 6 and names 3: the client connects again in 3 (batches
    without references, snapshots without scroll sizes)."""
    versions = []

    def script(conn: socket.socket) -> None:
        hello = read_exactly(conn, 8)
        version = struct.unpack(">H", hello[4:6])[0]
        versions.append(version)
        if version != 3:
            conn.sendall(b"CGLD" + struct.pack(">HHI", 3, 1, 8 * 1024 * 1024))
            return
        conn.sendall(HELLO_OK[:4] + struct.pack(">HHI", 3, 0, 8 * 1024 * 1024))
        while True:
            kind, request_id, _ = read_frame(conn)
            conn.sendall(pong(request_id, f"kind {kind}"))

    with FakeServer(script) as server:
        client = Client(server.path)
        assert client.ping().server_version == "kind 1"
        assert versions == [6, 3]

        async def run() -> None:
            assert (await AsyncClient(server.path).ping()).server_version == "kind 1"

        asyncio.run(run())
        assert versions == [6, 3, 6, 3]


def test_a_refused_handshake_without_an_older_version() -> None:
    def script(conn: socket.socket) -> None:
        read_exactly(conn, 8)
        conn.sendall(b"CGLD" + struct.pack(">HHI", 9, 1, 8 * 1024 * 1024))

    with FakeServer(script) as server:
        for error, _ in both(ping, server.path):
            assert isinstance(error, HandshakeRefused) and "version 9" in error.message


def test_requests_too_large_are_refused_before_sending(daemon: Daemon) -> None:
    client = Client(daemon.socket_path)
    with pytest.raises(CGLClientError) as raised:
        client.register(b"{" + b" " * (8 * 1024 * 1024) + b"}")
    assert raised.value.code == "document_too_large"
    with pytest.raises(CGLClientError) as raised:
        client.lookup("feed-cell", profile="phone-portrait", content={"body": "x" * (9 * 1024 * 1024)})
    assert raised.value.code == "request_too_large"
    assert client.idle_connections == 1 and client.ping()  # The connection was kept: nothing was sent.


def test_pipelined_answers_in_any_order_and_chunked_byte_by_byte() -> None:
    """Answers to the requests of one turn may come in any order, in any chunking."""

    def script(conn: socket.socket) -> None:
        ids = [read_frame(conn)[1] for _ in range(3)]
        answers = b"".join(pong(request_id, f"answer {request_id}") for request_id in reversed(ids))
        for index in range(len(answers)):
            conn.sendall(answers[index:index + 1])
        hold(conn)

    with FakeServer.after_hello(script) as server:
        client = Client(server.path, max_batch_items=1)
        from cglclient import requests as make
        answers = client._send([make.ping(), make.ping(), make.ping()])
        assert [answer.server_version for answer in answers] == ["answer 1", "answer 2", "answer 3"]


def test_never_a_bare_os_error(own_daemon: Daemon) -> None:
    """Calls on a client whose daemon is gone fail with the client's error, whatever the call."""
    client = Client(own_daemon.socket_path, request_timeout=TIMEOUT, connect_timeout=TIMEOUT)
    client.ping()
    own_daemon.stop(signal.SIGKILL)
    calls = [client.ping, client.list, client.stats, lambda: client.register({"name": "x"}),
             lambda: client.unregister("x"), lambda: client.prewarm(), lambda: client.lookup("card", profile="p"),
             lambda: client.lookup_batch([Lookup("card", profile="p")])]
    for call in calls:
        with pytest.raises(CGLClientError):
            call()
