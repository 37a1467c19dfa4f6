import Foundation
import Testing

@testable import CGLayout

/// `ENGINE.md` §4: constraint kinds and the single coordinate space.
@Suite struct LayoutConstraintTests {
    /// §4.2: a probe in panelB aligned below and left-aligned to `a1` in panelA.
    @Test func conversionAcrossTheHierarchy() {
        let root = makeRoot()
        let panelA = addChild(root, rect(20, 40, 200, 100))
        panelA.boundsOrigin = CGPoint(x: 10, y: 0)
        let a1 = addChild(panelA, rect(10, 10, 60, 30))
        let panelB = addChild(root, rect(200, 100, 180, 150))
        panelB.boundsOrigin = CGPoint(x: 0, y: 50)
        let probe = addChild(panelB)

        #expect(panelA.convert(a1.frame.origin, to: root) == CGPoint(x: 20, y: 50))
        #expect(panelA.convert(a1.frame.origin, to: panelB) == CGPoint(x: -180, y: 0))

        let block = probe.layoutBlock(
            with: Layout(width: .fixed(50), height: .fixed(20)),
            constraints: [a1.layoutConstraint(for: [.bottom(.align(by: .outer)), .left(.align(by: .inner))])]
        )
        let frames = layoutChecked(block, in: panelB.layoutBounds)
        #expect(frames == [rect(-180, 30, 50, 20)])
        #expect(panelB.convert(probe.frame.origin, to: root) == CGPoint(x: 20, y: 80))
        #expect(probe.convert(CGPoint.zero, to: nil) == CGPoint(x: 20, y: 80))
        #expect(root.convert(CGPoint(x: 20, y: 80), to: probe) == .zero)
    }

    /// §4.3: a constraint to the block's own parent sees the parent's bounds.
    @Test func constraintToOwnParentSeesItsBounds() {
        let root = makeRoot()
        let parent = addChild(root, rect(50, 60, 200, 100))
        parent.boundsOrigin = CGPoint(x: 0, y: 30)
        let child = addChild(parent)
        let frames = layoutChecked(child.layoutBlock(constraints: [parent.layoutConstraint(for: [.equally])]), in: .zero)
        #expect(frames == [rect(0, 30, 200, 100)])
    }

    /// "Our decisions" 2: the root is a real reference; a constraint to it uses its bounds
    /// (CGLayout ignored constraints to elements without a super element).
    @Test func constraintToTheRootUsesItsBounds() {
        let root = LayoutView(frame: rect(100, 100, 400, 300))
        let panel = addChild(root, rect(30, 40, 200, 100))
        let child = addChild(root)
        let grandchild = addChild(panel)
        #expect(layoutChecked(child.layoutBlock(constraints: [root.layoutConstraint(for: [.equally])]), in: .zero) == [rect(0, 0, 400, 300)])
        #expect(layoutChecked(grandchild.layoutBlock(constraints: [root.layoutConstraint(for: [.equally])]), in: .zero) == [rect(-30, -40, 400, 300)])
    }

    /// A block on a root element lays it out in the global space (CGLayout skipped it).
    @Test func blockOnARootElementLaysItOut() {
        let lone = LayoutView(frame: rect(5, 5, 1, 1))
        #expect(layoutChecked(lone.layoutBlock(with: Layout(x: .center(), width: .fixed(100))), in: rect(0, 0, 400, 300)) == [rect(150, 0, 100, 300)])
        #expect(lone.frame == rect(150, 0, 100, 300))
    }

    /// §4.4: a bottom-pinned 50-high bar, via the parent's content area and via its frame.
    @Test func contentConstraintUsesLayoutBounds() {
        let root = makeRoot()
        let scroller = addChild(root, rect(0, 0, 400, 300))
        scroller.boundsOrigin = CGPoint(x: 0, y: 120)
        scroller.contentSize = CGSize(width: 400, height: 1000)
        let bar = addChild(scroller)
        let pinned = Layout(y: .bottom(), height: .fixed(50))

        let viaContent = layoutChecked(bar.layoutBlock(with: pinned, constraints: [scroller.contentLayoutConstraint(for: [.equally])]), in: .zero)
        #expect(viaContent == [rect(0, 950, 400, 50)])
        #expect(scroller.convert(bar.frame.origin, to: root).y == 830)

        let viaFrame = layoutChecked(bar.layoutBlock(with: pinned, constraints: [scroller.layoutConstraint(for: [.equally])]), in: .zero)
        #expect(viaFrame == [rect(0, 370, 400, 50)])
        #expect(scroller.convert(bar.frame.origin, to: root).y == 250)
    }

    /// Fixed (§13.9): content constraints on guides do not count the guide's origin twice.
    @Test func contentConstraintOnAGuideCountsItsOriginOnce() {
        let root = makeRoot()
        let guide = LayoutGuide(frame: rect(50, 40, 200, 100))
        guide.add(to: root)
        let child = addChild(root)
        #expect(layoutChecked(child.layoutBlock(constraints: [guide.contentLayoutConstraint(for: [.equally])]), in: .zero) == [rect(50, 40, 200, 100)])
        #expect(guide.layoutBounds == rect(50, 40, 200, 100))
    }

