import Foundation
import Testing

@testable import CGLayout

/// CGLayout reads every rect through Foundation's `CGRect` accessors, which standardize
/// (`ENGINE.md` §0): a source that insets made negative is read as its standardized twin,
/// while a rule that leaves an origin in place keeps it raw. Each case is checked in the
/// interpreted path (`Layout`/`LayoutAnchor` applied directly), the compiled one
/// (`snapshot(for:)`) and the kept one (`layout(in:)` on a scheme that keeps its program).
@Suite struct StandardizedRectTests {
    /// A constant frame (`Layout.equal(rect)`, documents' `rect(x, y, w, h)`) is the frame,
    /// wherever the source is: CGLayout assigns it as it is.
    @Test func aConstantFrameIgnoresTheSourcesOrigin() {
        let root = makeRoot(400, 300)
        let pinned = addChild(root)
        let constant = rect(10, 20, 30, 40)
        #expect(Layout.equal(constant).layout(rect: .zero, in: rect(20, 10, 360, 280)) == constant)
        let scheme = LayoutScheme(blocks: [pinned.layoutBlock(with: .equal(constant))])
        for source in [rect(20, 10, 360, 280), rect(10, 10, 300, 200), rect(-5, 7, 100, 100)] {
            let frames = layoutChecked(scheme, in: source)
            expectRect(frames[0], 10, 20, 30, 40)
            expectRect(scheme.compiled().snapshot(for: source).frames[0], 10, 20, 30, 40)
        }
    }
}

extension StandardizedRectTests {
    /// The issue's own case: `insets(right: 100)` on a 0-wide source, then `Layout()`.
    /// CGLayout's filling reads `S.width` = 100 and its alignment the raw origin 0.
    @Test func insetsPastASourcesWidthAreReadStandardized() {
        let root = makeRoot(0, 500)
        let view = addChild(root)
        let narrow = AnonymConstraint(anchors: [.insets(EdgeInsets(top: 0, left: 0, bottom: 0, right: 100))])
        // Interpreted: the layout and the anchor applied directly.
        expectRect(Layout().layout(rect: .zero, in: root.bounds, use: [(root.bounds, [LayoutAnchor.insets(EdgeInsets(top: 0, left: 0, bottom: 0, right: 100))])]),
                   0, 0, 100, 500)
        // Compiled and kept.
        expectRect(layoutChecked(view.layoutBlock(with: Layout(), constraints: [narrow]), in: root.bounds)[0], 0, 0, 100, 500)
        expectRect(LayoutScheme(blocks: [view.layoutBlock(with: Layout(), constraints: [narrow])]).compiled().snapshot(for: root.bounds).frames[0],
                   0, 0, 100, 500)
    }

    /// Each alignment against a source `(0, 0, −100, 500)`: `lower` −100, `upper` 0, `mid`
    /// −50, `width` 100. `equal`/`left` read the raw origin; the others the standardized edges.
    static let alignments: [(Layout.Alignment.Horizontal, Double)] = [
        (.equal, 0),
        (.left(5), 5),
        (.right(5), -45),  // 0 − 40 − 5
        (.center(5), -65),  // −50 − 20 + 5
        (.left(multiplier: 0.25), -75),  // −100 + 25
        (.right(multiplier: 0.25), -65),  // 0 − 40 − 25
        (.left(between: 0...30), -70),  // −100 + 30
        (.right(between: 0...30), -70),  // 0 − 40 − 30
    ]

    @Test(arguments: alignments)
    func alignmentsInANegativeSource(alignment: Layout.Alignment.Horizontal, x: Double) {
        let root = makeRoot(0, 500)
        let view = addChild(root)
        let narrow = AnonymConstraint(anchors: [.insets(EdgeInsets(top: 0, left: 0, bottom: 0, right: 100))])
        // A negative fixed width is read as its magnitude by the alignment too.
        for width in [Layout.Filling.Horizontal.fixed(40), .fixed(-40)] {
            let layout = Layout(x: alignment, width: width)
            let frame = layoutChecked(view.layoutBlock(with: layout, constraints: [narrow]), in: root.bounds)[0]
            expectRect(frame, x, 0, width == .fixed(40) ? 40 : -40, 500)
            let interpreted = layout.layout(rect: .zero, in: rect(0, 0, -100, 500))
            expectRect(interpreted, frame.origin.x, frame.origin.y, frame.size.width, frame.size.height)
        }
    }

    /// Fillings read the source's width as its magnitude.
    static let fillings: [(Layout.Filling.Horizontal, CGFloat)] = [
        (.equal, 100), (.scaled(0.5), 50), (.boxed(30), 70), (.upTo(60), 60), (.from(120), 120), (.between(10...80), 80),
    ]

    @Test(arguments: fillings)
    func fillingsOfANegativeSource(filling: Layout.Filling.Horizontal, width: CGFloat) {
        #expect(Layout(width: filling).layout(rect: .zero, in: rect(0, 0, -100, 500)).size.width == width)
        let root = makeRoot(0, 500)
        let view = addChild(root)
        let narrow = AnonymConstraint(anchors: [.insets(EdgeInsets(top: 0, left: 0, bottom: 0, right: 100))])
        #expect(layoutChecked(view.layoutBlock(with: Layout(width: filling), constraints: [narrow]), in: root.bounds)[0].size.width == width)
    }

