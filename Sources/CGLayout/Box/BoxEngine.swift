import Foundation

/// The CSS flexbox layout of a box tree (`BOXES.md`): CSS Flexible Box Layout Level 1 §9 with
/// the CSS 2 box model, absolute positioning, CSS Box Alignment and CSS Sizing 3's keywords, as
/// Chrome computes them.
///
/// The algorithm's steps live in `BoxEngine*.swift`, one concern per file; `BoxLayoutRun` holds
/// a tree's buffers, reused from layout to layout, and the per-node dispatch (cached). This
/// file holds the one-call entry point.
enum BoxEngine {
    /// Lays out `tree` and returns one result per node, in the tree's order.
    ///
    /// - Parameters:
    ///   - available: the space offered to the root on each axis.
    ///   - containingBlock: the size the root's percentages resolve against (by default the
    ///     definite available space).
    ///   - direction: the direction a root with `direction: inherit` takes.
    ///   - snapScale: pixels per point to snap frames to (BOXES.md §2), or nil for no snapping.
    ///   - caching: whether each node's results are cached (off only to test the cache).
    ///   - measure: measures the leaf at an index (content-box sizes).
    static func layout(
        _ tree: BoxTree,
        available: (width: BoxAvailableSpace, height: BoxAvailableSpace),
        containingBlock: CGSize?,
        direction: LayoutDirection,
        snapScale: CGFloat?,
        caching: Bool = true,
        measure: (Int, BoxMeasureRequest) -> BoxMeasurement
    ) -> [BoxLayoutResult] {
        guard !tree.nodes.isEmpty else { return [] }
        let run = BoxLayoutRun(tree: tree)
        run.caching = caching
        run.layout(available: available, containingBlock: containingBlock, direction: direction, measure: measure)
        return run.results(snapScale: snapScale)
    }

    /// Levels below this depth are not laid out (their nodes get zero frames); a box block
    /// refuses trees deeper than `BoxLayoutBlock.maximumDepth` before it gets here.
    static let maximumDepth = 4096
}

/// A node's layout before snapping: where its parent placed it and what it measured.
struct BoxUnroundedLayout {
    var location: CGPoint = .zero
    var size: BoxAxes<CGFloat> = .zero
    var overflow = BoxOverflowRect()
    var scrollbar: BoxAxes<CGFloat> = .zero
    var border: BoxSides<CGFloat> = .zero
    var firstBaseline: CGFloat?
}

/// What in a node's style depends on its layout's inputs.
struct BoxStyleTraits {
    /// A percentage of the containing block's width: in `width`, its limits, margins or padding.
    var usesParentWidth: Bool
    /// A percentage of the containing block's height: in `height` or its limits.
    var usesParentHeight: Bool
    /// A size, limit or aspect ratio that the inherent sizing mode applies.
    var hasOwnSize: Bool

    init(_ style: BoxStyle) {
        func isPercent(_ size: BoxSize) -> Bool { if case .percent = size { return true } else { return false } }
        func isLength(_ size: BoxSize) -> Bool {
            switch size {
            case .points, .percent: return true
            default: return false
            }
        }
        func isPercent(_ length: BoxLength) -> Bool { if case .percent = length { return true } else { return false } }
        let edges = [style.margin.top, style.margin.right, style.margin.bottom, style.margin.left,
                     style.padding.top, style.padding.right, style.padding.bottom, style.padding.left]
        usesParentWidth = [style.width, style.minWidth, style.maxWidth].contains(where: isPercent) || edges.contains(where: isPercent)
        usesParentHeight = [style.height, style.minHeight, style.maxHeight].contains(where: isPercent)
        hasOwnSize = [style.width, style.height, style.minWidth, style.minHeight, style.maxWidth, style.maxHeight].contains(where: isLength)
            || style.usableAspectRatio != nil
    }
}
