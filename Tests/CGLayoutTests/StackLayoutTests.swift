import Foundation
import Testing

@testable import CGLayout

/// `ENGINE.md` §8: stack guides and bare stack schemes.
@Suite struct StackLayoutTests {
    let root = makeRoot()

    /// A guide with four items owned by `root`, configured by `configure`.
    func stack(_ configure: (inout StackLayoutScheme) -> Void = { _ in }) -> (StackLayoutGuide, [LayoutView]) {
        let guide = StackLayoutGuide(identifier: "stack")
        guide.add(to: root)
        let items = (0..<4).map { LayoutView(identifier: "item\($0)") }
        guide.addArrangedElements(items)
        configure(&guide.scheme)
        return (guide, items)
    }

    /// Lays the guide out at (20, 20, 300, 60) three ways — assigning its frame, a scheme's
    /// `layout(in:)` and an applied snapshot — checks they agree, and returns the items' frames.
    func laidOut(_ guide: StackLayoutGuide, _ items: [LayoutView], direction: LayoutDirection = .leftToRight,
                 sourceLocation: SourceLocation = #_sourceLocation) -> [CGRect] {
        guide.layoutDirection = direction
        guide.frame = rect(20, 20, 300, 60)
        let byFrame = items.map(\.frame)
        let scheme = LayoutScheme(blocks: [guide.layoutBlock(with: .equal(rect(20, 20, 300, 60)))])
        for item in items { item.frame = .zero }
        scheme.layout(in: root.bounds, direction: direction)
        #expect(items.map(\.frame) == byFrame, "layout(in:) differs from assigning the frame", sourceLocation: sourceLocation)
        let snapshot = scheme.snapshot(for: root.bounds, direction: direction)
        #expect(snapshot.frames == [rect(20, 20, 300, 60)], "the guide's block snapshots as the guide's frame", sourceLocation: sourceLocation)
        for item in items { item.frame = .zero }
        guide.layoutDirection = .leftToRight
        #expect(throws: Never.self) { try scheme.apply(snapshot: snapshot) }
        #expect(items.map(\.frame) == byFrame, "apply(snapshot:) differs from assigning the frame", sourceLocation: sourceLocation)
        return byFrame
    }

    @Test func defaultsShareTheLengthEqually() {
        let (guide, items) = stack()
        #expect(laidOut(guide, items) == [rect(20, 20, 75, 60), rect(95, 20, 75, 60), rect(170, 20, 75, 60), rect(245, 20, 75, 60)])
    }

    @Test func fixedFillingWithEqualSpacingSharesTheGaps() {
        let (guide, items) = stack { $0.filling = .equal(50) }
        let frames = laidOut(guide, items)
        for (index, frame) in frames.enumerated() { expectRect(frame, 20 + CGFloat(index) * (50 + 100.0 / 3), 20, 50, 60) }
    }

    @Test func equalFillingWithFixedSpacingSharesTheRest() {
        let (guide, items) = stack { $0.spacing = .equal(10) }
        #expect(laidOut(guide, items).map(\.origin.x) == [20, 97.5, 175, 252.5])
        #expect(items.allSatisfy { $0.frame.size == CGSize(width: 67.5, height: 60) })
    }

    @Test(arguments: [
        (StackLayoutScheme.Direction.fromLeading, LayoutDirection.leftToRight, [20.0, 70, 120, 170]),
        (.fromTrailing, .leftToRight, [280, 230, 180, 130]),
        (.fromCenter, .leftToRight, [75, 125, 175, 225]),
        (.fromLeading, .rightToLeft, [280, 230, 180, 130]),
        (.fromTrailing, .rightToLeft, [20, 70, 120, 170]),
        (.fromCenter, .rightToLeft, [75, 125, 175, 225]),
    ])
    func directions(direction: StackLayoutScheme.Direction, layoutDirection: LayoutDirection, xs: [CGFloat]) {
        let (guide, items) = stack {
            $0.filling = .equal(40)
            $0.spacing = .equal(10)
            $0.direction = direction
        }
        #expect(laidOut(guide, items, direction: layoutDirection).map(\.origin.x) == xs)
    }

    @Test func verticalStacksIgnoreTheReadingDirection() {
        let (guide, items) = stack {
            $0.axis = .vertical
            $0.filling = .equal(10)
            $0.spacing = .equal(5)
        }
        let expected = [rect(20, 20, 300, 10), rect(20, 35, 300, 10), rect(20, 50, 300, 10), rect(20, 65, 300, 10)]
        #expect(laidOut(guide, items) == expected)
        #expect(laidOut(guide, items, direction: .rightToLeft) == expected)
    }

