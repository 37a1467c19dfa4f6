import Foundation

// Snapping to the pixel grid (BOXES.md §2), as Chrome and Taffy do: a position relative to the
// parent is rounded; a size is round(absolute end) − round(absolute start), so that boxes which
// touch before snapping still touch after it. round(v) = floor(v + 0.5), in pixels.

extension BoxLayoutRun {
    /// Every node's result, snapped when `snapScale` is given.
    func results(snapScale: CGFloat?) -> [BoxLayoutResult] {
        var results: [BoxLayoutResult] = []
        results.reserveCapacity(nodeCount)
        forEachResult(snapScale: snapScale) { _, result in results.append(result) }
        return results
    }

    /// Hands each node's result, snapped when `snapScale` is given, to `body` in the tree's order.
    func forEachResult(snapScale: CGFloat?, _ body: (Int, BoxLayoutResult) -> Void) {
        let scale = snapScale.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        @inline(__always) func round(_ value: CGFloat) -> CGFloat {
            guard let scale else { return value }
            return (value * scale + 0.5).rounded(.down) / scale
        }
        for node in 0..<nodeCount {
            let layout = layouts[node]
            let origin = parents[node] >= 0 ? absolute[Int(parents[node])] : .zero
            let start = CGPoint(x: origin.x + layout.location.x, y: origin.y + layout.location.y)
            absolute[node] = start
            let end = CGPoint(x: start.x + layout.size.width, y: start.y + layout.size.height)
            let frame = CGRect(x: round(layout.location.x), y: round(layout.location.y),
                               width: round(end.x) - round(start.x), height: round(end.y) - round(start.y))
            // The scroll extent: the content's end plus the scrollbar, less the padding box.
            let overflowRight = round(start.x + layout.overflow.right) - round(start.x)
            let overflowBottom = round(start.y + layout.overflow.bottom) - round(start.y)
            let border = BoxSides(top: round(start.y + layout.border.top) - round(start.y),
                                  right: round(end.x) - round(end.x - layout.border.right),
                                  bottom: round(end.y) - round(end.y - layout.border.bottom),
                                  left: round(start.x + layout.border.left) - round(start.x))
            let scrollbar = BoxAxes(width: round(layout.scrollbar.width), height: round(layout.scrollbar.height))
            let scrollWidth = max(0, overflowRight + min(scrollbar.width, frame.width) - frame.width + border.horizontal)
            let scrollHeight = max(0, overflowBottom + min(scrollbar.height, frame.height) - frame.height + border.vertical)
            body(node, BoxLayoutResult(frame: frame, scrollSize: CGSize(width: scrollWidth, height: scrollHeight),
                                       firstBaseline: layout.firstBaseline))
        }
    }
}
