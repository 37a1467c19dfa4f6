import Foundation
import Testing

@testable import CGLayout

/// `ENGINE.md` §7: the anchors API, with reference `R = (100,80,120,60)` in a 400×300 root.
@Suite struct AnchorsAPITests {
    let root = makeRoot()
    let ref: LayoutView
    let view: LayoutView

    init() {
        ref = addChild(root, rect(100, 80, 120, 60), "ref")
        view = addChild(root, .zero, "view")
    }

    func frame(_ build: (AnchorsBuilder<LayoutView>) -> Void, layout: Layout = .equal, direction: LayoutDirection = .leftToRight) -> CGRect {
        layoutChecked(view.layoutBlock(with: layout, constraints: build), in: root.bounds, direction: direction)[0]
    }

    @Test func alignExamples() {
        let sized: (AnchorsBuilder<LayoutView>) -> Void = { $0.width.equal(to: 40); $0.height.equal(to: 20) }
        #expect(frame { sized($0); $0.left.align(by: ref.layoutAnchors.right) } == rect(220, 0, 40, 20))
        #expect(frame { sized($0); $0.centerX.align(by: ref.layoutAnchors.centerX) }.origin.x == 140)
        #expect(frame { sized($0); $0.bottom.align(by: ref.layoutAnchors.top) }.origin.y == 60)
        #expect(frame { sized($0); $0.left.equal(to: ref.layoutAnchors.right) } == rect(220, 0, 40, 20))
        #expect(frame { sized($0); $0.centerY.equal(to: ref.layoutAnchors.centerY) }.origin.y == 100)
    }

    @Test func pullAndLimitExamples() {
        #expect(frame { $0.left.pull(to: ref.layoutAnchors.right) } == rect(220, 0, 180, 300))
        #expect(frame { $0.centerX.pull(to: ref.layoutAnchors.centerX) } == rect(0, 0, 320, 300))
        #expect(frame { $0.left.limit(by: ref.layoutAnchors.right) } == rect(220, 0, 180, 300))
        let satisfied = layoutChecked(view.layoutBlock { $0.left.limit(by: ref.layoutAnchors.right) }, in: rect(250, 20, 100, 40))[0]
        #expect(satisfied == rect(250, 20, 100, 40))
        // §13.17 (kept): a centre pull past the max edge ends at max + 2·(target − max), size 0.
        let past = layoutChecked(view.layoutBlock { $0.centerX.pull(to: ref.layoutAnchors.centerX) }, in: rect(0, 0, 100, 10))[0]
        #expect(past.origin.x == 220 && past.size.width == 0)
    }

    /// Phases: limits (with nearer/farther) act on the unsized source, then sizes.
    @Test func nearerRunsBeforeSizes() {
        let result = frame { anchors in
            anchors.width.equal(to: 50)
            anchors.height.equal(to: 20)
            anchors.right.nearerThanOrEqual(to: ref.layoutAnchors.left)
        }
        #expect(result == rect(-300, 0, 50, 20))
    }

    /// Phases: a pull runs before an align declared earlier.
    @Test func pullRunsBeforeAlign() {
        let result = frame { anchors in
            anchors.left.align(by: ref.layoutAnchors.right)
            anchors.left.pull(to: ref.layoutAnchors.left)
            anchors.height.equal(to: 30)
        }
        #expect(result == rect(220, 0, 300, 30))
    }

    /// A second align on the same anchor, or a second size of the same sort, replaces the first.
    @Test func laterRelationsReplaceEarlierOnes() {
        let result = frame { anchors in
            anchors.left.align(by: ref.layoutAnchors.left)
            anchors.left.align(by: ref.layoutAnchors.right)
            anchors.width.equal(to: 10)
            anchors.width.equal(to: 40)
            anchors.height.equal(to: 20)
        }
        #expect(result == rect(220, 0, 40, 20))
    }

    @Test func dimensionRelations() {
        #expect(frame { $0.width.equal(to: ref.layoutAnchors.height); $0.height.equal(to: ref.layoutAnchors.width) }.size == CGSize(width: 60, height: 120))
        #expect(frame { $0.width.scaled(by: ref.layoutAnchors.width, scale: 0.5) }.size.width == 60)
        // The box makes the source −80 wide; the block's filling reads it as Foundation's
        // `width` does, |−80| (CGLayout gives 80, not −80).
        #expect(frame { $0.width.boxed(by: ref.layoutAnchors.width, box: 200) }.size.width == 80)
        // Constant sizes run before related ones, whatever the declaration order.
        #expect(frame { $0.width.equal(to: ref.layoutAnchors.width); $0.width.equal(to: 5) }.size.width == 120)
    }

