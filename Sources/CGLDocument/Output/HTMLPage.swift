import CGLayout
public import Foundation

/// All profiles of a document side by side, as one self-contained HTML page (no network,
/// no external file) that compares them:
///
/// - every card is drawn at one scale, so points are points across profiles (a slider
///   changes it; each card says the scale the browser actually drew it at);
/// - labels keep one on-screen size at any scale, are drawn above every element, and show
///   where they fit without covering another label or text (all are listed above);
/// - a legend says what the colours and outlines mean; each card states its size and traits
///   in words and has a table of its frames;
/// - a checkbox per element highlights it in every card (and in the page's link:
///   `page.html#highlight=avatar,menu`).
public enum HTMLPage {
    /// The widest a card's drawing starts at, in CSS pixels: the default scale draws the
    /// widest profile this wide (never above 100 %).
    static let defaultDrawingWidth = 720.0

    ///
    /// `texts` and `clips` are, for each snapshot in order, the text lines and the clipping
    /// rectangles to draw (``SVGRenderer/svg(_:texts:clips:)``).
    public static func page(scheme: String, hash: String, snapshots: [DocumentSnapshot], texts: [[String: TextRendering]] = [],
                            clips: [[String: CGRect]] = [], boxes: [[String: BoxDecoration]] = []) -> String {
        let widest = snapshots.map { SVGRenderer.extent($0).width }.max() ?? 1
        let scale = defaultScale(widest: widest)
        let cards = snapshots.enumerated().map { index, snapshot in
            card(snapshot, index: index, texts: index < texts.count ? texts[index] : [:], clips: index < clips.count ? clips[index] : [:],
                 boxes: index < boxes.count ? boxes[index] : [:])
        }
        var ids: [String] = []
        for snapshot in snapshots { for entry in snapshot.elements where !ids.contains(entry.id) { ids.append(entry.id) } }
        let engine = snapshots.first.map { " · engine " + SVGRenderer.xml($0.engine) } ?? ""
        return """
        <!DOCTYPE html>
        <html lang="en" style="--scale: \(SVGRenderer.n(scale))"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(SVGRenderer.xml(scheme)) — every profile</title>
        <style>\(style)</style></head>
        <body>
        <header>
        <h1>\(SVGRenderer.xml(scheme))</h1><p class="hash">\(SVGRenderer.xml(hash))\(engine) · \(snapshots.count) profile\(snapshots.count == 1 ? "" : "s")</p>
        <label class="scale">Scale <input type="range" id="scale" min="0.1" max="2" step="0.05" value="\(SVGRenderer.n(scale))">
        <output id="scale-value" for="scale">\(Int((scale * 100).rounded())) %</output> (one for every card: points are points)</label>
        \(legend)
        <fieldset class="highlight"><legend>Highlight in every profile</legend>
        \(ids.map { "<label><input type=\"checkbox\" value=\"\(SVGRenderer.xml($0))\"> \(SVGRenderer.xml($0))</label>" }.joined(separator: "\n"))
        </fieldset>
        </header>
        <main>
        \(cards.joined(separator: "\n"))
        </main>
        <script>\(script)</script>
        </body></html>
        """
    }

    /// The scale that draws the widest profile `defaultDrawingWidth` wide, in steps of 5 %,
    /// at most 100 % and at least 10 %.
    static func defaultScale(widest: Double) -> Double {
        min(1, max(0.1, (defaultDrawingWidth / max(widest, 1) * 20).rounded(.down) / 20))
    }

    /// A profile's card: its name, its size and traits in words, the drawing, its frames.
    private static func card(_ snapshot: DocumentSnapshot, index: Int, texts: [String: TextRendering], clips: [String: CGRect],
                             boxes: [String: BoxDecoration]) -> String {
        let environment = snapshot.environment
        let (width, height) = SVGRenderer.extent(snapshot)
        let name = SVGRenderer.xml(environment.profile ?? "custom")
        let drawing = SVGRenderer.svgElement(
            snapshot, texts: texts, clips: clips, boxes: boxes,
            attributes: "class=\"drawing\" data-points-width=\"\(SVGRenderer.n(width))\"", placingLabels: false,
            idPrefix: "card\(index)-"
        )
        let rows = snapshot.elements.map { entry in
            let id = SVGRenderer.xml(entry.id)
            return "<tr data-element=\"\(id)\"><td>\(id)</td><td>\(SVGRenderer.describe(entry.frame))</td><td>\(SVGRenderer.describe(entry.inRoot))</td></tr>"
        }
        return """
        <figure class="card" data-profile="\(name)" style="--w: \(SVGRenderer.n(width)); --h: \(SVGRenderer.n(height))">
        <figcaption><b>\(name)</b>
        <span class="traits">\(SVGRenderer.xml(traits(environment)))</span>
        <span class="extent">content \(SVGRenderer.n(snapshot.size.width)) × \(SVGRenderer.n(snapshot.size.height)) pt · <span class="drawn"></span></span></figcaption>
        \(drawing)
        <details><summary>Frames</summary>
        <table><thead><tr><th>element</th><th>frame (in its parent)</th><th>in the root</th></tr></thead><tbody>
        \(rows.joined(separator: "\n"))
        </tbody></table></details>
        </figure>
        """
    }

