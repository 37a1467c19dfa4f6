import CGLayout
import Foundation

/// Draws snapshots so that a person can look at a layout: the root, the safe area, and each
/// element as a labelled rectangle, nested elements drawn over their parents.
public enum SVGRenderer {
    /// One environment as a standalone SVG document; text elements draw their lines
    /// (`SchemeDocument.textRenderings(for:)`) at their baselines.
    public static func svg(_ snapshot: DocumentSnapshot, texts: [String: TextRendering] = [:]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        \(svgElement(snapshot, texts: texts))
        """
    }

    /// The `<svg>` element of a snapshot, to embed in a page.
    public static func svgElement(_ snapshot: DocumentSnapshot, texts: [String: TextRendering] = [:]) -> String {
        let environment = snapshot.environment
        // Draw the whole extent, including elements outside the container.
        let width = max(environment.width, snapshot.size.width)
        let height = max(environment.height, snapshot.size.height)
        var lines = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" "
                + "font-family=\"-apple-system, Helvetica, Arial, sans-serif\">",
            "<title>\(xml(snapshot.scheme)) — \(xml(title(environment)))</title>",
            rect(environment.bounds, fill: "#ffffff", stroke: "#444444", extra: "stroke-width=\"1\""),
            rect(environment.safeAreaFrame, fill: "#e8f4ff", stroke: "#6aa7e0", extra: "stroke-dasharray=\"4 3\" fill-opacity=\"0.6\""),
        ]
        let depths = depthByElement(snapshot)
        for entry in snapshot.elements {
            let depth = depths[entry.id] ?? 0
            let color = palette[depth % palette.count]
            lines.append("<g><title>\(xml(entry.id)) \(xml(describe(entry.frame)))</title>")
            lines.append(rect(entry.inRoot, fill: color.fill, stroke: color.stroke, extra: "fill-opacity=\"0.75\""))
            if let text = texts[entry.id] {
                lines.append(contentsOf: textLines(text, in: entry.inRoot))
            } else if entry.inRoot.size.width >= 12, entry.inRoot.size.height >= 10 {
                lines.append("<text x=\"\(n(entry.inRoot.origin.x + 3))\" y=\"\(n(entry.inRoot.origin.y + 11))\" font-size=\"10\" fill=\"\(color.stroke)\">\(xml(entry.id))</text>")
            }
            lines.append("</g>")
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n")
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
                + "xml:space=\"preserve\" fill=\"#111111\">\(xml(line.text))</text>"
        }
    }

    /// A one-line description of an environment: `phone-portrait 390×844 @3x, compact/regular, ltr`.
    public static func title(_ environment: LayoutEnvironment) -> String {
        let scale = environment.scale.map { " @\(n($0))x" } ?? ""
        let name = environment.profile.map { "\($0) " } ?? ""
        return "\(name)\(n(environment.width))×\(n(environment.height))\(scale), "
            + "\(environment.horizontalSizeClass.rawValue)/\(environment.verticalSizeClass.rawValue), \(environment.direction.documentName)"
    }

    private static let palette: [(fill: String, stroke: String)] = [
        ("#ffe1c7", "#b3541e"), ("#d8f0d2", "#2f7a3a"), ("#e3dcf7", "#5b3fa8"), ("#fde2e4", "#a83246"), ("#d7eef2", "#1f6f7a"),
    ]

    private static func depthByElement(_ snapshot: DocumentSnapshot) -> [String: Int] {
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

/// All profiles of a document side by side, as one self-contained HTML page.
public enum HTMLPage {
    public static func page(scheme: String, hash: String, snapshots: [DocumentSnapshot], texts: [[String: TextRendering]] = []) -> String {
        let cards = snapshots.enumerated().map { index, snapshot in
            """
            <figure><figcaption><b>\(SVGRenderer.xml(snapshot.environment.profile ?? "custom"))</b> \
            \(SVGRenderer.xml(SVGRenderer.title(snapshot.environment)))</figcaption>
            \(SVGRenderer.svgElement(snapshot, texts: index < texts.count ? texts[index] : [:]))
            </figure>
            """
        }
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(SVGRenderer.xml(scheme))</title>
        <style>
        body { font-family: -apple-system, Helvetica, Arial, sans-serif; margin: 24px; background: #f4f4f6; color: #222; }
        h1 { font-size: 20px; margin: 0 0 4px; } p { margin: 0 0 20px; color: #666; font-size: 12px; }
        main { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
        figure { margin: 0; background: #fff; padding: 12px; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
        figcaption { font-size: 12px; margin-bottom: 8px; }
        figure svg { display: block; max-width: 360px; max-height: 480px; width: auto; height: auto; }
        </style></head>
        <body><h1>\(SVGRenderer.xml(scheme))</h1><p>\(SVGRenderer.xml(hash))</p>
        <main>
        \(cards.joined(separator: "\n"))
        </main></body></html>
        """
    }
}
