import Foundation
import Testing

@testable import CGLayout

/// The simple flexible row/column engine: its canonical examples, errors, and the same
/// layouts as scheme blocks.
@Suite struct FlexLayoutTests {
    let screen = rect(0, 0, 375, 667)

    @Test func aSingleFlexibleItemFillsTheScreen() throws {
        let layout = FlexLayout(frame: screen)
        let item = layout.add(.flexible)
        try layout.layout()
        #expect(try item.frame() == screen)
    }

    @Test func aColumnOfFlexibleAndFixed() throws {
        let layout = FlexLayout(frame: screen, direction: .column)
        layout.add(contentsOf: [.flexible, .height(200)])
        try layout.layout()
        #expect(try layout.frames() == [rect(0, 0, 375, 467), rect(0, 467, 375, 200)])
    }

    /// A column `[flexible, height(44), height(200)]` whose last item is split by a row
    /// `[flexible, flexible]`.
    @Test func nestedRowInAColumn() throws {
        let column = FlexLayout(frame: screen, direction: .column)
        column.add(.flexible)
        column.add(.height(44))
        let bottom = column.add(.height(200))
        try column.layout()
        #expect(try column.frames() == [rect(0, 0, 375, 423), rect(0, 423, 375, 44), rect(0, 467, 375, 200)])
        let row = FlexLayout(frame: try bottom.frame(), direction: .row)
        let halves = row.add(contentsOf: [.flexible, .flexible])
        try row.layout()
        #expect(try halves.map { try $0.frame() } == [rect(0, 467, 187.5, 200), rect(187.5, 467, 187.5, 200)])
    }

    @Test(arguments: [(FlexAlignment.leading, 0.0), (.center, 137.5), (.trailing, 275)])
    func aFixedSizeIsPlacedOnTheCrossAxis(alignment: FlexAlignment, x: CGFloat) throws {
        let layout = FlexLayout(frame: screen, direction: .column, alignment: alignment)
        let box = layout.add(.size(CGSize(width: 100, height: 50)))
        let rest = layout.add(.width(50))
        try layout.layout()
        #expect(try box.frame() == rect(x, 0, 100, 50))
        // Flexible along the column, fixed across: placed the same way.
        #expect(try rest.frame() == rect(x == 0 ? 0 : x == 137.5 ? 162.5 : 325, 50, 50, 617))
    }

