import Foundation
import Testing

@testable import CGLayout

/// `ENGINE.md` §2: alignment, filling, composition and presets.
@Suite struct LayoutTests {
    let source = rect(20, 10, 360, 280)

    @Test func structureExampleGivesSameResultInBothForms() {
        let alignment = Layout.Alignment(horizontal: .center(0), vertical: .bottom(10))
        let filling = Layout.Filling(horizontal: .scaled(0.5), vertical: .fixed(40))
        let first = Layout(alignment: alignment, filling: filling).layout(rect: .zero, in: source)
        let second = Layout(x: .center(0), y: .bottom(10), width: .scaled(0.5), height: .fixed(40)).layout(rect: .zero, in: source)
        expectRect(first, 110, 240, 180, 40)
        #expect(first == second)
    }

    @Test(arguments: [
        (Layout.Alignment.Horizontal.equal, CGFloat(100), CGFloat(20)),
        (.left(10), 100, 30),
        (.right(10), 100, 270),
        (.center(15), 100, 165),
        (.left(multiplier: 0.25), 40, 110),
        (.right(multiplier: 0.25), 40, 250),
        (.leading(10), 100, 30),
        (.trailing(10), 100, 270),
        (10, 100, 30),
    ])
    func horizontalAlignment(alignment: Layout.Alignment.Horizontal, width: CGFloat, expectedX: CGFloat) {
        let frame = Layout(x: alignment, width: .fixed(width)).layout(rect: .zero, in: source)
        #expect(frame.origin.x == expectedX)
        #expect(frame.size.width == width)
    }

    @Test func leadingAndTrailingFlipRightToLeft() {
        let leading = Layout(x: .leading(10), width: .fixed(100)).layout(rect: .zero, in: source, direction: .rightToLeft)
        let trailing = Layout(x: .trailing(10), width: .fixed(100)).layout(rect: .zero, in: source, direction: .rightToLeft)
        #expect(leading.origin.x == 270)
        #expect(trailing.origin.x == 30)
    }

    @Test(arguments: [
        (Layout.Alignment.Vertical.equal, CGFloat(40), CGFloat(10)),
        (.top(10), 40, 20),
        (.bottom(10), 40, 240),
        (.center(-5), 40, 125),
        (.top(multiplier: 0.1), 20, 38),
        (.bottom(multiplier: 0.1), 20, 242),
        (7, 40, 17),
    ])
    func verticalAlignment(alignment: Layout.Alignment.Vertical, height: CGFloat, expectedY: CGFloat) {
        let frame = Layout(y: alignment, height: .fixed(height)).layout(rect: .zero, in: source)
        #expect(abs(frame.origin.y - expectedY) < 1e-9)
    }

    /// §2.4, horizontal: `left/right(between: 10...30)` in a source 400 wide.
    @Test(arguments: [
        (CGFloat(380), CGFloat(20), CGFloat(0)),
        (200, 30, 170),
        (395, 10, -5),
        (420, 10, -30),
    ])
    func horizontalBetween(width: CGFloat, leftX: CGFloat, rightX: CGFloat) {
        let space = rect(0, 0, 400, 100)
        let left = Layout(x: .left(between: 10...30), width: .fixed(width)).layout(rect: .zero, in: space)
        let right = Layout(x: .right(between: 10...30), width: .fixed(width)).layout(rect: .zero, in: space)
        #expect(left.origin.x == leftX)
        #expect(right.origin.x == rightX)
    }

    /// §2.4, vertical: `top/bottom(between: 0...100)` in a source 300 high.
    @Test(arguments: [
        (CGFloat(250), CGFloat(50), CGFloat(0)),
        (100, 100, 100),
        (320, 0, -20),
    ])
    func verticalBetween(height: CGFloat, topY: CGFloat, bottomY: CGFloat) {
        let space = rect(0, 0, 100, 300)
        let top = Layout(y: .top(between: 0...100), height: .fixed(height)).layout(rect: .zero, in: space)
        let bottom = Layout(y: .bottom(between: 0...100), height: .fixed(height)).layout(rect: .zero, in: space)
        #expect(top.origin.y == topY)
        #expect(bottom.origin.y == bottomY)
    }

