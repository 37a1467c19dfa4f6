import Foundation
import Testing

@testable import CGLayout

/// `ENGINE.md` §3: anchors reshape the source rect against a reference rect.
@Suite struct LayoutAnchorTests {
    /// `R = (100,80,120,60)`: minX 100, maxX 220, minY 80, maxY 140.
    let reference = rect(100, 80, 120, 60)

    struct Row: Sendable, CustomStringConvertible {
        let name: String
        let anchor: LayoutAnchor
        let full: (CGFloat, CGFloat)
        let after: (CGFloat, CGFloat)
        let before: (CGFloat, CGFloat)
        var description: String { name }
        var isHorizontal: Bool { name.hasPrefix("left") || name.hasPrefix("right") }
    }

    static let matrix: [Row] = [
        Row(name: "left.align(inner)", anchor: .left(.align(by: .inner)), full: (100, 500), after: (100, 200), before: (100, 150)),
        Row(name: "left.align(outer)", anchor: .left(.align(by: .outer)), full: (-300, 100), after: (0, 100), before: (50, 100)),
        Row(name: "left.limit(inner)", anchor: .left(.limit(on: .inner)), full: (100, 400), after: (250, 350), before: (100, 100)),
        Row(name: "left.limit(outer)", anchor: .left(.limit(on: .outer)), full: (0, 100), after: (100, 100), before: (10, 60)),
        Row(name: "left.pull(inner)", anchor: .left(.pull(from: .inner)), full: (100, 400), after: (100, 350), before: (100, 100)),
        Row(name: "left.pull(outer)", anchor: .left(.pull(from: .outer)), full: (0, 100), after: (100, 100), before: (10, 100)),
        Row(name: "right.align(inner)", anchor: .right(.align(by: .inner)), full: (-180, 220), after: (120, 220), before: (170, 220)),
        Row(name: "right.align(outer)", anchor: .right(.align(by: .outer)), full: (220, 620), after: (220, 320), before: (220, 270)),
        Row(name: "right.limit(inner)", anchor: .right(.limit(on: .inner)), full: (0, 220), after: (220, 220), before: (10, 60)),
        Row(name: "right.limit(outer)", anchor: .right(.limit(on: .outer)), full: (220, 400), after: (250, 350), before: (220, 220)),
        Row(name: "right.pull(inner)", anchor: .right(.pull(from: .inner)), full: (0, 220), after: (220, 220), before: (10, 220)),
        Row(name: "right.pull(outer)", anchor: .right(.pull(from: .outer)), full: (220, 400), after: (220, 350), before: (220, 220)),
        Row(name: "top.align(inner)", anchor: .top(.align(by: .inner)), full: (80, 380), after: (80, 130), before: (80, 120)),
        Row(name: "top.align(outer)", anchor: .top(.align(by: .outer)), full: (-220, 80), after: (30, 80), before: (40, 80)),
        Row(name: "top.limit(inner)", anchor: .top(.limit(on: .inner)), full: (80, 300), after: (200, 250), before: (80, 80)),
        Row(name: "top.limit(outer)", anchor: .top(.limit(on: .outer)), full: (0, 80), after: (80, 80), before: (10, 50)),
        Row(name: "top.pull(inner)", anchor: .top(.pull(from: .inner)), full: (80, 300), after: (80, 250), before: (80, 80)),
        Row(name: "top.pull(outer)", anchor: .top(.pull(from: .outer)), full: (0, 80), after: (80, 80), before: (10, 80)),
        Row(name: "bottom.align(inner)", anchor: .bottom(.align(by: .inner)), full: (-160, 140), after: (90, 140), before: (100, 140)),
        Row(name: "bottom.align(outer)", anchor: .bottom(.align(by: .outer)), full: (140, 440), after: (140, 190), before: (140, 180)),
        Row(name: "bottom.limit(inner)", anchor: .bottom(.limit(on: .inner)), full: (0, 140), after: (140, 140), before: (10, 50)),
        Row(name: "bottom.limit(outer)", anchor: .bottom(.limit(on: .outer)), full: (140, 300), after: (200, 250), before: (140, 140)),
        Row(name: "bottom.pull(inner)", anchor: .bottom(.pull(from: .inner)), full: (0, 140), after: (140, 140), before: (10, 140)),
        Row(name: "bottom.pull(outer)", anchor: .bottom(.pull(from: .outer)), full: (140, 300), after: (140, 250), before: (140, 140)),
    ]

    /// Sources: "full" `(0,0,400,300)`; "after" x-range [250,350], y-range [200,250];
    /// "before" x-range [10,60], y-range [10,50].
    static let sources = (full: rect(0, 0, 400, 300), after: rect(250, 200, 100, 50), before: rect(10, 10, 50, 40))

