"""Taffy (PyPI `stretchable`) and Yoga (PyPI `poga`, Yoga's C API through pybind11) on the
trees of trees.py: the frames of each tree, and the time of the library's layout call.

Timed: the call into the engine only (Taffy: `taffylib.node_compute_layout_with_measure`, the
call `Node.compute_layout` makes before it copies every layout back into Python objects, which
is left out; Yoga: `YGNodeCalculateLayout`), with `time.perf_counter_ns`, medians over many
calls. Both engines call the measure function back in Python: each measured leaf costs a
crossing into the interpreter, counted and reported.
"""
import math
import os
import statistics
import sys
import time

from trees import replay, text_size

NAN = float("nan")


def measure_of(m):
    """The leaf's measure, a function of the width offered (inf: unbounded)."""
    if "text" in m:
        n = m["text"]
        return lambda width: text_size(n, width)
    records = m["records"]
    return lambda width: replay(records, width)


class Counter:
    calls = 0


def _unused_measure(node, known, available):
    raise AssertionError("the benchmark measures through its own callback")


# Taffy --------------------------------------------------------------------------------------

class Taffy:
    name = "Taffy (stretchable 1.1.8)"

    def __init__(self):
        import stretchable
        from stretchable import node as node_module
        from stretchable.style import AUTO, PCT, PT, AlignContent, AlignItems, AlignSelf, FlexDirection, FlexWrap
        from stretchable.style import JustifyContent, Overflow, Position, Display
        from stretchable.style.geometry.rect import Rect
        from stretchable.style.geometry.size import SizePoints
        self.stretchable, self.node_module = stretchable, node_module
        self.AUTO, self.PCT, self.PT, self.Rect, self.SizePoints = AUTO, PCT, PT, Rect, SizePoints
        from stretchable.style.geometry.length import Scale
        self.Scale = Scale
        self.enums = {
            "flexDirection": ("flex_direction", {"row": FlexDirection.ROW, "column": FlexDirection.COLUMN,
                                                 "row-reverse": FlexDirection.ROW_REVERSE, "column-reverse": FlexDirection.COLUMN_REVERSE}),
            "flexWrap": ("flex_wrap", {"nowrap": FlexWrap.NO_WRAP, "wrap": FlexWrap.WRAP, "wrap-reverse": FlexWrap.WRAP_REVERSE}),
            "justifyContent": ("justify_content", {k: getattr(JustifyContent, k.upper().replace("-", "_")) for k in
                                                   ["flex-start", "flex-end", "center", "space-between", "space-around", "space-evenly"]}),
            "alignItems": ("align_items", {k: getattr(AlignItems, k.upper().replace("-", "_")) for k in
                                           ["flex-start", "flex-end", "center", "baseline", "stretch"]}),
            "alignSelf": ("align_self", {k: getattr(AlignSelf, k.upper().replace("-", "_")) for k in
                                         ["flex-start", "flex-end", "center", "baseline", "stretch"]}),
            "alignContent": ("align_content", {k: getattr(AlignContent, k.upper().replace("-", "_")) for k in
                                               ["flex-start", "flex-end", "center", "stretch", "space-between", "space-around", "space-evenly"]}),
            "position": ("position", {"relative": Position.RELATIVE, "absolute": Position.ABSOLUTE}),
            "display": ("display", {"flex": Display.FLEX, "none": Display.NONE}),
        }
        self.measures = {}
        self.overflow = {"visible": Overflow.VISIBLE, "hidden": Overflow.HIDDEN, "scroll": Overflow.SCROLL}

    def length(self, v):
        if v == "auto":
            return self.AUTO
        if isinstance(v, str) and v.endswith("%"):
            return float(v[:-1]) * self.PCT
        return v * self.PT

    def build(self, tree):
        from stretchable import Node
        s = tree["s"]
        kw = {}
        for key, (name, table) in self.enums.items():
            if key in s:
                kw[name] = table[s[key]]
        for key in ("flexGrow", "flexShrink"):
            if key in s:
                kw["flex_grow" if key == "flexGrow" else "flex_shrink"] = s[key]
        if "flexBasis" in s:
            kw["flex_basis"] = self.length(s["flexBasis"])
        if "aspectRatio" in s:
            kw["aspect_ratio"] = s["aspectRatio"]
        kw["size"] = (self.length(s.get("width", "auto")), self.length(s.get("height", "auto")))
        kw["min_size"] = (self.length(s.get("minWidth", "auto")), self.length(s.get("minHeight", "auto")))
        kw["max_size"] = (self.length(s.get("maxWidth", "auto")), self.length(s.get("maxHeight", "auto")))
        for key, name in (("margin", "margin"), ("padding", "padding"), ("border", "border"), ("inset", "inset")):
            if key in s:
                kw[name] = self.Rect(*[self.length(v) for v in s[key]])
        if "overflow" in s:
            kw["overflow_x"] = kw["overflow_y"] = self.overflow[s["overflow"]]
        children = [self.build(c) for c in tree["c"]]
        node = Node(*children, **kw)
        if "m" in tree:
            # A measure function makes stretchable give the node a context; the benchmark's
            # callback (below) answers from `self.measures` without stretchable's wrappers.
            node.measure = _unused_measure
            self.measures[node] = measure_of(tree["m"])
        return node

    def layout(self, root, width, height):
        """The public call (with stretchable's copy of every layout into Python), measuring
        through the benchmark's callback."""
        self.raw_call(root, width, height)()
        root._update_layout()

    def raw_call(self, root, width, height, new=False):
        """The engine's call alone, as `compute_layout` makes it (stretchable 1.1.8 lays the
        root out directly: its `USE_ROOT_CONTAINER` is off), with a measure callback that takes Taffy's floats and answers floats, as a Rust
        measure closure would (stretchable's own wraps each call in Python objects)."""
        from stretchable.style.geometry.size import SizeAvailableSpace
        from stretchable import node as nm
        space = SizeAvailableSpace(width, height)
        ptr, d = root._node_id, space.to_dict()
        refs, measures, taffy, lib = nm._node_refs, self.measures, nm.taffy, nm.taffylib
        points, min_content = int(self.Scale.POINTS), int(self.Scale.MIN_CONTENT)

        def callback(known_w, known_h, avail_w, avail_h, context):
            Counter.calls += 1
            f = measures[refs[context]]
            if known_w == known_w:  # not NaN
                w = known_w
            else:
                dim = avail_w["dim"]
                w = avail_w["value"] if dim == points else (0.0 if dim == min_content else math.inf)
            ow, oh = f(w)
            return (known_w if known_w == known_w else ow, known_h if known_h == known_h else oh)

        def call():
            taffy.use_rounding = False
            lib.node_compute_layout_with_measure(taffy._ptr, ptr, d, callback)
        return call

    def free(self, root):
        pass  # dropped with its Python objects

    def frames(self, root):
        from stretchable import Edge
        from stretchable.exceptions import LayoutNotComputedError
        out = []

        def walk(n):
            try:
                b = n.get_box(Edge.BORDER, relative=True)
                out.append([b.x, b.y, b.width, b.height])
            except LayoutNotComputedError:  # inside a display: none subtree
                out.append([0.0, 0.0, 0.0, 0.0])
            for c in n:
                walk(c)
        walk(root)
        return out


