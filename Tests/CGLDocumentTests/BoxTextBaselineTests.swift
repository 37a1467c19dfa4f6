import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// Text in box trees against Chrome, with real text (DejaVu Sans through fontconfig and
/// HarfBuzz): the same trees as HTML (1 pt = 1 CSS px, a style without `lineHeight` as
/// `line-height: normal`, a number as that many px), measured in headless Chromium
/// (2026-11-29, `getBoundingClientRect`) and snapped by BOXES.md §2's rule, give these tops and
/// heights. Chrome sizes line boxes in device pixels (`CSSLineBox`); text measured the way the
/// rest of the engine measures it (to Pango's numbers) missed these by a pixel.
@Suite struct BoxTextBaselineTests {
    static let styles = #"{"s12": {"family": "DejaVu Sans", "size": 12}, "s15": {"family": "DejaVu Sans", "size": 15}, "#
        + #""s17": {"family": "DejaVu Sans", "size": 17}, "s28": {"family": "DejaVu Sans", "size": 28}, "#
        + #""h12": {"family": "DejaVu Sans", "size": 12, "lineHeight": 16}, "h15": {"family": "DejaVu Sans", "size": 15, "lineHeight": 20}, "#
        + #""h17": {"family": "DejaVu Sans", "size": 17, "lineHeight": 22}, "h28": {"family": "DejaVu Sans", "size": 28, "lineHeight": 36}, "#
        + #""h19": {"family": "DejaVu Sans", "size": 15, "lineHeight": 19}, "m12": {"family": "DejaVu Sans", "size": 15, "lineHeight": {"multiple": 1.2}}}"#

    static func snapshot(_ elements: String, root: String = "row", scale: Double = 1) throws -> DocumentSnapshot {
        let json = #"{"format": "cglayout/1", "name": "baselines", "styles": \#(styles), "elements": [\#(elements)], "#
            + #""blocks": [{"id": "layout", "box": {"root": "\#(root)", "in": "$safeArea"}}]}"#
        return try SchemeDocument(json: json).compiled().snapshot(for: LayoutEnvironment(width: 600, height: 400, scale: scale))
    }

