import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// Stacks, scrolls and flex blocks in documents (`docs/format.md` §1.1, §1.2, §1.5).
@Suite struct ContainerDocumentTests {
    let phone = LayoutEnvironment(width: 375, height: 667)

    func frames(_ json: String, _ environment: LayoutEnvironment? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: DocumentSnapshot.Entry] {
        let snapshot = try document(json, sourceLocation: sourceLocation).compiled().snapshot(for: environment ?? phone)
        return Dictionary(uniqueKeysWithValues: snapshot.elements.map { ($0.id, $0) })
    }

    // MARK: Stacks

    /// `ENGINE.md` §8.1's example as a document: a stack at (20, 20, 300, 60), four items.
    @Test func stackElementsLayOutTheirItems() throws {
        let elements = #"""
            {"id": "bar", "kind": "stack", "stack": {"items": ["a", "b", "c", "d"], "filling": "equal(40)", "spacing": "equal(10)", "direction": "fromTrailing", "alignment": "trailing(5)"}},
            {"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}
            """#
        let json = wrap(elements: elements, blocks: #"{"element": "bar", "layout": "rect(20, 20, 300, 60)"}"#)
        let ltr = try frames(json)
        #expect(["a", "b", "c", "d"].map { ltr[$0]?.frame } == [rect(280, 15, 40, 60), rect(230, 15, 40, 60), rect(180, 15, 40, 60), rect(130, 15, 40, 60)])
        #expect(ltr["bar"]?.frame == rect(20, 20, 300, 60))
        var rtl = phone
        rtl.direction = .rightToLeft
        #expect(try frames(json, rtl)["a"]?.frame == rect(20, 15, 40, 60))
    }

    @Test func stackInsetsCrossAlignmentAndAdjust() throws {
        let elements = #"""
            {"id": "bar", "kind": "stack", "stack": {"items": ["a", "b"], "axis": "vertical", "filling": "equal(20)", "spacing": "equal(4)",
                                                     "crossAlignment": "center", "insets": [8, 10, 8, 10]}},
            {"id": "a", "intrinsicSize": [50, 10]}, {"id": "b", "text": {"length": 3, "advance": 10, "lineHeight": 20}}
            """#
        // The stack sizes itself: 8 + 20 + 4 + 20 + 8 = 60 high.
        let blocks = #"{"element": "bar", "layout": {"x": "left(0)", "y": "top(100)"}, "constraints": [{"type": "adjust", "anchors": ["height()"]}]}"#
        let result = try frames(wrap(elements: elements, blocks: blocks))
        #expect(result["bar"]?.frame == rect(0, 100, 375, 60))
        #expect(result["a"]?.frame == rect(162.5, 108, 50, 20))
        #expect(result["b"]?.frame == rect(172.5, 132, 30, 20))
    }

    @Test func bareStackBlocksUseTheItemsParent() throws {
        let elements = #"{"id": "panel"}, {"id": "x", "parent": "panel"}, {"id": "y", "parent": "panel"}"#
        let blocks = #"""
            {"element": "panel", "layout": "rect(10, 10, 200, 100)"},
            {"stack": {"items": ["x", "y"], "insets": [0, 20, 0, 20]}}
            """#
        let result = try frames(wrap(elements: elements, blocks: blocks))
        #expect(result["x"]?.frame == rect(20, 0, 80, 100))
        #expect(result["y"]?.frame == rect(100, 0, 80, 100))
        #expect(result["y"]?.inRoot == rect(110, 10, 80, 100))
    }

    @Test func stackValidation() throws {
        let unknown = issues(wrap(elements: #"{"id": "s", "kind": "stack", "stack": {"items": ["itme"]}}, {"id": "item"}"#, blocks: ""))
        #expect(unknown.first?.pointer == "/elements/0/stack/items/0")
        #expect(unknown.first?.hint == "did you mean 'item'?")
        let cousin = issues(wrap(elements: #"{"id": "s", "kind": "stack", "stack": {"items": ["c"]}}, {"id": "box"}, {"id": "c", "parent": "box"}"#, blocks: ""))
        #expect(cousin.first?.message == "'c' is a child of 'box', but the items of the stack 's' are children of '$root'")
        let missing = issues(wrap(elements: #"{"id": "s", "kind": "stack"}"#, blocks: ""))
        #expect(missing.first?.message == "a stack needs 'stack' with its 'items'")
        let twice = issues(wrap(elements: #"{"id": "s", "kind": "stack", "stack": {"items": ["a"]}}, {"id": "t", "kind": "stack", "stack": {"items": ["a"]}}, {"id": "a"}"#, blocks: ""))
        #expect(twice.first?.message == "'a' is already an item of the stack 's'")
        let term = issues(wrap(elements: #"{"id": "s", "kind": "stack", "stack": {"items": [], "spacing": "equl(4)"}}"#, blocks: ""))
        #expect(term.first?.pointer == "/elements/0/stack/spacing")
        #expect(term.first?.hint == "did you mean 'equal'?")
        let axis = issues(wrap(elements: #"{"id": "s", "kind": "stack", "stack": {"items": [], "axis": "vertica"}}"#, blocks: ""))
        #expect(axis.first?.hint == "did you mean 'vertical'?")
        let child = issues(wrap(elements: #"{"id": "s", "kind": "stack", "stack": {"items": []}}, {"id": "c", "parent": "s"}"#, blocks: ""))
        #expect(child.first?.hint == "make 'c' a sibling of 's' and list it in its 'items'")
        let misplaced = issues(wrap(elements: #"{"id": "v", "stack": {"items": []}}"#, blocks: ""))
        #expect(misplaced.first?.message == "'stack' belongs to elements of kind 'stack'")
    }

    /// A block that reads a stack item before the stack's block lays it out breaks the order rule.
    @Test func stackItemsAreLaidOutByTheStacksBlock() throws {
        let elements = #"{"id": "s", "kind": "stack", "stack": {"items": ["a"]}}, {"id": "a"}, {"id": "badge"}"#
        let early = issues(wrap(elements: elements, blocks: #"""
            {"element": "badge", "constraints": [{"to": "a", "anchors": ["top.align(inner)"]}]},
            {"element": "s"}
            """#))
        #expect(early.first?.code == .order)
        #expect(early.first?.message == "the block /blocks/0 for 'badge' reads 'a', which the later block /blocks/1 lays out")
        let fine = try document(wrap(elements: elements, blocks: #"""
            {"element": "s", "layout": "rect(0, 0, 100, 50)"},
            {"element": "badge", "layout": {"width": "fixed(4)", "height": "fixed(4)"}, "constraints": [{"to": "a", "anchors": ["top.align(inner)"]}]}
            """#))
        #expect(fine.warnings.isEmpty)
    }

    // MARK: Scrolls

    /// `ENGINE.md` §9's example: children of a scroll are its content, framed in content
    /// coordinates (relative to the scroll's bounds, whose origin is the offset).
    @Test func scrollChildrenAreItsContent() throws {
        let elements = #"""
            {"id": "scroll", "kind": "scroll", "scroll": {"contentSize": [800, 1200], "contentOffset": [50, 500]}},
            {"id": "topLeft", "parent": "scroll"}, {"id": "bottomRight", "parent": "scroll"}
            """#
        let blocks = #"""
            {"element": "scroll", "layout": "rect(10, 20, 380, 260)"},
            {"element": "topLeft", "layout": {"x": "left()", "y": "top()", "width": "fixed(100)", "height": "fixed(100)"}},
            {"element": "bottomRight", "layout": {"x": "right()", "y": "bottom()", "width": "fixed(100)", "height": "fixed(100)"}}
            """#
        let result = try frames(wrap(elements: elements, blocks: blocks))
        #expect(result["topLeft"]?.inRoot == rect(-40, -480, 100, 100))
        #expect(result["bottomRight"]?.inRoot == rect(660, 620, 100, 100))
        #expect(result["topLeft"]?.frame == rect(0, 0, 100, 100))
        #expect(result["bottomRight"]?.frame == rect(700, 1100, 100, 100))
    }

    /// Without an offset, a scroll starts where its content inset puts it, as UIKit does.
    @Test func theContentInsetSetsTheStartingOffset() throws {
        let elements = #"{"id": "scroll", "kind": "scroll", "scroll": {"contentSize": [800, 1200], "contentInset": [30, 10, 0, 0]}}, {"id": "item", "parent": "scroll"}"#
        let blocks = #"{"element": "scroll", "layout": "rect(10, 20, 380, 260)"}, {"element": "item", "layout": {"width": "fixed(10)", "height": "fixed(10)"}}"#
        #expect(try frames(wrap(elements: elements, blocks: blocks))["item"]?.inRoot == rect(20, 50, 10, 10))
        let noSize = issues(wrap(elements: #"{"id": "scroll", "kind": "scroll", "scroll": {}}"#, blocks: ""))
        #expect(noSize.first?.message == "'scroll' needs a 'contentSize'")
        let offset = issues(wrap(elements: #"{"id": "s", "kind": "scroll", "boundsOrigin": [0, 5], "scroll": {"contentSize": [1, 1]}}"#, blocks: ""))
        #expect(offset.first?.hint == "a scroll's offset is 'scroll.contentOffset'")
    }

    // MARK: Flex

    /// The flexible engine's nested example: a column of content, a 44-point toolbar and a
    /// 200-point panel split by a row.
    @Test func flexBlocks() throws {
        let elements = #"{"id": "content"}, {"id": "toolbar"}, {"id": "panel"}, {"id": "left", "parent": "panel"}, {"id": "right", "parent": "panel"}"#
        let blocks = #"""
            {"flex": {"direction": "column", "items": [{"element": "content", "size": "flexible"}, {"element": "toolbar", "height": 44}, {"element": "panel", "height": 200}]}},
            {"flex": {"direction": "row", "items": [{"element": "left"}, {"element": "right"}]}}
            """#
        let result = try frames(wrap(elements: elements, blocks: blocks))
        #expect(result["content"]?.frame == rect(0, 0, 375, 423))
        #expect(result["toolbar"]?.frame == rect(0, 423, 375, 44))
        #expect(result["panel"]?.frame == rect(0, 467, 375, 200))
        #expect(result["left"]?.frame == rect(0, 0, 187.5, 200))
        #expect(result["right"]?.inRoot == rect(187.5, 467, 187.5, 200))
    }

    @Test func flexInAnotherElementWithAlignment() throws {
        let elements = #"{"id": "area", "kind": "guide"}, {"id": "box"}"#
        let blocks = #"""
            {"element": "area", "layout": "rect(10, 10, 100, 100)"},
            {"flex": {"in": "area", "alignment": "center", "items": [{"element": "box", "size": [40, 20]}]}}
            """#
        #expect(try frames(wrap(elements: elements, blocks: blocks))["box"]?.frame == rect(40, 10, 40, 20))
    }

    /// Out of space depends on the environment: valid document, no snapshot for a small one.
    @Test func flexOutOfSpaceNamesTheBlock() throws {
        let json = wrap(elements: #"{"id": "a"}, {"id": "b"}"#, blocks: #"{"id": "screen", "flex": {"items": [{"element": "a", "height": 400}, {"element": "b", "height": 300}]}}"#)
        let compiled = try document(json).compiled()
        #expect(throws: Never.self) { try compiled.snapshot(for: LayoutEnvironment(width: 375, height: 812)) }
        #expect {
            try compiled.snapshot(for: phone)
        } throws: { error in
            guard case .layout(let reason) = error as? SnapshotError else { return false }
            return reason.code == .outOfSpace
                && reason.message == "flex block 'screen': out of space: the fixed heights of the items exceed the container's height (700 > 667) by 33"
        }
    }

    @Test func flexValidation() throws {
        let both = issues(wrap(elements: #"{"id": "a"}"#, blocks: #"{"flex": {"items": [{"element": "a", "size": [1, 2], "width": 3}]}}"#))
        #expect(both.first?.message == "a flex item has 'size' or 'width'/'height', not both")
        let negative = issues(wrap(elements: #"{"id": "a"}"#, blocks: #"{"flex": {"items": [{"element": "a", "height": -1}]}}"#))
        #expect(negative.first?.pointer == "/blocks/0/flex/items/0/height")
        let container = issues(wrap(elements: #"{"id": "a"}"#, blocks: #"{"flex": {"in": "mian", "items": [{"element": "a"}]}}"#))
        #expect(container.first?.pointer == "/blocks/0/flex/in")
        let direction = issues(wrap(elements: #"{"id": "a"}"#, blocks: #"{"flex": {"direction": "colum", "items": []}}"#))
        #expect(direction.first?.hint == "did you mean 'column'?")
        let size = issues(wrap(elements: #"{"id": "a"}"#, blocks: #"{"flex": {"items": [{"element": "a", "size": "flexibel"}]}}"#))
        #expect(size.first?.hint == "write \"flexible\" or [width, height]")
        let later = issues(wrap(elements: #"{"id": "area", "kind": "guide"}, {"id": "a"}"#, blocks: #"""
            {"flex": {"in": "area", "items": [{"element": "a"}]}},
            {"element": "area"}
            """#))
        #expect(later.first?.message == "the flex block /blocks/0 reads 'area', which the later block /blocks/1 lays out")
    }
}
