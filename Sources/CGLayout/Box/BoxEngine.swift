import Foundation

/// The CSS flexbox layout of a box tree (`BOXES.md`): CSS Flexible Box Layout Level 1 §9 with
/// the CSS 2 box model, absolute positioning, CSS Box Alignment and CSS Sizing 3's keywords, as
/// Chrome computes them.
///
/// The algorithm's steps live in `BoxEngine*.swift`, one concern per file; this file holds the
/// entry point, the per-node dispatch (cached) and the final placement of the root.
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
        return withoutActuallyEscaping(measure) { measure in
            let run = BoxLayoutRun(tree: tree, rootDirection: direction, measure: measure)
            run.caching = caching
            let space = BoxAxes(width: sanitize(available.width), height: sanitize(available.height))
            // The layout recurses a few frames per level of the tree: a deep tree moves to a
            // thread with the stack it needs when the caller's has too little.
            let levels = min(run.maxDepth, maximumDepth)
            if levels <= StackRoom.levelsWithoutLooking {
                run.layoutRoot(available: space, containingBlock: containingBlock)
            } else {
                StackRoom.run(needing: levels * StackRoom.bytesPerLevel) { run.layoutRoot(available: space, containingBlock: containingBlock) }
            }
            return run.results(snapScale: snapScale)
        }
    }

    /// Levels below this depth are not laid out (their nodes get zero frames); a box block
    /// refuses trees deeper than `BoxLayoutBlock.maximumDepth` before it gets here.
    static let maximumDepth = 4096

    private static func sanitize(_ space: BoxAvailableSpace) -> BoxAvailableSpace {
        if case .definite(let value) = space { return value.isFinite ? .definite(max(value, 0)) : .maxContent }
        return space
    }
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

/// The state of one layout: the tree, the measure function, every node's cache and layout.
///
/// A class so that the recursive steps share it without copying; it never leaves
/// `BoxEngine.layout`.
final class BoxLayoutRun {
    let tree: BoxTree
    let measure: (Int, BoxMeasureRequest) -> BoxMeasurement
    /// Each node's resolved direction (`inherit` resolved from the parent).
    let isRTL: [Bool]
    var caches: [BoxNodeCache]
    var layouts: [BoxUnroundedLayout]
    /// Every node's parent (-1 for the root).
    let parents: [Int]
    /// What in each node's style depends on its layout's inputs (for cache keys).
    let styleTraits: [BoxStyleTraits]
    /// Every node's depth (0 for the root), and the deepest.
    let depths: [Int]
    let maxDepth: Int
    /// Each measured leaf's answers by request.
    var measurements: [Int: [(request: BoxMeasureRequest, answer: BoxMeasurement)]] = [:]
    /// How many times `measure` was called.
    var measureCalls = 0
    /// How many layouts of a node were computed (not answered from the cache).
    var computations = 0
    /// Whether results are cached (always, except in the test that shows what the cache saves).
    var caching = true

    init(tree: BoxTree, rootDirection: LayoutDirection, measure: @escaping (Int, BoxMeasureRequest) -> BoxMeasurement) {
        self.tree = tree
        self.measure = measure
        let count = tree.nodes.count
        var parents = Array(repeating: -1, count: count)
        for node in 0..<count {
            let range = tree.nodes[node].children
            let lower = min(max(Int(range.lowerBound), 0), tree.children.count)
            let upper = min(max(Int(range.upperBound), lower), tree.children.count)
            for child in tree.children[lower..<upper] where Int(child) > node && Int(child) < count { parents[Int(child)] = node }
        }
        var isRTL = Array(repeating: rootDirection == .rightToLeft, count: count)
        // Depth-first order puts every parent before its children.
        for node in 0..<count {
            let inherited = parents[node] >= 0 ? isRTL[parents[node]] : rootDirection == .rightToLeft
            switch tree.nodes[node].style.direction {
            case .inherit: isRTL[node] = inherited
            case .ltr: isRTL[node] = false
            case .rtl: isRTL[node] = true
            }
        }
        self.parents = parents
        self.styleTraits = tree.nodes.map { BoxStyleTraits($0.style) }
        var depths = Array(repeating: 0, count: count)
        for node in 0..<count where parents[node] >= 0 { depths[node] = depths[parents[node]] + 1 }
        self.depths = depths
        self.maxDepth = depths.max() ?? 0
        self.isRTL = isRTL
        self.caches = Array(repeating: BoxNodeCache(), count: count)
        self.layouts = Array(repeating: BoxUnroundedLayout(), count: count)
    }

    @inline(__always) func style(_ node: Int) -> BoxStyle { tree.nodes[node].style }

    /// The children of `node` as node indices (ignoring malformed indices).
    func children(_ node: Int) -> [Int] {
        let range = tree.nodes[node].children
        let lower = min(max(Int(range.lowerBound), 0), tree.children.count)
        let upper = min(max(Int(range.upperBound), lower), tree.children.count)
        return tree.children[lower..<upper].compactMap { Int($0) > node && Int($0) < tree.nodes.count ? Int($0) : nil }
    }

    /// Lays out `node` for `input`: from the cache when it holds the answer, otherwise by the
    /// node's kind — nothing for `display: none`, the leaf rules for a box without children or
    /// one that measures, the flexbox algorithm for the rest.
    func computeLayout(_ node: Int, _ input: BoxLayoutInput) -> BoxLayoutOutput {
        let input = normalized(node, input)
        if caching, let cached = caches[node].get(input) { return cached }
        computations += 1
        let output: BoxLayoutOutput
        let data = tree.nodes[node]
        if data.style.display == .none {
            output = .zero
        } else if data.measures || data.children.isEmpty || depths[node] >= BoxEngine.maximumDepth {
            output = computeLeafLayout(node, input)
        } else {
            output = computeFlexboxLayout(node, input)
        }
        if caching { caches[node].store(input, output) }
        return output
    }

