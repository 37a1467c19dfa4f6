#!/usr/bin/env python3
"""A warm page of 50 posts from Python: cglclient's ``Client.lookup_batch`` against redis-py
(with the hiredis parser) reading 50 values of the same sizes with ``MGET`` (issue 38).

Both are asked by the same number of client threads, one round trip per page each; the
figures are per page. redis-py and hiredis are the benchmark's, not the client's
dependencies::

    python3 -m venv /tmp/bench && /tmp/bench/bin/pip install redis hiredis ./clients/python
    /tmp/bench/bin/python clients/python/bench/page_vs_redis.py --cgld .build/release/cgld --clients 1 4

It starts a cgld (``--cgld``, default ``CGLD`` or ``.build/release/cgld``) and a redis-server
(Debian's ``redis-server``) of its own, each on a Unix socket in a temporary folder, without
persistence.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any, Callable, Dict, List

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(HERE, "..", "src"))

from cglclient import Client, Lookup, Snapshot  # noqa: E402

try:
    import redis  # type: ignore[import-not-found]
    from redis.utils import HIREDIS_AVAILABLE  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - said below
    redis = None
    HIREDIS_AVAILABLE = False


def snapshot_size(snapshot: Snapshot) -> int:
    """The bytes of a snapshot's payload as the daemon sends it (docs/protocol.md §7)."""
    env = snapshot.environment
    size = 1 + 4 + len(snapshot.scheme.encode()) + 4 + len(snapshot.hash.encode()) + 4 + len(snapshot.engine.encode())
    size += 16 + (1 if env.scale is None else 9) + 3 + 32 + 4 + len((env.profile or "").encode()) + 16 + 4
    size += sum(4 + len(id.encode()) + 64 for id in snapshot.frames)
    size += 8 + 4 + len((snapshot.content_digest or "").encode()) + 4 + 20 * len(snapshot.scroll_sizes)
    return size


def wait_until(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except Exception:
            pass
        time.sleep(0.02)
    raise SystemExit(f"{what} did not start")


def measure(clients: int, pages: int, make_page: Callable[[], Callable[[], Any]]) -> Dict[str, float]:
    """Each of ``clients`` threads asks for ``pages`` pages; the latency of each, in µs."""
    latencies: List[float] = []
    lock = threading.Lock()
    barrier = threading.Barrier(clients + 1)

    def work() -> None:
        ask = make_page()
        for _ in range(20):
            ask()  # Warm.
        mine = []
        barrier.wait()
        for _ in range(pages):
            start = time.perf_counter()
            ask()
            mine.append((time.perf_counter() - start) * 1e6)
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=work) for _ in range(clients)]
    for thread in threads:
        thread.start()
    barrier.wait()
    start = time.perf_counter()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    latencies.sort()
    return {"median": statistics.median(latencies), "p99": latencies[int(len(latencies) * 0.99) - 1],
            "pages_per_second": clients * pages / elapsed}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cgld", default=os.environ.get("CGLD") or os.path.join(REPOSITORY, ".build", "release", "cgld"))
    parser.add_argument("--redis-server", default=shutil.which("redis-server") or "redis-server")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 4])
    parser.add_argument("--pages", type=int, default=2000, help="pages per client")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    options = parser.parse_args()
    if redis is None:
        raise SystemExit("redis-py is not installed: pip install redis hiredis (into the benchmark's environment)")
    if not HIREDIS_AVAILABLE:
        raise SystemExit("hiredis is not installed: pip install hiredis (redis-py's fast parser)")

    with open(os.path.join(REPOSITORY, "examples", "content", "feed-posts.json"), encoding="utf-8") as file:
        posts = json.load(file)
    folder = tempfile.mkdtemp(prefix="cglbench-", dir="/tmp")
    schemes = os.path.join(folder, "schemes")
    os.mkdir(schemes)
    shutil.copy(os.path.join(REPOSITORY, "examples", "schemes", "feed-cell.json"), schemes)
    cgld_socket = os.path.join(folder, "cgld.sock")
    redis_socket = os.path.join(folder, "redis.sock")
    processes = [
        subprocess.Popen([options.cgld, "--socket", cgld_socket, "--database", ":memory:", "--schemes-dir", schemes,
                          "--no-prewarm"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
        subprocess.Popen([options.redis_server, "--port", "0", "--unixsocket", redis_socket, "--save", "",
                          "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
    ]
    try:
        wait_until(lambda: bool(Client(cgld_socket).ping()), "cgld")
        wait_until(lambda: bool(redis.Redis(unix_socket_path=redis_socket).ping()), "redis-server")

        client = Client(cgld_socket, max_idle_connections=max(options.clients))
        page = [Lookup("feed-cell", profile="phone-portrait", content=post) for post in posts]
        answers = client.lookup_batch(page)
        answers = client.lookup_batch(page)
        assert all(isinstance(answer, Snapshot) and answer.source == "memory" for answer in answers)
        sizes = [snapshot_size(answer) for answer in answers]  # type: ignore[arg-type]
        keys = [f"post:{index}" for index in range(len(sizes))]
        store = redis.Redis(unix_socket_path=redis_socket)
        store.mset({key: os.urandom(size) for key, size in zip(keys, sizes)})

        def cgl_page() -> Callable[[], Any]:
            return lambda: client.lookup_batch(page)

        def cgl_page_read() -> Callable[[], Any]:
            # The page, and every snapshot's frames read (they are decoded when first read).
            return lambda: [answer.frames for answer in client.lookup_batch(page)]  # type: ignore[union-attr]

        def redis_page() -> Callable[[], Any]:
            pool = redis.Redis(unix_socket_path=redis_socket)
            return lambda: pool.mget(keys)

        results = []
        for clients in options.clients:
            for name, make in (("cglclient lookup_batch", cgl_page), ("  + every frame read", cgl_page_read),
                               ("redis-py+hiredis MGET", redis_page)):
                figures = measure(clients, options.pages, make)
                results.append({"client": name, "clients": clients, **figures})
        if options.json:
            print(json.dumps({"pageBytes": sum(sizes), "values": len(sizes), "results": results}, indent=2))
        else:
            print(f"a page of {len(sizes)} snapshots, {sum(sizes)} bytes of answers (values of the same sizes in "
                  f"redis); {options.pages} pages per client; Python {sys.version.split()[0]}")
            print(f"{'client':<26}{'clients':>8}{'median µs':>12}{'p99 µs':>10}{'pages/s':>10}")
            for result in results:
                print(f"{result['client']:<26}{result['clients']:>8}{result['median']:>12.0f}{result['p99']:>10.0f}"
                      f"{result['pages_per_second']:>10.0f}")
    finally:
        for process in processes:
            process.terminate()
            process.wait()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
