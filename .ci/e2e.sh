#!/usr/bin/env bash
# End-to-end check of the built binaries: start cgld on a temporary socket and database,
# drive it with cglctl (register, prewarm, lookup, stats, backup), reload it with SIGHUP,
# stop it with SIGTERM, and check that it exits 0 and removes its socket. Run from the
# repository root after `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$(swift build --show-bin-path)
if [ ! -x "$bin/cgld" ] || [ ! -x "$bin/cglctl" ]; then
    swift build --product cgld >/dev/null
    swift build --product cglctl >/dev/null
fi
work=$(mktemp -d /tmp/cgld-e2e.XXXXXX)
socket="$work/cgld.sock"
pid=""
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "e2e: FAIL: $*" >&2; echo "--- cgld log" >&2; cat "$work/cgld.log" >&2 || true; exit 1; }
ctl() { "$bin/cglctl" "$@" --socket "$socket"; }

mkdir "$work/schemes.d"
cp examples/schemes/feed-cell.json "$work/schemes.d/"
"$bin/cgld" --socket "$socket" --database "$work/cgld.sqlite" --schemes-dir "$work/schemes.d" >"$work/cgld.log" 2>&1 &
pid=$!

# Ready when it answers a ping (up to 30 s).
for _ in $(seq 1 300); do
    ctl ping >/dev/null 2>&1 && break
    kill -0 "$pid" 2>/dev/null || fail "cgld exited before it was ready"
    sleep 0.1
done
ctl ping >/dev/null || fail "cgld did not become ready"

ctl register examples/schemes/toolbar.json examples/schemes/login-form.json >/dev/null || fail "register"
[ "$(ctl list --format json | grep -o '"name":"[^"]*"' | wc -l | tr -d ' ')" = "3" ] || fail "list should show 3 schemes"
summary=$(ctl prewarm --format json 2>/dev/null) || fail "prewarm"
echo "$summary" | grep -q '"failed":0' || fail "prewarm failed some snapshots: $summary"

lookup=$(ctl lookup toolbar --profile phone-landscape --format json) || fail "lookup"
compute=$("$bin/cglctl" compute examples/schemes/toolbar.json --profile phone-landscape --format json) || fail "compute"
[ "$(printf '%s\n' "$lookup" | sed 's/,"source":"[a-z]*"}$/}/')" = "$compute" ] || fail "lookup differs from compute: $lookup"
case "$lookup" in *'"source":"store"}'|*'"source":"memory"}') ;; *) fail "a prewarmed lookup should come from a cache: $lookup" ;; esac

ctl stats --format json | grep -q '"schemes":3' || fail "stats should count 3 schemes"

"$bin/cglctl" backup --database "$work/cgld.sqlite" "$work/backup.sqlite" >/dev/null || fail "backup while running"
[ -s "$work/backup.sqlite" ] || fail "the backup is empty"

# SIGHUP reloads: a document added to the schemes folder is served, the daemon goes on.
cp examples/schemes/settings-list.json "$work/schemes.d/"
kill -HUP "$pid"
for _ in $(seq 1 300); do grep -q "Reloaded" "$work/cgld.log" && break; sleep 0.1; done
grep -q "Reloaded" "$work/cgld.log" || fail "no reload after SIGHUP"
ctl lookup settings-list --profile tablet-portrait >/dev/null || fail "the document added before SIGHUP is not served"

# A stray harmless signal must not stop it; SIGTERM must, cleanly.
kill -WINCH "$pid"
ctl ping >/dev/null || fail "cgld stopped after SIGWINCH"
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
pid=""
[ "$status" -eq 0 ] || fail "cgld exited with status $status after SIGTERM"
[ ! -e "$socket" ] || fail "the socket file is still there after shutdown"
grep -q "cgld stopped" "$work/cgld.log" || fail "no clean-stop line in the log"
echo "e2e: 1 passed, 0 failed"
