"""A PEP 517 (and PEP 660) build backend for cglayout-client, standard library only.

``pip install ./clients/python`` builds the wheel in an isolated environment; with
``requires = []`` that environment needs nothing from an index, so the install works
offline (a setuptools backend would have pip download setuptools). The package is pure
Python: a wheel is its files, its metadata and a RECORD.

The metadata below must agree with ``[project]`` of ``pyproject.toml`` (a test checks it).
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import tarfile
import zipfile
from typing import Dict, List, Optional, Tuple

NAME = "cglayout-client"
VERSION = "0.1.0"
SUMMARY = "Client of cgld, the cglayout daemon: layout snapshots over its Unix socket"
REQUIRES_PYTHON = ">=3.9"
PACKAGE = "cglclient"
CLASSIFIERS = [
    "Programming Language :: Python :: 3",
    "Operating System :: POSIX :: Linux",
    "Framework :: AsyncIO",
    "Typing :: Typed",
]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "src")
DIST = NAME.replace("-", "_")
DIST_INFO = f"{DIST}-{VERSION}.dist-info"
TAG = "py3-none-any"


def _metadata() -> bytes:
    lines = ["Metadata-Version: 2.1", f"Name: {NAME}", f"Version: {VERSION}", f"Summary: {SUMMARY}",
             f"Requires-Python: {REQUIRES_PYTHON}"]
    lines += [f"Classifier: {classifier}" for classifier in CLASSIFIERS]
    readme = os.path.join(ROOT, "README.md")
    body = ""
    if os.path.exists(readme):
        lines.append("Description-Content-Type: text/markdown")
        with open(readme, encoding="utf-8") as file:
            body = file.read()
    return ("\n".join(lines) + "\n\n" + body).encode("utf-8")


def _wheel_file() -> bytes:
    return f"Wheel-Version: 1.0\nGenerator: cglclient_build {VERSION}\nRoot-Is-Purelib: true\nTag: {TAG}\n".encode()


def _package_files() -> List[Tuple[str, str]]:
    """(path in the wheel, path on disk) of every file of the package."""
    files = []
    for folder, folders, names in os.walk(os.path.join(SOURCE, PACKAGE)):
        folders[:] = sorted(name for name in folders if name != "__pycache__")
        for name in sorted(names):
            if name.endswith((".pyc", ".pyo")):
                continue
            path = os.path.join(folder, name)
            files.append((os.path.relpath(path, SOURCE).replace(os.sep, "/"), path))
    return files


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _write_wheel(directory: str, entries: Dict[str, bytes]) -> str:
    filename = f"{DIST}-{VERSION}-{TAG}.whl"
    entries = dict(entries)
    entries[f"{DIST_INFO}/METADATA"] = _metadata()
    entries[f"{DIST_INFO}/WHEEL"] = _wheel_file()
    entries[f"{DIST_INFO}/top_level.txt"] = f"{PACKAGE}\n".encode()
    record = [_record_line(name, data) for name, data in entries.items()] + [f"{DIST_INFO}/RECORD,,"]
    entries[f"{DIST_INFO}/RECORD"] = ("\n".join(record) + "\n").encode()
    with zipfile.ZipFile(os.path.join(directory, filename), "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in entries.items():
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
    return filename


def get_requires_for_build_wheel(config_settings: Optional[dict] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[dict] = None) -> List[str]:
    return []


def get_requires_for_build_editable(config_settings: Optional[dict] = None) -> List[str]:
    return []


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: Optional[dict] = None) -> str:
    folder = os.path.join(metadata_directory, DIST_INFO)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "METADATA"), "wb") as file:
        file.write(_metadata())
    with open(os.path.join(folder, "WHEEL"), "wb") as file:
        file.write(_wheel_file())
    return DIST_INFO


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_wheel(wheel_directory: str, config_settings: Optional[dict] = None,
                metadata_directory: Optional[str] = None) -> str:
    entries = {}
    for name, path in _package_files():
        with open(path, "rb") as file:
            entries[name] = file.read()
    return _write_wheel(wheel_directory, entries)


def build_editable(wheel_directory: str, config_settings: Optional[dict] = None,
                   metadata_directory: Optional[str] = None) -> str:
    """A wheel whose ``.pth`` file puts ``src/`` on the path (``pip install -e``)."""
    return _write_wheel(wheel_directory, {f"_{DIST}.pth": (SOURCE + "\n").encode()})


def build_sdist(sdist_directory: str, config_settings: Optional[dict] = None) -> str:
    base = f"{DIST}-{VERSION}"
    filename = f"{base}.tar.gz"
    members = ["pyproject.toml", "README.md", "_backend/cglclient_build.py"]
    members += [os.path.relpath(path, ROOT) for _, path in _package_files()]
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for member in members:
            path = os.path.join(ROOT, member)
            if os.path.exists(path):
                archive.add(path, arcname=f"{base}/{member}", recursive=False)
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        metadata = _metadata()
        info.size = len(metadata)
        archive.addfile(info, io.BytesIO(metadata))
    with open(os.path.join(sdist_directory, filename), "wb") as file:
        file.write(buffer.getvalue())
    return filename
