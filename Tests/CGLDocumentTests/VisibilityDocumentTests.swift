import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// `"visible": {"slot": …}`: a hidden element keeps a zero frame where its block puts it,
/// constraints against it see it collapsed, stacks and flex blocks skip it, and what is
/// inside it is hidden too (as `UIStackView` and Yoga's `display: none`).
@Suite struct VisibilityDocumentTests {
    let phone = LayoutEnvironment(width: 375, height: 667)

    private func frames(_ json: String, _ content: Content = .empty) throws -> [String: CGRect] {
        let snapshot = try document(json).compiled().snapshot(for: phone, content: content)
        return Dictionary(uniqueKeysWithValues: snapshot.elements.map { ($0.id, $0.frame) })
    }

    /// A badge above a title: hidden, it collapses where it is, and the title moves up.
    static let column = wrap(elements: #"""
        {"id": "badge", "visible": {"slot": "hasBadge", "default": true}}, {"id": "dot", "parent": "badge"}, {"id": "title"}
        """#, blocks: #"""
        {"element": "badge", "layout": "rect(16, 20, 80, 24)"},
        {"element": "dot", "layout": "rect(2, 2, 8, 8)"},
        {"element": "title", "layout": {"x": "left(16)", "y": "top(4)", "width": "fixed(200)", "height": "fixed(30)"},
         "constraints": [{"to": "badge", "anchors": ["bottom.align(outer)"]}]}
        """#)

    @Test func aHiddenElementCollapsesWhereItIsAndConstraintsSeeItCollapsed() throws {
        let shown = try frames(Self.column)
        #expect(shown["badge"] == rect(16, 20, 80, 24) && shown["title"] == rect(16, 48, 200, 30) && shown["dot"] == rect(2, 2, 8, 8))
        let hidden = try frames(Self.column, Content(["hasBadge": .flag(false)]))
        #expect(hidden["badge"] == rect(16, 20, 0, 0))
        #expect(hidden["title"] == rect(16, 24, 200, 30))
        // What is inside a hidden element is hidden too.
        #expect(hidden["dot"]?.size == .zero)
        // A default of false hides without content.
        let hiddenByDefault = Self.column.replacingOccurrences(of: #""default": true"#, with: #""default": false"#)
        #expect(try frames(hiddenByDefault) == hidden)
    }

    /// A stack with a hidden item lays out as the stack of the others.
    @Test func stacksSkipHiddenItems() throws {
        func stack(_ items: String, visible: Bool) -> String {
            wrap(elements: #"""
                {"id": "bar", "kind": "stack", "stack": {"items": [\#(items)], "filling": "equally", "spacing": "equal(10)"}},
                {"id": "a"}, {"id": "b", "visible": {"slot": "b", "default": \#(visible)}}, {"id": "c"}
                """#, blocks: #"{"element": "bar", "layout": "rect(20, 20, 300, 60)"}"#)
        }
        let skipped = try frames(stack(#""a", "b", "c""#, visible: false))
        let without = try frames(stack(#""a", "c""#, visible: true))
        #expect(skipped["a"] == without["a"] && skipped["c"] == without["c"])
        #expect(skipped["a"]?.width == 145)
        #expect(skipped["b"]?.size == .zero)
    }

    @Test func flexBlocksSkipHiddenItems() throws {
        func row(_ items: String, visible: Bool) -> String {
            wrap(elements: #"{"id": "a"}, {"id": "b", "visible": {"slot": "b", "default": \#(visible)}}, {"id": "c"}"#,
                 blocks: #"{"flex": {"direction": "row", "items": [\#(items)]}}"#)
        }
        let all = #"{"element": "a"}, {"element": "b", "width": 100}, {"element": "c"}"#
        let skipped = try frames(row(all, visible: false))
        let without = try frames(row(#"{"element": "a"}, {"element": "c"}"#, visible: true))
        #expect(skipped["a"] == without["a"] && skipped["c"] == without["c"])
        #expect(skipped["a"]?.width == 187.5)
        #expect(skipped["b"]?.size == .zero)
        #expect(try frames(row(all, visible: true))["a"]?.width == 137.5)
    }

    /// Hiding a stack hides its items, and hiding a flex block's container hides the
    /// block's items: nothing is laid out in a collapsed container.
    @Test func hidingAContainerHidesWhatItLaysOut() throws {
        let stack = wrap(elements: #"""
            {"id": "bar", "kind": "stack", "stack": {"items": ["a", "b"], "filling": "equally", "insets": [4, 4, 4, 4]},
             "visible": {"slot": "bar", "default": true}},
            {"id": "a"}, {"id": "b"}
            """#, blocks: #"{"element": "bar", "layout": "rect(20, 20, 300, 60)"}"#)
        let hiddenStack = try frames(stack, Content(["bar": .flag(false)]))
        #expect(["bar", "a", "b"].allSatisfy { hiddenStack[$0]?.size == .zero })
        let flex = wrap(elements: #"{"id": "area", "visible": {"slot": "area", "default": true}}, {"id": "a"}, {"id": "b"}"#, blocks: #"""
            {"element": "area", "layout": "rect(0, 0, 300, 100)"},
            {"flex": {"in": "area", "direction": "row", "items": [{"element": "a", "width": 200}, {"element": "b", "width": 90}]}}
            """#)
        // Without hiding its items, the fixed widths would not fit the collapsed area.
        let hiddenArea = try frames(flex, Content(["area": .flag(false)]))
        #expect(["area", "a", "b"].allSatisfy { hiddenArea[$0]?.size == .zero })
        #expect(try frames(flex)["a"]?.width == 200)
    }

    /// A hidden element counts for nothing in the snapshot's size.
    @Test func hiddenElementsDoNotCountInTheSize() throws {
        let json = wrap(elements: #"{"id": "top"}, {"id": "footer", "visible": {"slot": "footer", "default": true}}"#, blocks: #"""
            {"element": "top", "layout": "rect(0, 0, 100, 50)"},
            {"element": "footer", "layout": {"x": "left(0)", "y": "top(20)", "width": "fixed(100)", "height": "fixed(30)"},
             "constraints": [{"to": "top", "anchors": ["bottom.align(outer)"]}]}
            """#)
        let compiled = try document(json).compiled()
        #expect(try compiled.snapshot(for: phone).size == CGSize(width: 100, height: 100))
        #expect(try compiled.snapshot(for: phone, content: Content(["footer": .flag(false)])).size == CGSize(width: 100, height: 50))
    }

    /// A stack that measures itself (an adjust constraint) measures its items with the
    /// content: their texts, and not the hidden ones.
    @Test func aStackThatMeasuresItselfMeasuresTheContent() throws {
        let styles = #""styles": {"body": {"family": "DejaVu Sans", "size": 15, "lineHeight": 20}}, "#
        func column(_ a: String, _ bVisible: Bool) -> String {
            """
            {"format": "cglayout/1", "name": "test", \(styles)"elements": [
              {"id": "list", "kind": "stack", "stack": {"items": ["a", "b"], "axis": "vertical", "filling": "equal(20)", "spacing": "equal(4)",
                                                       "crossAlignment": "leading", "insets": [2, 3, 2, 3]}},
              {"id": "a", "text": \(a)}, {"id": "b", "intrinsicSize": [300, 10], "visible": {"slot": "b", "default": \(bVisible)}}],
             "blocks": [{"element": "list", "layout": {"x": "left(0)", "y": "top(0)"},
                         "constraints": [{"type": "adjust", "anchors": ["width()", "height()"]}]}]}
            """
        }
        let wider = "A wider label than the default"
        let slotted = column(#"{"slot": "a", "default": "Hi", "style": "body"}"#, true)
        let measuredDefault = try frames(slotted)
        #expect(measuredDefault["list"]?.width == 306)  // the 300-point item and the insets
        let content = Content(["a": .text(wider), "b": .flag(false)])
        let withContent = try frames(slotted, content)
        let written = try frames(column(#"{"string": "\#(wider)", "style": "body"}"#, false))
        #expect(withContent["list"] == written["list"])
        #expect(withContent["a"] == written["a"])
        #expect(withContent["list"].map { $0.width < 300 && $0.height == 24 } == true)  // one item: 2 + 20 + 2
    }

    @Test func visibilitySlotsAreValidated() {
        for (visible, message) in [(#"{"slot": "b"}"#, "'visible' needs a 'default'"), (#"{"slot": "b", "default": "yes"}"#, "'default' must be true or false, not a string"),
                                   (#"{"default": true}"#, "'visible' needs a 'slot'")] {
            let found = issues(wrap(elements: #"{"id": "b", "visible": \#(visible)}"#, blocks: #"{"element": "b", "layout": "rect(0, 0, 1, 1)"}"#))
            #expect(found.contains { $0.message.contains(message) }, "\(message): \(found.map(\.message))")
        }
        let slots = try? document(Self.column).slots
        #expect(slots == [Slot(name: "hasBadge", kind: .flag, defaultValue: .flag(true))])
    }
}
