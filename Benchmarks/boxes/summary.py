"""The peers' figures of one tree (peers.py's JSON), for a tree cglayout did not finish."""
import json
import sys

with open(sys.argv[1]) as f:
    result = json.load(f)
print("%s: %d nodes" % (result["tree"], result["nodes"]))
for key, engine in sorted(result["engines"].items()):
    print("  %-28s first %12.0f ns (%d measure calls), relayout %12.0f ns (%.0f measure calls)" % (
        engine["name"], engine["firstNs"], engine["firstMeasureCalls"], engine["relayoutNs"], engine["relayoutMeasureCalls"]))