    /// §2.4 stepped: `top(between: 0...100, step: 7)` rounds the gap down to a multiple of
    /// the step unless it reached the upper bound.
    @Test(arguments: [(CGFloat(250), CGFloat(49)), (277, 21), (100, 100)])
    func steppedTopBetween(height: CGFloat, expectedY: CGFloat) {
        let space = rect(0, 0, 100, 300)
        let frame = Layout(y: .top(between: 0...100, step: 7), height: .fixed(height)).layout(rect: .zero, in: space)
        #expect(frame.origin.y == expectedY)
    }

    @Test func unsteppedTopBetweenKeepsFractionalGap() {
        let frame = Layout(y: .top(between: 0...100), height: .fixed(249.45)).layout(rect: .zero, in: rect(0, 0, 100, 300))
        #expect(abs(frame.origin.y - 50.55) < 1e-9)
    }

    /// "Our decisions" 1: a range means what it says. CGLayout turned `10..<30` into
    /// `10...31` and gave 31 with plenty of room; our closed range stops at its bound.
    @Test func closedRangesStopAtTheirUpperBound() {
        let space = rect(0, 0, 400, 400)
        #expect(Layout(x: .left(between: 10...30), width: .fixed(100)).layout(rect: .zero, in: space).origin.x == 30)
        #expect(Layout(x: .right(between: 10...30), width: .fixed(100)).layout(rect: .zero, in: space).origin.x == 270)
        #expect(Layout(y: .top(between: 10...30), height: .fixed(100)).layout(rect: .zero, in: space).origin.y == 30)
        #expect(Layout(width: .between(10...30)).layout(rect: .zero, in: space).size.width == 30)
        #expect(Layout(y: .top(between: 0...100, step: 7), height: .fixed(100)).layout(rect: .zero, in: rect(0, 0, 100, 200)).origin.y == 100)
    }

    @Test(arguments: [
        (Layout.Filling.Horizontal.equal, CGFloat(360)),
        (.fixed(120), 120),
        (120, 120),
        (.scaled(0.5), 180),
        (.boxed(40), 320),
        (.boxed(500), 0),
        (.boxed(-40), 400),
        (.upTo(100), 100),
        (.upTo(500), 360),
        (.from(100), 360),
        (.from(500), 500),
        (.between(50...150), 150),
        (.between(400...500), 400),
    ])
    func widthFilling(filling: Layout.Filling.Horizontal, expected: CGFloat) {
        #expect(Layout(width: filling).layout(rect: .zero, in: source).size.width == expected)
    }

    @Test(arguments: [
        (Layout.Filling.Vertical.scaled(0.1), CGFloat(28)),
        (.boxed(250), 30),
        (.fixed(44), 44),
        (.between(10...20), 20),
    ])
    func heightFilling(filling: Layout.Filling.Vertical, expected: CGFloat) {
        #expect(abs(Layout(height: filling).layout(rect: .zero, in: source).size.height - expected) < 1e-9)
    }

    /// §2.6: every part is absolute, so the last part writing a field wins.
    @Test func compositionLastPartWins() {
        let layout = Layout(x: .left(10) + .center(0), y: .top(10) + .bottom(5), width: .scaled(0.5) + .upTo(150), height: .fixed(40))
        expectRect(layout.layout(rect: .zero, in: source), 125, 245, 150, 40)
    }

    @Test func layoutPlusLayoutConcatenatesParts() {
        let first = Layout(x: .left(10), y: .top(0), width: .fixed(300), height: .fixed(20))
        let resized = first + Layout.width(.fixed(100))
        // The x of the first layout was computed for width 300 and is kept.
        expectRect(resized.layout(rect: .zero, in: source), 30, 10, 100, 20)
        let recentred = resized + Layout.horizontal(.center())
        expectRect(recentred.layout(rect: .zero, in: source), 150, 10, 100, 20)
    }

