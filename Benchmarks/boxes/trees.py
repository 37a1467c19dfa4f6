"""The trees of `Benchmarks/run-boxes`, written once in a neutral form that all three engines
(cglayout's boxes, Taffy through `stretchable`, Yoga through `poga`) build from.

A node is `{"s": style, "c": [children], "m": measure}`; `s` uses BoxStyle's names (CSS in
camelCase), lengths are points, `"50%"` or `"auto"`, edges are `[top, right, bottom, left]`.
Every style spells out the properties whose defaults differ between CSS (Taffy, cglayout) and
Yoga (flexDirection, flexShrink, alignContent, minWidth/minHeight auto against 0), so that
the same tree means the same thing to each. A leaf's `m` is either `{"text": n}`: n
characters of advance 7 wrapped to the width offered, lines of 18 (cglayout's `TextMetrics`,
the same arithmetic on every side), or `{"records": [[width, outWidth, outHeight], …]}`: the
measure results Yoga recorded in a capture, replayed by the width asked (nearest).
"""
import json
import math

ADVANCE, LINE = 7.0, 18.0


def text_size(n, width):
    """`TextMetrics.sizeThatFits`: as many characters a line as fit (at least one)."""
    fitting = math.floor(width / ADVANCE) if math.isfinite(width) else n
    per_line = max(1, min(n, fitting))
    return per_line * ADVANCE, math.ceil(n / per_line) * LINE


def replay(records, width):
    """The recorded result whose width is nearest the width asked (inf: unbounded)."""
    best = None
    for w, ow, oh in records:
        w = math.inf if w is None else w
        d = 0.0 if (w == width) else abs(w - width)
        if best is None or d < best[0]:
            best = (d, ow, oh)
    return best[1], best[2]


def node(style, children=(), measure=None, **more):
    base = {"flexDirection": "row", "flexShrink": 1, "alignContent": "flex-start", "minWidth": 0, "minHeight": 0}
    base.update(style)
    base.update(more)
    out = {"s": base, "c": list(children)}
    if measure is not None:
        out["m"] = measure
    return out


def feed(cards=100):
    """A feed of cards: header row (avatar, titles column with two text leaves, menu), body
    text, an image at 3:2, an actions row. Ten nodes a card."""
    items = []
    for i in range(cards):
        header = node({"alignItems": "flex-start"}, [
            node({"width": 48, "height": 48, "flexShrink": 0}),
            node({"flexDirection": "column", "flexGrow": 1, "margin": [0, 0, 0, 12], "padding": [2, 0, 0, 0]}, [
                node({}, measure={"text": 12 + i % 7}),
                node({}, measure={"text": 7}),
            ]),
            node({"width": 24, "height": 24, "flexShrink": 0, "margin": [12, 0, 0, 12]}),
        ])
        body = node({"margin": [12, 0, 0, 0]}, measure={"text": 80 + (i * 37) % 150})
        image = node({"width": "100%", "aspectRatio": 1.5, "margin": [12, 0, 0, 0]})
        actions = node({"height": 32, "margin": [8, 0, 0, 0]})
        items.append(node({"flexDirection": "column", "flexShrink": 0, "padding": [12, 16, 12, 16], "margin": [0, 0, 8, 0]},
                          [header, body, image, actions]))
    return node({"flexDirection": "column", "width": "100%"}, items)


def chain(depth=1000):
    """`depth` nested columns, each padded (1 above and below, 0.15 at the sides), around a
    text leaf: depth + 1 nodes."""
    tree = node({}, measure={"text": 40})
    for _ in range(depth - 1):
        tree = node({"flexDirection": "column", "padding": [1, 0.15, 1, 0.15]}, [tree])
    return node({"flexDirection": "column", "width": "100%", "padding": [1, 0.15, 1, 0.15]}, [tree])


def wrap(items=1000):
    """A row of `items` boxes of assorted sizes, wrapping."""
    return node({"flexWrap": "wrap", "width": "100%"}, [
        node({"width": 40 + (i * 13) % 60, "height": 20 + (i * 7) % 30, "flexShrink": 0, "margin": [2, 2, 2, 2]})
        for i in range(items)
    ])


# Yoga's capture format (facebook/yoga benchmark/captures/*.json, benchmark/TreeDeserialization.cpp).
_EDGES = {"top": 0, "right": 1, "bottom": 2, "left": 3, "start": 3, "end": 1}
_ALIGN = {"auto": None, "flex-start": "flex-start", "center": "center", "flex-end": "flex-end", "stretch": "stretch",
          "baseline": "baseline", "space-between": "space-between", "space-around": "space-around",
          "space-evenly": "space-evenly"}


