"""The README's promise: ``pip install ./clients/python`` into a fresh virtual environment,
offline, and the one-liner prints the body's frame from a running daemon."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

from conftest import REPOSITORY, Daemon


def test_pip_installs_offline_into_a_fresh_environment_and_the_one_liner_answers(daemon: Daemon) -> None:
    with tempfile.TemporaryDirectory() as folder:
        environment = os.path.join(folder, "venv")
        subprocess.run([sys.executable, "-m", "venv", environment], check=True, capture_output=True, timeout=120)
        python = os.path.join(environment, "bin", "python")
        offline = dict(os.environ, PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONDONTWRITEBYTECODE="1")
        # Built from a copy: pip writes a build folder beside the sources of a local path.
        source = os.path.join(folder, "python")
        subprocess.run(["cp", "-r", os.path.join(REPOSITORY, "clients", "python"), source], check=True)
        installed = subprocess.run([python, "-m", "pip", "install", "--quiet", source], env=offline, capture_output=True, text=True, timeout=300)
        assert installed.returncode == 0, installed.stdout + installed.stderr
        one_liner = "from cglclient import Client; print(Client().lookup('feed-cell', profile='phone-portrait').frames['body'])"
        answered = subprocess.run([python, "-c", one_liner], env=dict(offline, CGLD_SOCKET=daemon.socket_path), cwd=folder,
                                  capture_output=True, text=True, timeout=60)
        assert answered.returncode == 0, answered.stderr
        assert answered.stdout.startswith("Frame(x=16.0, y=119.0, width=358.0, height="), answered.stdout
