#!/usr/bin/env python3
"""Runs each hot path of HotPathGate under callgrind, counting only its `gate…` function, and
compares the instructions per operation with Thresholds/hot-paths.json (see run-gate)."""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
THRESHOLDS = os.path.join(HERE, "Thresholds", "hot-paths.json")
PATHS = ["compiled-snapshot", "box-relayout", "kept-layout", "text-measure", "page-decode", "warm-lookup", "warm-page", "client-page"]
#: How much a path may grow before the gate fails.
TOLERANCE = 0.05


def gate_function(path: str) -> str:
    """`kept-layout` -> `gateKeptLayout`, the function callgrind counts."""
    return "gate" + "".join(word.capitalize() for word in path.split("-"))


def count(binary: str, path: str) -> float:
    """The instructions per operation of `path`."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                              f"--toggle-collect=*{gate_function(path)}*", binary, path],
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"run-gate: {path} failed under callgrind:\n{run.stderr[-2000:]}")
        iterations = int(run.stdout.split(" iterations ")[1].split()[0])
        with open(out, encoding="utf-8") as file:
            summary = next(int(line.split()[1]) for line in file if line.startswith("summary:"))
    if summary == 0:
        sys.exit(f"run-gate: callgrind counted nothing in {gate_function(path)} (was it inlined or renamed?)")
    return summary / iterations


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("binary")
    parser.add_argument("paths", nargs="*", default=PATHS)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--update", metavar="REASON", help="write the counts measured as the thresholds, with why")
    options = parser.parse_intermixed_args()
    unknown = [path for path in options.paths if path not in PATHS]
    if unknown:
        sys.exit(f"run-gate: unknown path {unknown[0]!r}; the paths are {', '.join(PATHS)}")
    with open(THRESHOLDS, encoding="utf-8") as file:
        thresholds = json.load(file)
    results = []
    for path in options.paths:
        measured = count(options.binary, path)
        recorded = thresholds["paths"].get(path, {}).get("instructions")
        ratio = measured / recorded if recorded else None
        verdict = "new" if ratio is None else "FAIL" if ratio > 1 + TOLERANCE else "ok"
        if ratio is not None and ratio < 1 - TOLERANCE:
            verdict = "ok (faster: record it with --update, so the gate keeps its 5 %)"
        results.append({"path": path, "instructions": round(measured), "threshold": recorded,
                        "ratio": None if ratio is None else round(ratio, 4), "verdict": verdict})
    if options.update:
        for result in results:
            thresholds["paths"][result["path"]] = {"instructions": result["instructions"], "reason": options.update,
                                                   "date": datetime.date.today().isoformat()}
        with open(THRESHOLDS, "w", encoding="utf-8") as file:
            json.dump(thresholds, file, indent=2)
            file.write("\n")
    if options.json:
        print(json.dumps({"tolerance": TOLERANCE, "results": results}, indent=2))
    else:
        print(f"{'path':<20}{'instructions/op':>17}{'threshold':>12}{'ratio':>8}  verdict")
        for result in results:
            threshold = "" if result["threshold"] is None else str(result["threshold"])
            ratio = "" if result["ratio"] is None else f"{result['ratio']:.3f}"
            print(f"{result['path']:<20}{result['instructions']:>17}{threshold:>12}{ratio:>8}  {result['verdict']}")
    failed = [result["path"] for result in results if result["verdict"] == "FAIL"]
    if failed and not options.update:
        print(f"run-gate: {', '.join(failed)} grew more than {TOLERANCE:.0%} (Benchmarks/Thresholds/hot-paths.json); "
              "find why (valgrind --tool=callgrind, callgrind_annotate), or record a deliberate change with "
              "Benchmarks/run-gate --update REASON", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
