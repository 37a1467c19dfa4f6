"""Every request kind against a real cgld, and the daemon's errors as the client raises them."""

from __future__ import annotations

import json
import os
import subprocess
import uuid
from typing import Any, Dict, List

import pytest

from cglclient import (CGLClientError, Client, DaemonError, Frame, InvalidContent, InvalidDocument,
                       InvalidEnvironment, Lookup, NotFound, PrewarmProgress, Run, SchemeInfo, Snapshot)

from conftest import CARD, DATA, EXAMPLES, Daemon

FEED_CELL = os.path.join(EXAMPLES, "feed-cell.json")


def compute(cglctl: str, document: str, *arguments: str) -> Dict[str, Any]:
    """``cglctl compute … --format json``: the answer a lookup must equal."""
    result = subprocess.run([cglctl, "compute", document, "--format", "json", *arguments], capture_output=True,
                            text=True, check=True)
    return json.loads(result.stdout)


def without_source(snapshot: Snapshot) -> Dict[str, Any]:
    rendered = snapshot.as_dict()
    del rendered["source"]
    return rendered


def card_document(name: str, height: int = 300) -> Dict[str, Any]:
    with open(CARD, encoding="utf-8") as file:
        document = json.load(file)
    document["name"] = name
    document["blocks"][0]["layout"]["height"] = f"fixed({height})"
    return document


def test_ping(client: Client) -> None:
    pong = client.ping()
    assert pong.server_version and pong.uptime > 0


def test_list(client: Client) -> None:
    schemes = client.list()
    names = [scheme.name for scheme in schemes]
    assert names == sorted(names) and {"card", "feed-cell", "scroll-box"} <= set(names)
    card = next(scheme for scheme in schemes if scheme.name == "card")
    assert isinstance(card, SchemeInfo) and card.element_count == 2 and card.hash.startswith("sha256:")
    assert card.updated_at >= card.registered_at > 1.6e9


def test_lookup_by_profile_equals_compute(client: Client, cglctl: str) -> None:
    snapshot = client.lookup("feed-cell", profile="phone-portrait")
    expected = compute(cglctl, FEED_CELL, "--profile", "phone-portrait")
    assert without_source(snapshot) == expected
    assert snapshot.frames["body"] == Frame(*expected["frames"]["body"]["frame"])
    assert client.lookup("feed-cell", profile="phone-portrait").source == "memory"


def test_lookup_with_every_explicit_value(client: Client, cglctl: str) -> None:
    snapshot = client.lookup("feed-cell", size=(500, 700), scale=2, direction="rtl",
                             size_classes=("regular", None), safe_area=(20, 0, 10, 0), text_scale=1.5,
                             content={"body": "Hello there", "hasBadge": True, "photo": (300, 400)})
    expected = compute(cglctl, FEED_CELL, "--size", "500x700", "--scale", "2", "--rtl", "--size-classes",
                       "regular,regular", "--safe-area", "20,0,10,0", "--text-scale", "1.5", "--set",
                       "body=Hello there", "--set", "hasBadge=true", "--set", "photo=300x400")
    assert without_source(snapshot) == expected
    env = snapshot.environment
    assert (env.direction, env.horizontal_size_class, env.vertical_size_class, env.profile) == ("rtl", "regular",
                                                                                                 "regular", None)
    assert env.text_scale == 1.5 and snapshot.content_digest == expected["content"]


def test_lookup_in_a_direction_and_text_scale(client: Client, cglctl: str) -> None:
    snapshot = client.lookup("feed-cell", profile="tablet-landscape", direction="rtl", text_scale=2)
    assert without_source(snapshot) == compute(cglctl, FEED_CELL, "--profile", "tablet-landscape", "--rtl",
                                               "--text-scale", "2")


def test_scroll_sizes(client: Client) -> None:
    """Protocol version 5's trailer: the boxes that clip or scroll, and how far."""
    snapshot = client.lookup("scroll-box", size=(390, 844))
    assert snapshot.scroll_sizes == {"feed": (0, 164), "strip": (82, 0), "fits": (0, 0)}
    assert snapshot["feed"].scroll_size == (0, 164) and snapshot["i1"].scroll_size is None
    hidden = client.lookup("scroll-box", size=(390, 844), content={"showFourth": False})
    assert hidden.scroll_sizes["feed"] == (0, 96)
    assert snapshot.as_dict()["frames"]["feed"]["scrollSize"] == [0, 164]


