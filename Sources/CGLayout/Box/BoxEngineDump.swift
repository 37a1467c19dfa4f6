import Foundation

extension BoxLayoutRun {
    /// The run's state for debugging: each node indented by depth with its kind, unsnapped
    /// frame, scrollable overflow and baseline, and how many questions its cache holds.
    func dump() -> String {
        var lines = ["BoxLayoutRun: \(tree.nodes.count) nodes, depth \(maxDepth), \(measureCalls) measure calls"]
        for node in tree.nodes.indices {
            let layout = layouts[node]
            let kind = isNone[node] ? "none" : measures[node] ? "leaf (measured)"
                : childRange(node).isEmpty ? "leaf" : "flex \(styles[node].flexDirection.rawValue)"
            let frame = "(\(layout.location.x), \(layout.location.y), \(layout.size.width), \(layout.size.height))"
            let overflow = "overflow (\(layout.overflow.left)…\(layout.overflow.right), \(layout.overflow.top)…\(layout.overflow.bottom))"
            let baseline = layout.firstBaseline.map { " baseline \($0)" } ?? ""
            let indent = String(repeating: "  ", count: Int(depths[node]))
            lines.append("\(indent)#\(node) \(kind)\(isRTL[node] ? " rtl" : "") \(frame) \(overflow)\(baseline) cache \(cache.count(node, generation: generation))")
        }
        return lines.joined(separator: "\n")
    }
}
