import Foundation
import Testing

@testable import CGLayout

/// `ENGINE.md` §11 and "Our decisions" 18: direction is a value of each request.
@Suite struct LayoutDirectionTests {
    let root = makeRoot()

    @Test func whatFlips() {
        let ref = addChild(root, rect(100, 80, 120, 60))
        let view = addChild(root)
        let layoutLeading = view.layoutBlock(with: Layout(x: .leading(10), width: .fixed(100)))
        let anchorLeading = view.layoutBlock(with: Layout(width: .fixed(40)), constraints: [ref.layoutConstraint(for: [.leading(.limit(on: .outer))])])
        let relation = view.layoutBlock { $0.width.equal(to: 40); $0.trailing.align(by: ref.layoutAnchors.trailing) }

        #expect(layoutChecked(layoutLeading, in: root.bounds)[0].origin.x == 10)
        #expect(layoutChecked(layoutLeading, in: root.bounds, direction: .rightToLeft)[0].origin.x == 290)
        // LTR leading = left: kept left of 100 → [0, 100]; RTL leading = right: right of 220 → [220, 400].
        #expect(layoutChecked(anchorLeading, in: root.bounds)[0] == rect(0, 0, 40, 300))
        #expect(layoutChecked(anchorLeading, in: root.bounds, direction: .rightToLeft)[0] == rect(220, 0, 40, 300))
        #expect(layoutChecked(relation, in: root.bounds)[0].origin.x == 180)
        #expect(layoutChecked(relation, in: root.bounds, direction: .rightToLeft)[0].origin.x == 100)
    }

    @Test func whatDoesNotFlip() {
        let ref = addChild(root, rect(100, 80, 120, 60))
        let view = addChild(root)
        let blocks: [LayoutBlock] = [
            view.layoutBlock(with: Layout(x: .left(10), width: .fixed(100))),
            view.layoutBlock(with: Layout(x: .right(10), width: .fixed(100))),
            view.layoutBlock(with: Layout(x: .center(5), width: .fixed(100))),
            view.layoutBlock(constraints: [ref.layoutConstraint(for: [.left(.align(by: .outer)), .right(.limit(on: .outer))])]),
            view.layoutBlock(constraints: [ref.layoutConstraint(for: [.center(.align(by: .center))])]),
            view.layoutBlock(constraints: [AnonymConstraint(anchors: [.insets(EdgeInsets(top: 1, left: 2, bottom: 3, right: 40))])]),
            view.layoutBlock { $0.left.align(by: ref.layoutAnchors.right); $0.width.equal(to: 30) },
        ]
        for block in blocks {
            #expect(layoutChecked(block, in: root.bounds) == layoutChecked(block, in: root.bounds, direction: .rightToLeft))
        }
    }

    /// One compiled scheme serves both directions at once: nothing global is read.
    @Test func bothDirectionsFromOneCompiledScheme() {
        let view = addChild(root)
        let compiled = view.layoutBlock(with: Layout(x: .leading(10), width: .fixed(100))).compiled()
        #expect(compiled.snapshot(for: root.bounds).frames[0].origin.x == 10)
        #expect(compiled.snapshot(for: root.bounds, direction: .rightToLeft).frames[0].origin.x == 290)
        #expect(compiled.snapshot(for: root.bounds).frames[0].origin.x == 10)
    }
}