# Yoga ---------------------------------------------------------------------------------------

class Yoga:
    name = "Yoga (poga 0.1.19)"

    def __init__(self):
        from poga import libpoga_capi as yg
        self.yg = yg
        self.config = yg.YGConfigNew()
        yg.YGConfigSetPointScaleFactor(self.config, 0.0)  # no rounding, as the others
        E = yg.YGEdge
        self.edges = [E.Top, E.Right, E.Bottom, E.Left]
        A, J = yg.YGAlign, yg.YGJustify
        align = {"flex-start": A.FlexStart, "flex-end": A.FlexEnd, "center": A.Center, "stretch": A.Stretch,
                 "baseline": A.Baseline, "space-between": A.SpaceBetween, "space-around": A.SpaceAround}
        self.align = align
        self.justify = {"flex-start": J.FlexStart, "flex-end": J.FlexEnd, "center": J.Center,
                        "space-between": J.SpaceBetween, "space-around": J.SpaceAround, "space-evenly": J.SpaceEvenly}
        F = yg.YGFlexDirection
        self.direction = {"row": F.Row, "column": F.Column, "row-reverse": F.RowReverse, "column-reverse": F.ColumnReverse}
        W = yg.YGWrap
        self.wrap = {"nowrap": W.NoWrap, "wrap": W.Wrap, "wrap-reverse": W.WrapReverse}
        O = yg.YGOverflow
        self.overflow = {"visible": O.Visible, "hidden": O.Hidden, "scroll": O.Scroll}
        self.undefined_mode = yg.YGMeasureMode.Undefined
        self.kept = []

    def _set(self, node, name, v):
        yg = self.yg
        if v == "auto":
            f = getattr(yg, "YGNodeStyleSet%sAuto" % name, None)
            if f:
                f(node)
        elif isinstance(v, str):
            getattr(yg, "YGNodeStyleSet%sPercent" % name)(node, float(v[:-1]))
        else:
            getattr(yg, "YGNodeStyleSet%s" % name)(node, float(v))

    def build(self, tree):
        yg = self.yg
        node = yg.YGNodeNewWithConfig(self.config)
        s = tree["s"]
        yg.YGNodeStyleSetFlexDirection(node, self.direction[s.get("flexDirection", "row")])
        if "flexWrap" in s:
            yg.YGNodeStyleSetFlexWrap(node, self.wrap[s["flexWrap"]])
        if "justifyContent" in s:
            yg.YGNodeStyleSetJustifyContent(node, self.justify[s["justifyContent"]])
        yg.YGNodeStyleSetAlignItems(node, self.align[s.get("alignItems", "stretch")])
        if "alignSelf" in s:
            yg.YGNodeStyleSetAlignSelf(node, self.align[s["alignSelf"]])
        yg.YGNodeStyleSetAlignContent(node, self.align[s.get("alignContent", "stretch")])
        if s.get("position") == "absolute":
            yg.YGNodeStyleSetPositionType(node, yg.YGPositionType.Absolute)
        if s.get("display") == "none":
            yg.YGNodeStyleSetDisplay(node, yg.YGDisplay.DisplayNone)
        if "overflow" in s:
            yg.YGNodeStyleSetOverflow(node, self.overflow[s["overflow"]])
        yg.YGNodeStyleSetFlexGrow(node, float(s.get("flexGrow", 0)))
        yg.YGNodeStyleSetFlexShrink(node, float(s.get("flexShrink", 1)))
        if "flexBasis" in s:
            self._set(node, "FlexBasis", s["flexBasis"])
        for key, name in (("width", "Width"), ("height", "Height"), ("minWidth", "MinWidth"), ("minHeight", "MinHeight"),
                          ("maxWidth", "MaxWidth"), ("maxHeight", "MaxHeight")):
            if key in s:
                self._set(node, name, s[key])
        if "aspectRatio" in s:
            yg.YGNodeStyleSetAspectRatio(node, float(s["aspectRatio"]))
        for key, setter in (("margin", "Margin"), ("padding", "Padding"), ("inset", "Position")):
            for edge, v in zip(self.edges, s.get(key, ())):
                if v == "auto":
                    if key == "margin":
                        yg.YGNodeStyleSetMarginAuto(node, edge)
                elif isinstance(v, str):
                    getattr(yg, "YGNodeStyleSet%sPercent" % setter)(node, edge, float(v[:-1]))
                else:
                    getattr(yg, "YGNodeStyleSet%s" % setter)(node, edge, float(v))
        for edge, v in zip(self.edges, s.get("border", ())):
            yg.YGNodeStyleSetBorder(node, edge, float(v))
        for i, c in enumerate(tree["c"]):
            yg.YGNodeInsertChild(node, self.build(c), i)
        if "m" in tree:
            f = measure_of(tree["m"])
            undefined, YGSize = self.undefined_mode, yg.YGSize

            def measure(n, width, wmode, height, hmode):
                Counter.calls += 1
                w = math.inf if wmode == undefined or math.isnan(width) else width
                ow, oh = f(w)
                size = YGSize()
                size.width, size.height = ow, oh
                return size
            yg.YGNodeSetMeasureFunc(node, measure)
        return node

    def layout(self, root, width, height):
        self.yg.YGNodeCalculateLayout(root, width, NAN if height is None else height, self.yg.YGDirection.LTR)

    def free(self, root):
        self.yg.YGNodeFreeRecursive(root)

    def raw_call(self, root, width, height, new=False):
        yg, h, ltr = self.yg, NAN if height is None else height, self.yg.YGDirection.LTR
        return lambda: yg.YGNodeCalculateLayout(root, width, h, ltr)

    def frames(self, root):
        yg = self.yg
        out = []

        def walk(n):
            out.append([yg.YGNodeLayoutGetLeft(n), yg.YGNodeLayoutGetTop(n), yg.YGNodeLayoutGetWidth(n), yg.YGNodeLayoutGetHeight(n)])
            for i in range(yg.YGNodeGetChildCount(n)):
                walk(yg.YGNodeGetChild(n, i))
        walk(root)
        return out