    static func expectTopsAndHeights(_ snapshot: DocumentSnapshot, _ chrome: [String: (y: CGFloat, height: CGFloat)],
                                     sourceLocation: SourceLocation = #_sourceLocation) {
        for (id, expected) in chrome.sorted(by: { $0.key < $1.key }) {
            let frame = snapshot[id]?.inRoot
            #expect(frame?.minY == expected.y && frame?.height == expected.height,
                    "\(id): \(String(describing: frame)) against Chrome's y \(expected.y), height \(expected.height)",
                    sourceLocation: sourceLocation)
        }
    }

    static func row(_ small: String, _ medium: String, _ large: String) -> String {
        #"""
        {"id": "row", "box": {"flexDirection": "row", "alignItems": "baseline"}},
        {"id": "a", "parent": "row", "text": {"string": "Small", "style": "\#(small)"}},
        {"id": "b", "parent": "row", "text": {"string": "Medium", "style": "\#(medium)"}},
        {"id": "c", "parent": "row", "text": {"string": "Large", "style": "\#(large)"}}
        """#
    }

    static func padded(_ s17: String, _ s12: String, _ s28: String) -> String {
        #"""
        {"id": "row", "box": {"flexDirection": "row", "alignItems": "baseline"}},
        {"id": "a", "parent": "row", "text": {"string": "Alpha", "style": "\#(s17)"}},
        {"id": "b", "parent": "row", "text": {"string": "Beta", "style": "\#(s12)"}, "box": {"padding": [4, 6], "border": 2}},
        {"id": "c", "parent": "row", "text": {"string": "Gamma", "style": "\#(s28)"}, "box": {"marginTop": 10}},
        {"id": "d", "parent": "row", "box": {"width": 20, "height": 20}}
        """#
    }

    static func column(_ s17: String, _ s12: String, _ s28: String, _ s15: String) -> String {
        #"""
        {"id": "row", "box": {"flexDirection": "row", "alignItems": "baseline"}},
        {"id": "a", "parent": "row", "text": {"string": "Alpha", "style": "\#(s17)"}},
        {"id": "col", "parent": "row", "box": {"flexDirection": "column", "paddingTop": 5}},
        {"id": "c1", "parent": "col", "text": {"string": "First", "style": "\#(s12)"}},
        {"id": "c2", "parent": "col", "text": {"string": "Second", "style": "\#(s28)"}},
        {"id": "w", "parent": "row", "text": {"string": "Two lines", "style": "\#(s15)"}, "box": {"width": 60}},
        {"id": "z", "parent": "row", "text": {"string": "Big", "style": "\#(s28)"}}
        """#
    }

    /// Three sizes on one baseline: the largest sets the row's height; the others sit lower
    /// by the difference of their ascents (rounded to pixels, and half-leadings floored).
    @Test func textsOfThreeSizesShareABaseline() throws {
        Self.expectTopsAndHeights(try Self.snapshot(Self.row("s12", "s17", "s28")), ["row": (0, 33), "a": (15, 14), "b": (10, 20), "c": (0, 33)])
        Self.expectTopsAndHeights(try Self.snapshot(Self.row("h12", "h17", "h28")), ["row": (0, 36), "a": (15, 16), "b": (10, 22), "c": (0, 36)])
        // Left to right as well: Chrome's text widths (to 1/64 px) snapped.
        let snapshot = try Self.snapshot(Self.row("s12", "s17", "s28"))
        #expect(snapshot["a"]?.inRoot.width == 33 && snapshot["b"]?.inRoot.minX == 33 && snapshot["b"]?.inRoot.width == 68)
        #expect(snapshot["c"]?.inRoot.minX == 101 && snapshot["c"]?.inRoot.width == 79)
        // Two device pixels per point: Chrome's row is 32.5 high.
        #expect(try Self.snapshot(Self.row("s12", "s17", "s28"), scale: 2)["row"]?.inRoot.height == 32.5)
    }

    /// Padding and a border move a text's baseline down by their top; a top margin moves the
    /// item; a box without text aligns its bottom edge.
    @Test func paddingBordersMarginsAndABoxWithoutText() throws {
        Self.expectTopsAndHeights(try Self.snapshot(Self.padded("s17", "s12", "s28")),
                                  ["row": (0, 45), "a": (20, 20), "b": (19, 26), "c": (10, 33), "d": (16, 20)])
        Self.expectTopsAndHeights(try Self.snapshot(Self.padded("h17", "h12", "h28")),
                                  ["row": (0, 47), "a": (20, 22), "b": (19, 28), "c": (10, 36), "d": (17, 20)])
        let snapshot = try Self.snapshot(Self.padded("s17", "s12", "s28"))
        #expect(snapshot["row"]?.inRoot.width == 223 && snapshot["c"]?.inRoot.minX == 92 && snapshot["d"]?.inRoot.minX == 203)
    }

    /// A column's baseline is its first item's; a text of two lines is two line boxes high.
    @Test func aColumnAndTwoLinesOnTheBaseline() throws {
        Self.expectTopsAndHeights(try Self.snapshot(Self.column("s17", "s12", "s28", "s15")),
                                  ["row": (0, 62), "a": (10, 20), "col": (10, 52), "c1": (15, 14), "c2": (29, 33), "w": (12, 36), "z": (0, 33)])
        Self.expectTopsAndHeights(try Self.snapshot(Self.column("h17", "h12", "h28", "h15")),
                                  ["row": (0, 67), "a": (10, 22), "col": (10, 57), "c1": (15, 16), "c2": (31, 36), "w": (12, 40), "z": (0, 36)])
    }

    /// Texts of one and three lines at 15 pt: the font's line height (18 px each), explicit
    /// ones, and a multiple of the font's (kept to 1/64 px: 20.953, snapped with the column).
    @Test func linesOfEachLineHeight() throws {
        var elements = [#"{"id": "col", "box": {"flexDirection": "column", "alignItems": "flex-start"}}"#]
        for (name, style) in [("n", "s15"), ("l20", "h15"), ("l19", "h19"), ("m12", "m12")] {
            elements.append(#"{"id": "\#(name)x1", "parent": "col", "text": {"string": "word", "style": "\#(style)"}}"#)
            elements.append(#"{"id": "\#(name)x3", "parent": "col", "text": {"string": "word word word", "style": "\#(style)"}, "box": {"width": 50}}"#)
        }
        Self.expectTopsAndHeights(try Self.snapshot(elements.joined(separator: ", "), root: "col"), [
            "col": (0, 312), "nx1": (0, 18), "nx3": (18, 54), "l20x1": (72, 20), "l20x3": (92, 60),
            "l19x1": (152, 19), "l19x3": (171, 57), "m12x1": (228, 21), "m12x3": (249, 63),
        ])
    }
}
