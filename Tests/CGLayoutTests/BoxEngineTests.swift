import Foundation
import Testing

@testable import CGLayout

/// The box engine's own behaviour beyond the Chrome fixtures: how often it measures, deep
/// trees, and inputs that must not trap.
@Suite struct BoxEngineTests {
    /// A tree given as (style, children) in depth-first order.
    static func tree(_ nodes: [(BoxStyle, [Int], Bool)]) -> BoxTree {
        var tree = BoxTree()
        for (style, children, measures) in nodes {
            let start = Int32(tree.children.count)
            tree.children.append(contentsOf: children.map(Int32.init))
            tree.nodes.append(BoxTree.Node(style: style, children: start..<Int32(tree.children.count), measures: measures))
        }
        return tree
    }

    /// A text of 10 × 10 characters, wrapping at spaces, 10 high per line.
    static func measureText(_ request: BoxMeasureRequest) -> BoxMeasurement {
        let words: CGFloat = 10, wordWidth: CGFloat = 100
        let width: CGFloat
        if let known = request.knownWidth {
            width = known
        } else {
            switch request.availableWidth {
            case .minContent: width = wordWidth
            case .maxContent: width = words * wordWidth
            case .definite(let space): width = min(max(space, wordWidth), words * wordWidth)
            }
        }
        let perLine = max((width / wordWidth).rounded(.down), 1)
        return BoxMeasurement(size: CGSize(width: width, height: request.knownHeight ?? (words / perLine).rounded(.up) * 10), firstBaseline: 8)
    }

    /// row > column > row > text, in a 375-wide space.
    static var threeDeep: BoxTree {
        var column = BoxStyle()
        column.flexDirection = .column
        var text = BoxStyle()
        text.flexShrink = 1
        return tree([(BoxStyle(), [1], false), (column, [2], false), (BoxStyle(), [3], false), (text, [], true)])
    }

    static func measureCount(caching: Bool) -> Int {
        var calls = 0
        _ = BoxEngine.layout(threeDeep, available: (.definite(375), .definite(667)), containingBlock: nil, direction: .leftToRight,
                             snapScale: 1, caching: caching) { _, request in
            calls += 1
            if ProcessInfo.processInfo.environment["BOX_MEASURE_DUMP"] != nil { print(request) }
            return measureText(request)
        }
        return calls
    }

    /// The leaf is asked 12 distinct questions (min-/max-content widths, its height at each
    /// width a pass tries, its width under each stretched height); every other pass — 112 calls
    /// without the cache — is answered from the node caches.
    @Test func aTextLeafThreeDeepIsMeasuredAFewTimes() {
        let cached = Self.measureCount(caching: true)
        let uncached = Self.measureCount(caching: false)
        print("Box engine: text leaf 3 deep measured \(cached) times with the cache, \(uncached) without")
        #expect(cached <= 12)
        #expect(uncached > cached)
    }

    @Test func aThreeDeepTreeLaysOutTheText() {
        let results = BoxEngine.layout(Self.threeDeep, available: (.definite(375), .definite(667)), containingBlock: nil,
                                       direction: .leftToRight, snapScale: 1) { _, request in Self.measureText(request) }
        #expect(results[3].frame == CGRect(x: 0, y: 0, width: 375, height: 40))
        #expect(results[0].frame == CGRect(x: 0, y: 0, width: 375, height: 40))
    }

    /// Alternating rows and columns `depth` levels deep around a text leaf.
    static func deepTree(_ depth: Int) -> BoxTree {
        var nodes: [(BoxStyle, [Int], Bool)] = []
        for level in 0..<depth {
            var style = BoxStyle()
            style.flexDirection = level.isMultiple(of: 2) ? .row : .column
            style.padding = BoxEdges(.points(1))
            nodes.append((style, level + 1 < depth ? [level + 1] : [], level + 1 == depth))
        }
        return tree(nodes)
    }

    /// 3000 levels (tested up to 5000, past `BoxEngine.maximumDepth`): laid out on a thread
    /// with a stack sized for the depth. (A debug build takes 17–25 KB of stack per level.)
    @Test func deepTreesDoNotOverflowTheStack() {
        let depth = Int(ProcessInfo.processInfo.environment["BOX_DEPTH"] ?? "") ?? 3000
        let results = BoxEngine.layout(Self.deepTree(depth), available: (.definite(10_000), .definite(10_000)), containingBlock: nil,
                                       direction: .leftToRight, snapScale: 1) { _, request in Self.measureText(request) }
        #expect(results.count == depth)
        #expect(results[min(depth, BoxEngine.maximumDepth) - 1].frame.minX == 1)
    }

    /// A tree too deep for the caller's stack lays out on another thread, which still sees
    /// the caller's `LayoutCancellation` (a task-local does not cross threads by itself): a
    /// daemon's deadline binds deep layouts too.
    @Test func aDeepLayoutSeesTheCallersCancellation() {
        let bound = LayoutCancellation()
        var seen: [Bool] = []
        LayoutCancellation.$current.withValue(bound) {
            _ = BoxEngine.layout(Self.deepTree(1000), available: (.definite(10_000), .definite(10_000)), containingBlock: nil,
                                 direction: .leftToRight, snapScale: nil) { _, request in
                seen.append(LayoutCancellation.current === bound)
                return Self.measureText(request)
            }
        }
        #expect(!seen.isEmpty && seen.allSatisfy { $0 })
    }

