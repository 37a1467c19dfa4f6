import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// A box whose overflow is not `visible` reports how far its content scrolls
/// (`docs/format.md` §3), as Chrome's `scrollWidth − clientWidth` and
/// `scrollHeight − clientHeight` say for the same page (measured in headless Chromium
/// 2026-11-29; the page is this document written as CSS, every element `display: flex`).
@Suite struct BoxScrollSizeTests {
    /// A clipped column of five 60-point items with 8-point bottom margins, in 10 points of
    /// padding and a 2-point border; a row of three 120-point cells with 4-point right
    /// margins that overflows sideways; a box that overflows nothing; a box that is visible.
    static let page = wrap(elements: """
        {"id": "page", "box": {"width": 390, "flexDirection": "column"}},
        {"id": "feed", "parent": "page", "box": {"width": 300, "height": 200, "flexDirection": "column", "padding": 10, "border": 2, "overflowY": "hidden"}},
        {"id": "i1", "parent": "feed", "box": {"height": 60, "marginBottom": 8, "flexShrink": 0}},
        {"id": "i2", "parent": "feed", "box": {"height": 60, "marginBottom": 8, "flexShrink": 0}},
        {"id": "i3", "parent": "feed", "box": {"height": 60, "marginBottom": 8, "flexShrink": 0}},
        {"id": "i4", "parent": "feed", "visible": {"slot": "showFourth", "default": true}, "box": {"height": 60, "marginBottom": 8, "flexShrink": 0}},
        {"id": "i5", "parent": "feed", "box": {"height": 60, "marginBottom": 8, "flexShrink": 0}},
        {"id": "strip", "parent": "page", "box": {"width": 300, "height": 50, "padding": 5, "overflow": "hidden"}},
        {"id": "c1", "parent": "strip", "box": {"width": 120, "marginRight": 4, "flexShrink": 0}},
        {"id": "c2", "parent": "strip", "box": {"width": 120, "marginRight": 4, "flexShrink": 0}},
        {"id": "c3", "parent": "strip", "box": {"width": 120, "marginRight": 4, "flexShrink": 0}},
        {"id": "fits", "parent": "page", "box": {"width": 300, "height": 50, "overflow": "clip"}}
        """, blocks: #"{"box": {"root": "page"}}"#)

    private func snapshot(direction: LayoutDirection = .leftToRight, content: Content = .empty, scale: Double? = 2) throws -> DocumentSnapshot {
        try document(Self.page).compiled().snapshot(for: LayoutEnvironment(width: 390, height: 844, scale: scale, direction: direction),
                                                     content: content)
    }

    @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func scrollSizesAreChromes(direction: LayoutDirection) throws {
        let snapshot = try snapshot(direction: direction)
        #expect(snapshot["feed"]?.scrollSize == CGSize(width: 0, height: 164))
        #expect(snapshot["strip"]?.scrollSize == CGSize(width: 82, height: 0))
        #expect(snapshot["fits"]?.scrollSize == CGSize(width: 0, height: 0))
        // Chrome's frames, for the same page.
        let x: CGFloat = direction == .leftToRight ? 0 : 90
        #expect(snapshot["feed"]?.inRoot == rect(x, 0, 300, 200))
        #expect(snapshot["strip"]?.inRoot == rect(x, 200, 300, 50))
    }

    @Test func onlyBoxesThatClipOrScrollHaveOne() throws {
        let snapshot = try snapshot(scale: nil)
        #expect(snapshot.elements.filter { $0.scrollSize != nil }.map(\.id) == ["feed", "strip", "fits"])
        #expect(snapshot.json.contains(#""feed":{"frame":[0,0,300,200],"inRoot":[0,0,300,200],"scrollSize":[0,164]}"#), "\(snapshot.json)")
        #expect(snapshot.json.contains(#""i1":{"frame":[12,12,276,60],"inRoot":[12,12,276,60]}"#), "\(snapshot.json)")
        #expect(snapshot.textTable.split(separator: "\n").contains { $0.hasPrefix("feed") && $0.hasSuffix("scrolls 0 × 164") }, "\(snapshot.textTable)")
    }

    /// An item hidden by the caller's content leaves the scrolled content (Chrome: 96 with
    /// the fourth item `display: none`); a hidden scroller's own is zero. (The list's
    /// scrollbar takes no room: `scrollbarWidth` is 0 by default.)
    @Test func hiddenContentScrollsLess() throws {
        #expect(try snapshot(content: Content(["showFourth": .flag(false)]))["feed"]?.scrollSize == CGSize(width: 0, height: 96))
        let hidden = wrap(elements: """
            {"id": "page", "box": {"width": 390}},
            {"id": "list", "parent": "page", "visible": {"slot": "showList", "default": true}, "box": {"width": 100, "height": 10, "overflow": "scroll"}},
            {"id": "tall", "parent": "list", "box": {"width": 50, "height": 100, "flexShrink": 0}}
            """, blocks: #"{"box": {"root": "page"}}"#)
        let compiled = try document(hidden).compiled()
        let environment = LayoutEnvironment(width: 390, height: 844)
        #expect(try compiled.snapshot(for: environment)["list"]?.scrollSize == CGSize(width: 0, height: 90))
        #expect(try compiled.snapshot(for: environment, content: Content(["showList": .flag(false)]))["list"]?.scrollSize == .zero)
    }
    /// Which margins scroll, as Chrome has it: a scroll container's own in-flow items' end
    /// margins (not its grandchildren's, not an absolutely positioned child's, not an empty
    /// item's, and a negative one takes nothing away).
    @Test func marginsThatScrollAreChromes() throws {
        let cases = wrap(elements: """
            {"id": "page", "box": {"width": 390, "flexDirection": "column"}},
            {"id": "a", "parent": "page", "box": {"width": 100, "height": 100, "flexShrink": 0, "flexDirection": "column", "overflow": "hidden"}},
            {"id": "a1", "parent": "a", "box": {"height": 100, "flexShrink": 0, "flexDirection": "column"}},
            {"id": "a2", "parent": "a1", "box": {"height": 100, "flexShrink": 0, "marginBottom": 50}},
            {"id": "b", "parent": "page", "box": {"width": 100, "height": 100, "flexShrink": 0, "flexDirection": "column", "overflow": "hidden"}},
            {"id": "b1", "parent": "b", "box": {"height": 0, "flexShrink": 0, "marginBottom": 50}},
            {"id": "c", "parent": "page", "box": {"width": 100, "height": 100, "flexShrink": 0, "flexDirection": "column", "overflow": "hidden"}},
            {"id": "c1", "parent": "c", "box": {"height": 120, "flexShrink": 0, "marginBottom": -10}},
            {"id": "d", "parent": "page", "box": {"width": 100, "height": 100, "flexShrink": 0, "flexDirection": "column", "overflow": "hidden"}},
            {"id": "d1", "parent": "d", "box": {"position": "absolute", "top": 80, "width": 10, "height": 50, "marginBottom": 30}},
            {"id": "e", "parent": "page", "box": {"width": 100, "height": 100, "flexShrink": 0, "overflow": "hidden"}},
            {"id": "e1", "parent": "e", "box": {"width": 90, "flexShrink": 0, "marginLeft": 5, "marginRight": 30}}
            """, blocks: #"{"box": {"root": "page"}}"#)
        let snapshot = try document(cases).compiled().snapshot(for: LayoutEnvironment(width: 390, height: 844))
        let expected: [String: CGSize] = ["a": .zero, "b": .zero, "c": CGSize(width: 0, height: 20), "d": CGSize(width: 0, height: 30),
                                          "e": CGSize(width: 25, height: 0)]
        for (id, size) in expected { #expect(snapshot[id]?.scrollSize == size, "\(id)") }
    }
}
