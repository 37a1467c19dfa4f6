import Foundation
import Testing

@testable import CGLayout

/// Cases found where the engine disagreed with Taffy or Yoga on Yoga's captured chat-mac tree,
/// reduced and measured in Chrome (headless Chromium 2026-11-29, `getBoundingClientRect`):
/// the engine gives Chrome's answers.
@Suite struct BoxChromeCaseTests {
    /// CSS's defaults the captures spell out: no shrinking, no automatic minimum size.
    static func style(_ change: (inout BoxStyle) -> Void = { _ in }) -> BoxStyle {
        var style = BoxStyle()
        style.flexDirection = .column
        style.flexShrink = 0
        style.minWidth = .points(0)
        style.minHeight = .points(0)
        change(&style)
        return style
    }

    static func layout(_ nodes: [(BoxStyle, [Int])], width: CGFloat, height: BoxAvailableSpace) -> [CGRect] {
        let tree = BoxEngineTests.tree(nodes.map { ($0.0, $0.1, false) })
        return BoxEngine.layout(tree, available: (.definite(width), height), containingBlock: nil, direction: .leftToRight,
                                snapScale: nil) { _, _ in BoxMeasurement(size: .zero) }.map(\.frame)
    }

    /// An item that grows to its used width is laid out again at that width: a `maxWidth: 60%`
    /// inside it then caps a wrapping row, which wraps. Taffy 0.7.7 reuses the item's
    /// max-content layout when the width happens to equal its max-content width (there the
    /// percentage had nothing to resolve against) and makes the row 38 high; Chrome 56.
    @Test func aGrownItemIsLaidOutAgainAtItsUsedWidth() {
        let frames = Self.layout([
            (Self.style { $0.flexDirection = .row; $0.width = .points(1024) }, [1, 2]),  // 0 row
            (Self.style { $0.width = .points(380) }, []),                                 // 1 spacer
            (Self.style { $0.flexGrow = 1; $0.flexShrink = 1 }, [3, 8]),                  // 2 x
            (Self.style(), [4]),                                                          // 3 message
            (Self.style { $0.maxWidth = .percent(60) }, [5]),                             // 4 cap
            (Self.style { $0.flexDirection = .row; $0.flexWrap = .wrap }, [6, 7]),        // 5 text
            (Self.style { $0.width = .points(200); $0.height = .points(18) }, []),        // 6 a
            (Self.style { $0.width = .points(200); $0.height = .points(18) }, []),        // 7 b
            (Self.style { $0.width = .points(644); $0.height = .points(20) }, []),        // 8 composer
        ], width: 1024, height: .maxContent)
        // Chrome: row 1024 × 56; x at 380, 644 × 56; the cap 386.4 wide with b on a second line.
        #expect(frames[0].size == CGSize(width: 1024, height: 56))
        #expect(frames[2].origin == CGPoint(x: 380, y: 0) && frames[2].size == CGSize(width: 644, height: 56))
        #expect(frames[3].size.height == 36)
        #expect(abs(frames[4].size.width - 386.4) < 0.001 && frames[4].size.height == 36)
        #expect(frames[6].origin == .zero && frames[7].origin == CGPoint(x: 0, y: 18))
        #expect(frames[8].origin == CGPoint(x: 0, y: 36) && frames[8].size == CGSize(width: 644, height: 20))
    }

    /// A column of auto height is as tall as its items' hypothetical main sizes: an item with
    /// `flexBasis: 0` and `minHeight: 0` adds nothing however tall its content, and an item
    /// growing into a definite column then fills it. Chrome (each variant measured): with
    /// both items growing, n8 = n9 = 768; with n8 not growing, n8 = n9 = 0; with an automatic
    /// minimum height, a basis of `auto` or of `0%`, the content's 1,200.
    @Test(arguments: [
        (n8Grows: true, n9Basis: BoxSize.points(0), n9MinHeightAuto: false, chrome: CGFloat(768)),
        (n8Grows: false, n9Basis: BoxSize.points(0), n9MinHeightAuto: false, chrome: 0),
        (n8Grows: true, n9Basis: BoxSize.points(0), n9MinHeightAuto: true, chrome: 1200),
        (n8Grows: true, n9Basis: BoxSize.auto, n9MinHeightAuto: false, chrome: 1200),
        (n8Grows: true, n9Basis: BoxSize.percent(0), n9MinHeightAuto: false, chrome: 1200),
    ])
    func aColumnOfAutoHeightSumsItsItemsHypotheticalSizes(n8Grows: Bool, n9Basis: BoxSize, n9MinHeightAuto: Bool, chrome: CGFloat) {
        let frames = Self.layout([
            (Self.style { $0.width = .points(1024); $0.height = .points(768) }, [1]),      // 0 column
            (Self.style { $0.flexGrow = n8Grows ? 1 : 0 }, [2]),                           // 1 n8
            (Self.style {
                $0.flexGrow = 1
                $0.flexBasis = n9Basis
                if n9MinHeightAuto { $0.minHeight = .auto }
            }, [3]),                                                                       // 2 n9
            (Self.style { $0.width = .points(1000); $0.height = .points(1200) }, []),     // 3 content
        ], width: 1024, height: .maxContent)
        #expect(frames[1].size.height == chrome, "n8")
        #expect(frames[2].size.height == chrome, "n9")
    }

    /// The same rule with definite space around the column: a column of auto height in a row
    /// 768 high (not stretched) is still its items' hypothetical heights. An item with
    /// `flexBasis: 0` and an automatic minimum height is its content's 1,200 (the automatic
    /// minimum); one with `minHeight: 0` adds nothing. Chrome: 1,200, 1,200 and 0.
    @Test func aColumnInDefiniteSpaceSumsItsItemsHypotheticalSizes() {
        let frames = Self.layout([
            (Self.style { $0.flexDirection = .row; $0.height = .points(768); $0.width = .points(1024); $0.alignItems = .init(.flexStart) }, [1]),
            (Self.style { $0.width = .points(1024) }, [2, 4]),                                              // 1 column
            (Self.style { $0.flexGrow = 1; $0.flexBasis = .points(0); $0.minHeight = .auto }, [3]),         // 2 n9
            (Self.style { $0.width = .points(1000); $0.height = .points(1200) }, []),                       // 3
            (Self.style { $0.flexBasis = .points(0) }, [5]),                                                // 4 n10
            (Self.style { $0.width = .points(10); $0.height = .points(50) }, []),                           // 5
        ], width: 1024, height: .definite(768))
        #expect(frames[1].size.height == 1200, "the column")
        #expect(frames[2].size.height == 1200, "n9")
        #expect(frames[4].size.height == 0, "n10")
    }
}