    /// Each level asks its child a bounded number of questions, and the caches answer the
    /// repeats: the work grows linearly with depth (about 27 computations per level here),
    /// not exponentially as it would if every pass re-laid out the subtree.
    @Test func workGrowsLinearlyWithDepth() {
        for depth in [10, 40, 160] {
            let run = BoxLayoutRun(tree: Self.deepTree(depth), rootDirection: .leftToRight) { _, request in Self.measureText(request) }
            run.layoutRoot(available: BoxAxes(width: .definite(375), height: .maxContent), containingBlock: nil)
            #expect(run.computations <= 30 * depth, "depth \(depth): \(run.computations) computations")
            #expect(run.measureCalls <= 16, "depth \(depth): \(run.measureCalls) measure calls")
        }
    }

    @Test func hostileValuesDoNotTrap() {
        var style = BoxStyle()
        style.width = .points(.nan)
        style.height = .points(-.infinity)
        style.flexGrow = .nan
        style.flexShrink = -3
        style.padding = BoxEdges(.points(-5))
        style.margin = BoxEdges(.percent(.infinity))
        style.aspectRatio = -1
        style.border = BoxEdges(.nan)
        style.minWidth = .points(.infinity)
        style.maxWidth = .points(-10)
        style.rowGap = .points(.nan)
        var wrapping = BoxStyle()
        wrapping.flexWrap = .wrap
        wrapping.justifyContent = .spaceEvenly
        wrapping.alignContent = .spaceAround
        let tree = Self.tree([(wrapping, [1, 2, 3], false), (style, [], true), (style, [], false), (BoxStyle(), [], true)])
        for space in [BoxAvailableSpace.definite(.nan), .definite(-10), .minContent, .maxContent, .definite(100)] {
            let results = BoxEngine.layout(tree, available: (space, space), containingBlock: CGSize(width: CGFloat.nan, height: -1),
                                           direction: .rightToLeft, snapScale: .nan) { _, _ in
                BoxMeasurement(size: CGSize(width: CGFloat.nan, height: -.infinity), firstBaseline: .nan)
            }
            #expect(results.count == 4)
        }
    }
}

extension BoxEngineTests {
    @Test func dumpShowsEveryNode() {
        let run = BoxLayoutRun(tree: Self.threeDeep, rootDirection: .leftToRight) { _, request in Self.measureText(request) }
        run.layoutRoot(available: BoxAxes(width: .definite(375), height: .definite(667)), containingBlock: nil)
        let dump = run.dump()
        #expect(dump.split(separator: "\n").count == 5)
        #expect(dump.contains("#3 leaf (measured)"))
    }
}

extension BoxEngineTests {
    static func layout(_ tree: BoxTree, width: BoxAvailableSpace = .definite(375), direction: LayoutDirection = .leftToRight,
                       scale: CGFloat? = 1) -> [BoxLayoutResult] {
        BoxEngine.layout(tree, available: (width, .definite(667)), containingBlock: nil, direction: direction, snapScale: scale) { _, request in
            measureText(request)
        }
    }

    @Test func aRightToLeftRootSitsAtTheRightEdgeAndMirrorsItsRow() {
        var root = BoxStyle()
        root.width = 100
        root.height = 20
        var item = BoxStyle()
        item.width = 30
        let results = Self.layout(Self.tree([(root, [1], false), (item, [], false)]), direction: .rightToLeft)
        #expect(results[0].frame == CGRect(x: 275, y: 0, width: 100, height: 20))
        #expect(results[1].frame == CGRect(x: 70, y: 0, width: 30, height: 20))
    }

    @Test func framesSnapToThePixelGridOfTheScale() {
        var root = BoxStyle()
        root.width = 100
        var item = BoxStyle()
        item.width = 10.3
        item.height = 10.3
        let tree = Self.tree([(root, [1, 2], false), (item, [], false), (item, [], false)])
        let results = Self.layout(tree, scale: 2)
        #expect(results[1].frame == CGRect(x: 0, y: 0, width: 10.5, height: 10.5))
        // The second item starts at 10.3 (20.6 px → 21) and ends at 20.6 (41.2 px → 41).
        #expect(results[2].frame == CGRect(x: 10.5, y: 0, width: 10, height: 10.5))
        #expect(Self.layout(tree, scale: nil)[2].frame.minX == 10.3)
    }

    @Test func displayNoneGivesItsSubtreeZeroFrames() {
        var hidden = BoxStyle()
        hidden.display = .none
        hidden.width = 50
        var child = BoxStyle()
        child.width = 10
        child.height = 10
        let results = Self.layout(Self.tree([(BoxStyle(), [1, 3], false), (hidden, [2], false), (child, [], false), (child, [], false)]))
        #expect(results[1].frame == .zero)
        #expect(results[2].frame == .zero)
        #expect(results[3].frame == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func aScrollContainerReportsHowFarItsContentScrolls() {
        var scroller = BoxStyle()
        scroller.width = 100
        scroller.height = 50
        scroller.overflowX = .scroll
        scroller.overflowY = .scroll
        scroller.scrollbarWidth = 15
        var content = BoxStyle()
        content.width = 300
        content.height = 200
        content.flexShrink = 0
        let results = Self.layout(Self.tree([(scroller, [1], false), (content, [], false)]))
        // The padding box is 85 × 35 beside the scrollbars.
        #expect(results[0].scrollSize == CGSize(width: 215, height: 165))
    }
}