    /// An environment in words: `390 × 844 pt @3x, portrait · compact width, regular height ·
    /// left-to-right · safe area top 47, bottom 34 · text × 1`.
    static func traits(_ environment: LayoutEnvironment) -> String {
        let n = SVGRenderer.n
        var parts = ["\(n(environment.width)) × \(n(environment.height)) pt\(environment.scale.map { " @\(n($0))x" } ?? ""), \(environment.orientation.rawValue)"]
        parts.append("\(environment.horizontalSizeClass.rawValue) width, \(environment.verticalSizeClass.rawValue) height")
        parts.append(environment.direction == .rightToLeft ? "right-to-left" : "left-to-right")
        let insets = [("top", environment.safeArea.top), ("left", environment.safeArea.left),
                      ("bottom", environment.safeArea.bottom), ("right", environment.safeArea.right)].filter { $0.1 != 0 }
        parts.append(insets.isEmpty ? "no safe-area insets" : "safe area " + insets.map { "\($0.0) \(n($0.1))" }.joined(separator: ", "))
        parts.append("text × \(n(environment.textScale))")
        return parts.joined(separator: " · ")
    }

    /// What the colours and outlines of a drawing mean.
    private static var legend: String {
        let swatch = { (fill: String, stroke: String, extra: String) in
            "<span class=\"swatch\" style=\"background: \(fill); border-color: \(stroke);\(extra)\"></span>"
        }
        let depths = SVGRenderer.palette.enumerated().map { depth, color in
            "<li>\(swatch(color.fill, color.stroke, "")) \(depth == 0 ? "an element of the root" : "nested \(depth) deep")</li>"
        }
        return """
        <fieldset class="legend"><legend>Legend</legend><ul>
        <li>\(swatch("#ffffff", "#444444", "")) the container (the environment's size)</li>
        <li>\(swatch("#e8f4ff", "#6aa7e0", " border-style: dashed;")) its safe area</li>
        \(depths.joined(separator: "\n"))
        <li><span class="sample">Aa</span> text, in the font and lines it was measured with</li>
        <li>\(swatch("transparent", "#d40000", " border-width: 3px;")) a highlighted element</li>
        </ul><p>Colours repeat past \(SVGRenderer.palette.count - 1) deep. An element's name shows where it fits (a larger scale shows more); hover an element for its name and frame. A hidden element (a slot's visibility) has an empty frame.</p></fieldset>
        """
    }

    private static let style = """
        body { font-family: -apple-system, Helvetica, Arial, sans-serif; margin: 24px; background: #f4f4f6; color: #222; }
        h1 { font-size: 20px; margin: 0 0 4px; } .hash { margin: 0 0 12px; color: #666; font-size: 12px; }
        header { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: flex-start; margin-bottom: 20px; }
        header > h1, header > .hash { flex-basis: 100%; }
        fieldset { border: 1px solid #ccc; border-radius: 6px; font-size: 12px; background: #fff; }
        fieldset ul { list-style: none; margin: 0; padding: 0; columns: 2; } fieldset li { margin: 2px 0; }
        fieldset p { margin: 6px 0 0; color: #666; max-width: 40em; }
        .highlight label { display: inline-block; margin: 2px 10px 2px 0; white-space: nowrap; }
        .swatch { display: inline-block; width: 14px; height: 10px; border: 1px solid; vertical-align: middle; }
        .sample { font-size: 11px; padding: 0 2px; background: #fff; border: 1px solid #ddd; }
        .scale { font-size: 12px; flex-basis: 100%; }
        main { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
        figure { margin: 0; background: #fff; padding: 12px; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
        figcaption { font-size: 12px; margin-bottom: 8px; max-width: max(240px, calc(var(--w) * var(--scale) * 1px)); }
        figcaption > span { display: block; color: #555; }
        svg.drawing { display: block; width: calc(var(--w) * var(--scale) * 1px); height: calc(var(--h) * var(--scale) * 1px); overflow: visible; }
        svg.drawing rect { vector-effect: non-scaling-stroke; }
        svg.drawing text.label { font-size: calc(11px / var(--scale)); stroke-width: calc(3px / var(--scale)); }
        .highlighting svg .element:not(.highlighted), .highlighting svg text.label:not(.highlighted) { opacity: .2; }
        svg .element.highlighted > rect { stroke: #d40000; stroke-width: 3px; fill-opacity: 1; }
        details { font-size: 12px; margin-top: 8px; } table { border-collapse: collapse; margin-top: 4px; }
        td, th { padding: 2px 8px 2px 0; text-align: left; font-variant-numeric: tabular-nums; white-space: nowrap; }
        tr.highlighted td { background: #ffe3e3; }
        """

