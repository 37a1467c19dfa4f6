"""The encoder, the decoder and the framing alone, without a daemon."""

from __future__ import annotations

import pickle
import struct

import pytest

from cglclient import CGLClientError, DaemonError, InvalidContent, Issue, Lookup, NotFound, Run
from cglclient import requests as make
from cglclient.discovery import default_socket_path, socket_candidates
from cglclient.exchange import Exchange
from cglclient.framing import FrameParser
from cglclient.protocol import Malformed, encode_content


def test_content_values_of_every_kind() -> None:
    data, uses_runs = encode_content({"title": "Hi", "photo": (1200, 800), "hasBadge": False,
                                      "size": [1.5, 2], "body": [Run.text("a"), {"atom": {"size": [1, 2]}}]})
    assert uses_runs
    # Sorted by name: body, hasBadge, photo, size, title.
    expected = (struct.pack(">I", 5)
                + struct.pack(">I", 4) + b"body" + b"\x04" + struct.pack(">I", 2)
                + b"\x01" + struct.pack(">I", 1) + b"a" + b"\x00"
                + b"\x02" + struct.pack(">dd", 1, 2) + b"\x00"
                + struct.pack(">I", 8) + b"hasBadge" + b"\x03\x00"
                + struct.pack(">I", 5) + b"photo" + b"\x02" + struct.pack(">dd", 1200, 800)
                + struct.pack(">I", 4) + b"size" + b"\x02" + struct.pack(">dd", 1.5, 2)
                + struct.pack(">I", 5) + b"title" + b"\x01" + struct.pack(">I", 2) + b"Hi")
    assert data == expected
    assert encode_content({}) == (b"\x00\x00\x00\x00", False) == encode_content(None)


def test_equal_content_is_the_same_lookup_however_it_is_ordered() -> None:
    first = Lookup("feed-cell", profile="phone-portrait", content={"body": "x", "hasBadge": True})
    second = Lookup("feed-cell", profile="phone-portrait", content={"hasBadge": True, "body": "x"})
    assert first == second and first.reference == second.reference and hash(first) == hash(second)


@pytest.mark.parametrize("content", [{"body": 3}, {"body": None}, {"body": (1, 2, 3)}, {"body": [{"strin": "x"}]},
                                     {"body": [{"atom": {"size": [1]}}]}, {"body": "\ud800"}, {3: "x"}])
def test_content_that_cannot_be_sent_is_refused_here(content: object) -> None:
    with pytest.raises((TypeError, ValueError)):
        Lookup("feed-cell", profile="phone-portrait", content=content)  # type: ignore[arg-type]


def test_lookup_arguments() -> None:
    with pytest.raises(TypeError):
        Lookup("card")
    with pytest.raises(TypeError):
        Lookup("card", profile="p", size=(1, 2))
    with pytest.raises(TypeError):
        Lookup("card", profile="p", scale=2)
    with pytest.raises(ValueError):
        Lookup("card", profile="p", direction="up")
    with pytest.raises(ValueError):
        Lookup("card", size=(1, 2), size_classes=("big", None))
    item = Lookup("card", size=(1, 2))
    with pytest.raises(AttributeError):
        item.scheme = "other"  # type: ignore[misc]


def test_runs_round_trip_their_json() -> None:
    runs = [Run.text("@ada", style="mention"), Run.text("x"), Run.atom(18, 18, baseline=15), Run.atom(1, 2)]
    assert [Run.from_json(run.to_json()) for run in runs] == runs
    assert repr(runs[0]) == "Run.text('@ada', style='mention')" and runs[2].is_atom


def test_references_back_off_after_unknown_ones() -> None:
    item = Lookup("feed-cell", profile="phone-portrait", content={"body": "a text long enough"})
    assert item.reference_to_send() is None  # Never answered.
    item.answered()
    assert item.reference_to_send() == item.reference
    # What a batch sends (its entry made once by reference): the same pattern.
    in_full, by_reference = b"\x00" + item.fields, b"\x01" + item.reference
    assert item.batch_entry() == by_reference
    pattern = []
    for _ in range(3):
        item.reference_unknown()
        entries = [item.batch_entry() for _ in range(5)]
        assert set(entries) <= {in_full, by_reference}
        pattern.append([entry == in_full for entry in entries])
    # In full once after the first unknown reference, twice after the second, four times after the third.
    assert pattern == [[True, False, False, False, False], [True, True, False, False, False],
                       [True, True, True, True, False]]
    short = Lookup("a", profile="b")
    short.answered()
    assert len(short.fields) <= 32 and short.reference_to_send() is None  # Nothing gained by reference.