def test_runs_content(client: Client, cglctl: str, tmp_path: Any) -> None:
    runs = [Run.text("@ada", style="headline"), Run.text(" shipped it "), Run.atom(18, 18, baseline=15),
            Run.text(" — and a longer tail that wraps onto a second line of the cell")]
    runs_file = tmp_path / "runs.json"
    runs_file.write_text(json.dumps([run.to_json() for run in runs]))
    snapshot = client.lookup("feed-cell", profile="phone-portrait", content={"body": runs})
    expected = compute(cglctl, FEED_CELL, "--profile", "phone-portrait", "--set", f"body=@{runs_file}")
    assert without_source(snapshot) == expected
    # The same runs as dicts are the same lookup.
    as_dicts = client.lookup("feed-cell", profile="phone-portrait", content={"body": [run.to_json() for run in runs]})
    assert as_dicts.source == "memory" and as_dicts.frames == snapshot.frames
    with pytest.raises(InvalidContent) as raised:
        client.lookup("feed-cell", profile="phone-portrait", content={"body": [Run.text("x", style="nope")]})
    assert raised.value.code == "invalid_content" and raised.value.issues[0].pointer == "/body/0/style"


def test_lookup_batch_in_order(client: Client) -> None:
    page = [Lookup("card", profile="phone-portrait", content={"hasAvatar": False}),
            Lookup("crad", profile="phone-portrait"),
            Lookup("feed-cell", size=(400, 800), content={"body": "batch"}),
            Lookup("card", profile="no-such-profile")]
    answers = client.lookup_batch(page)
    assert [type(answer) for answer in answers] == [Snapshot, NotFound, Snapshot, InvalidEnvironment]
    assert answers[0].frames["avatar"] == (12, 12, 0, 0)
    assert answers[1].message == "no scheme is registered as 'crad'; did you mean 'card'?"
    assert answers[2].scheme == "feed-cell" and answers[3].code == "invalid_environment"
    assert client.lookup_batch([]) == []


def test_a_kept_page_goes_by_reference(client: Client) -> None:
    page = [Lookup("feed-cell", profile="phone-portrait", content={"body": f"reference {index} {uuid.uuid4()}"})
            for index in range(20)]
    before = client.stats()["lookups.byReference"]
    first = client.lookup_batch(page)
    assert all(answer.source == "computed" for answer in first)
    assert client.stats()["lookups.byReference"] == before
    second = client.lookup_batch(page)
    assert [answer.frames for answer in second] == [answer.frames for answer in first]
    assert all(answer.source == "memory" for answer in second)
    assert client.stats()["lookups.byReference"] == before + 20


def test_unknown_references_are_sent_again_in_full(own_daemon: Daemon) -> None:
    client = Client(own_daemon.socket_path)
    page = [Lookup("card", profile="phone-portrait", content={"hasAvatar": index % 2 == 0}) for index in range(4)]
    assert all(isinstance(answer, Snapshot) for answer in client.lookup_batch(page))
    own_daemon.restart()  # It forgets every reference.
    answers = client.lookup_batch(page)
    assert all(isinstance(answer, Snapshot) for answer in answers)
    assert [answer.frames["avatar"].width for answer in answers] == [44, 0, 44, 0]
    stats = client.stats()
    assert stats["lookups.unknownReference"] == 4 and stats["lookups.byReference"] == 0
    # After an unknown reference, the next send goes in full, then by reference again.
    client.lookup_batch(page)
    assert client.stats()["lookups.byReference"] == 0
    client.lookup_batch(page)
    assert client.stats()["lookups.byReference"] == 4


def test_a_batch_longer_than_the_limit_is_split(daemon: Daemon) -> None:
    client = Client(daemon.socket_path, max_batch_items=7)
    page = [Lookup("card", profile="phone-portrait", content={"hasAvatar": index % 3 == 0}) for index in range(30)]
    page.insert(11, Lookup("crad", profile="phone-portrait"))
    answers = client.lookup_batch(page)
    assert len(answers) == 31 and isinstance(answers[11], NotFound)
    widths = [answer.frames["avatar"].width for answer in answers if isinstance(answer, Snapshot)]
    assert widths == [44 if index % 3 == 0 else 0 for index in range(30)]


def test_register_a_path_bytes_and_a_dict_then_unregister(client: Client) -> None:
    name = f"card-{uuid.uuid4().hex[:8]}"
    document = card_document(name)
    created = client.register(document)
    assert (created.name, created.outcome, created.warnings) == (name, "created", [])
    assert client.register(json.dumps(document).encode()).outcome == "unchanged"
    path = os.path.join(DATA, "..", "..", "..", "..", "docs", "examples", "card.json")
    assert client.register(path).name == "card"
    updated = client.register(card_document(name, height=200))
    assert updated.outcome == "updated" and updated.hash != created.hash
    assert client.lookup(name, profile="phone-portrait").frames["card"].height == 200
    assert name in [scheme.name for scheme in client.list()]
    assert client.unregister(name) is True
    assert client.unregister(name) is False
    with pytest.raises(NotFound):
        client.lookup(name, profile="phone-portrait")


