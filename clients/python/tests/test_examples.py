"""The 50 posts of examples/content/ looked up from cgld equal `cglctl compute` for each."""

from __future__ import annotations

import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Dict, List

import pytest

from cglclient import Client, Lookup, Snapshot

from conftest import EXAMPLES, REPOSITORY, Daemon

POSTS_PATH = os.path.join(REPOSITORY, "examples", "content", "feed-posts.json")
FEED_CELL = os.path.join(EXAMPLES, "feed-cell.json")
PROFILES = [("phone-portrait", None), ("tablet-landscape", "rtl")]


def posts() -> List[Dict[str, Any]]:
    with open(POSTS_PATH, encoding="utf-8") as file:
        return json.load(file)


@pytest.fixture(scope="module")
def computed(cglctl: str, tmp_path_factory: pytest.TempPathFactory) -> Dict[str, List[Dict[str, Any]]]:
    """`cglctl compute` of every post in each profile (in parallel: 100 short processes)."""
    folder = str(tmp_path_factory.mktemp("posts"))

    def compute(job: Any) -> Dict[str, Any]:
        index, post, profile, direction = job
        path = os.path.join(folder, f"{index}.json")
        with open(path, "w", encoding="utf-8") as file:
            json.dump(post, file, ensure_ascii=False)
        arguments = [cglctl, "compute", FEED_CELL, "--profile", profile, "--content", path, "--format", "json"]
        if direction == "rtl":
            arguments.append("--rtl")
        return json.loads(subprocess.run(arguments, capture_output=True, text=True, check=True).stdout)

    results: Dict[str, List[Dict[str, Any]]] = {}
    with ThreadPoolExecutor(8) as pool:
        for profile, direction in PROFILES:
            jobs = [(f"{profile}-{index}", post, profile, direction) for index, post in enumerate(posts())]
            results[profile] = list(pool.map(compute, jobs))
    return results


def rendered(snapshot: Snapshot) -> Dict[str, Any]:
    result = snapshot.as_dict()
    del result["source"]
    return result


def test_there_are_fifty_posts() -> None:
    assert len(posts()) == 50


@pytest.mark.parametrize("profile,direction", PROFILES)
def test_each_post_alone(daemon: Daemon, computed: Dict[str, List[Dict[str, Any]]], profile: str,
                         direction: Any) -> None:
    with Client(daemon.socket_path) as client:
        for post, expected in zip(posts(), computed[profile]):
            snapshot = client.lookup("feed-cell", profile=profile, direction=direction, content=post)
            assert rendered(snapshot) == expected, post["name"]


@pytest.mark.parametrize("profile,direction", PROFILES)
def test_the_page_as_a_batch_twice(daemon: Daemon, computed: Dict[str, List[Dict[str, Any]]], profile: str,
                                   direction: Any) -> None:
    with Client(daemon.socket_path) as client:
        page = [Lookup("feed-cell", profile=profile, direction=direction, content=post) for post in posts()]
        first = client.lookup_batch(page)
        assert [rendered(snapshot) for snapshot in first] == computed[profile]
        # The second time by reference, from memory: the same answers.
        second = client.lookup_batch(page)
        assert all(snapshot.source == "memory" for snapshot in second)
        assert [rendered(snapshot) for snapshot in second] == computed[profile]
