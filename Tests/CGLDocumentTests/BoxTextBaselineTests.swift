import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// Text leaves aligned on their baselines in a box row, with real text (DejaVu Sans through
/// fontconfig and HarfBuzz), against Chrome: the same rows as HTML, measured in headless
/// Chromium (2026-11-29; 1 pt = 1 CSS px, `line-height: normal`, device scale 1) give these
/// tops and heights. Left to right positions are not compared: Chrome keeps text widths to
/// 1/64 px where documents round them up to whole pixels.
@Suite struct BoxTextBaselineTests {
    static let styles = #"{"s12": {"family": "DejaVu Sans", "size": 12}, "s17": {"family": "DejaVu Sans", "size": 17}, "s28": {"family": "DejaVu Sans", "size": 28}}"#

    static func snapshot(_ elements: String) throws -> DocumentSnapshot {
        let json = #"{"format": "cglayout/1", "name": "baselines", "styles": \#(styles), "elements": [\#(elements)], "#
            + #""blocks": [{"id": "layout", "box": {"root": "row", "in": "$safeArea"}}]}"#
        return try SchemeDocument(json: json).compiled().snapshot(for: LayoutEnvironment(width: 600, height: 400, scale: 1))
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

    /// Three sizes on one baseline: the largest sets the row's height; the others sit lower
    /// by the difference of their ascents.
    @Test func textsOfThreeSizesShareABaseline() throws {
        let snapshot = try Self.snapshot(#"""
            {"id": "row", "box": {"flexDirection": "row", "alignItems": "baseline"}},
            {"id": "a", "parent": "row", "text": {"string": "Small", "style": "s12"}},
            {"id": "b", "parent": "row", "text": {"string": "Medium", "style": "s17"}},
            {"id": "c", "parent": "row", "text": {"string": "Large", "style": "s28"}}
            """#)
        Self.expectTopsAndHeights(snapshot, ["row": (0, 33), "a": (15, 14), "b": (10, 20), "c": (0, 33)])
    }

    /// Padding and a border move a text's baseline down by their top; a top margin moves the
    /// item; a box without text aligns its bottom edge.
    @Test func paddingBordersMarginsAndABoxWithoutText() throws {
        let snapshot = try Self.snapshot(#"""
            {"id": "row", "box": {"flexDirection": "row", "alignItems": "baseline"}},
            {"id": "a", "parent": "row", "text": {"string": "Alpha", "style": "s17"}},
            {"id": "b", "parent": "row", "text": {"string": "Beta", "style": "s12"}, "box": {"padding": [4, 6], "border": 2}},
            {"id": "c", "parent": "row", "text": {"string": "Gamma", "style": "s28"}, "box": {"marginTop": 10}},
            {"id": "d", "parent": "row", "box": {"width": 20, "height": 20}}
            """#)
        Self.expectTopsAndHeights(snapshot, ["row": (0, 45), "a": (20, 20), "b": (19, 26), "c": (10, 33), "d": (16, 20)])
    }
}