def test_invalid_document_carries_every_issue(client: Client) -> None:
    document = card_document("broken")
    document["elements"].append({"id": "ghost", "parent": "nowhere"})
    document["blocks"].append({"element": "card", "layout": {"x": "rigth(8)"}})
    with pytest.raises(InvalidDocument) as raised:
        client.register(document)
    error = raised.value
    assert error.code == "invalid_document" and error.is_daemon_error and len(error.issues) >= 2
    assert all(issue.severity in ("error", "warning") for issue in error.issues)
    assert any(issue.pointer.startswith("/elements/2") for issue in error.issues)
    with pytest.raises(InvalidDocument) as raised:
        client.register(b"{ not json")
    assert raised.value.issues[0].code == "syntax" and raised.value.issues[0].line == 1


def test_errors_of_lookups(client: Client) -> None:
    with pytest.raises(NotFound) as not_found:
        client.lookup("crad", profile="phone-portrait")
    assert not_found.value.code == "not_found" and "did you mean 'card'" in not_found.value.message
    with pytest.raises(InvalidEnvironment) as unknown_profile:
        client.lookup("card", profile="phone-portrat")
    assert unknown_profile.value.issues[0].code == "unknownProfile"
    with pytest.raises(InvalidEnvironment) as zero:
        client.lookup("card", size=(0, 100))
    assert zero.value.issues[0].pointer == "/width"
    with pytest.raises(InvalidContent) as content:
        client.lookup("feed-cell", profile="phone-portrait", content={"bdy": "x", "hasBadge": "yes"})
    assert {issue.pointer for issue in content.value.issues} == {"/bdy", "/hasBadge"}
    assert any("did you mean 'body'" in issue.hint for issue in content.value.issues)
    # A failed call leaves the client usable.
    assert client.lookup("card", profile="phone-portrait").scheme == "card"


def test_prewarm_reports_progress(daemon: Daemon) -> None:
    client = Client(daemon.socket_path)
    name = f"card-{uuid.uuid4().hex[:8]}"
    client.register(card_document(name, height=123))
    events: List[PrewarmProgress] = []
    summary = client.prewarm(schemes=[name, "toolbar"], profiles=["phone-portrait", "tablet-portrait"],
                             progress=events.append)
    assert summary.total == 8 and summary.failed == 0 and summary.cancelled == 0
    assert events and events[-1].done == events[-1].total == 8
    again = client.prewarm(schemes=[name], profiles=["phone-portrait"],
                           content=[{"hasAvatar": False}, {"hasAvatar": True}])
    assert again.total == 4
    with pytest.raises(NotFound):
        client.prewarm(schemes=["crad"])
    with pytest.raises(InvalidContent):
        client.prewarm(schemes=[name], content=[{"nope": "x"}])
    client.unregister(name)


def test_stats(client: Client) -> None:
    client.lookup("card", profile="phone-portrait")
    stats = client.stats()
    assert list(stats)[:3] == ["schemes", "snapshots.stored", "lookups"]
    assert stats["lookups"] == stats["hits.memory"] + stats["hits.store"] + stats["misses"]
    assert stats["connections.open"] >= 1


@pytest.mark.parametrize("version", [1, 2, 3, 4, 5])
def test_older_protocol_versions(daemon: Daemon, cglctl: str, version: int) -> None:
    """A client limited to an older version speaks exactly its messages (decoding each
    snapshot without the later fields)."""
    client = Client(daemon.socket_path, protocol_version=version)
    snapshot = client.lookup("card", profile="phone-portrait")
    assert snapshot.frames["avatar"] == (12, 12, 44, 44) and snapshot.environment.text_scale == 1
    page = [Lookup("card", profile="phone-portrait"), Lookup("crad", profile="phone-portrait")]
    answers = client.lookup_batch(page)
    assert isinstance(answers[0], Snapshot) and isinstance(answers[1], NotFound)
    assert client.prewarm(schemes=["card"], profiles=["phone-portrait"]).total == 2
    scroll = client.lookup("scroll-box", size=(390, 844))
    assert scroll.scroll_sizes == ({} if version < 5 else {"feed": (0, 164), "strip": (82, 0), "fits": (0, 0)})
    if version >= 2:
        answers = client.lookup_batch([Lookup("card", profile="phone-portrait", content={"hasAvatar": False})])
        assert answers[0].frames["avatar"].width == 0
    else:
        with pytest.raises(CGLClientError) as raised:
            client.lookup("card", profile="phone-portrait", content={"hasAvatar": False})
        assert raised.value.code == "unsupported_by_daemon"
    runs = {"body": [Run.text("hi")]}
    if version < 6:
        with pytest.raises(CGLClientError) as raised:
            client.lookup("feed-cell", profile="phone-portrait", content=runs)
        assert raised.value.code == "unsupported_by_daemon"
        assert ("runs" if version >= 2 else "content") in raised.value.message
    assert client.ping().server_version


def test_a_daemon_error_is_a_value_in_a_batch_and_raised_alone(client: Client) -> None:
    answers = client.lookup_batch([Lookup("crad", profile="phone-portrait")])
    assert isinstance(answers[0], DaemonError) and answers[0].daemon_code == 1