def test_batches_are_split_by_count_and_by_bytes() -> None:
    lookups = [Lookup("card", profile="phone-portrait", content={"n": str(n)}) for n in range(25)]
    assert [len(request.lookups or ()) for request in make.lookup_batches(lookups, 10)] == [10, 10, 5]
    big = [Lookup("feed-cell", profile="p", content={"body": "x" * 1_500_000}) for _ in range(5)]
    assert [len(request.lookups or ()) for request in make.lookup_batches(big, 1000)] == [2, 2, 1]


def test_the_frame_parser_takes_any_chunking() -> None:
    frames = b"".join(struct.pack(">IBI", 5 + len(body), 0x81, n) + body for n, body in enumerate([b"", b"ab", b"c" * 70000]))
    for size in (1, 3, 9, 4096, len(frames)):
        parser = FrameParser()
        out = []
        for start in range(0, len(frames), size):
            out += parser.feed(frames[start:start + size])
        assert [(frame.request_id, len(frame.payload)) for frame in out] == [(0, 0), (1, 2), (2, 70000)]
        assert parser.pending == 0
    with pytest.raises(Malformed):
        FrameParser().feed(b"\xff\xff\xff\xff")  # A length of 4 GiB, known from its 4 bytes.


def test_exchange_ignores_a_second_final_answer_and_discards_unknown_kinds() -> None:
    exchange = Exchange([make.ping(), make.ping()], 6, 10, 8 << 20, "x")
    pong = struct.pack(">I", 1) + b"v" + struct.pack(">d", 1)
    parser = FrameParser()
    data = (struct.pack(">IBI", 5 + 3, 0xC0, 10) + b"abc"
            + struct.pack(">IBI", 5 + len(pong), 0x81, 10) + pong
            + struct.pack(">IBI", 5 + len(pong), 0x81, 10) + pong)
    assert not exchange.receive(parser.feed(data))
    assert exchange.remaining == 1
    assert exchange.receive(parser.feed(struct.pack(">IBI", 5 + len(pong), 0x81, 11) + pong))


def test_socket_search_order() -> None:
    exists = {"/run/cgld/cgld.sock", "/x/cgld/cgld.sock"}.__contains__
    assert default_socket_path({"CGLD_SOCKET": "/given.sock"}, exists) == "/given.sock"
    assert default_socket_path({"CGLD_SOCKET": "", "XDG_RUNTIME_DIR": "/x"}, exists) == "/x/cgld/cgld.sock"
    assert default_socket_path({"XDG_RUNTIME_DIR": "x"}, exists) == "/run/cgld/cgld.sock"
    assert default_socket_path({}, lambda path: False) == ".cgld/cgld.sock"
    assert default_socket_path({}, lambda path: True) == ".cgld/cgld.sock"
    assert socket_candidates({"XDG_RUNTIME_DIR": "/r"}) == [".cgld/cgld.sock", "/r/cgld/cgld.sock",
                                                            "/run/cgld/cgld.sock"]


def test_errors() -> None:
    issue = Issue("error", "unknownSlot", "/bdy", "no slot 'bdy'", "did you mean 'body'?", 0, 0)
    error = DaemonError.make(10, "content does not fit", [issue], "/s.sock")
    assert isinstance(error, InvalidContent) and error.code == "invalid_content" and error.daemon_code == 10
    assert error.issues == [issue] and error.is_daemon_error and "did you mean 'body'?" in str(error)
    assert DaemonError.make(99, "new").code == "code_99"
    assert isinstance(DaemonError.make(1, "x"), NotFound)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is InvalidContent and copy.issues == [issue] and copy.code == "invalid_content"
    local = pickle.loads(pickle.dumps(CGLClientError("timed_out", "slow")))
    assert local.code == "timed_out" and not local.is_daemon_error


def test_snapshots_of_one_shape_are_read_alike_and_others_field_by_field() -> None:
    """The fast path for snapshots of a shape seen before (a page of one scheme) reads what the
    field-by-field decoder reads, and leaves anything else to it."""
    import json
    import os

    from cglclient.snapshots import decode_snapshot

    from conftest import REPOSITORY

    with open(os.path.join(REPOSITORY, "clients", "contract", "exchanges.json"), encoding="utf-8") as file:
        payload = bytes.fromhex(json.load(file)["exchanges"]["snapshot"]["hex"])[9:]
    first = decode_snapshot(payload, 0, len(payload), 6)
    second = decode_snapshot(payload, 0, len(payload), 6)  # Of the shape just seen.
    assert first == second and second.frames["avatar"] == (12, 12, 44, 44) and list(second.frames) == ["card", "avatar"]
    renamed = payload.replace(b"avatar", b"avatur")
    assert list(decode_snapshot(renamed, 0, len(renamed), 6).frames) == ["card", "avatur"]
    scaled = payload[:-16] + struct.pack(">d", 1.5) + payload[-8:]
    assert decode_snapshot(scaled, 0, len(scaled), 6).environment.text_scale == 1.5
    for broken in (payload[:-1], payload + b"\x00", payload[:-4] + b"\x00\x00\x00\x01"):
        with pytest.raises(Malformed):
            decode_snapshot(broken, 0, len(broken), 6)


