import Foundation
import Testing

@testable import CGLayout

/// `ENGINE.md` §5: the block pipeline.
@Suite struct LayoutBlockTests {
    /// §5 worked example: a field between a label and a button in a 375×44 cell.
    @Test func workedExample() {
        let cell = makeRoot(375, 44)
        let label = addChild(cell, rect(16, 12, 80, 20))
        let button = addChild(cell, rect(299, 7, 60, 30))
        let field = addChild(cell)
        let block = field.layoutBlock(
            with: Layout(x: .left(8), y: .center(0), width: .boxed(16), height: .fixed(30)),
            constraints: [
                label.layoutConstraint(for: [.right(.align(by: .outer))]),
                button.layoutConstraint(for: [.left(.limit(on: .outer))]),
            ]
        )
        #expect(layoutChecked(block, in: cell.layoutBounds) == [rect(104, 7, 187, 30)])
        #expect(field.frame == rect(104, 7, 187, 30))
    }

    @Test func blockOfAReleasedElementDoesNothing() {
        let block: LayoutBlock
        do {
            let view = LayoutView()
            block = view.layoutBlock()
        }
        #expect(block.element == nil)
        #expect(!block.isActive)
        #expect(block.snapshot(for: rect(0, 0, 10, 10)).frames == [.zero])
        block.layout(in: rect(0, 0, 10, 10))
        #expect(block.currentRect == .zero)
    }

    @Test func snapshotDoesNotTouchTheElement() {
        let root = makeRoot()
        let view = addChild(root, rect(1, 2, 3, 4))
        let snapshot = view.layoutBlock().snapshot(for: rect(0, 0, 100, 100))
        #expect(snapshot.frames == [rect(0, 0, 100, 100)])
        #expect(view.frame == rect(1, 2, 3, 4))
    }
}
