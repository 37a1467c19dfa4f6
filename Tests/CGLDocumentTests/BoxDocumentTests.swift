import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// `box` on elements and the `box` block (`docs/format.md` §1.9): what is read, and every
/// kind of mistake reported with its pointer and a hint.
@Suite struct BoxDocumentTests {
    /// The card of `BOXES.md` §1, without text.
    static let card = wrap(elements: """
        {"id": "card", "box": {"width": "100%", "flexDirection": "column", "padding": 12, "gap": 8}},
        {"id": "header", "parent": "card", "box": {"flexDirection": "row", "alignItems": "center", "gap": [4, 8]}},
        {"id": "avatar", "parent": "header", "box": {"width": 40, "height": 40, "margin": [1, 2, 3]}},
        {"id": "name", "parent": "header", "box": {"flexGrow": 1, "flexShrink": 1, "minWidth": 0, "justifyContent": "safe center"}},
        {"id": "photo", "parent": "card", "intrinsicSize": [1200, 800], "box": {"width": "100%", "aspectRatio": 1.5, "padding": 4, "paddingTop": 9}}
        """, blocks: #"{"id": "layout", "box": {"root": "card", "in": "$safeArea", "available": {"height": "max-content"}, "snap": false}}"#)

    @Test func propertiesAreReadAsCSSWritesThem() throws {
        let document = try document(Self.card)
        func style(_ id: String) throws -> BoxStyle { try #require(document.elements.first { $0.id == id }?.box) }
        let card = try style("card")
        #expect(card.width == .percent(100) && card.flexDirection == .column)
        #expect(card.padding == BoxEdges(.points(12)) && card.rowGap == .points(8) && card.columnGap == .points(8))
        let header = try style("header")
        #expect(header.alignItems == .center && header.rowGap == .points(4) && header.columnGap == .points(8))
        // Three values: top, horizontal, bottom.
        #expect(try style("avatar").margin == BoxEdges(top: .points(1), right: .points(2), bottom: .points(3), left: .points(2)))
        let name = try style("name")
        #expect(name.flexGrow == 1 && name.minWidth == .points(0))
        #expect(name.justifyContent == BoxStyle.ContentAlignment(.center, safety: .safe))
        // A longhand wins over its shorthand, whatever the order.
        #expect(try style("photo").padding == BoxEdges(top: .points(9), right: .points(4), bottom: .points(4), left: .points(4)))
        #expect(try style("photo").aspectRatio == 1.5)
        guard case .box(let block) = try #require(document.blocks.first) else { Issue.record("not a box block"); return }
        #expect(block.root == "card" && block.container == "$safeArea" && block.snap == false)
        #expect(block.availableWidth == nil && block.availableHeight == .maxContent)
        #expect(block.tree == ["card", "header", "avatar", "name", "photo"])
    }

    /// Every mistake of a value, at the property's pointer.
    @Test(arguments: [
        (#"{"flexGorw": 1}"#, "unknownKey", "/elements/0/box/flexGorw", "did you mean 'flexGrow'?"),
        (#"{"flexGrow": -1}"#, "outOfRange", "/elements/0/box/flexGrow", "use 0 or more"),
        (#"{"width": "abc"}"#, "invalidValue", "/elements/0/box/width", nil),
        (#"{"width": "50%%"}"#, "invalidValue", "/elements/0/box/width", nil),
        (#"{"width": "min-contnet"}"#, "invalidValue", "/elements/0/box/width", "did you mean 'min-content'?"),
        (#"{"width": true}"#, "wrongType", "/elements/0/box/width", nil),
        (#"{"aspectRatio": 0}"#, "outOfRange", "/elements/0/box/aspectRatio", "use a positive number, or \"auto\""),
        (#"{"padding": -2}"#, "outOfRange", "/elements/0/box/padding", "use 0 or more"),
        (#"{"margin": [1, 2, 3, 4, 5]}"#, "wrongType", "/elements/0/box/margin", nil),
        (#"{"gap": [1, "x"]}"#, "invalidValue", "/elements/0/box/gap/1", nil),
        (#"{"justifyContent": "space-betwen"}"#, "invalidValue", "/elements/0/box/justifyContent", "did you mean 'space-between'?"),
        (#"{"justifyContent": "safe space-between"}"#, "invalidValue", "/elements/0/box/justifyContent", "write 'space-between' alone"),
        (#"{"alignSelf": "strech"}"#, "invalidValue", "/elements/0/box/alignSelf", "did you mean 'stretch'?"),
        (#"{"display": "block"}"#, "invalidValue", "/elements/0/box/display", nil),
        (#"{"border": "1px"}"#, "wrongType", "/elements/0/box/border", nil),
    ])
    func aBadValueIsReportedWhereItIs(box: String, code: String, pointer: String, hint: String?) {
        let found = issues(wrap(elements: #"{"id": "card", "box": \#(box)}"#, blocks: #"{"box": {"root": "card"}}"#))
        let issue = found.first { $0.pointer == pointer }
        #expect(issue?.code.name == code, "\(found)")
        if let hint { #expect(issue?.hint == hint, "\(found)") }
        #expect(found.allSatisfy { $0.pointer.hasPrefix("/elements/0/box") }, "\(found)")
    }

    @Test func aTreeInsideAnotherTreeIsRefused() {
        let found = issues(wrap(elements: #"{"id": "a", "box": {}}, {"id": "b", "parent": "a"}"#,
                                blocks: #"{"box": {"root": "a"}}, {"box": {"root": "b"}}"#))
        #expect(found.contains { $0.pointer == "/blocks/1/box/root" && $0.message.contains("inside the tree of 'a'") }, "\(found)")
    }

    @Test func aTreeCannotBeLaidOutInItself() {
        for container in ["a", "b"] {
            let found = issues(wrap(elements: #"{"id": "a"}, {"id": "b", "parent": "a"}"#, blocks: #"{"box": {"root": "a", "in": "\#(container)"}}"#))
            #expect(found.contains { $0.pointer == "/blocks/0/box/in" && $0.code == .invalidValue }, "\(found)")
        }
    }

    @Test func aBoxThatNoBlockLaysOutIsAnError() {
        let found = issues(wrap(elements: #"{"id": "a", "box": {"width": 10}}, {"id": "b"}"#, blocks: #"{"element": "b"}, {"element": "a"}"#))
        #expect(found.contains { $0.pointer == "/elements/0/box" && $0.code == .unusedElement && $0.severity == .error }, "\(found)")
    }

    @Test func aBoxTreeHoldsViews() {
        let found = issues(wrap(elements: #"{"id": "a"}, {"id": "s", "parent": "a", "kind": "scroll", "scroll": {"contentSize": [10, 10]}}"#,
                                blocks: #"{"box": {"root": "a"}}"#))
        #expect(found.contains { $0.code == .incompatible && $0.message.contains("a box tree holds views") }, "\(found)")
    }

    @Test func theBlockItselfIsChecked() {
        let found = issues(wrap(elements: #"{"id": "a"}"#, blocks: #"{"box": {"root": "$root", "snapp": true, "available": {"width": -1}}}"#))
        #expect(found.contains { $0.pointer == "/blocks/0/box/root" })
        #expect(found.contains { $0.pointer == "/blocks/0/box/snapp" && $0.hint == "did you mean 'snap'?" }, "\(found)")
        let unknown = issues(wrap(elements: #"{"id": "a"}"#, blocks: #"{"box": {"root": "card"}}"#))
        #expect(unknown.contains { $0.code == .unknownElement && $0.pointer == "/blocks/0/box/root" })
    }

    /// A block after the box block may anchor to what it placed; one before it may not.
    @Test func blocksAfterTheBoxBlockMayReadItsElements() throws {
        _ = try document(wrap(elements: #"{"id": "a", "box": {"width": 10, "height": 10}}, {"id": "b"}"#,
                              blocks: #"{"box": {"root": "a"}}, {"element": "b", "anchors": ["top.align(a.bottom)"]}"#))
        let found = issues(wrap(elements: #"{"id": "a", "box": {"width": 10, "height": 10}}, {"id": "b"}"#,
                                blocks: #"{"element": "b", "anchors": ["top.align(a.bottom)"]}, {"box": {"root": "a"}}"#))
        #expect(found.contains { $0.code == .order }, "\(found)")
    }
}

extension BoxDocumentTests {
    /// 5,000 levels: refused for its depth alone, with the limit named; 10,000 siblings lay
    /// out in a wrapping row.
    @Test func aTreeTooDeepIsRefusedAndManySiblingsLayOut() throws {
        let deep = (0..<5000).map { #"{"id": "e\#($0)"\#($0 > 0 ? #", "parent": "e\#($0 - 1)""# : "")}"# }.joined(separator: ",")
        let found = issues(wrap(elements: deep, blocks: #"{"box": {"root": "e0"}}"#))
        #expect(found.map(\.code) == [.tooLarge] && found.first?.message.contains("5000 levels deep; a box tree may be 1024 at most") == true, "\(found.prefix(3))")
        let siblings = (0..<9_999).map { #"{"id": "c\#($0)", "parent": "row", "box": {"width": 10, "height": 10}}"# }.joined(separator: ",")
        let row = try document(wrap(elements: #"{"id": "row", "box": {"width": "100%", "flexWrap": "wrap"}},"# + siblings, blocks: #"{"box": {"root": "row"}}"#))
        let snapshot = try row.compiled().snapshot(for: LayoutEnvironment(width: 1000, height: 800))
        // 100 to a line of 1000: the last of 9,999 on line 99, at 98 × 10.
        #expect(snapshot["c9998"]?.frame == CGRect(x: 980, y: 990, width: 10, height: 10))
        #expect(snapshot["row"]?.frame.size == CGSize(width: 1000, height: 1000))
    }
}

extension BoxDocumentTests {
    /// Monospace text in a box tree wraps between words, U+200B a break with no width;
    /// outside box trees it wraps between any glyphs, as CGLayout's label does.
    @Test func monospaceTextInABoxWrapsBetweenWords() throws {
        let text = #"{"string": "HH\u200bHH\u200bHH", "advance": 10, "lineHeight": 10}"#
        let json = wrap(elements: """
            {"id": "column", "box": {"width": 50, "flexDirection": "column", "alignItems": "flex-start"}},
            {"id": "narrow", "parent": "column", "text": \(text), "box": {"width": 30}},
            {"id": "free", "parent": "column", "text": \(text)},
            {"id": "outside", "text": \(text)}
            """, blocks: #"{"box": {"root": "column"}}, {"element": "outside", "constraints": [{"anchors": ["insets(0, 0, 0, 350)"]}, {"type": "adjust", "anchors": ["height(1)"]}]}"#)
        let snapshot = try document(json).compiled().snapshot(for: LayoutEnvironment(width: 400, height: 300))
        // 30 wide: one word a line. Unconstrained (fit-content in 50): two words, then one.
        #expect(snapshot["narrow"]?.frame == CGRect(x: 0, y: 0, width: 30, height: 30))
        #expect(snapshot["free"]?.frame == CGRect(x: 0, y: 30, width: 50, height: 20))
        // Outside: 8 glyphs (U+200B counts), 5 a line.
        #expect(snapshot["outside"]?.frame.size.height == 20)
        #expect(TextMetrics(wrappingWords: "HH\u{200B}HH\u{200B}HH", advance: 10, lineHeight: 10).sizeThatFits(CGSize(width: 0, height: 0)) == CGSize(width: 20, height: 30))
        #expect(TextMetrics(wrappingWords: "ab cd", advance: 10, lineHeight: 10).sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: 0)) == CGSize(width: 50, height: 10))
        #expect(TextMetrics(wrappingWords: "ab cd", advance: 10, lineHeight: 10).sizeThatFits(CGSize(width: 40, height: 0)) == CGSize(width: 40, height: 20))
    }
}