    @Test func farther() {
        // In LTR `left` and (fixed, §13.5) `leading` move a source starting before the target.
        #expect(frame { $0.left.fartherThanOrEqual(to: ref.layoutAnchors.right) }.origin.x == 220)
        #expect(frame { $0.leading.fartherThanOrEqual(to: ref.layoutAnchors.right) }.origin.x == 220)
        #expect(frame { $0.top.fartherThanOrEqual(to: ref.layoutAnchors.bottom) }.origin.y == 140)
        // A source already past the target is left alone.
        let past = layoutChecked(view.layoutBlock { $0.left.fartherThanOrEqual(to: ref.layoutAnchors.right) }, in: rect(250, 0, 10, 10))[0]
        #expect(past.origin.x == 250)
        // Trailing (the right edge in LTR) is moved when it ends before the target.
        let short = layoutChecked(view.layoutBlock { $0.trailing.fartherThanOrEqual(to: ref.layoutAnchors.right) }, in: rect(0, 0, 100, 10))[0]
        #expect(short.origin.x == 120)
    }

    /// Fixed (§13.5): leading/trailing limits behave exactly as left/right (right/left in RTL).
    @Test func leadingAndTrailingLimitsMatchLeftAndRight() {
        func limited(_ build: @escaping (AnchorsBuilder<LayoutView>) -> Void, in source: CGRect, _ direction: LayoutDirection) -> CGRect {
            layoutChecked(view.layoutBlock(constraints: build), in: source, direction: direction)[0]
        }
        let sources = [rect(0, 0, 150, 10), rect(150, 0, 100, 10), rect(120, 0, 30, 10)]
        for source in sources {
            #expect(limited({ $0.leading.limit(by: ref.layoutAnchors.left) }, in: source, .leftToRight)
                == limited({ $0.left.limit(by: ref.layoutAnchors.left) }, in: source, .leftToRight))
            #expect(limited({ $0.trailing.limit(by: ref.layoutAnchors.right) }, in: source, .leftToRight)
                == limited({ $0.right.limit(by: ref.layoutAnchors.right) }, in: source, .leftToRight))
            #expect(limited({ $0.leading.limit(by: ref.layoutAnchors.right) }, in: source, .rightToLeft)
                == limited({ $0.right.limit(by: ref.layoutAnchors.right) }, in: source, .rightToLeft))
            #expect(limited({ $0.trailing.limit(by: ref.layoutAnchors.left) }, in: source, .rightToLeft)
                == limited({ $0.left.limit(by: ref.layoutAnchors.left) }, in: source, .rightToLeft))
        }
        // CGLayout left a source starting at 0 untouched here; we stretch it to 100.
        #expect(limited({ $0.leading.limit(by: ref.layoutAnchors.left) }, in: rect(0, 0, 150, 10), .leftToRight) == rect(100, 0, 50, 10))
    }

    /// Leading/trailing targets and sources are resolved per layout, not when declared.
    @Test func directionIsReadWhenLaidOut() {
        let block = view.layoutBlock { $0.width.equal(to: 40); $0.leading.align(by: ref.layoutAnchors.leading) }
        #expect(layoutChecked(block, in: root.bounds)[0].origin.x == 100)
        #expect(layoutChecked(block, in: root.bounds, direction: .rightToLeft)[0].origin.x == 180)
        // Without a size relation the whole 400-wide source is aligned, then laid out.
        let unsized = view.layoutBlock(with: Layout(width: .fixed(40))) { $0.leading.align(by: ref.layoutAnchors.leading) }
        #expect(layoutChecked(unsized, in: root.bounds, direction: .rightToLeft)[0].origin.x == -180)
    }

    @Test func equalIntrinsicSize() {
        let text = LayoutLabel(identifier: "text", text: TextMetrics(length: 40, advance: 7, lineHeight: 16))
        root.addSubview(text)
        let block = text.layoutBlock { $0.width.equalIntrinsicSize(0.5, alignment: Layout.Alignment(horizontal: .center(), vertical: .top())) }
        let frame = layoutChecked(block, in: rect(10, 200, 300, 100))[0]
        #expect(frame == rect(90, 200, 140, 100))
    }

    /// §7.5: a baseline target reads the baseline y; a baseline source is a top anchor.
    @Test func baseline() {
        let label = LayoutLabel(frame: rect(20, 100, 150, 40), identifier: "label", text: TextMetrics(length: 5, advance: 7, lineHeight: 16), baselineOffset: 30)
        root.addSubview(label)
        #expect(frame({ $0.top.align(by: label.layoutAnchors.baseline); $0.height.equal(to: 20) }).origin.y == 130)
        let other = LayoutLabel(identifier: "other", text: TextMetrics(length: 5, advance: 7, lineHeight: 16), baselineOffset: 12)
        root.addSubview(other)
        let placed = layoutChecked(other.layoutBlock { $0.baseline.align(by: label.layoutAnchors.baseline); $0.height.equal(to: 16) }, in: root.bounds)[0]
        #expect(placed.origin.y == 130)
    }
}
