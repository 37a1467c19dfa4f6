import CGLTestSupport
import Foundation
import Testing

@testable import CGLayout

/// Random box trees with random (often hostile) styles: the engine never traps, and with
/// ordinary values every frame is finite.
@Suite struct BoxEngineRandomTests {
    static let lengths: [CGFloat] = [0, 1, 10, 33.3, 100, 250, -5, .nan, .infinity, 1e12]

    static func size(_ random: inout SplitMix64, hostile: Bool) -> BoxSize {
        let value = hostile ? lengths.randomElement(using: &random)! : CGFloat(Int.random(in: 0...200, using: &random))
        return [.auto, .points(value), .percent(value), .minContent, .maxContent, .fitContent, .stretch, .auto].randomElement(using: &random)!
    }

    static func length(_ random: inout SplitMix64, hostile: Bool) -> BoxLength {
        let value = hostile ? lengths.randomElement(using: &random)! : CGFloat(Int.random(in: 0...30, using: &random))
        return [.points(value), .percent(value), .auto, .points(0)].randomElement(using: &random)!
    }

    // swiftlint:disable:next function_body_length
    static func style(_ random: inout SplitMix64, hostile: Bool) -> BoxStyle {
        var style = BoxStyle()
        style.display = Int.random(in: 0..<12, using: &random) == 0 ? .none : .flex
        style.position = Bool.random(using: &random) && Bool.random(using: &random) ? .absolute : .relative
        style.direction = BoxStyle.Direction.allCases.randomElement(using: &random)!
        style.boxSizing = BoxStyle.BoxSizing.allCases.randomElement(using: &random)!
        style.flexDirection = BoxStyle.FlexDirection.allCases.randomElement(using: &random)!
        style.flexWrap = BoxStyle.FlexWrap.allCases.randomElement(using: &random)!
        let safety: [BoxStyle.Safety?] = [nil, .safe, .unsafe]
        style.justifyContent = .init(BoxStyle.ContentPosition.allCases.randomElement(using: &random)!, safety: safety.randomElement(using: &random)!)
        style.alignContent = .init(BoxStyle.ContentPosition.allCases.randomElement(using: &random)!, safety: safety.randomElement(using: &random)!)
        style.alignItems = .init(BoxStyle.ItemPosition.allCases.randomElement(using: &random)!, safety: safety.randomElement(using: &random)!)
        if Bool.random(using: &random) { style.alignSelf = .init(BoxStyle.ItemPosition.allCases.randomElement(using: &random)!) }
        style.flexGrow = hostile ? lengths.randomElement(using: &random)! : CGFloat(Int.random(in: 0...2, using: &random))
        style.flexShrink = hostile ? lengths.randomElement(using: &random)! : CGFloat(Int.random(in: 0...2, using: &random))
        style.flexBasis = [size(&random, hostile: hostile), .content].randomElement(using: &random)!
        style.width = size(&random, hostile: hostile)
        style.height = size(&random, hostile: hostile)
        style.minWidth = size(&random, hostile: hostile)
        style.minHeight = size(&random, hostile: hostile)
        style.maxWidth = size(&random, hostile: hostile)
        style.maxHeight = size(&random, hostile: hostile)
        style.aspectRatio = Bool.random(using: &random) ? nil : (hostile ? lengths.randomElement(using: &random)! : 1.5)
        style.margin = BoxEdges(top: length(&random, hostile: hostile), right: length(&random, hostile: hostile),
                                bottom: length(&random, hostile: hostile), left: length(&random, hostile: hostile))
        style.padding = BoxEdges(vertical: length(&random, hostile: hostile), horizontal: length(&random, hostile: hostile))
        style.border = BoxEdges(hostile ? lengths.randomElement(using: &random)! : CGFloat(Int.random(in: 0...3, using: &random)))
        style.inset = BoxEdges(top: length(&random, hostile: hostile), right: length(&random, hostile: hostile),
                               bottom: length(&random, hostile: hostile), left: length(&random, hostile: hostile))
        style.rowGap = length(&random, hostile: hostile)
        style.columnGap = length(&random, hostile: hostile)
        style.overflowX = BoxStyle.Overflow.allCases.randomElement(using: &random)!
        style.overflowY = BoxStyle.Overflow.allCases.randomElement(using: &random)!
        style.scrollbarWidth = hostile ? lengths.randomElement(using: &random)! : 15
        return style
    }

    static func tree(_ random: inout SplitMix64, hostile: Bool) -> BoxTree {
        let count = Int.random(in: 1...14, using: &random)
        // Each node after the root hangs under a random earlier node: depth-first order is
        // rebuilt by numbering the nodes in preorder.
        var parentOf = [-1]
        for node in 1..<max(count, 1) { parentOf.append(Int.random(in: 0..<node, using: &random)) }
        var kids = Array(repeating: [Int](), count: count)
        for node in 1..<max(count, 1) { kids[parentOf[node]].append(node) }
        var order: [Int] = []
        var stack = [0]
        while let node = stack.popLast() {
            order.append(node)
            stack.append(contentsOf: kids[node].reversed())
        }
        var index = Array(repeating: 0, count: count)
        for (position, node) in order.enumerated() { index[node] = position }
        var tree = BoxTree()
        for node in order {
            let start = Int32(tree.children.count)
            tree.children.append(contentsOf: kids[node].map { Int32(index[$0]) })
            tree.nodes.append(BoxTree.Node(style: style(&random, hostile: hostile), children: start..<Int32(tree.children.count),
                                           measures: kids[node].isEmpty && Bool.random(using: &random)))
        }
        return tree
    }

