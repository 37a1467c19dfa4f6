#!/usr/bin/env bash
# Installs the Debian packages cglayout builds, runs and tests with, when they are missing
# (what `make deps`, `make run` and `make test` call first, and .ci/run too):
#   libsqlite3-dev                 the daemon's store (GRDB on the system SQLite)
#   libharfbuzz-dev                text shaping (CGLText)
#   libfontconfig-dev              finding fonts (CGLText)
#   libicu-dev                     line breaking (UAX #14) and bidi (UAX #9) (CGLText)
#   pkg-config                     how SwiftPM finds HarfBuzz and fontconfig
#   fonts-dejavu-core              the fonts the examples and tests measure with
#   fonts-wqy-microhei             a CJK font, so Chinese and Japanese text falls back to real glyphs
#   fonts-noto-color-emoji         emoji
#   libpango1.0-dev                only for the tests: Pango is the reference text is checked against
#   chromium                       only for the tests: the all-profiles HTML page is loaded in a headless browser
#   jq                             only for the tests: the commands of the documentation run as written, and one uses jq
#   postgresql                     only for the tests: a real PostgreSQL server (initdb, pg_ctl), started by the fleet
#                                  registry's tests in a temporary folder (a fleet's own server is the operator's)
#   python3-pytest, python3-venv   only for the tests: the Python client's tests (clients/python, and its install into a fresh venv), run by scripts/test-clients.sh
#   nodejs                         only for the tests: the Node client's tests (clients/node, Node 18.17 or later), run by scripts/test-clients.sh
#   valgrind                       only for CI: callgrind counts the hot paths' instructions (Benchmarks/run-gate)
# Usage: scripts/deps.sh [--runtime]   (--runtime skips the test-only packages)
set -euo pipefail

packages=(libsqlite3-dev libharfbuzz-dev libfontconfig-dev libicu-dev pkg-config
          fonts-dejavu-core fonts-wqy-microhei fonts-noto-color-emoji)
[ "${1:-}" = "--runtime" ] || packages+=(libpango1.0-dev chromium jq postgresql python3-pytest python3-venv nodejs valgrind)

missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "error: run as root or install sudo; missing packages: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