    /// The cross size is always full; CGLayout's alignment is only an offset.
    @Test(arguments: [(StackLayoutScheme.Alignment.trailing(5), 15.0), (.leading(5), 25), (.center(5), 25), (.center(0), 20)])
    func alignmentIsAnOffset(alignment: StackLayoutScheme.Alignment, y: CGFloat) {
        let (guide, items) = stack { $0.alignment = alignment }
        #expect(laidOut(guide, items).allSatisfy { $0.origin.y == y && $0.size.height == 60 })
    }

    /// Our addition: items keep their own cross size and are placed by `crossAlignment`.
    @Test func crossAlignmentUsesEachItemsOwnSize() {
        let (guide, items) = stack {
            $0.crossAlignment = .center
            $0.filling = .equal(40)
            $0.spacing = .equal(10)
        }
        items[0].contentSizing = .fixed(CGSize(width: 1, height: 20))
        items[1].contentSizing = .fixed(CGSize(width: 99, height: 30))
        items[2].contentSizing = .text(TextMetrics(length: 10, advance: 8, lineHeight: 10))  // 40 wide → 5 per line, 2 lines
        items[3].contentSizing = .fixed(CGSize(width: 5, height: 80))  // taller than the stack: overflows around the centre
        let frames = laidOut(guide, items)
        #expect(frames == [rect(20, 40, 40, 20), rect(70, 35, 40, 30), rect(120, 40, 40, 20), rect(170, 10, 40, 80)])
    }

    /// An element that does not measure keeps its current cross size, as UIKit's default
    /// `sizeThatFits` answers it.
    @Test func crossAlignmentKeepsTheCurrentSizeOfElementsThatDoNotMeasure() {
        let item = addChild(root, rect(0, 0, 3, 12))
        var stack = StackLayoutScheme(items: [item])
        stack.crossAlignment = .trailing
        #expect(layoutChecked(stack, in: rect(0, 0, 100, 50)) == [rect(0, 38, 100, 12)])
    }

    @Test(arguments: [
        (StackLayoutScheme.CrossAlignment.leading, LayoutDirection.leftToRight, 20.0),
        (.trailing, .leftToRight, 300),
        (.center, .leftToRight, 160),
        (.leading, .rightToLeft, 300),
        (.trailing, .rightToLeft, 20),
    ])
    func verticalCrossAlignmentFollowsTheReadingDirection(alignment: StackLayoutScheme.CrossAlignment, direction: LayoutDirection, x: CGFloat) {
        let (guide, items) = stack {
            $0.axis = .vertical
            $0.crossAlignment = alignment
        }
        for item in items { item.contentSizing = .fixed(CGSize(width: 20, height: 5)) }
        #expect(laidOut(guide, items, direction: direction).allSatisfy { $0.origin.x == x && $0.size == CGSize(width: 20, height: 15) })
    }

    @Test func crossAlignmentAddsTheAlignmentOffset() {
        let (guide, items) = stack {
            $0.crossAlignment = .trailing
            $0.alignment = .trailing(4)
        }
        for item in items { item.contentSizing = .fixed(CGSize(width: 1, height: 10)) }
        #expect(laidOut(guide, items).allSatisfy { $0.origin.y == 20 + 60 - 10 - 4 })
    }

    /// §8.2: insets (5, 10, 5, 10) → the items share (30, 25, 280, 50).
    @Test func contentInsetsShrinkTheLayoutBounds() {
        let (guide, items) = stack()
        guide.contentInsets = EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        #expect(laidOut(guide, items) == [rect(30, 25, 70, 50), rect(100, 25, 70, 50), rect(170, 25, 70, 50), rect(240, 25, 70, 50)])
        #expect(guide.layoutBounds == rect(30, 25, 280, 50))
    }

    /// §8.2 `sizeThatFits`: distributed in the offered size less the insets; the far edges of
    /// the items plus the right and bottom insets.
    @Test func sizeThatFitsMeasuresTheItems() {
        let guide = StackLayoutGuide()
        guide.add(to: root)
        guide.addArrangedElements((0..<3).map { _ in LayoutView() })
        guide.scheme.filling = .equal(40)
        guide.scheme.spacing = .equal(10)
        guide.contentInsets = EdgeInsets(top: 2, left: 8, bottom: 4, right: 12)
        // 8 + 3·40 + 2·10 = 148, + 12 = 160; height: 100 − 6 + 2 + 4 = 100.
        #expect(guide.sizeThatFits(CGSize(width: 1000, height: 100)) == CGSize(width: 160, height: 100))
        let adjusted = guide.layoutBlock(constraints: [guide.adjustLayoutConstraint(for: [.width()])])
        #expect(layoutChecked(adjusted, in: rect(0, 0, 1000, 100)) == [rect(0, 0, 160, 100)])
        #expect(StackLayoutGuide().sizeThatFits(CGSize(width: 50, height: 50)) == .zero)
    }

