"""The golden exchanges of docs/protocol.md §13 (clients/contract/exchanges.json): the client's
encoder produces their bytes, and its decoder reads them back as their values."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from typing import Any, Dict, List

import pytest

from cglclient import DaemonError, Lookup, NotFound, Run, Snapshot
from cglclient import requests as make
from cglclient.exchange import Exchange
from cglclient.framing import FrameParser, ServerHello, client_hello

from conftest import REPOSITORY

CONTRACT = os.path.join(REPOSITORY, "clients", "contract")
with open(os.path.join(CONTRACT, "exchanges.json"), encoding="utf-8") as _file:
    EXCHANGES: Dict[str, Any] = json.load(_file)["exchanges"]


def golden(name: str) -> bytes:
    return bytes.fromhex(EXCHANGES[name]["hex"])


def value(name: str) -> Dict[str, Any]:
    return EXCHANGES[name]["value"]


def lookup_of(item: Dict[str, Any]) -> Lookup:
    environment = item["environment"]
    return Lookup(item["scheme"], environment["profile"], direction=environment["direction"],
                  text_scale=item["textScale"], content=item["content"])


def encoded(requests: List[make.Request], version: int, first_id: int) -> bytes:
    return Exchange(requests, version, first_id, 8 * 1024 * 1024, "golden").output


def decoded(request: make.Request, data: bytes, version: int = 6) -> Any:
    """The final answer to ``request`` of the frame ``data``, fed one byte at a time."""
    request_id = int.from_bytes(data[5:9], "big")
    exchange = Exchange([request], version, request_id, 8 * 1024 * 1024, "golden")
    parser = FrameParser()
    for index in range(len(data)):
        done = exchange.receive(parser.feed(data[index:index + 1]))
        assert done == (index == len(data) - 1)
    return exchange.answers[0]


def contract_snapshot(snapshot: Snapshot) -> Dict[str, Any]:
    """A snapshot in the contract's terms."""
    env = snapshot.environment
    return {
        "source": snapshot.source, "scheme": snapshot.scheme, "hash": snapshot.hash, "engine": snapshot.engine,
        "environment": {"width": env.width, "height": env.height, "scale": env.scale, "direction": env.direction,
                        "horizontalSizeClass": env.horizontal_size_class,
                        "verticalSizeClass": env.vertical_size_class, "safeArea": list(env.safe_area),
                        "profile": env.profile},
        "size": list(snapshot.size),
        "elements": [{"id": element.id, "frame": list(element.frame), "inRoot": list(element.in_root)}
                     for element in snapshot.elements],
        "textScale": snapshot.environment.text_scale, "contentDigest": snapshot.content_digest,
        "scrollSizes": [[element.id] + list(element.scroll_size) for element in snapshot.elements
                        if element.scroll_size is not None],
    }


def contract_error(error: DaemonError) -> Dict[str, Any]:
    names = {"not_found": "notFound"}
    return {"code": error.daemon_code, "name": names[error.code], "message": error.message, "issues": error.issues}


def test_the_contract_is_the_page() -> None:
    """exchanges.json holds exactly the golden blocks of docs/protocol.md (regenerate it with
    clients/contract/generate.py when the page changes)."""
    spec = importlib.util.spec_from_file_location("generate", os.path.join(CONTRACT, "generate.py"))
    assert spec is not None and spec.loader is not None
    generate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generate)
    with open(os.path.join(CONTRACT, "exchanges.json"), encoding="utf-8") as file:
        assert file.read() == generate.render(), "clients/contract/exchanges.json is out of date: run generate.py"
    assert len(EXCHANGES) == 11


def test_hellos() -> None:
    assert client_hello(value("client-hello")["version"]) == golden("client-hello")
    hello = ServerHello.decode(golden("server-hello"))
    assert hello == (6, 0, 8388608)
    assert dict(zip(["version", "status", "maximumFrameSize"], hello)) == value("server-hello")


def test_ping_and_pong() -> None:
    assert encoded([make.ping()], 6, value("ping")["requestId"]) == golden("ping")
    pong = decoded(make.ping(), golden("pong"))
    assert (pong.server_version, pong.uptime) == ("0.1.0", 12.5)


def test_lookup() -> None:
    item = value("lookup")
    assert encoded([make.lookup(lookup_of(item))], 6, item["requestId"]) == golden("lookup")
    assert encoded([make.lookup(Lookup("card", profile="phone-portrait"))], 6, 2) == golden("lookup")


