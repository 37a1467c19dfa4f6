"""The peers' figures of one tree (peers.py's JSON) and whether they agree, for a tree cglayout
did not finish."""
import json
import sys

with open(sys.argv[1]) as f:
    result = json.load(f)
print("%s: %d nodes" % (result["tree"], result["nodes"]))
for key, engine in sorted(result["engines"].items()):
    print("  %-28s first %12.0f ns (%d measure calls), relayout %12.0f ns (%.0f measure calls)" % (
        engine["name"], engine["firstNs"], engine["firstMeasureCalls"], engine["relayoutNs"], engine["relayoutMeasureCalls"]))
engines = result["engines"]
if "taffy" in engines and "yoga" in engines:
    a, b = engines["taffy"]["frames"], engines["yoga"]["frames"]
    differing = [i for i in range(min(len(a), len(b))) if max(abs(x - y) for x, y in zip(a[i], b[i])) > 0.5]
    print("  Yoga vs Taffy: %s" % ("all %d frames agree within 0.5 pt" % len(a) if not differing and len(a) == len(b)
                                   else "%d of %d frames differ by more than 0.5 pt" % (len(differing), len(a))))
