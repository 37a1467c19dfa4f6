"""Fixtures: a real cgld started by the tests, and the paths of the built binaries.

``CGLD`` and ``CGLCTL`` name the binaries (default: the repository's ``.build/debug``
products). A missing binary fails the tests, saying which: nothing is skipped.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from typing import Iterator, List, Optional

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(HERE, "..", "src"))

from cglclient import Client  # noqa: E402

EXAMPLES = os.path.join(REPOSITORY, "examples", "schemes")
CARD = os.path.join(REPOSITORY, "docs", "examples", "card.json")
DATA = os.path.join(HERE, "data")


def binary(variable: str, name: str) -> str:
    path = os.environ.get(variable) or os.path.join(REPOSITORY, ".build", "debug", name)
    if not os.access(path, os.X_OK):
        pytest.fail(f"{name} is not at {path}: build it (swift build), or set {variable} to the binary", pytrace=False)
    return path


class Daemon:
    """A cgld on a socket and database in a fresh folder under /tmp (socket paths are short)."""

    def __init__(self, schemes: Optional[List[str]] = None, arguments: Optional[List[str]] = None,
                 database: str = "db.sqlite") -> None:
        self.executable = binary("CGLD", "cgld")
        self.folder = tempfile.mkdtemp(prefix="cglpy-", dir="/tmp")
        self.schemes = os.path.join(self.folder, "schemes.d")
        os.mkdir(self.schemes)
        for path in schemes if schemes is not None else default_schemes():
            shutil.copy(path, self.schemes)
        self.socket_path = os.path.join(self.folder, "s.sock")
        self.database = database if database == ":memory:" else os.path.join(self.folder, database)
        self.arguments = arguments or []
        self.log_path = os.path.join(self.folder, "cgld.log")
        self.process: Optional[subprocess.Popen] = None
        self.start()

    def start(self) -> None:
        """Starts it and returns once it answers a ping."""
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [self.executable, "--socket", self.socket_path, "--database", self.database, "--schemes-dir",
             self.schemes, "--no-prewarm"] + self.arguments, stdout=log, stderr=log)
        log.close()
        client = Client(self.socket_path, connect_timeout=1)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"cgld exited with {self.process.returncode}: {self.log}")
            try:
                client.ping()
                client.close()
                return
            except Exception:
                time.sleep(0.01)
        raise RuntimeError(f"cgld did not answer within 30 s: {self.log}")

    @property
    def log(self) -> str:
        with open(self.log_path, encoding="utf-8", errors="replace") as file:
            return file.read()

    def send_signal(self, number: int) -> None:
        """Sends `number`; for SIGSTOP, returns once the daemon is stopped (a signal is
        delivered asynchronously: a request sent right after could still be answered)."""
        assert self.process is not None
        self.process.send_signal(number)
        if number == signal.SIGSTOP:
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                with open(f"/proc/{self.process.pid}/stat", encoding="ascii") as stat:
                    if stat.read().rsplit(")", 1)[1].split()[0] in ("T", "t"):
                        return
                time.sleep(0.005)
            raise RuntimeError("cgld did not stop within 5 s of SIGSTOP")

    def stop(self, number: int = signal.SIGTERM) -> None:
        """Stops it (continuing it first if it was stopped)."""
        if self.process is None or self.process.poll() is not None:
            return
        if number != signal.SIGKILL:
            self.process.send_signal(signal.SIGCONT)
        self.process.send_signal(number)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def restart(self) -> None:
        self.stop()
        self.start()

    def remove(self) -> None:
        self.stop(signal.SIGKILL)
        shutil.rmtree(self.folder, ignore_errors=True)


def default_schemes() -> List[str]:
    paths = sorted(os.path.join(EXAMPLES, name) for name in os.listdir(EXAMPLES) if name.endswith(".json"))
    return paths + [CARD, os.path.join(DATA, "scroll-box.json")]


@pytest.fixture(scope="session")
def cglctl() -> str:
    return binary("CGLCTL", "cglctl")


@pytest.fixture(scope="session")
def daemon() -> Iterator[Daemon]:
    """The daemon most tests share (the example schemes, card and scroll-box registered)."""
    instance = Daemon()
    yield instance
    instance.remove()


@pytest.fixture
def own_daemon() -> Iterator[Daemon]:
    """A daemon of the test's own, to stop, kill or restart."""
    instance = Daemon(database=":memory:")
    yield instance
    instance.remove()


@pytest.fixture
def client(daemon: Daemon) -> Iterator[Client]:
    with Client(daemon.socket_path) as instance:
        yield instance
