import Foundation
import Testing

@testable import CGLDocument

/// `docs/format.md` §1 and §4: every kind of error, with its pointer, message and hint.
@Suite struct ValidationTests {
    /// The single issue of a document, which must be invalid with exactly one error.
    func onlyError(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> DocumentIssue? {
        let errors = issues(json, sourceLocation: sourceLocation).filter { $0.severity == .error }
        #expect(errors.count == 1, "expected one error, got:\n\(errors.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
        return errors.first
    }

    let card = #"{"id": "card"}"#
    let cardBlock = #"{"element": "card", "layout": {"height": "fixed(10)"}}"#

    @Test func syntaxErrorsSayWhere() throws {
        let issue = try #require(onlyError("{\"format\": \"cglayout/1\",\n  \"name\": \"x\" \"elements\": []}"))
        #expect(issue.code == .syntax)
        #expect(issue.message == "invalid JSON: expected ',' or '}' after a member")
        #expect(issue.position == TextPosition(line: 2, column: 15))
    }

    @Test func unknownKeysAreErrorsWithSuggestions() throws {
        let issue = try #require(onlyError(wrap(elements: #"{"id": "card", "parnet": "$root"}"#, blocks: cardBlock)))
        #expect(issue.code == .unknownKey)
        #expect(issue.pointer == "/elements/0/parnet")
        #expect(issue.message == "unknown key 'parnet' in an element")
        #expect(issue.hint == "did you mean 'parent'?")
        let top = try #require(onlyError(#"{"format": "cglayout/1", "name": "a", "elements": [], "blocks": [], "variant": []}"#))
        #expect(top.pointer == "/variant")
        #expect(top.hint == "did you mean 'variants'?")
    }

    @Test func requiredKeysAndTypes() throws {
        let missing = try #require(onlyError(#"{"format": "cglayout/1", "elements": [], "blocks": []}"#))
        #expect(missing.code == .missingKey)
        #expect(missing.pointer == "")
        #expect(missing.message == "the document needs a 'name'")
        let type = try #require(onlyError(wrap(elements: #"{"id": "card", "intrinsicSize": "44x44"}"#, blocks: cardBlock)))
        #expect(type.code == .wrongType)
        #expect(type.pointer == "/elements/0/intrinsicSize")
        let number = try #require(onlyError(wrap(elements: card, blocks: #"{"element": "card", "layout": {"width": 44}}"#)))
        #expect(number.code == .wrongType)
        #expect(number.pointer == "/blocks/0/layout/width")
        #expect(number.hint == #"write it as a term in a string, such as "fixed(44)""#)
    }

    @Test func formatNameAndIDs() throws {
        let format = try #require(onlyError(#"{"format": "cglayout/2", "name": "a", "elements": [], "blocks": []}"#))
        #expect(format.code == .invalidValue)
        #expect(format.message == "unknown format 'cglayout/2'")
        let name = try #require(onlyError(wrap(elements: card, blocks: cardBlock, name: "Feed Cell")))
        #expect(name.pointer == "/name")
        #expect(name.message == "the name 'Feed Cell' is not allowed")
        let id = try #require(onlyError(wrap(elements: #"{"id": "9lives"}"#, blocks: "")))
        #expect(id.pointer == "/elements/0/id")
        let reserved = try #require(onlyError(wrap(elements: #"{"id": "$root"}"#, blocks: "")))
        #expect(reserved.message == "the id '$root' is reserved")
    }

    @Test func duplicateIDs() throws {
        let element = try #require(onlyError(wrap(elements: card + "," + card, blocks: cardBlock)))
        #expect(element.code == .duplicateId)
        #expect(element.pointer == "/elements/1/id")
        #expect(element.message == "the id 'card' is already used by /elements/0")
        let block = try #require(onlyError(wrap(elements: card, blocks: #"{"id": "b", "element": "card"}, {"id": "b", "element": "card"}"#)))
        #expect(block.pointer == "/blocks/1/id")
    }

    @Test func anIntrinsicSizeCannotBeNegative() throws {
        let negative = try #require(onlyError(wrap(elements: #"{"id": "icon", "intrinsicSize": [-5, 10]}"#, blocks: #"{"element": "icon"}"#)))
        #expect(negative.code == .outOfRange)
        #expect(negative.pointer == "/elements/0/intrinsicSize")
        #expect(negative.message == "a size cannot be negative: [-5, 10]")
        #expect(try document(wrap(elements: #"{"id": "icon", "intrinsicSize": [0, 10]}"#, blocks: #"{"element": "icon"}"#)).elements.count == 1)
    }

    /// A variant for a misspelt profile never applies: a warning says so, against the
    /// profiles the document is checked for (the built-in ones unless given).
    @Test func aVariantForAnUnknownProfileIsWarnedAbout() throws {
        let json = wrap(elements: card, blocks: #"{"id": "b", "element": "card"}"#,
                        variants: #"{"when": {"profile": ["phone-portrait", "fone-landscape"]}, "blocks": [{"id": "b", "element": "card"}]}"#)
        let warnings = try document(json).warnings
        #expect(warnings.count == 1)
        #expect(warnings.first?.code == .unknownProfile && warnings.first?.pointer == "/variants/0/when/profile/1")
        #expect(warnings.first?.message == "no profile is called 'fone-landscape', so this variant never applies to a profile")
        #expect(warnings.first?.hint?.hasPrefix("did you mean 'phone-landscape'?") == true)
        let kiosk = try ProfileSet(json: Data(#"{"profiles": [{"name": "fone-landscape", "width": 800, "height": 400}, {"name": "phone-portrait", "width": 390, "height": 844}]}"#.utf8))
        #expect(try SchemeDocument(json: json, profiles: kiosk).warnings.isEmpty)
    }

    @Test func parentsComeFirstSoThereAreNoCycles() throws {
        let later = try #require(onlyError(wrap(elements: #"{"id": "child", "parent": "box"}, {"id": "box"}"#, blocks: "")))
        #expect(later.code == .unknownElement)
        #expect(later.pointer == "/elements/0/parent")
        #expect(later.message == "the parent 'box' is not declared before 'child'")
        // A cycle cannot be written: one of its parents is always declared later.
        let cycle = issues(wrap(elements: #"{"id": "a", "parent": "b"}, {"id": "b", "parent": "a"}"#, blocks: ""))
        #expect(cycle.contains { $0.pointer == "/elements/0/parent" && $0.code == .unknownElement })
        let itself = try #require(onlyError(wrap(elements: #"{"id": "a", "parent": "a"}"#, blocks: "")))
        #expect(itself.message == "'a' cannot be its own parent")
        let safeArea = try #require(onlyError(wrap(elements: #"{"id": "a", "parent": "$safeArea"}"#, blocks: "")))
        #expect(safeArea.hint == "make 'a' a child of '$root' and constrain it to '$safeArea'")
        let guide = try #require(onlyError(wrap(elements: #"{"id": "g", "kind": "guide"}, {"id": "a", "parent": "g"}"#, blocks: "")))
        #expect(guide.code == .incompatible)
    }

    @Test func unknownElements() throws {
        let block = try #require(onlyError(wrap(elements: card, blocks: #"{"element": "crad"}"#)))
        #expect(block.code == .unknownElement)
        #expect(block.pointer == "/blocks/0/element")
        #expect(block.hint == "did you mean 'card'?")
        let target = try #require(onlyError(wrap(elements: card, blocks: #"{"element": "card", "constraints": [{"to": "hedaer", "anchors": ["equally"]}]}"#)))
        #expect(target.pointer == "/blocks/0/constraints/0/to")
        let root = try #require(onlyError(wrap(elements: card, blocks: #"{"element": "$root"}"#)))
        #expect(root.message == "'$root' is sized by the environment; a block cannot lay out it")
    }

    @Test func referencesToLaterElementsNameBothBlocks() throws {
        let elements = #"{"id": "header"}, {"id": "body"}"#
        let blocks = #"{"element": "body", "constraints": [{"to": "header", "anchors": ["bottom.align(outer)"]}]}, {"element": "header"}"#
        let issue = try #require(onlyError(wrap(elements: elements, blocks: blocks)))
        #expect(issue.code == .order)
        #expect(issue.pointer == "/blocks/0/constraints/0")
        #expect(issue.message == "the block /blocks/0 for 'body' reads 'header', which the later block /blocks/1 lays out")
        #expect(issue.hint == "move the block /blocks/1 before /blocks/0")

        let never = try #require(onlyError(wrap(elements: elements, blocks: #"{"element": "body", "anchors": ["top.align(header.bottom)"]}"#)))
        #expect(never.message == "the block /blocks/0 for 'body' reads 'header', which no block lays out")

        let parentLater = try #require(onlyError(wrap(elements: #"{"id": "card"}, {"id": "title", "parent": "card"}"#,
                                                      blocks: #"{"element": "title"}, {"element": "card"}"#)))
        #expect(parentLater.message == "the block /blocks/0 for 'title' reads its parent 'card', which the later block /blocks/1 lays out")
    }

    @Test func ownParentChainAndReservedIDsMayBeReferenced() throws {
        let elements = #"{"id": "card"}, {"id": "title", "parent": "card"}"#
        let blocks = #"{"element": "card"}, {"element": "title", "constraints": [{"to": "card", "anchors": ["equally"]}, {"to": "$safeArea", "anchors": ["top.limit(inner)"]}, {"to": "$root", "anchors": ["equally"]}]}"#
        _ = try document(wrap(elements: elements, blocks: blocks))
    }

    @Test func unknownTermsSuggestTheirNearestNeighbour() throws {
        let x = try #require(onlyError(wrap(elements: card, blocks: #"{"element": "card", "layout": {"x": "lefft(8)"}}"#)))
        #expect(x.code == .unknownTerm)
        #expect(x.pointer == "/blocks/0/layout/x")
        #expect(x.message == "unknown x rule 'lefft' at character 1")
        #expect(x.hint == "did you mean 'left'?")
        let anchor = try #require(onlyError(wrap(elements: card, blocks: #"{"element": "card", "constraints": [{"anchors": ["equaly"]}]}"#)))
        #expect(anchor.pointer == "/blocks/0/constraints/0/anchors/0")
        #expect(anchor.hint == "did you mean 'equal' or 'equally'?")
        let dependence = try #require(onlyError(wrap(elements: card, blocks: #"{"element": "card", "constraints": [{"anchors": ["left.align(iner)"]}]}"#)))
        #expect(dependence.message == "unknown 'iner' in 'left.align(iner)' at character 12")
        #expect(dependence.hint == "did you mean 'inner'?")
        let relation = try #require(onlyError(wrap(elements: card + #", {"id": "b"}"#, blocks: cardBlock + #", {"element": "b", "anchors": ["left.allign(card.right)"]}"#)))
        #expect(relation.message == "unknown operation 'allign' on 'left'")
        #expect(relation.hint == "did you mean 'align'?")
    }

    @Test func wrongArguments() throws {
        let arity = try #require(onlyError(wrap(elements: card, blocks: #"{"element": "card", "layout": {"width": "fixed(1, 2)"}}"#)))
        #expect(arity.code == .arguments)
        #expect(arity.message == "'fixed(1, 2)' does not fit width rule 'fixed' (character 1)")
        #expect(arity.hint == "write fixed(v)")
        let label = try #require(onlyError(wrap(elements: card, blocks: #"{"element": "card", "layout": {"x": "left(multiplyer: 0.5)"}}"#)))
        #expect(label.hint == "write left(v) or left or left(multiplier: v) or left(between: a...b)")
        let insets = try #require(onlyError(wrap(elements: card, blocks: #"{"element": "card", "constraints": [{"anchors": ["insets(1, 2)"]}]}"#)))
        #expect(insets.hint == "write insets(v, v, v, v)")
        let syntax = try #require(onlyError(wrap(elements: card, blocks: #"{"element": "card", "layout": {"x": "left(8"}}"#)))
        #expect(syntax.code == .expression)
        #expect(syntax.message == "cannot read 'x' 'left(8': missing ')' to close 'left(' (character 7)")
    }

    @Test func numbersMustBeFiniteAndInRange() throws {
        let big = try #require(onlyError(wrap(elements: #"{"id": "card", "intrinsicSize": [1e8, 1]}"#, blocks: cardBlock)))
        #expect(big.code == .outOfRange)
        #expect(big.pointer == "/elements/0/intrinsicSize/0")
        #expect(big.message == "100000000 is out of range")
        let nan = try #require(onlyError(wrap(elements: #"{"id": "card", "intrinsicSize": ["NaN", 1]}"#, blocks: cardBlock)))
        #expect(nan.code == .wrongType)
        #expect(nan.hint == "write the number without quotes; NaN and infinities are not allowed")
        let expression = try #require(onlyError(wrap(elements: card, blocks: #"{"element": "card", "layout": {"width": "fixed(20000000)"}}"#)))
        #expect(expression.code == .outOfRange)
        let nanTerm = try #require(onlyError(wrap(elements: card, blocks: #"{"element": "card", "layout": {"width": "fixed(NaN)"}}"#)))
        #expect(nanTerm.code == .arguments)
        let bareNaN = try #require(onlyError(#"{"format": "cglayout/1", "name": "a", "elements": [{"id": "c", "intrinsicSize": [NaN, 1]}], "blocks": []}"#))
        #expect(bareNaN.code == .syntax)
        #expect(bareNaN.message == "invalid JSON: NaN and Infinity are not JSON numbers; use a finite number")
    }

    @Test func incompatibleCombinations() throws {
        let adjust = try #require(onlyError(wrap(elements: card, blocks: #"{"element": "card", "constraints": [{"type": "adjust", "anchors": ["height(1)"]}]}"#)))
        #expect(adjust.code == .incompatible)
        #expect(adjust.message == "'card' does not measure its content")
        #expect(adjust.hint == "give it 'intrinsicSize' or 'text'")
        let baseline = try #require(onlyError(wrap(elements: card + #", {"id": "b"}"#, blocks: cardBlock + #", {"element": "b", "anchors": ["top.align(card.baseline)"]}"#)))
        #expect(baseline.message == "'card' has no baseline")
        let axis = try #require(onlyError(wrap(elements: card + #", {"id": "b"}"#, blocks: cardBlock + #", {"element": "b", "anchors": ["left.align(card.top)"]}"#)))
        #expect(axis.message == "'left' cannot relate to 'top', an anchor of the other axis")
        let limitOnCentre = try #require(onlyError(wrap(elements: card + #", {"id": "b"}"#, blocks: cardBlock + #", {"element": "b", "anchors": ["centerX.limit(card.left)"]}"#)))
        #expect(limitOnCentre.message == "'limit' is not available on centre anchors; unknown operation 'limit' on 'centerX'")
        let guideText = try #require(onlyError(wrap(elements: #"{"id": "g", "kind": "guide", "text": {"length": 1, "advance": 7, "lineHeight": 16}}"#, blocks: "")))
        #expect(guideText.pointer == "/elements/0/text")
        let both = try #require(onlyError(wrap(elements: card, blocks: #"{"element": "card", "constraints": [], "anchors": []}"#)))
        #expect(both.message == "a block has either 'constraints' (API v1) or 'anchors' (the anchors API), not both")
    }

    @Test func variantsMustReplaceSomething() throws {
        let nothing = try #require(onlyError(wrap(elements: card, blocks: cardBlock, variants: #"{"when": {"orientation": "landscape"}, "blocks": [{"id": "ghost", "element": "card"}]}"#)))
        #expect(nothing.pointer == "/variants/0/blocks/0")
        #expect(nothing.message == "this variant block replaces nothing: no base block has the id 'ghost'")
        let ambiguous = try #require(onlyError(wrap(elements: card, blocks: cardBlock + "," + cardBlock, variants: #"{"when": {}, "blocks": [{"element": "card"}]}"#)))
        #expect(ambiguous.hint == "give the base block an 'id' and use it here")
        let condition = try #require(onlyError(wrap(elements: card, blocks: cardBlock, variants: #"{"when": {"orientation": "landscpe"}, "blocks": []}"#)))
        #expect(condition.pointer == "/variants/0/when/orientation")
        #expect(condition.hint == "did you mean 'landscape'?")
        // A variant block is checked in the position of the block it replaces.
        let order = try #require(onlyError(wrap(elements: card + #", {"id": "b"}"#, blocks: #"{"element": "b"}, {"element": "card"}"#,
                                                variants: #"{"when": {"direction": "rtl"}, "blocks": [{"element": "b", "anchors": ["top.align(card.bottom)"]}]}"#)))
        #expect(order.code == .order)
        #expect(order.pointer == "/variants/0/blocks/0/anchors/0")
        #expect(order.message == "the block /variants/0/blocks/0 for 'b' reads 'card', which the later block /blocks/1 lays out (with the variant /variants/0)")
    }

    @Test func allErrorsAreReportedAtOnce() {
        let json = wrap(elements: #"{"id": "card", "colour": "red"}, {"id": "card"}"#,
                        blocks: #"{"element": "crad"}, {"element": "card", "layout": {"x": "lft(1)", "width": "wide"}}"#)
        let found = issues(json)
        #expect(found.map(\.pointer) == ["/elements/0/colour", "/elements/1/id", "/blocks/0/element", "/blocks/1/layout/x", "/blocks/1/layout/width"])
        #expect(found.allSatisfy { $0.severity == .error && $0.position != nil })
    }

    @Test func warningsDoNotInvalidate() throws {
        let document = try document(wrap(elements: card + #", {"id": "spare"}"#, blocks: cardBlock))
        #expect(document.warnings.map(\.pointer) == ["/elements/1"])
        #expect(document.warnings.first?.code == .unusedElement)
    }
}