def median_ns(samples):
    return statistics.median(samples)


def bench(engine, tree, width, height, widths, first_runs, relayout_runs):
    """Frames at `width`; the first layout of a new tree (built untimed each time); the relayout
    of one kept tree at each of `widths` in turn; measure calls per layout."""
    root = engine.build(tree)
    engine.layout(root, width, height)
    frames = engine.frames(root)
    first = []
    first_measures = 0
    for _ in range(first_runs):
        fresh = engine.build(tree)
        call = engine.raw_call(fresh, width, height, new=True)
        Counter.calls = 0
        t = time.perf_counter_ns()
        call()
        first.append(time.perf_counter_ns() - t)
        first_measures = Counter.calls
        engine.free(fresh)
    calls = [engine.raw_call(root, w, height) for w in widths]
    relayout = []
    Counter.calls = 0
    for i in range(relayout_runs):
        call = calls[i % len(calls)]
        t = time.perf_counter_ns()
        call()
        relayout.append(time.perf_counter_ns() - t)
    relayout_measures = Counter.calls / relayout_runs
    # Whole public call, for the record: Node.compute_layout copies every layout back.
    public = []
    for i in range(max(3, relayout_runs // 10)):
        t = time.perf_counter_ns()
        engine.layout(root, widths[i % len(widths)], height)
        public.append(time.perf_counter_ns() - t)
    return {"frames": frames, "firstNs": median_ns(first), "relayoutNs": median_ns(relayout), "publicRelayoutNs": median_ns(public),
            "firstMeasureCalls": first_measures, "relayoutMeasureCalls": relayout_measures}


def relayout_widths(width, count=400):
    """`count` widths about `width`, never repeated within a run of `count` (so that no layout
    finds the previous ones in a cache)."""
    return [width - 40 + 0.2 * i for i in range(count)]


def main():
    import argparse
    import json
    import trees
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("tree", help="feed | chain[:DEPTH] | wrap | empty | leaf | a Yoga capture's path")
    parser.add_argument("--engines", default="taffy,yoga")
    parser.add_argument("--first", type=int, default=30, help="first layouts timed (each of a new tree)")
    parser.add_argument("--relayout", type=int, default=400, help="relayouts of the kept tree timed")
    parser.add_argument("--dump", help="write the neutral tree to this file (for the Swift side)")
    args = parser.parse_args()
    sys.setrecursionlimit(20000)  # the 1,000-deep chain, built and written recursively
    height = None
    if args.tree == "feed":
        tree, width = trees.feed(), 375.0
    elif args.tree.startswith("chain"):
        depth = int(args.tree.split(":")[1]) if ":" in args.tree else 1000
        tree, width = trees.chain(depth), 375.0
    elif args.tree == "wrap":
        tree, width = trees.wrap(), 375.0
    elif args.tree == "empty":
        tree, width = trees.node({"width": "100%"}), 375.0
    elif args.tree == "leaf":
        tree, width = trees.node({"width": "100%"}, measure={"text": 40}), 375.0
    else:
        tree, width, height = trees.capture(args.tree)
    if args.dump:
        with open(args.dump, "w") as f:
            # Flat, in preorder with child counts: Foundation's JSON reader refuses deep nesting.
            json.dump({"nodes": trees.flatten(tree), "width": width, "height": height, "widths": relayout_widths(width)}, f)
    result = {"tree": args.tree, "nodes": trees.count(tree), "width": width, "height": height, "engines": {}}
    for name in args.engines.split(","):
        engine = {"taffy": Taffy, "yoga": Yoga}[name]()
        r = bench(engine, tree, width, height, relayout_widths(width), args.first, args.relayout)
        r["name"] = engine.name
        result["engines"][name] = r
    json.dump(result, sys.stdout)
    print()
    sys.stdout.flush()
    # poga keeps the measure functions in a C++ singleton whose destructor, run while Python
    # finalizes, aborts: leave without finalizing.
    os._exit(0)


if __name__ == "__main__":
    try:
        main()
    except BaseException:
        import traceback
        traceback.print_exc()
        sys.stderr.flush()
        os._exit(1)