    @Test func randomTreesNeverTrap() {
        var (random, seed) = SplitMix64.replayable("randomTreesNeverTrap")
        let spaces: [BoxAvailableSpace] = [.definite(375), .definite(0), .minContent, .maxContent, .definite(.nan), .definite(-1)]
        for round in 0..<400 {
            let hostile = round.isMultiple(of: 2)
            let tree = Self.tree(&random, hostile: hostile)
            let width = hostile ? spaces.randomElement(using: &random)! : .definite(375)
            let height = hostile ? spaces.randomElement(using: &random)! : .maxContent
            let results = BoxEngine.layout(tree, available: (width, height), containingBlock: nil,
                                           direction: Bool.random(using: &random) ? .leftToRight : .rightToLeft,
                                           snapScale: hostile ? [nil, 1, 2, .nan, 0].randomElement(using: &random)! : 2) { _, request in
                let width = request.knownWidth ?? request.availableWidth.definite.map { min($0, 120) } ?? 120
                return BoxMeasurement(size: CGSize(width: hostile ? .nan : width, height: request.knownHeight ?? 20), firstBaseline: 16)
            }
            #expect(results.count == tree.nodes.count)
            if !hostile {
                let finite = results.allSatisfy { $0.frame.minX.isFinite && $0.frame.minY.isFinite && $0.frame.width.isFinite && $0.frame.height.isFinite }
                #expect(finite, "seed \(seed) round \(round): a frame is not finite")
            }
        }
    }
}

extension BoxEngineRandomTests {
    /// A run keeps its buffers and caches from layout to layout (a kept scheme reuses it): what
    /// one layout leaves behind never changes the next. Each tree is laid out by one reused run
    /// at random widths, directions and hidden nodes, and by a fresh run each time; the frames,
    /// scroll sizes and baselines agree exactly.
    @Test func aReusedRunLaysOutAsAFreshOne() {
        var (random, seed) = SplitMix64.replayable("aReusedRunLaysOutAsAFreshOne")
        func measure(_ node: Int, _ request: BoxMeasureRequest) -> BoxMeasurement {
            let characters = CGFloat(8 + node * 5)
            let width = request.knownWidth ?? min(characters * 7, max(request.availableWidth.definite ?? characters * 7, 7))
            return BoxMeasurement(size: CGSize(width: width, height: request.knownHeight ?? (characters * 7 / max(width, 7)).rounded(.up) * 18),
                                  firstBaseline: 14)
        }
        for round in 0..<120 {
            let tree = Self.tree(&random, hostile: false)
            let reused = BoxLayoutRun(tree: tree)
            for layout in 0..<6 {
                let width = CGFloat(Int.random(in: 0...500, using: &random))
                let direction: LayoutDirection = Bool.random(using: &random) ? .leftToRight : .rightToLeft
                let hidden = Set((0..<tree.nodes.count).filter { _ in Int.random(in: 0..<6, using: &random) == 0 })
                let available = (width: BoxAvailableSpace.definite(width), height: BoxAvailableSpace.maxContent)
                reused.layout(available: available, containingBlock: nil, direction: direction, isHidden: { hidden.contains($0) }, measure: measure)
                let fresh = BoxLayoutRun(tree: tree)
                fresh.layout(available: available, containingBlock: nil, direction: direction, isHidden: { hidden.contains($0) }, measure: measure)
                let (again, once) = (reused.results(snapScale: 2), fresh.results(snapScale: 2))
                let same = zip(again, once).allSatisfy { pair in
                    let (a, b) = pair
                    return a.frame.origin == b.frame.origin && a.frame.size == b.frame.size && a.scrollSize == b.scrollSize
                        && a.firstBaseline == b.firstBaseline
                }
                #expect(same, "seed \(seed) round \(round) layout \(layout): the reused run differs from a fresh one")
                #expect(reused.computations == fresh.computations, "seed \(seed) round \(round) layout \(layout): work differs")
            }
        }
    }
}

extension BoxEngineRandomTests {
    /// Malformed trees (a tree built by hand can be): children listed twice, shared by two
    /// parents, before their parent, out of range, or a node its own child. Each child counts
    /// once, under its first parent; the rest are ignored. Nothing traps, and every node gets
    /// a finite frame.
    @Test func malformedTreesLayOutWithoutTrapping() {
        var (random, seed) = SplitMix64.replayable("malformedTreesLayOutWithoutTrapping")
        for round in 0..<300 {
            let count = Int.random(in: 1...12, using: &random)
            var tree = BoxTree()
            for node in 0..<count {
                let start = Int32(tree.children.count)
                for _ in 0..<Int.random(in: 0...4, using: &random) {
                    // Any index, often a later one, sometimes one already taken, out of range or negative.
                    tree.children.append(Int32.random(in: -2...Int32(count + 2), using: &random))
                }
                var style = Self.style(&random, hostile: false)
                if Bool.random(using: &random) { style.flexWrap = .wrap }
                let end = Int32(tree.children.count)
                // Sometimes a range that runs backwards or past the list.
                let range: Range<Int32> = Int.random(in: 0..<8, using: &random) == 0 ? start..<(end + 3) : start..<end
                tree.nodes.append(BoxTree.Node(style: style, children: range, measures: Bool.random(using: &random) && node > 0))
            }
            let results = BoxEngine.layout(tree, available: (.definite(375), .maxContent), containingBlock: nil, direction: .leftToRight,
                                           snapScale: 2) { _, request in
                BoxMeasurement(size: CGSize(width: request.knownWidth ?? 40, height: request.knownHeight ?? 20), firstBaseline: 14)
            }
            #expect(results.count == count)
            let finite = results.allSatisfy { $0.frame.minX.isFinite && $0.frame.minY.isFinite && $0.frame.width.isFinite && $0.frame.height.isFinite }
            #expect(finite, "seed \(seed) round \(round): a frame is not finite")
        }
    }
}
