"""Many callers at once: 16 threads sharing a Client, 100 asyncio tasks sharing an AsyncClient,
and every call of the AsyncClient."""

from __future__ import annotations

import asyncio
import json
import os
import threading
import uuid
from typing import Any, List

from cglclient import AsyncClient, Client, InvalidDocument, Lookup, NotFound, PrewarmProgress, Snapshot

from conftest import CARD, REPOSITORY, Daemon

with open(os.path.join(REPOSITORY, "examples", "content", "feed-posts.json"), encoding="utf-8") as _file:
    POSTS = json.load(_file)


def test_sixteen_threads_share_a_client(daemon: Daemon) -> None:
    client = Client(daemon.socket_path, max_idle_connections=4)
    expected = {index: client.lookup("feed-cell", profile="phone-portrait", content=post).frames
                for index, post in enumerate(POSTS)}
    failures: List[BaseException] = []
    barrier = threading.Barrier(16)

    def work(thread: int) -> None:
        try:
            barrier.wait()
            for round in range(20):
                index = (thread * 7 + round) % len(POSTS)
                if round % 4 == 0:
                    page = [Lookup("feed-cell", profile="phone-portrait", content=post) for post in POSTS[:10]]
                    answers = client.lookup_batch(page)
                    assert [answer.frames for answer in answers] == [expected[i] for i in range(10)]
                elif round % 4 == 1:
                    try:
                        client.lookup("crad", profile="phone-portrait")
                        raise AssertionError("crad was found")
                    except NotFound:
                        pass
                else:
                    snapshot = client.lookup("feed-cell", profile="phone-portrait", content=POSTS[index])
                    assert snapshot.frames == expected[index]
        except BaseException as error:  # noqa: BLE001 - reported below
            failures.append(error)

    threads = [threading.Thread(target=work, args=(number,)) for number in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures, failures[:3]
    assert 1 <= client.idle_connections <= 4
    client.close()
    assert client.idle_connections == 0


def test_a_hundred_concurrent_tasks(daemon: Daemon) -> None:
    async def main() -> None:
        async with AsyncClient(daemon.socket_path) as client:
            expected = [(await client.lookup("feed-cell", profile="phone-portrait", content=post)).frames
                        for post in POSTS]

            async def task(number: int) -> Any:
                post = POSTS[number % len(POSTS)]
                if number % 10 == 0:
                    answers = await client.lookup_batch(
                        [Lookup("feed-cell", profile="phone-portrait", content=item) for item in POSTS[:5]])
                    return [answer.frames for answer in answers] == expected[:5]
                snapshot = await client.lookup("feed-cell", profile="phone-portrait", content=post)
                return snapshot.frames == expected[number % len(POSTS)]

            results = await asyncio.gather(*(task(number) for number in range(100)))
            assert results == [True] * 100
            assert 1 <= client.idle_connections <= 4

    asyncio.run(main())


def test_every_async_call(daemon: Daemon) -> None:
    name = f"async-{uuid.uuid4().hex[:8]}"
    with open(CARD, encoding="utf-8") as file:
        document = json.load(file)
    document["name"] = name

    async def main() -> None:
        client = AsyncClient(daemon.socket_path)
        assert (await client.ping()).server_version
        registration = await client.register(document)
        assert registration.outcome == "created"
        assert name in [scheme.name for scheme in await client.list()]
        snapshot = await client.lookup(name, size=(300, 500), scale=2)
        assert snapshot.frames["card"] == (8, 8, 284, 300)
        try:
            await client.register({"format": "cglayout/1"})
            raise AssertionError("an invalid document was registered")
        except InvalidDocument as error:
            assert error.issues
        # Awaited, with a callback; iterated, the summary after.
        events: List[PrewarmProgress] = []
        summary = await client.prewarm(schemes=[name], profiles=["phone-portrait"], progress=events.append)
        assert summary.total == 2 and events[-1].done == 2
        run = client.prewarm(schemes=[name, "toolbar"], profiles=["tablet-portrait", "phone-landscape"])
        iterated = [event async for event in run]
        assert iterated and iterated[-1].done == iterated[-1].total == 8
        assert run.summary is not None and run.summary.total == 8
        try:
            async for _ in client.prewarm(schemes=["crad"]):
                raise AssertionError("a progress event for an unknown scheme")
            raise AssertionError("an unknown scheme was prewarmed")
        except NotFound:
            pass
        stats = await client.stats()
        assert stats["schemes"] >= 1
        answers = await client.lookup_batch([Lookup(name, profile="phone-portrait"), Lookup("crad", profile="x")])
        assert isinstance(answers[0], Snapshot) and isinstance(answers[1], NotFound)
        assert await client.unregister(name) is True
        await client.close()

    asyncio.run(main())


def test_a_cancelled_task_drops_its_connection(own_daemon: Daemon) -> None:
    import signal

    async def main() -> None:
        client = AsyncClient(own_daemon.socket_path)
        await client.ping()
        own_daemon.send_signal(signal.SIGSTOP)
        try:
            task = asyncio.ensure_future(client.ping())
            await asyncio.sleep(0.1)
            task.cancel()
            try:
                await task
                raise AssertionError("the cancelled ping returned")
            except asyncio.CancelledError:
                pass
            assert client.idle_connections == 0
        finally:
            own_daemon.send_signal(signal.SIGCONT)
        assert (await client.ping()).server_version

    asyncio.run(main())