    func range(_ rect: CGRect, horizontal: Bool) -> (CGFloat, CGFloat) {
        horizontal ? (rect.origin.x, rect.origin.x + rect.size.width) : (rect.origin.y, rect.origin.y + rect.size.height)
    }

    @Test(arguments: matrix)
    func sideAnchorMatrix(row: Row) {
        let sources = Self.sources
        for (source, expected) in [(sources.full, row.full), (sources.after, row.after), (sources.before, row.before)] {
            let result = row.anchor.constrain(sourceRect: source, by: reference)
            let got = range(result, horizontal: row.isHorizontal)
            #expect(got == expected, "\(row.name) in \(source): got \(got), expected \(expected)")
            // The other axis is never touched.
            #expect(range(result, horizontal: !row.isHorizontal) == range(source, horizontal: !row.isHorizontal))
        }
    }

    /// §3.3: leading/trailing are left/right left-to-right and right/left right-to-left,
    /// for all kinds and dependences.
    @Test(arguments: [LayoutAnchor.Side.align(by: .inner), .align(by: .outer), .limit(on: .inner), .limit(on: .outer), .pull(from: .inner), .pull(from: .outer)])
    func leadingAndTrailingFollowTheDirection(side: LayoutAnchor.Side) {
        for source in [Self.sources.full, Self.sources.after, Self.sources.before] {
            let left = LayoutAnchor.left(side).constrain(sourceRect: source, by: reference)
            let right = LayoutAnchor.right(side).constrain(sourceRect: source, by: reference)
            #expect(LayoutAnchor.leading(side).constrain(sourceRect: source, by: reference) == left)
            #expect(LayoutAnchor.trailing(side).constrain(sourceRect: source, by: reference) == right)
            #expect(LayoutAnchor.leading(side).constrain(sourceRect: source, by: reference, direction: .rightToLeft) == right)
            #expect(LayoutAnchor.trailing(side).constrain(sourceRect: source, by: reference, direction: .rightToLeft) == left)
        }
        let rtl = LayoutAnchor.leading(.align(by: .inner)).constrain(sourceRect: Self.sources.full, by: reference, direction: .rightToLeft)
        #expect(range(rtl, horizontal: true) == (-180, 220))
    }

    /// §3.4, `R` centre (160, 110).
    @Test func centerAnchors() {
        let full = Self.sources.full
        let small = rect(0, 0, 40, 20)
        #expect(LayoutAnchor.center(.align(by: .center)).constrain(sourceRect: full, by: reference) == rect(-40, -40, 400, 300))
        #expect(LayoutAnchor.center(.align(by: .origin)).constrain(sourceRect: full, by: reference) == rect(160, 110, 400, 300))
        #expect(LayoutAnchor.center(.align(by: .center)).constrain(sourceRect: small, by: reference) == rect(140, 100, 40, 20))
        #expect(LayoutAnchor.center(.align(by: .origin)).constrain(sourceRect: small, by: reference) == rect(160, 110, 40, 20))
    }

    /// §3.5: size, insets, equal, equally, custom.
    @Test func sizeInsetsEqualAndCustom() {
        let full = Self.sources.full
        var source = LayoutAnchor.size(.width(2)).constrain(sourceRect: full, by: reference)
        source = LayoutAnchor.size(.height()).constrain(sourceRect: source, by: reference)
        #expect(source == rect(0, 0, 240, 60))
        #expect(LayoutAnchor.insets(EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)).constrain(sourceRect: full, by: reference) == rect(20, 10, 340, 260))
        let overInset = LayoutAnchor.insets(EdgeInsets(top: 0, left: 300, bottom: 0, right: 300)).constrain(sourceRect: full, by: reference)
        #expect(overInset.size.width == -200)
        #expect(LayoutAnchor.equal(rect(1, 2, 3, 4)).constrain(sourceRect: full, by: reference) == rect(1, 2, 3, 4))
        #expect(LayoutAnchor.equally.constrain(sourceRect: full, by: reference) == reference)
        #expect(LayoutAnchor.custom(HalfOfReference()).constrain(sourceRect: full, by: reference) == rect(100, 80, 60, 30))
    }

    struct HalfOfReference: RectBasedConstraint {
        func formConstrain(sourceRect: inout CGRect, by rect: CGRect, direction: LayoutDirection) {
            sourceRect = CGRect(origin: rect.origin, size: CGSize(width: rect.size.width / 2, height: rect.size.height / 2))
        }
    }

    /// §13.4 (kept): a limit whose anchor lies past the opposite edge collapses the source
    /// to zero size *at the anchor*.
    @Test func limitCollapsesAtTheAnchor() {
        let collapsed = LayoutAnchor.left(.limit(on: .inner)).constrain(sourceRect: rect(10, 0, 50, 10), by: reference)
        #expect(collapsed == rect(100, 0, 0, 10))
    }
}