    /// Side and size anchors read a reference with a negative width standardized: `a` is
    /// `(100, 0, −40, 10)`, so its `minX` is 60, its `maxX` 100 and its `width` 40.
    @Test func anchorsReadANegativeReferenceStandardized() {
        let root = makeRoot(400, 300)
        let a = addChild(root), b = addChild(root), c = addChild(root), d = addChild(root), e = addChild(root), f = addChild(root)
        let scheme = LayoutScheme(blocks: [
            a.layoutBlock(with: Layout(x: .left(100), y: .top(0), width: .fixed(-40), height: .fixed(10))),
            // Outer right align: the source starts at `a.maxX`.
            b.layoutBlock(with: Layout(x: .equal, y: .top(0), width: .fixed(10), height: .fixed(10)),
                          constraints: [a.layoutConstraint(for: [.right(.align(by: .outer))])]),
            // Inner left limit: the source starts at `a.minX` and keeps its width.
            c.layoutBlock(with: Layout(x: .equal, y: .top(0), width: .equal, height: .fixed(10)),
                          constraints: [a.layoutConstraint(for: [.left(.limit(on: .inner))])]),
            // The size anchor reads `a.width` = 40.
            d.layoutBlock(with: Layout(x: .left(0), y: .top(0), width: .equal, height: .fixed(10)),
                          constraints: [a.layoutConstraint(for: [.size(.width(0.5))])]),
            // The anchors API reads `a.maxX` = 100 and `a.centerX` = 80.
            e.layoutBlock {
                $0.width.equal(to: 10)
                $0.height.equal(to: 10)
                $0.left.align(by: a.layoutAnchors.right)
                $0.top.align(by: a.layoutAnchors.top)
            },
            f.layoutBlock {
                $0.width.equal(to: 10)
                $0.height.equal(to: 10)
                $0.centerX.align(by: a.layoutAnchors.centerX)
                $0.top.align(by: a.layoutAnchors.top)
            },
        ])
        let frames = layoutChecked(scheme, in: root.bounds)
        expectRect(frames[0], 100, 0, -40, 10)
        expectRect(frames[1], 100, 0, 10, 10)
        expectRect(frames[2], 60, 0, 340, 10)
        expectRect(frames[3], 0, 0, 20, 10)
        expectRect(frames[4], 100, 0, 10, 10)
        expectRect(frames[5], 75, 0, 10, 10)
        for (compiled, frame) in zip(scheme.compiled().snapshot(for: root.bounds).frames, frames) {
            expectRect(compiled, frame.origin.x, frame.origin.y, frame.size.width, frame.size.height)
        }
    }

    /// A content constraint to an element whose layout bounds insets made negative.
    @Test func aContentConstraintToNegativeLayoutBounds() {
        let root = makeRoot(400, 300)
        let card = addChild(root), child = addChild(root)
        let scheme = LayoutScheme(blocks: [
            card.layoutBlock(with: .equal(rect(0, 0, 0, 500))),
            child.layoutBlock(with: Layout(x: .right(10), y: .top(0), width: .scaled(0.5), height: .fixed(20)),
                              constraints: [card.contentLayoutConstraint(for: [.equally, .insets(EdgeInsets(top: 0, left: 0, bottom: 0, right: 100))])]),
        ])
        // The source is (0, 0, −100, 500): `width` 100, `maxX` 0.
        expectRect(layoutChecked(scheme, in: root.bounds)[1], -60, 0, 50, 20)
    }

    /// `currentRect` and a snapshot's frame join the frames with Foundation's `union`, which
    /// standardizes; a scheme of one frame keeps it as it is (CGLayout's fold starts from it).
    @Test func unionsStandardize() throws {
        let root = makeRoot(400, 300)
        let a = addChild(root), b = addChild(root)
        let one = LayoutScheme(blocks: [a.layoutBlock(with: .equal(rect(100, 0, -40, 10)))])
        expectRect(one.snapshot(for: root.bounds).frame, 100, 0, -40, 10)
        let two = LayoutScheme(blocks: [a.layoutBlock(with: .equal(rect(100, 0, -40, 10))), b.layoutBlock(with: .equal(rect(0, 0, 10, 10)))])
        expectRect(two.snapshot(for: root.bounds).frame, 0, 0, 100, 10)
        two.layout(in: root.bounds)
        expectRect(two.currentRect, 0, 0, 100, 10)
    }

    /// A stack in a source `(0, 0, −110, 50)`: the equal lengths come from `width` 110, the
    /// items run from `minX` −110 (or back from `maxX` 0), and the cross size is the height.
    @Test func aStackInANegativeSource() {
        let root = makeRoot(0, 50)
        let items = [addChild(root), addChild(root), addChild(root)]
        let narrow = rect(0, 0, -110, 50)
        var stack = StackLayoutScheme(items: items)
        stack.spacing = .equal(10)
        for (frame, x) in zip(layoutChecked(stack, in: narrow), [-110.0, -70, -30]) { expectRect(frame, x, 0, 30, 50) }
        stack.direction = .fromTrailing
        for (frame, x) in zip(layoutChecked(stack, in: narrow), [-30.0, -70, -110]) { expectRect(frame, x, 0, 30, 50) }
        // From the centre the run is moved so that its middle is the source's (−55).
        stack.direction = .fromCenter
        for (frame, x) in zip(layoutChecked(stack, in: narrow), [-110.0, -70, -30]) { expectRect(frame, x, 0, 30, 50) }
    }
}