    @Test func fixedLengthsThatExceedTheParentAreOutOfSpace() throws {
        let layout = FlexLayout(frame: screen, direction: .column)
        let items = layout.add(contentsOf: [.height(400), .flexible, .height(300)])
        #expect(throws: FlexError.outOfSpace(FlexOverflow(dimension: "height", required: 700, available: 667, item: nil))) {
            try layout.layout()
        }
        #expect(throws: FlexError.itemIncomplete(index: 1)) { try items[1].frame() }
        do {
            try layout.layout()
        } catch {
            #expect(error.description == "out of space: the fixed heights of the items exceed the container's height (700 > 667) by 33")
        }
    }

    @Test func aCrossSizeWiderThanTheParentIsOutOfSpace() {
        let layout = FlexLayout(frame: rect(0, 0, 100, 100), direction: .row)
        layout.add(contentsOf: [.flexible, .size(CGSize(width: 10, height: 120))])
        #expect(throws: FlexError.outOfSpace(FlexOverflow(dimension: "height", required: 120, available: 100, item: 1))) {
            try layout.layout()
        }
    }

    @Test func exactFitsAreNotOutOfSpace() throws {
        let layout = FlexLayout(frame: rect(0, 0, 0.3, 10), direction: .row)
        layout.add(contentsOf: [.width(0.1), .width(0.2), .flexible])
        try layout.layout()
        #expect(try layout.frame(at: 2).size.width == 0)
    }

    @Test func framesBeforeLayoutAreIncomplete() throws {
        let layout = FlexLayout(frame: screen)
        let first = layout.add(.flexible)
        #expect(throws: FlexError.itemIncomplete(index: 0)) { try first.frame() }
        #expect(throws: FlexError.noSuchItem(index: 3, count: 1)) { try layout.frame(at: 3) }
        try layout.layout()
        #expect(try first.frame() == screen)
        // Adding an item, or changing the frame, drops the computed frames.
        layout.add(.height(100))
        #expect(throws: FlexError.itemIncomplete(index: 0)) { try first.frame() }
        try layout.layout()
        #expect(try first.frame() == rect(0, 0, 375, 567))
        layout.frame = rect(0, 0, 375, 300)
        #expect(throws: FlexError.itemIncomplete(index: 1)) { try layout.frame(at: 1) }
    }

    @Test(arguments: [CGFloat(-1), .nan, .infinity])
    func invalidSizesAreRejected(value: CGFloat) {
        let layout = FlexLayout(frame: screen)
        layout.add(contentsOf: [.flexible, .size(CGSize(width: 10, height: value))])
        #expect { try layout.layout() } throws: { error in
            guard case .invalidSize(index: 1, let reported) = error as? FlexError else { return false }
            return reported.isNaN ? value.isNaN : reported == value
        }
    }

    @Test func rightToLeftMirrorsRowsAndColumnsCrossAlignment() throws {
        let row = FlexLayout(frame: rect(10, 0, 300, 50), direction: .row, layoutDirection: .rightToLeft)
        row.add(contentsOf: [.width(100), .flexible])
        try row.layout()
        #expect(try row.frames() == [rect(210, 0, 100, 50), rect(10, 0, 200, 50)])
        let column = FlexLayout(frame: rect(10, 0, 300, 50), direction: .column, alignment: .leading, layoutDirection: .rightToLeft)
        column.add(.size(CGSize(width: 40, height: 10)))
        try column.layout()
        #expect(try column.frame(at: 0) == rect(270, 0, 40, 10))
    }

    /// The nested example as scheme blocks: the same frames, in snapshots and layouts.
    @Test func schemeBlocksGiveTheSameFrames() {
        let root = makeRoot(375, 667)
        let content = addChild(root), toolbar = addChild(root), bottom = addChild(root)
        let left = addChild(bottom), right = addChild(bottom)
        let scheme = LayoutScheme(blocks: [
            FlexLayoutBlock(direction: .column, items: [(content, .flexible), (toolbar, .height(44)), (bottom, .height(200))]),
            FlexLayoutBlock(direction: .row, items: [(left, .flexible), (right, .flexible)],
                            constraints: [bottom.contentLayoutConstraint(for: [.equally])]),
        ])
        let frames = layoutChecked(scheme, in: root.bounds)
        // The row is in `bottom`'s own space.
        #expect(frames == [rect(0, 0, 375, 423), rect(0, 423, 375, 44), rect(0, 467, 375, 200), rect(0, 0, 187.5, 200), rect(187.5, 0, 187.5, 200)])
        #expect(scheme.snapshot(for: root.bounds).issue == nil)
        #expect(layoutChecked(scheme, in: root.bounds, direction: .rightToLeft)[3] == rect(187.5, 0, 187.5, 200))
    }

    @Test func schemeBlocksReportOutOfSpace() {
        let root = makeRoot(100, 100)
        let a = addChild(root), b = addChild(root)
        let block = FlexLayoutBlock(name: "toolbar", direction: .row, items: [(a, .width(80)), (b, .width(40))])
        let snapshot = block.snapshot(for: root.bounds)
        #expect(snapshot.issue?.code == .outOfSpace)
        #expect(snapshot.issue?.message == "flex block 'toolbar': out of space: the fixed widths of the items exceed the container's width (120 > 100) by 20")
        #expect(snapshot.frames == [rect(0, 0, 80, 100), rect(80, 0, 40, 100)])
        let invalid = FlexLayoutBlock(items: [(a, .height(-3))]).snapshot(for: root.bounds)
        #expect(invalid.issue?.code == .invalidSize)
        #expect(invalid.frames == [rect(0, 0, 100, 0)])
    }
}
