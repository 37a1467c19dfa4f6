import Foundation
import Testing

@testable import CGLayout

/// `ENGINE.md` §9: frame (10, 20, 380, 260), content 800×1200, one item pinned top-left and
/// one bottom-right, both 100×100.
@Suite struct ScrollLayoutGuideTests {
    let root = makeRoot(800, 600)
    let topLeft: LayoutView
    let bottomRight: LayoutView
    let scroll: ScrollLayoutGuide

    init() {
        topLeft = addChild(root)
        bottomRight = addChild(root)
        let content = LayoutScheme(blocks: [
            topLeft.layoutBlock(with: Layout(x: .left(), y: .top(), width: .fixed(100), height: .fixed(100))),
            bottomRight.layoutBlock(with: Layout(x: .right(), y: .bottom(), width: .fixed(100), height: .fixed(100))),
        ])
        scroll = ScrollLayoutGuide(layout: content, contentSize: CGSize(width: 800, height: 1200))
        scroll.add(to: root)
    }

    var origins: [CGPoint] { [topLeft.frame.origin, bottomRight.frame.origin] }

    @Test func contentIsLaidOutInTheContentArea() {
        scroll.frame = rect(10, 20, 380, 260)
        #expect(origins == [CGPoint(x: 10, y: 20), CGPoint(x: 710, y: 1120)])
        #expect(scroll.layoutBounds == rect(10, 20, 800, 1200))
    }

    @Test func theOffsetMovesTheContent() {
        scroll.frame = rect(10, 20, 380, 260)
        scroll.contentOffset = CGPoint(x: 50, y: 500)
        #expect(origins == [CGPoint(x: -40, y: -480), CGPoint(x: 660, y: 620)])
        #expect(scroll.bounds == rect(50, 500, 380, 260))
        // Assigning the frame keeps the offset.
        scroll.frame = rect(10, 20, 300, 200)
        #expect(scroll.contentOffset == CGPoint(x: 50, y: 500))
        #expect(origins == [CGPoint(x: -40, y: -480), CGPoint(x: 660, y: 620)])
    }

    @Test func theContentInsetShiftsTheOffset() {
        scroll.frame = rect(10, 20, 380, 260)
        scroll.contentInset = EdgeInsets(top: 30, left: 10, bottom: 0, right: 0)
        #expect(scroll.contentOffset == CGPoint(x: -10, y: -30))
        #expect(topLeft.frame.origin == CGPoint(x: 20, y: 50))
        scroll.contentInset = EdgeInsets(top: 30, left: 10, bottom: 40, right: 40)
        #expect(scroll.contentOffset == CGPoint(x: -10, y: -30))
    }

    @Test func theContentSizeDoesNotLayOutAgain() {
        scroll.frame = rect(10, 20, 380, 260)
        scroll.contentSize = CGSize(width: 400, height: 400)
        #expect(bottomRight.frame.origin == CGPoint(x: 710, y: 1120))
        scroll.contentOffset = .zero
        #expect(bottomRight.frame.origin == CGPoint(x: 310, y: 320))
    }

    /// "Our decisions" 9: a content constraint to a scroll guide does not count the origin
    /// twice (CGLayout gives (20, −60) here).
    @Test func contentConstraintsUseTheContentArea() {
        scroll.frame = rect(10, 20, 380, 260)
        scroll.contentOffset = CGPoint(x: 0, y: 50)
        let pinned = addChild(root)
        let block = pinned.layoutBlock(with: Layout(width: .fixed(10), height: .fixed(10)),
                                       constraints: [scroll.contentLayoutConstraint(for: [.equally])])
        #expect(layoutChecked(block, in: root.bounds)[0].origin == CGPoint(x: 10, y: -30))
    }

    /// In a scheme the guide's block snapshots as its frame; applying it lays the content out.
    @Test func snapshotsEqualLayouts() throws {
        scroll.contentOffset = CGPoint(x: 50, y: 500)
        let follower = addChild(root)
        let scheme = LayoutScheme(blocks: [
            scroll.layoutBlock(with: Layout(x: .left(10), y: .top(20), width: .fixed(380), height: .fixed(260))),
            follower.layoutBlock(with: Layout(width: .fixed(5), height: .fixed(5)),
                                 constraints: [bottomRight.layoutConstraint(for: [.left(.align(by: .inner)), .top(.align(by: .inner))])]),
        ])
        let frames = layoutChecked(scheme, in: root.bounds)
        #expect(frames == [rect(10, 20, 380, 260), rect(660, 620, 5, 5)])
        let snapshot = scheme.snapshot(for: root.bounds)
        topLeft.frame = .zero
        bottomRight.frame = .zero
        try scheme.apply(snapshot: snapshot)
        #expect(origins == [CGPoint(x: -40, y: -480), CGPoint(x: 660, y: 620)])
    }

    @Test func aContentItemIsAdjustedOnTheScrollingAxis() {
        let text = LayoutLabel(text: TextMetrics(length: 100, advance: 10, lineHeight: 20))
        root.addSubview(text)
        let vertical = ScrollLayoutGuide(contentItem: text, direction: .vertical, contentSize: CGSize(width: 200, height: 900))
        vertical.add(to: root)
        vertical.frame = rect(0, 0, 200, 300)
        // 200 wide → 20 glyphs per line, 5 lines of 20.
        #expect(text.frame == rect(0, 0, 200, 100))
        let both = ScrollLayoutGuide(contentItem: text, direction: .both, contentSize: CGSize(width: 2000, height: 900))
        both.add(to: root)
        both.frame = rect(0, 0, 200, 300)
        #expect(text.frame == rect(0, 0, 1000, 20))
    }
}
