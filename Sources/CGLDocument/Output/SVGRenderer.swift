import CGLayout
public import Foundation

/// Draws snapshots so that a person can look at a layout: the root, the safe area, and each
/// element as a labelled rectangle, nested elements drawn over their parents.
public enum SVGRenderer {
    /// One environment as a standalone SVG document; text elements draw their lines
    /// (`SchemeDocument.textRenderings(for:)`) at their baselines.
    ///
    /// `clips` (``SchemeDocument/clippingFrames(for:)``) clip the content of scroll elements to
    /// their frames, as a renderer shows it.
    ///
    /// `boxes` (``SchemeDocument/boxDecorations(for:)``) draw each box's border and padding
    /// when the pointer is over it.
    public static func svg(_ snapshot: DocumentSnapshot, texts: [String: TextRendering] = [:], clips: [String: CGRect] = [:],
                           boxes: [String: BoxDecoration] = [:]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        \(svgElement(snapshot, texts: texts, clips: clips, boxes: boxes))
        """
    }

    /// The `<svg>` element of a snapshot, to embed in a page; `attributes` are added to it.
    ///
    /// Elements are `<g class="element" data-element="ID">` groups, parents before children;
    /// the labels of elements without text come last, in `<g class="labels">`, so that no
    /// child hides its parent's name. With `placingLabels`, each label goes in a free corner
    /// of its element or is left out (``LabelPlacement``); without, every label is written
    /// at its element's top-left corner for a script to place.
    ///
    /// `idPrefix` starts the ids the drawing defines (its clip paths), which must be unique in
    /// a page that holds several drawings.
    public static func svgElement(_ snapshot: DocumentSnapshot, texts: [String: TextRendering] = [:], clips: [String: CGRect] = [:],
                                  boxes: [String: BoxDecoration] = [:],
                                  attributes: String = "", placingLabels: Bool = true, idPrefix: String = "") -> String {
        let environment = snapshot.environment
        let (width, height) = extent(snapshot)
        var lines = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" "
                + "font-family=\"-apple-system, Helvetica, Arial, sans-serif\"\(attributes.isEmpty ? "" : " " + attributes)>",
            "<title>\(xml(snapshot.scheme)) — \(xml(title(environment)))</title>",
            rect(environment.bounds, fill: "#ffffff", stroke: "#444444", extra: "class=\"container\" stroke-width=\"1\""),
            rect(environment.safeAreaFrame, fill: "#e8f4ff", stroke: "#6aa7e0", extra: "class=\"safe-area\" stroke-dasharray=\"4 3\" fill-opacity=\"0.6\""),
        ]
        if !boxes.isEmpty { lines.append(contentsOf: boxLegend(width: width, height: height)) }
        // One clip path per clipping rectangle, named by its index.
        var clipIndex: [CGRect: Int] = [:]
        for entry in snapshot.elements {
            guard let clip = clips[entry.id], clipIndex[clip] == nil else { continue }
            clipIndex[clip] = clipIndex.count
        }
        if !clipIndex.isEmpty {
            lines.append("<defs>")
            for (clip, index) in clipIndex.sorted(by: { $0.value < $1.value }) {
                lines.append("<clipPath id=\"\(idPrefix)clip\(index)\">\(rect(clip, fill: "none", stroke: "none", extra: ""))</clipPath>")
            }
            lines.append("</defs>")
        }
        lines.append("<g class=\"elements\">")
        let depths = depthByElement(snapshot)
        var labels: [String] = []
        var placement = LabelPlacement(avoiding: texts, frames: Dictionary(snapshot.elements.map { ($0.id, $0.inRoot) }, uniquingKeysWith: { first, _ in first }))
        for entry in snapshot.elements {
            let color = color(depth: depths[entry.id] ?? 0)
            let id = xml(entry.id)
            let clip = clips[entry.id]
            let clipping = clip.flatMap { clipIndex[$0] }.map { " clip-path=\"url(#\(idPrefix)clip\($0))\"" } ?? ""
            lines.append("<g class=\"element\" data-element=\"\(id)\"\(clipping)><title>\(id) \(xml(describe(entry.frame)))</title>")
            lines.append(rect(entry.inRoot, fill: color.fill, stroke: color.stroke, extra: "fill-opacity=\"0.75\""))
            if let box = boxes[entry.id] { lines.append(contentsOf: boxLayers(box, in: entry.inRoot.standardized)) }
            if let text = texts[entry.id] {
                lines.append(contentsOf: textLines(text, in: entry.inRoot))
            } else if entry.inRoot.size.width != 0 || entry.inRoot.size.height != 0 {
                // With a white halo, to stay legible over anything.
                // The part a renderer shows: inside the clip, if any.
                let frame = clip.map { entry.inRoot.standardized.intersection($0) } ?? entry.inRoot.standardized
                guard !frame.isNull, frame.width > 0 || frame.height > 0 else { lines.append("</g>"); continue }
                let corner = placingLabels ? placement.place(entry.id, in: frame) : CGPoint(x: frame.minX + 2, y: frame.minY + 2)
                guard let corner else { lines.append("</g>"); continue }
                let (x, y) = (corner.x, corner.y)
                // The part of the element a reader sees, for a script that places labels again.
                let visible = placingLabels ? "" : " data-visible=\"\(n(frame.minX)) \(n(frame.minY)) \(n(frame.width)) \(n(frame.height))\""
                labels.append("<text class=\"label\" data-element=\"\(id)\"\(clipping)\(visible) x=\"\(n(x))\" y=\"\(n(y))\" dominant-baseline=\"hanging\" "
                    + "font-size=\"10\" fill=\"\(color.stroke)\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\" "
                    + "paint-order=\"stroke\">\(id)</text>")
            }
            lines.append("</g>")
        }
        lines.append("</g>")
        lines.append("<g class=\"labels\">")
        lines.append(contentsOf: labels)
        lines.append("</g>")
        lines.append("</svg>")
        return lines.joined(separator: "\n")
    }

    /// A box's border (orange) and padding (green) as bands inside its frame, and its content
    /// box dashed; shown while the pointer is over the element (`.box-layer`).
    private static func boxLayers(_ box: BoxDecoration, in frame: CGRect) -> [String] {
        let padded = frame.inset(by: box.border)
        let content = padded.inset(by: box.padding)
        func band(_ outer: CGRect, _ inner: CGRect, fill: String, kind: String) -> String {
            let path = "M\(n(outer.minX)) \(n(outer.minY))h\(n(outer.width))v\(n(outer.height))h\(n(-outer.width))Z"
                + (inner.width > 0 && inner.height > 0 ? "M\(n(inner.minX)) \(n(inner.minY))v\(n(inner.height))h\(n(inner.width))v\(n(-inner.height))Z" : "")
            return "<path class=\"box-layer box-\(kind)\" d=\"\(path)\" fill=\"\(fill)\" fill-rule=\"evenodd\" fill-opacity=\"0.55\"/>"
        }
        var layers: [String] = []
        if box.border != .zero { layers.append(band(frame, padded, fill: "#f6a04d", kind: "border")) }
        if box.padding != .zero { layers.append(band(padded, content, fill: "#93c47d", kind: "padding")) }
        if content.width > 0 && content.height > 0 {
            layers.append(rect(content, fill: "none", stroke: "#5b8a49", extra: "class=\"box-layer box-content\" stroke-dasharray=\"3 2\""))
        }
        return layers
    }

    /// The style that shows a box's layers on hover, and a legend saying so.
    private static func boxLegend(width: Double, height: Double) -> [String] {
        [
            "<style>.box-layer{opacity:0}.element:hover>.box-layer{opacity:1}</style>",
            "<g class=\"legend\" font-size=\"10\" fill=\"#444444\"><title>boxes: border and padding on hover</title>",
            "<rect x=\"4\" y=\"\(n(height - 14))\" width=\"10\" height=\"10\" fill=\"#f6a04d\"/><text x=\"17\" y=\"\(n(height - 5))\">border</text>",
            "<rect x=\"58\" y=\"\(n(height - 14))\" width=\"10\" height=\"10\" fill=\"#93c47d\"/><text x=\"71\" y=\"\(n(height - 5))\">padding (hover a box)</text>",
            "</g>",
        ]
    }

    /// The width and height a drawing of `snapshot` covers, in points: the container, and
    /// any element outside it.
    static func extent(_ snapshot: DocumentSnapshot) -> (width: Double, height: Double) {
        (max(snapshot.environment.width, snapshot.size.width), max(snapshot.environment.height, snapshot.size.height))
    }

    /// One `<text>` per line, at its baseline, in the font that measured it: a person sees at
    /// a glance whether the text fits its frame.
    private static func textLines(_ text: TextRendering, in frame: CGRect) -> [String] {
        // Each line starts at its frame's leading edge: in a right-to-left paragraph, "start"
        // is the right end (SVG's text-anchor follows the direction).
        let anchor = "start"
        let x = text.rightToLeft ? frame.origin.x + frame.size.width : frame.origin.x
        let font = "font-family=\"\(xml(text.family))\" font-size=\"\(n(text.size))\" font-weight=\"\(text.weight)\""
            + (text.italic ? " font-style=\"italic\"" : "")
        return text.lines.map { line in
            "<text x=\"\(n(x))\" y=\"\(n(frame.origin.y + line.baseline))\" \(font) text-anchor=\"\(anchor)\" direction=\"\(text.rightToLeft ? "rtl" : "ltr")\" "
                + "xml:space=\"preserve\" fill=\"#111111\">\(line.spans.isEmpty ? xml(line.text) : spans(line.spans, rightToLeft: text.rightToLeft))</text>"
        }
    }

    /// A line of runs: a `<tspan>` per run in its font; an inline object leaves its room
    /// (the next span moves by its width: SVG draws no object, a person sees the gap).
    private static func spans(_ spans: [TextRendering.Span], rightToLeft: Bool) -> String {
        var room = 0.0
        var drawn = ""
        for span in spans {
            if let width = span.objectWidth {
                room += width
                continue
            }
            let shift = room > 0 ? " dx=\"\(n(rightToLeft ? -room : room))\"" : ""
            room = 0
            drawn += "<tspan\(shift) font-family=\"\(xml(span.family))\" font-size=\"\(n(span.size))\" font-weight=\"\(span.weight)\""
                + (span.italic ? " font-style=\"italic\"" : "") + ">\(xml(span.text))</tspan>"
        }
        return drawn
    }

    /// A one-line description of an environment: `phone-portrait 390×844 @3x, compact/regular, ltr`.
    public static func title(_ environment: LayoutEnvironment) -> String {
        let scale = environment.scale.map { " @\(n($0))x" } ?? ""
        let name = environment.profile.map { "\($0) " } ?? ""
        return "\(name)\(n(environment.width))×\(n(environment.height))\(scale), "
            + "\(environment.horizontalSizeClass.rawValue)/\(environment.verticalSizeClass.rawValue), \(environment.direction.documentName)"
    }

    /// The colours of an element nested `depth` elements deep (0: a child of the root).
    static func color(depth: Int) -> (fill: String, stroke: String) { palette[depth % palette.count] }

    /// Fill and outline of elements by depth, repeating past the last.
    static let palette: [(fill: String, stroke: String)] = [
        ("#ffe1c7", "#b3541e"), ("#d8f0d2", "#2f7a3a"), ("#e3dcf7", "#5b3fa8"), ("#fde2e4", "#a83246"), ("#d7eef2", "#1f6f7a"),
    ]

    static func depthByElement(_ snapshot: DocumentSnapshot) -> [String: Int] {
        // Elements come in document order, parents first: an element nested in another is
        // one deeper than the deepest element that contains it.
        var depths: [String: Int] = [:]
        var seen: [DocumentSnapshot.Entry] = []
        for entry in snapshot.elements {
            let containers = seen.filter { contains($0.inRoot, entry.inRoot) }
            depths[entry.id] = (containers.map { depths[$0.id] ?? 0 }.max() ?? -1) + 1
            seen.append(entry)
        }
        return depths
    }

    private static func contains(_ outer: CGRect, _ inner: CGRect) -> Bool {
        inner.origin.x >= outer.origin.x && inner.origin.y >= outer.origin.y
            && inner.origin.x + inner.size.width <= outer.origin.x + outer.size.width
            && inner.origin.y + inner.size.height <= outer.origin.y + outer.size.height
            && outer.size.width * outer.size.height > inner.size.width * inner.size.height
    }

    private static func rect(_ rect: CGRect, fill: String, stroke: String, extra: String) -> String {
        // SVG cannot draw negative sizes: draw the rect's extent.
        let x = min(rect.origin.x, rect.origin.x + rect.size.width)
        let y = min(rect.origin.y, rect.origin.y + rect.size.height)
        return "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(abs(rect.size.width)))\" height=\"\(n(abs(rect.size.height)))\" "
            + "fill=\"\(fill)\" stroke=\"\(stroke)\" \(extra)/>"
    }

    static func describe(_ rect: CGRect) -> String {
        "(\(n(rect.origin.x)), \(n(rect.origin.y)), \(n(rect.size.width)), \(n(rect.size.height)))"
    }

    static func n(_ value: Double) -> String { formatNumber((value * 1000).rounded() / 1000) }

    /// `text` escaped for XML, without the characters XML 1.0 does not allow (C0 controls but
    /// tab, newline and carriage return; U+FFFE, U+FFFF): document text may hold any of them.
    static func xml(_ text: String) -> String {
        var allowed = String.UnicodeScalarView()
        allowed.append(contentsOf: text.unicodeScalars.filter { scalar in
            scalar.value >= 0x20 ? scalar.value != 0xFFFE && scalar.value != 0xFFFF : [0x09, 0x0A, 0x0D].contains(scalar.value)
        })
        return String(allowed).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
