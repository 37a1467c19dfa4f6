import CGLayout
import Foundation

/// A tree of `Benchmarks/boxes/trees.py` (its neutral form, which the Taffy and Yoga sides
/// build from too), built as views and box nodes.
struct NeutralTree {
    /// The nodes in preorder: `{"s": style, "n": number of children, "m": measure}`.
    let nodes: [[String: Any]]
    /// The width the tree is laid out and checked at.
    let width: CGFloat
    /// The height available to the root; nil: unbounded (max-content).
    let height: CGFloat?
    /// Widths for relayouts, never repeated within the list.
    let widths: [CGFloat]

    init(contentsOf path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let nodes = object["nodes"] as? [[String: Any]], !nodes.isEmpty, let width = object["width"] as? Double,
              let widths = object["widths"] as? [Double] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
        }
        self.nodes = nodes
        self.width = CGFloat(width)
        height = (object["height"] as? Double).map { CGFloat($0) }
        self.widths = widths.map { CGFloat($0) }
    }

    /// A new hierarchy of views under a host and its box tree; `elements` in preorder.
    func build() -> Built {
        let host = LayoutView(frame: CGRect(x: 0, y: 0, width: width, height: height ?? 100_000), identifier: "host")
        var elements: [LayoutView] = []
        var next = 0
        let root = node(&next, parent: host, elements: &elements)
        return Built(host: host, root: root, elements: elements)
    }

    /// The block laying out a built tree: unbounded height unless the tree has one.
    func block(_ built: Built) -> BoxLayoutBlock {
        BoxLayoutBlock(root: built.root, availableHeight: height == nil ? .maxContent : nil)
    }

    /// The source rect of a layout at `width`.
    func source(width: CGFloat) -> CGRect { CGRect(x: 0, y: 0, width: width, height: height ?? 100_000) }

    struct Built {
        let host: LayoutView
        let root: BoxNode
        let elements: [LayoutView]
    }

    /// The node at `next` and its subtree (`next` moves past them).
    private func node(_ next: inout Int, parent: LayoutView, elements: inout [LayoutView]) -> BoxNode {
        let json = nodes[next]
        next += 1
        let view = Self.view(measure: json["m"] as? [String: Any])
        parent.addSubview(view)
        elements.append(view)
        let children = (0..<(json["n"] as? Int ?? 0)).map { _ in node(&next, parent: view, elements: &elements) }
        return BoxNode(view, style: Self.style(json["s"] as? [String: Any] ?? [:]), children: children)
    }

    /// A plain view, a monospace label (`{"text": n}`: advance 7, lines of 18) or a view
    /// answering with a capture's recorded measure results (the nearest width asked).
    private static func view(measure: [String: Any]?) -> LayoutView {
        if let length = measure?["text"] as? Int {
            return LayoutLabel(text: TextMetrics(length: length, advance: 7, lineHeight: 18))
        }
        let view = LayoutView()
        if let records = measure?["records"] as? [[Any]] {
            let table = records.map { record in
                ((record[0] as? Double).map { CGFloat($0) } ?? .infinity,
                 CGFloat(record[1] as? Double ?? 0), CGFloat(record[2] as? Double ?? 0))
            }
            view.contentSizing = .custom { size in replay(table, width: size.width) }
        }
        return view
    }

    private static func style(_ s: [String: Any]) -> BoxStyle {
        var style = BoxStyle()
        if let v = s["flexDirection"] as? String { style.flexDirection = BoxStyle.FlexDirection(rawValue: v) ?? .row }
        if let v = s["flexWrap"] as? String { style.flexWrap = BoxStyle.FlexWrap(rawValue: v) ?? .nowrap }
        if let v = s["justifyContent"] as? String { style.justifyContent = BoxStyle.ContentAlignment(contentPosition(v)) }
        if let v = s["alignContent"] as? String { style.alignContent = BoxStyle.ContentAlignment(contentPosition(v)) }
        if let v = s["alignItems"] as? String { style.alignItems = BoxStyle.ItemAlignment(itemPosition(v)) }
        if let v = s["alignSelf"] as? String { style.alignSelf = BoxStyle.ItemAlignment(itemPosition(v)) }
        if s["position"] as? String == "absolute" { style.position = .absolute }
        if s["display"] as? String == "none" { style.display = .none }
        if let v = s["overflow"] as? String, let overflow = BoxStyle.Overflow(rawValue: v) {
            style.overflowX = overflow
            style.overflowY = overflow
        }
        if let v = s["flexGrow"] as? Double { style.flexGrow = CGFloat(v) }
        if let v = s["flexShrink"] as? Double { style.flexShrink = CGFloat(v) }
        if let v = s["aspectRatio"] as? Double { style.aspectRatio = CGFloat(v) }
        if let v = s["flexBasis"] { style.flexBasis = size(v) }
        if let v = s["width"] { style.width = size(v) }
        if let v = s["height"] { style.height = size(v) }
        if let v = s["minWidth"] { style.minWidth = size(v) }
        if let v = s["minHeight"] { style.minHeight = size(v) }
        if let v = s["maxWidth"] { style.maxWidth = size(v) }
        if let v = s["maxHeight"] { style.maxHeight = size(v) }
        if let v = s["margin"] as? [Any] { style.margin = edges(v.map(length)) }
        if let v = s["padding"] as? [Any] { style.padding = edges(v.map(length)) }
        if let v = s["inset"] as? [Any] { style.inset = edges(v.map(length)) }
        if let v = s["border"] as? [Any] { style.border = edges(v.map { CGFloat($0 as? Double ?? 0) }) }
        return style
    }

    private static func edges<Value>(_ v: [Value]) -> BoxEdges<Value> {
        var edges = BoxEdges(v[0])
        edges.right = v[1]
        edges.bottom = v[2]
        edges.left = v[3]
        return edges
    }

    private static func length(_ value: Any) -> BoxLength {
        if let number = value as? Double { return .points(CGFloat(number)) }
        if let text = value as? String, text.hasSuffix("%"), let percent = Double(text.dropLast()) { return .percent(CGFloat(percent)) }
        return .auto
    }

    private static func size(_ value: Any) -> BoxSize {
        if let number = value as? Double { return .points(CGFloat(number)) }
        if let text = value as? String, text.hasSuffix("%"), let percent = Double(text.dropLast()) { return .percent(CGFloat(percent)) }
        return .auto
    }

    private static func contentPosition(_ v: String) -> BoxStyle.ContentPosition {
        BoxStyle.ContentPosition(rawValue: v) ?? .flexStart
    }

    private static func itemPosition(_ v: String) -> BoxStyle.ItemPosition {
        BoxStyle.ItemPosition(rawValue: v) ?? .stretch
    }
}

/// The recorded result whose width is nearest the width asked (trees.py `replay`).
func replay(_ table: [(width: CGFloat, outWidth: CGFloat, outHeight: CGFloat)], width: CGFloat) -> CGSize {
    let asked = width >= 1e30 ? CGFloat.infinity : width
    var best: (distance: CGFloat, size: CGSize)?
    for record in table {
        let distance = record.width == asked ? 0 : abs(record.width - asked)
        if best == nil || distance < best!.distance { best = (distance, CGSize(width: record.outWidth, height: record.outHeight)) }
    }
    return best?.size ?? .zero
}