def _length(value):
    if value == "auto":
        return "auto"
    if value == "undefined" or value is None:
        return None
    if value["unit"] == "pct":
        return "%g%%" % value["value"]
    return value["value"]


def _edges(style, prop, out, key, default):
    """Yoga's edge cascade: an edge's own value, else horizontal/vertical, else all."""
    values = [default] * 4
    for level in ("all", "axis", "edge"):
        for name, value in style.items():
            if not name.startswith(prop + "-"):
                continue
            edge = name[len(prop) + 1:]
            if edge not in _EDGES and edge not in ("all", "horizontal", "vertical"):
                continue  # position-type
            v = _length(value)
            if v is None:
                continue
            if level == "all" and edge == "all":
                values = [v] * 4
            elif level == "axis" and edge == "horizontal":
                values[1] = values[3] = v
            elif level == "axis" and edge == "vertical":
                values[0] = values[2] = v
            elif level == "edge" and edge in _EDGES:
                values[_EDGES[edge]] = v
    if any(v != default for v in values):
        out[key] = values


def _capture_style(style):
    style = style or {}
    # Yoga's defaults, spelled out: a column, no shrinking, no automatic minimum size.
    s = {"flexDirection": "column", "flexShrink": 0, "alignContent": "flex-start", "minWidth": 0, "minHeight": 0}
    if "flex" in style:
        f = style["flex"]
        if f > 0:
            s.update(flexGrow=f, flexShrink=0, flexBasis=0)
        elif f < 0:
            s.update(flexShrink=-f)
    simple = {"flex-grow": "flexGrow", "flex-shrink": "flexShrink"}
    for name, key in simple.items():
        if name in style:
            s[key] = style[name]
    for name, key in {"width": "width", "height": "height", "min-width": "minWidth", "min-height": "minHeight",
                      "max-width": "maxWidth", "max-height": "maxHeight", "flex-basis": "flexBasis"}.items():
        if name in style:
            v = _length(style[name])
            if v is not None:
                s[key] = v
    for name, key in {"flex-direction": "flexDirection", "justify-content": "justifyContent", "flex-wrap": "flexWrap",
                      "overflow": "overflow", "display": "display"}.items():
        if name in style:
            s[key] = style[name] if style[name] != "no-wrap" else "nowrap"
    for name, key in {"align-items": "alignItems", "align-self": "alignSelf", "align-content": "alignContent"}.items():
        if name in style and _ALIGN.get(style[name]):
            s[key] = _ALIGN[style[name]]
    if style.get("position-type") == "absolute":
        s["position"] = "absolute"
    _edges(style, "margin", s, "margin", 0)
    _edges(style, "padding", s, "padding", 0)
    _edges(style, "border", s, "border", 0)
    _edges(style, "position", s, "inset", "auto")
    if "aspect-ratio" in style:
        s["aspectRatio"] = style["aspect-ratio"]
    return s


def capture(path):
    """A Yoga capture as a neutral tree, and its available width and height."""
    with open(path) as f:
        data = json.load(f)

    def convert(j):
        out = {"s": _capture_style(j.get("style")), "c": [convert(c) for c in j.get("children", [])]}
        funcs = (j.get("node") or {}).get("measure-funcs")
        if funcs:
            out["m"] = {"records": [[None if f["width-mode"] == "undefined" else f["width"],
                                     f["output-width"], f["output-height"]] for f in funcs]}
        return out

    inputs = data["layout-inputs"]
    tree = convert(data["tree"])
    # The captured roots are the screen: sized to the space available (by their own limits, or
    # as Yoga sizes a root without a size). Here the root is 100 % of the space available (its
    # containing block) without limits, so that a relayout at a new width lays out at that width.
    for key in ("width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight"):
        tree["s"].pop(key, None)
    tree["s"].update(width="100%", height="100%")
    return tree, inputs["available-width"], inputs["available-height"]


def count(tree):
    return 1 + sum(count(c) for c in tree["c"])


def flatten(tree):
    """The nodes in preorder, each `{"s": style, "n": number of children, "m": measure}`."""
    out, stack = [], [tree]
    while stack:
        node = stack.pop()
        flat = {"s": node["s"], "n": len(node["c"])}
        if "m" in node:
            flat["m"] = node["m"]
        out.append(flat)
        stack.extend(reversed(node["c"]))
    return out
