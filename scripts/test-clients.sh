#!/usr/bin/env bash
# The Python and Node clients' tests (clients/python: pytest; clients/node: node --test),
# each against daemons of their own started from the built cgld and cglctl. `make test` runs
# them after `swift test`, not inside it: beside the Swift suite their daemons made its
# timing-sensitive daemon tests (shutdown, connection limits) share two cores with them.
# Usage: scripts/test-clients.sh   (after a debug build: swift build or swift test)
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$(swift build --show-bin-path)
for product in cgld cglctl; do
    [ -x "$bin/$product" ] || { echo "error: $bin/$product is not built: run swift build first" >&2; exit 1; }
done
export CGLD="$bin/cgld" CGLCTL="$bin/cglctl" PYTHONDONTWRITEBYTECODE=1

python3 -c 'import pytest' 2>/dev/null || { echo "error: the Python client's tests need pytest: install python3-pytest (scripts/deps.sh does)" >&2; exit 1; }
echo "== the Python client: pytest clients/python/tests"
python3 -m pytest clients/python/tests -q -p no:cacheprovider

node -e 'const [major, minor] = process.versions.node.split(".").map(Number); process.exit(major > 18 || (major === 18 && minor >= 17) ? 0 : 1)' \
    || { echo "error: the Node client's tests need Node 18.17 or later (scripts/deps.sh installs nodejs)" >&2; exit 1; }
echo "== the Node client: node --test clients/node/test"
cd clients/node
# Listed here: Node 18 and 20 do not expand a glob given to --test (the shell does).
node --test test/*.test.js