    /// The size of `node` on one axis (a size-only call).
    func measureSize(_ node: Int, known: BoxAxes<CGFloat?>, parent: BoxAxes<CGFloat?>, available: BoxAxes<BoxAvailableSpace>,
                     mode: BoxSizingMode, horizontal: Bool) -> CGFloat {
        let output = computeLayout(node, BoxLayoutInput(known: known, parentSize: parent, available: available, sizingMode: mode,
                                                        runMode: .computeSize, axis: horizontal ? .horizontal : .vertical))
        return horizontal ? output.size.width : output.size.height
    }

    /// The size of `node` on both axes (a size-only call).
    func measureBoth(_ node: Int, known: BoxAxes<CGFloat?>, parent: BoxAxes<CGFloat?>, available: BoxAxes<BoxAvailableSpace>,
                     mode: BoxSizingMode) -> BoxAxes<CGFloat> {
        computeLayout(node, BoxLayoutInput(known: known, parentSize: parent, available: available, sizingMode: mode,
                                           runMode: .computeSize)).size
    }

    /// Lays out `node` for good at `known` sizes.
    func performLayout(_ node: Int, known: BoxAxes<CGFloat?>, parent: BoxAxes<CGFloat?>, available: BoxAxes<BoxAvailableSpace>,
                       mode: BoxSizingMode) -> BoxLayoutOutput {
        computeLayout(node, BoxLayoutInput(known: known, parentSize: parent, available: available, sizingMode: mode, runMode: .performLayout))
    }

    /// Places the root (BOXES.md, "The `box` block"): laid out in the available space with
    /// its own sizes, at the top-left — the top-right for a right-to-left root in a definite
    /// width. Its `auto` margins are 0.
    func layoutRoot(available: BoxAxes<BoxAvailableSpace>, containingBlock: CGSize?) {
        let parent: BoxAxes<CGFloat?> = containingBlock.map {
            BoxAxes(width: $0.width.isFinite ? max($0.width, 0) : nil, height: $0.height.isFinite ? max($0.height, 0) : nil)
        } ?? BoxAxes(width: available.width.definite, height: available.height.definite)
        let style = style(0)
        let known = BoxAxes<CGFloat?>(width: rootWidth(style, parent: parent, available: available), height: nil)
        let output = performLayout(0, known: known, parent: parent, available: available, mode: .inherentSize)
        var x: CGFloat = 0
        if isRTL[0], let width = available.width.definite { x = width - output.size.width }
        layouts[0] = BoxUnroundedLayout(location: CGPoint(x: x, y: 0), size: output.size, overflow: output.overflow,
                                        scrollbar: style.scrollbarGutter, border: style.resolvedBorder,
                                        firstBaseline: output.firstBaseline)
    }

    /// The root's width in a definite available width when its `width` does not fix it: CSS's
    /// fit-content (`auto`, `fit-content`) — its max-content width, but no wider than the space
    /// and no narrower than its min-content width — or the keyword's size, within its limits.
    private func rootWidth(_ style: BoxStyle, parent: BoxAxes<CGFloat?>, available: BoxAxes<BoxAvailableSpace>) -> CGFloat? {
        guard let space = available.width.definite, style.display != .none, style.width.resolve(parent.width) == nil else { return nil }
        func content(_ constraint: BoxAvailableSpace) -> CGFloat {
            computeLayout(0, BoxLayoutInput(known: .none, parentSize: parent, available: available.withMain(true, constraint),
                                            sizingMode: .inherentSize, runMode: .computeSize, axis: .horizontal)).size.width
        }
        let stretch = space - style.resolvedMargin(parent.width).horizontal
        let width: CGFloat
        switch style.width {
        case .minContent: width = content(.minContent)
        case .maxContent: width = content(.maxContent)
        case .stretch: width = stretch
        default: width = min(content(.maxContent), max(content(.minContent), stretch))
        }
        let adjustment = style.boxSizingAdjustment(parent.width)
        let lower = style.resolvedMinSize(parent, adjustment: adjustment).width
        let upper = style.resolvedMaxSize(parent, adjustment: adjustment).width
        return max(width.maybeClamp(lower, upper), style.paddingBorder(parent.width).horizontal)
    }

    /// `input` with what cannot change this node's result set to one value, so that passes
    /// asking the same question in different words share a cache entry (without this, each
    /// level of a tree multiplies the questions its children are asked):
    /// - a known size is the available space on its axis, when it is definite;
    /// - whether a size is definite matters only for a known size;
    /// - the containing block's size on an axis the node's own percentages do not use;
    /// - the sizing mode, for a node with no size, limit or ratio of its own.
    func normalized(_ node: Int, _ input: BoxLayoutInput) -> BoxLayoutInput {
        var input = input
        let traits = styleTraits[node]
        if input.known.width == nil { input.knownIsDefinite.width = true }
        if input.known.height == nil { input.knownIsDefinite.height = true }
        if let width = input.known.width, input.knownIsDefinite.width { input.available.width = .definite(width) }
        if let height = input.known.height, input.knownIsDefinite.height { input.available.height = .definite(height) }
        if !traits.usesParentWidth { input.parentSize.width = nil }
        if !traits.usesParentHeight { input.parentSize.height = nil }
        if !traits.hasOwnSize { input.sizingMode = .contentSize }
        return input
    }
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