def _contract_snapshot() -> bytes:
    import json
    import os

    from conftest import REPOSITORY

    with open(os.path.join(REPOSITORY, "clients", "contract", "exchanges.json"), encoding="utf-8") as file:
        return bytes.fromhex(json.load(file)["exchanges"]["snapshot"]["hex"])[9:]


def _with_digest(snapshot: bytes, digest: bytes) -> bytes:
    """The snapshot (no digest, no scroll sizes) with a content digest."""
    return snapshot[:-8] + struct.pack(">I", len(digest)) + digest + snapshot[-4:]


def _page(*answers: bytes, kinds: str = "") -> bytes:
    return struct.pack(">I", len(answers)) + b"".join(
        struct.pack(">BI", 0xFF if kinds[index:index + 1] == "e" else 0x85, len(answer)) + answer
        for index, answer in enumerate(answers))


def test_a_page_of_one_shape_reads_as_each_of_its_snapshots_alone() -> None:
    """A page whose answers are all snapshots of one known shape is read in one go (frames
    when first asked for); what it reads equals each snapshot decoded field by field, and a
    page it does not recognise is left to the general decoder."""
    from cglclient import snapshots

    snapshot = _contract_snapshot()
    snapshots.decode_snapshot(snapshot, 0, len(snapshot), 6)  # Its shape, known.
    first = _with_digest(snapshot, b"sha256:" + b"a" * 64)
    stored = b"\x01" + first[1:]
    scaled = first[:-87] + struct.pack(">d", 1.25) + first[-79:]  # Its text scale.
    page = _page(first, stored, scaled)
    fast = snapshots._page_of_one_shape(page, 0, len(page))
    assert fast is not None
    snapshots._shapes.clear()  # Each alone, field by field.
    alone = [snapshots._decode_snapshot(item, 0, len(item), 6) for item in (first, stored, scaled)]
    assert fast == alone
    assert [item.source for item in fast] == ["memory", "store", "memory"]
    assert [item.environment.text_scale for item in fast] == [1.0, 1.0, 1.25]
    assert fast[2].content_digest == "sha256:" + "a" * 64 and fast[1].frames["avatar"] == (12, 12, 44, 44)

    error = struct.pack(">HI", 1, 4) + b"gone" + struct.pack(">I", 0)
    declined = {
        "an error among the answers": _page(first, error, first, kinds=" e "),
        "an element renamed in one answer": _page(first, first.replace(b"avatar", b"avatur")),
        "digests of two lengths": _page(first, snapshot),
    }
    for problem, payload in declined.items():
        assert snapshots._page_of_one_shape(payload, 0, len(payload)) is None, problem
        answers = snapshots.decode_snapshots(payload, 0, len(payload), 6)
        assert len(answers) == payload[3], problem
    unknown_source = _page(first, b"\x07" + first[1:])
    assert snapshots._page_of_one_shape(unknown_source, 0, len(unknown_source)) is None
    with pytest.raises(Malformed):
        snapshots.decode_snapshots(unknown_source, 0, len(unknown_source), 6)
    for broken in (page + b"\x00", page[:-1], struct.pack(">I", 4) + page[4:]):
        assert snapshots._page_of_one_shape(broken, 0, len(broken)) is None
        with pytest.raises(Malformed):
            snapshots.decode_snapshots(broken, 0, len(broken), 6)


def test_the_frame_parser_reads_a_socket_into_its_own_buffer() -> None:
    """Frames read straight from a socket, in pieces, one larger than the parser's buffer;
    the end of the stream is ``None``."""
    import socket
    import threading

    bodies = [b"", b"ab", bytes(range(256)) * 1000, b"z"]
    data = b"".join(struct.pack(">IBI", 5 + len(body), 0x81, n) + body for n, body in enumerate(bodies))
    ours, theirs = socket.socketpair()

    def write() -> None:
        for start in range(0, len(data), 7001):
            theirs.sendall(data[start:start + 7001])
        theirs.close()

    writer = threading.Thread(target=write)
    writer.start()
    parser = FrameParser()
    out = []
    while True:
        frames = parser.read_from(ours)
        if frames is None:
            break
        out += frames
    writer.join()
    ours.close()
    assert [(frame.request_id, frame.payload) for frame in out] == list(enumerate(bodies))
    assert parser.pending == 0