    /// The scale slider and the highlight checkboxes; each card reports the scale the
    /// browser drew it at, measured, so a page whose cards disagree shows it.
    private static let script = """
        (function () {
          var root = document.documentElement;
          var slider = document.getElementById('scale');
          var shown = document.getElementById('scale-value');
          function applyScale() {
            root.style.setProperty('--scale', slider.value);
            shown.textContent = Math.round(slider.value * 100) + ' %';
            document.querySelectorAll('figure.card').forEach(function (card) {
              var svg = card.querySelector('svg.drawing');
              var drawn = svg.getBoundingClientRect().width / Number(svg.dataset.pointsWidth);
              card.querySelector('.drawn').textContent = 'drawn at ' + Math.round(drawn * 100) + ' %';
            });
          }
          // A label shows only where it fits inside its element and covers no other label and
          // no drawn text (at the current scale: labels keep their size on screen); the rest
          // are in the list above, in each element's tooltip and in the frames table.
          function placeLabels() {
            document.querySelectorAll('svg.drawing').forEach(function (svg) {
              var placed = [];
              svg.querySelectorAll('g.element text').forEach(function (line) { placed.push(line.getBBox()); });
              svg.querySelectorAll('text.label').forEach(function (label) {
                // The part of the element a reader sees (inside the scrolls that clip it).
                var visible = label.getAttribute('data-visible').split(' ').map(Number);
                var frame = { x: visible[0], y: visible[1], width: visible[2], height: visible[3] };
                label.style.display = '';
                label.setAttribute('x', frame.x);
                label.setAttribute('y', frame.y);
                // Where the glyphs are drawn relative to the x and y attributes (the baseline).
                var first = label.getBBox(), dx = first.x - frame.x, dy = first.y - frame.y, w = first.width, h = first.height;
                var left = frame.x + 2, right = frame.x + frame.width - w - 2, top = frame.y + 2, bottom = frame.y + frame.height - h - 2;
                var chosen = null;
                // The top-left corner first, then the other corners.
                [[left, top], [right, top], [left, bottom], [right, bottom]].forEach(function (corner) {
                  if (chosen || right < left || bottom < top) { return; }
                  var box = { x: corner[0], y: corner[1], width: w, height: h };
                  var clear = placed.every(function (other) {
                    return box.x >= other.x + other.width || other.x >= box.x + box.width || box.y >= other.y + other.height || other.y >= box.y + box.height;
                  });
                  if (clear) { chosen = box; }
                });
                if (chosen) {
                  placed.push(chosen);
                  label.setAttribute('x', chosen.x - dx);
                  label.setAttribute('y', chosen.y - dy);
                } else {
                  label.style.display = 'none';
                }
              });
            });
          }
          slider.addEventListener('input', function () { applyScale(); placeLabels(); });
          applyScale();
          placeLabels();
          var boxes = Array.prototype.slice.call(document.querySelectorAll('.highlight input'));
          function applyHighlight() {
            var chosen = new Set(), names = [];
            boxes.forEach(function (box) { if (box.checked) { chosen.add(box.value); names.push(encodeURIComponent(box.value)); } });
            document.body.classList.toggle('highlighting', names.length > 0);
            document.querySelectorAll('[data-element]').forEach(function (node) {
              node.classList.toggle('highlighted', chosen.has(node.getAttribute('data-element')));
            });
            return names;
          }
          // A link can carry a selection (page.html#highlight=avatar,menu); choosing updates it.
          var linked = /(?:^#|&)highlight=([^&]*)/.exec(location.hash);
          // A name that does not decode is skipped, not a reason to stop the script.
          var wanted = linked ? linked[1].split(',').map(function (name) {
            try { return decodeURIComponent(name); } catch (error) { return null; }
          }) : [];
          boxes.forEach(function (box) {
            box.checked = wanted.indexOf(box.value) >= 0;
            box.addEventListener('change', function () {
              history.replaceState(null, '', '#highlight=' + applyHighlight().join(','));
            });
          });
          applyHighlight();
        })();
        """
}