def test_snapshot_from_memory_and_from_the_store() -> None:
    item = make.lookup(Lookup("card", profile="phone-portrait"))
    snapshot = decoded(item, golden("snapshot"))
    expected = dict(value("snapshot"))
    del expected["requestId"]
    assert contract_snapshot(snapshot) == expected
    assert snapshot.frames["avatar"] == (12, 12, 44, 44) and snapshot.frames_in_root["avatar"] == (20, 20, 44, 44)
    assert snapshot.size == (382, 308) and snapshot.content_digest is None and snapshot.scroll_sizes == {}
    # From the store, the same answer differs in the source byte alone.
    stored = bytearray(golden("snapshot"))
    stored[9] = 1
    from_store = decoded(item, bytes(stored))
    assert from_store.source == "store" and contract_snapshot(from_store) == dict(expected, source="store")


def test_error() -> None:
    error = decoded(make.lookup(Lookup("crad", profile="phone-portrait")), golden("error"))
    assert isinstance(error, NotFound) and error.code == "not_found"
    expected = dict(value("error"))
    del expected["requestId"]
    assert contract_error(error) == expected


def test_lookup_batch_and_its_snapshots() -> None:
    item = value("lookup-batch")
    lookups = [lookup_of(entry) for entry in item["lookups"]]
    # Version 2 and 3 send a lookupBatch; from 4 the same page goes as lookupBatchWithReferences.
    for version in (2, 3):
        assert encoded(make.lookup_batches(lookups, 1000), version, item["requestId"]) == golden("lookup-batch")
    answers = decoded(make.lookup_batches(lookups, 1000)[0], golden("snapshots"))
    first, second = answers
    expected = value("snapshots")["answers"]
    assert contract_snapshot(first) == {key: entry for key, entry in expected[0].items() if key != "kind"}
    assert isinstance(second, NotFound)
    assert contract_error(second) == {key: entry for key, entry in expected[1].items() if key != "kind"}


def test_lookup_batch_with_references() -> None:
    item = value("lookup-batch-with-references")
    reference = item["lookups"][0]
    origin = value(reference["referenceOf"]["exchange"])["lookups"][reference["referenceOf"]["lookup"]]
    first, second = lookup_of(origin), lookup_of(item["lookups"][1])
    # The reference is the SHA-256 of the lookup's 48 bytes, as lookup-batch carries them.
    assert len(first.fields) == 48 and golden("lookup-batch")[13:61] == first.fields
    assert first.reference.hex() == reference["reference"] == hashlib.sha256(first.fields).hexdigest()
    # Sent the first time in full; once answered, by reference; the failed one in full again.
    batch = make.lookup_batches([first, second], 1000)
    assert encoded(batch, 6, 5)[9:] == b"\x00\x00\x00\x02\x00" + first.fields + b"\x00" + second.fields
    answers = decoded(batch[0], golden("snapshots").replace(b"\x00\x00\x00\x04", b"\x00\x00\x00\x05", 1))
    assert isinstance(answers[0], Snapshot) and isinstance(answers[1], NotFound)
    first.answered()
    assert encoded(make.lookup_batches([first, second], 1000), 6, item["requestId"]) == golden(
        "lookup-batch-with-references")


def test_lookup_with_runs_as_dicts_and_as_runs() -> None:
    item = value("lookup-runs")
    assert encoded([make.lookup(lookup_of(item))], 6, item["requestId"]) == golden("lookup-runs")
    runs = [Run.text("@ada", style="mention"), Run.text(" shipped it"), Run.atom(18, 18, baseline=15)]
    assert [run.to_json() for run in runs] == item["content"]["body"]
    assert encoded([make.lookup(Lookup("card", profile="phone-portrait", content={"body": runs}))], 6, 6) == golden(
        "lookup-runs")


@pytest.mark.parametrize("name", sorted(name for name, entry in EXCHANGES.items() if entry["from"] == "server"
                                        and "kind" in entry))
def test_every_answer_cut_short_is_malformed(name: str) -> None:
    """Strict decoding: the payload of each golden answer, one byte short or one byte long, is
    refused (as a ProtocolViolation) rather than read."""
    from cglclient import ProtocolViolation
    data = golden(name)
    kinds = {0x81: make.ping(), 0x85: make.lookup(Lookup("card", profile="p")), 0xFF: make.ping(),
             0x89: make.lookup_batches([Lookup("card", profile="p"), Lookup("crad", profile="p")], 1000)[0]}
    request = kinds[data[4]]
    for payload in (data[9:-1], data[9:] + b"\x00"):
        frame = (len(payload) + 5).to_bytes(4, "big") + data[4:9] + payload
        with pytest.raises(ProtocolViolation):
            decoded(request, frame)