    @Test func presets() {
        let current = rect(5, 6, 70, 80)
        #expect(Layout.equal.layout(rect: current, in: source) == source)
        #expect(Layout.equal(rect(1, 2, 3, 4)).layout(rect: current, in: source) == rect(1, 2, 3, 4))
        #expect(Layout.nothing.layout(rect: current, in: source) == current)
        #expect(Layout.Alignment.equal.layout(rect: current, in: source) == rect(20, 10, 70, 80))
        #expect(Layout.Alignment.center.layout(rect: current, in: source) == rect(165, 110, 70, 80))
        expectRect(rect(10, 20, 30, 40).asLayout().layout(rect: current, in: source), 30, 30, 30, 40)
    }

    @Test func partialLayoutsKeepTheCurrentFrame() {
        let current = rect(5, 6, 70, 80)
        expectRect(Layout.height(.fixed(20)).layout(rect: current, in: source), 5, 6, 70, 20)
        expectRect(Layout.width(.scaled(0.5)).layout(rect: current, in: source), 5, 6, 180, 80)
        expectRect(Layout.vertical(.bottom()).layout(rect: current, in: source), 5, 210, 70, 80)
        expectRect((Layout.horizontal(.right()) + Layout.height(.fixed(20))).layout(rect: current, in: source), 310, 6, 70, 20)
    }

    /// §2.7 beta range layouts with `F = (50,50,100,40)`.
    @Test func betaRangeLayouts() {
        let current = rect(50, 50, 100, 40)
        expectRect(Layout.left(10...).layout(rect: current, in: source), 280, 50, 0, 40)
        expectRect(Layout.right(10...).layout(rect: current, in: source), 50, 50, 70, 40)
        // Vertically: d = max(10, 280 − 40) = 240; top → min edge at 250 keeping maxY 90.
        expectRect(Layout.top(10...).layout(rect: current, in: source), 50, 250, 100, 0)
        // bottom → max edge at 290 − 240 = 50, keeping minY 50.
        expectRect(Layout.bottom(10...).layout(rect: current, in: source), 50, 50, 100, 0)
    }

    struct Inset: RectBasedLayout {
        var amount: CGFloat
        func formLayout(rect: inout CGRect, in source: CGRect, direction: LayoutDirection) {
            rect = source.inset(by: EdgeInsets(all: amount))
        }
    }

    @Test func customLayoutsComposeWithBuiltInOnes() {
        let layout = Layout.custom(Inset(amount: 10)) + Layout.height(.fixed(5)) + Layout.custom(Inset(amount: 20)) + Layout.width(.fixed(7))
        expectRect(layout.layout(rect: .zero, in: source), 40, 30, 7, 240)
    }

    @Test func nonFiniteInputPropagatesWithoutTrapping() {
        let frame = Layout(x: .center(), y: .top(between: 0...10, step: 0), width: .scaled(.nan), height: .fixed(.infinity))
            .layout(rect: .zero, in: rect(0, 0, .infinity, .nan))
        #expect(frame.size.width.isNaN)
        #expect(frame.size.height == .infinity)
    }
}

/// `ENGINE.md` §2.7: the lower-level helpers of every `RectBasedLayout`.
@Suite struct RectBasedLayoutHelperTests {
    @Test func layoutWithConstraintGroups() {
        let layout = Layout(x: .left(4), width: .boxed(8))
        let avatar = rect(10, 0, 40, 40)
        let menu = rect(300, 0, 20, 20)
        let groups: [(rect: CGRect, constraints: [any RectBasedConstraint])] = [
            (avatar, [LayoutAnchor.right(.limit(on: .outer))]),
            (menu, [LayoutAnchor.left(.limit(on: .outer)), LayoutAnchor.size(.height(2))]),
        ]
        // Source [0, 400] → after the avatar [50, 400] → before the menu [50, 300], height 40.
        expectRect(layout.layout(rect: .zero, in: rect(0, 0, 400, 100), use: groups), 54, 0, 242, 40)
    }

    @Test func applyAssignsTheFrame() {
        let view = LayoutView(frame: rect(1, 2, 3, 4))
        Layout.width(.fixed(10)).apply(for: view, in: rect(0, 0, 100, 100))
        #expect(view.frame == rect(1, 2, 10, 4))
        Layout(x: .trailing(), width: .fixed(10)).apply(for: view, in: rect(0, 0, 100, 100), direction: .rightToLeft)
        #expect(view.frame == rect(0, 0, 10, 100))
    }
}