    @Test func itemsJoinTheOwnersHierarchy() {
        let guide = StackLayoutGuide()
        let early = LayoutView()
        guide.addArrangedElement(early)
        #expect(early.superview == nil)
        guide.add(to: root)
        #expect(early.superview === root)
        let late = LayoutView()
        guide.insertArrangedElement(late, at: 0)
        #expect(late.superview === root)
        #expect(guide.arrangedElements.map { ObjectIdentifier($0) } == [ObjectIdentifier(late), ObjectIdentifier(early)])
        guide.removeArrangedElement(late)
        #expect(guide.arrangedElements.count == 1 && late.superview === root)
    }

    /// Later blocks see the items where the stack put them, in snapshots as in layouts.
    @Test func laterBlocksReferToItems() {
        let (guide, items) = stack { $0.filling = .equal(40); $0.spacing = .equal(10) }
        let badge = addChild(root)
        let scheme = LayoutScheme(blocks: [
            guide.layoutBlock(with: Layout(x: .left(20), y: .top(20), width: .fixed(300), height: .fixed(60))),
            badge.layoutBlock(with: Layout(width: .fixed(8), height: .fixed(8)),
                              constraints: [items[2].layoutConstraint(for: [.top(.align(by: .inner)), .left(.align(by: .inner))])]),
        ])
        let frames = layoutChecked(scheme, in: root.bounds)
        #expect(frames == [rect(20, 20, 300, 60), rect(120, 20, 8, 8)])
        let rtl = layoutChecked(scheme, in: root.bounds, direction: .rightToLeft)
        #expect(rtl[1] == rect(180, 20, 8, 8))
        #expect(items[2].frame == rect(180, 20, 40, 60))
    }

    /// A bare stack contributes one snapshot child per item, in the rect it is given.
    @Test func bareStackSnapshotsEveryItem() throws {
        let items = (0..<3).map { _ in addChild(root) }
        var stack = StackLayoutScheme(items: items)
        stack.axis = .vertical
        stack.spacing = .equal(4)
        let header = addChild(root)
        let scheme = LayoutScheme(blocks: [header.layoutBlock(with: Layout(height: .fixed(10))), stack])
        let frames = layoutChecked(scheme, in: rect(0, 0, 100, 64))
        #expect(frames == [rect(0, 0, 100, 10), rect(0, 0, 100, 18.666666666666668), rect(0, 22.666666666666668, 100, 18.666666666666668),
                           rect(0, 45.333333333333336, 100, 18.666666666666668)])
        let snapshot = scheme.snapshot(for: rect(0, 0, 100, 64))
        #expect(snapshot.childSnapshots.count == 2)
        #expect(snapshot.childSnapshots[1].childSnapshots.count == 3)
        for item in items { item.frame = .zero }
        try scheme.apply(snapshot: snapshot)
        #expect(items.map(\.frame) == Array(frames[1...]))
    }

    @Test func emptyAndSingleItemStacks() {
        let empty = StackLayoutScheme(items: [])
        #expect(empty.snapshot(for: rect(0, 0, 10, 10)).frames.isEmpty)
        #expect(empty.currentRect == .zero)
        let single = StackLayoutScheme(items: [addChild(root)])
        #expect(layoutChecked(single, in: rect(5, 5, 50, 20)) == [rect(5, 5, 50, 20)])
    }

    @Test func goneItemsDropOut() {
        var item: LayoutView? = LayoutView()
        let kept = addChild(root)
        let stack = StackLayoutScheme(items: [item!, kept])
        item = nil
        #expect(layoutChecked(stack, in: rect(0, 0, 100, 10)) == [rect(0, 0, 100, 10)])
    }
}

/// A stack guide placed by another stack lays out its own items, in snapshots as live.
@Suite struct NestedStackTests {
    @Test func aStackInAStack() {
        let root = makeRoot()
        let inner = StackLayoutGuide(identifier: "inner")
        inner.add(to: root)
        let leaves = (0..<2).map { _ in addChild(root) }
        inner.addArrangedElements(leaves)
        inner.scheme.axis = .vertical
        let sibling = addChild(root)
        let outer = StackLayoutScheme(items: [inner, sibling])
        let follower = addChild(root)
        let scheme = LayoutScheme(blocks: [
            outer,
            follower.layoutBlock(with: Layout(width: .fixed(1), height: .fixed(1)),
                                 constraints: [leaves[1].layoutConstraint(for: [.top(.align(by: .inner)), .left(.align(by: .inner))])]),
        ])
        let frames = layoutChecked(scheme, in: rect(0, 0, 200, 100))
        #expect(frames == [rect(0, 0, 100, 100), rect(100, 0, 100, 100), rect(0, 50, 1, 1)])
        #expect(leaves.map(\.frame) == [rect(0, 0, 100, 50), rect(0, 50, 100, 50)])
    }
}
