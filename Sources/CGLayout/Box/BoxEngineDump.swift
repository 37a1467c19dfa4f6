import Foundation

extension BoxLayoutRun {
    /// The run's state for debugging: each node indented by depth with its kind, unsnapped
    /// frame, scrollable overflow and baseline, and how many questions its cache holds.
    func dump() -> String {
        var lines = ["BoxLayoutRun: \(tree.nodes.count) nodes, depth \(maxDepth), \(measureCalls) measure calls"]
        for node in tree.nodes.indices {
            let layout = layouts[node]
            let data = tree.nodes[node]
            let kind = data.style.display == .none ? "none" : data.measures ? "leaf (measured)" : data.children.isEmpty ? "leaf" : "flex \(data.style.flexDirection.rawValue)"
            let frame = "(\(layout.location.x), \(layout.location.y), \(layout.size.width), \(layout.size.height))"
            let overflow = "overflow (\(layout.overflow.left)…\(layout.overflow.right), \(layout.overflow.top)…\(layout.overflow.bottom))"
            let baseline = layout.firstBaseline.map { " baseline \($0)" } ?? ""
            let indent = String(repeating: "  ", count: depths[node])
            lines.append("\(indent)#\(node) \(kind)\(isRTL[node] ? " rtl" : "") \(frame) \(overflow)\(baseline) cache \(caches[node].count)")
        }
        return lines.joined(separator: "\n")
    }
}