    /// §4.5: the adjust examples.
    @Test func adjustConstraintMeasuresInTheCurrentSource() {
        let root = makeRoot()
        let text = LayoutLabel(text: TextMetrics(length: 30, advance: 7, lineHeight: 16))
        root.addSubview(text)
        #expect(layoutChecked(text.layoutBlock(constraints: [text.adjustLayoutConstraint(for: [.width(), .height()])]), in: root.bounds) == [rect(0, 0, 210, 16)])

        let box = addChild(root)
        box.contentSizing = .fixed(CGSize(width: 120, height: 40))
        let centred = box.adjustLayoutConstraint(for: [.width(), .height()], alignment: .center)
        #expect(layoutChecked(box.layoutBlock(constraints: [centred]), in: root.bounds) == [rect(140, 130, 120, 40)])
        let half = box.adjustLayoutConstraint(for: [.width(0.5)], alignment: .center)
        #expect(layoutChecked(box.layoutBlock(constraints: [half]), in: root.bounds) == [rect(170, 0, 60, 300)])
        let heightOnly = box.adjustLayoutConstraint(for: [.height()], alignment: .center)
        #expect(layoutChecked(box.layoutBlock(constraints: [heightOnly]), in: root.bounds) == [rect(0, 130, 400, 40)])
    }

    /// A plain view measures as its current size, as UIKit's default `sizeThatFits` does.
    @Test func defaultSizingIsTheCurrentSize() {
        let root = makeRoot()
        let view = addChild(root, rect(0, 0, 33, 44))
        let frames = layoutChecked(view.layoutBlock(constraints: [view.adjustLayoutConstraint(for: [.width(), .height()])]), in: root.bounds)
        #expect(frames == [rect(0, 0, 33, 44)])
    }

    /// §4.6: an anonymous constraint's reference is the source as it starts.
    @Test func anonymConstraintReferenceIsTheStartingSource() {
        let root = makeRoot()
        let view = addChild(root)
        let anonym = AnonymConstraint(anchors: [.insets(EdgeInsets(all: 10)), .size(.width(0.5))])
        #expect(layoutChecked(view.layoutBlock(constraints: [anonym]), in: root.bounds) == [rect(10, 10, 200, 280)])

        let transformed = AnonymConstraint(anchors: [.equally]) { $0.insetBy(dx: 20, dy: 20) }
        #expect(layoutChecked(view.layoutBlock(constraints: [transformed]), in: root.bounds) == [rect(20, 20, 360, 260)])

        let replaced = AnonymConstraint { CGRect(x: $0.origin.x + 1, y: 2, width: 3, height: 4) }
        #expect(layoutChecked(view.layoutBlock(constraints: [replaced]), in: root.bounds) == [rect(1, 2, 3, 4)])
    }

    /// §4.7: baseline constraints compare against the zero-height baseline rect.
    @Test func baselineConstraint() {
        let root = makeRoot()
        let label = LayoutLabel(frame: rect(20, 100, 150, 40), text: TextMetrics(length: 10, advance: 7, lineHeight: 16), baselineOffset: 30)
        root.addSubview(label)
        #expect(label.baselineRect == rect(20, 130, 150, 0))
        let probe = addChild(root)
        let bottomAligned = probe.layoutBlock(
            with: Layout(y: .bottom(0), height: .fixed(20)),
            constraints: [label.baselineLayoutConstraint(for: [.bottom(.align(by: .inner))])]
        )
        #expect(layoutChecked(bottomAligned, in: root.bounds)[0].origin.y == 110)
        let topAligned = probe.layoutBlock(
            with: Layout(height: .fixed(20)),
            constraints: [label.baselineLayoutConstraint(for: [.top(.align(by: .inner))])]
        )
        #expect(layoutChecked(topAligned, in: root.bounds)[0].origin.y == 130)
    }

    /// §4.8: constraints fold strictly in list order.
    @Test func constraintOrderMatters() {
        let root = makeRoot()
        let refA = addChild(root, rect(0, 40, 100, 40))
        let refB = addChild(root, rect(0, 150, 100, 50))
        let view = addChild(root)
        let below = refA.layoutConstraint(for: [.bottom(.align(by: .outer))])
        let crop = refB.layoutConstraint(for: [.bottom(.limit(on: .inner))])
        #expect(layoutChecked(view.layoutBlock(constraints: [below, crop]), in: root.bounds) == [rect(0, 80, 400, 120)])
        #expect(layoutChecked(view.layoutBlock(constraints: [crop, below]), in: root.bounds) == [rect(0, 80, 400, 200)])
    }

    /// §4.1: an inactive mutable constraint is skipped until it is switched on.
    @Test func mutableConstraintCanBeSwitched() {
        let root = makeRoot()
        let reference = addChild(root, rect(0, 0, 100, 50))
        let view = addChild(root)
        let toggle = reference.layoutConstraint(for: [.bottom(.align(by: .outer))]).active(false)
        let block = view.layoutBlock(with: Layout(height: .fixed(10)), constraints: [toggle])
        #expect(!toggle.isActive)
        #expect(layoutChecked(block, in: root.bounds) == [rect(0, 0, 400, 10)])
        toggle.isEnabled = true
        #expect(layoutChecked(block, in: root.bounds) == [rect(0, 50, 400, 10)])
    }

    /// Constraints hold their element weakly; a constraint to a released element is inactive.
    @Test func constraintToAReleasedElementIsInactive() {
        let root = makeRoot()
        let view = addChild(root)
        var constraint: LayoutConstraint?
        do {
            let temporary = LayoutView(frame: rect(0, 0, 10, 10))
            constraint = temporary.layoutConstraint(for: [.bottom(.align(by: .outer))])
            #expect(constraint?.isActive == true)
        }
        #expect(constraint?.isActive == false)
        #expect(layoutChecked(view.layoutBlock(with: Layout(height: .fixed(5)), constraints: [constraint!]), in: root.bounds) == [rect(0, 0, 400, 5)])
    }
}
