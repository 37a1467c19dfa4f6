import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// Equations in documents (`docs/format.md` §1.6).
@Suite struct EquationDocumentTests {
    let elements = #"{"id": "avatar", "intrinsicSize": [40, 40]}, {"id": "title", "text": {"length": 10, "advance": 8, "lineHeight": 20}}, {"id": "top-bar"}"#

    func equations(_ list: [String]) -> String {
        wrap(elements: elements, blocks: #"{"equations": ["# + list.map { "\"\($0)\"" }.joined(separator: ", ") + "]}")
    }

    func onlyError(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> DocumentIssue? {
        let errors = issues(json, sourceLocation: sourceLocation).filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors.map(\.description))", sourceLocation: sourceLocation)
        return errors.first
    }

    @Test func equationsLayOutTheirElements() throws {
        let document = try document(equations([
            "avatar.leading == $safeArea.leading + 16",
            "avatar.top == $safeArea.top + 8",
            "title.leading == avatar.trailing + 12",
            "title.centerY == avatar.centerY",
            "title.trailing <= $root.trailing - 16",
            "top-bar.width == $root.width",
            "top-bar.height == 44",
            "top-bar.left == 0",
            "top-bar.top == 0",
        ]))
        var environment = LayoutEnvironment(width: 200, height: 400, safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        let snapshot = try document.compiled().snapshot(for: environment)
        #expect(snapshot["avatar"]?.frame == rect(16, 28, 40, 40))
        // 80 wide by its text, but only 116 fit before the trailing margin: it keeps 80.
        #expect(snapshot["title"]?.frame == rect(68, 38, 80, 20))
        #expect(snapshot["top-bar"]?.frame == rect(0, 0, 200, 44))
        environment.direction = .rightToLeft
        let rtl = try document.compiled().snapshot(for: environment)
        #expect(rtl["avatar"]?.frame == rect(144, 28, 40, 40))
        #expect(rtl["title"]?.frame == rect(52, 38, 80, 20))
        #expect(document.warnings.isEmpty)
    }

    @Test func referencesAreParsedWithPositions() throws {
        let unknown = try #require(onlyError(equations(["titel.left == 8"])))
        #expect(unknown.code == .unknownElement)
        #expect(unknown.pointer == "/blocks/0/equations/0")
        #expect(unknown.message == "in 'titel.left == 8': no element has the id 'titel' (character 1)")
        #expect(unknown.hint == "did you mean 'title'?")
        let attribute = try #require(onlyError(equations(["title.rigth == 8"])))
        #expect(attribute.message == "in 'title.rigth == 8': unknown attribute 'rigth' of 'title' (character 1)")
        #expect(attribute.hint == "did you mean 'right'?")
        // Ids with '-' and subtraction without spaces.
        let dashes = try document(equations(["top-bar.height-8 == 36", "top-bar.width == 10", "top-bar.left == 0", "top-bar.top == 0"]))
        #expect(try dashes.compiled().snapshot(for: LayoutEnvironment(width: 100, height: 100))["top-bar"]?.frame == rect(0, 0, 10, 44))
    }

    @Test(arguments: [
        ("title.width * avatar.width == 8", "in 'title.width * avatar.width == 8': 'title.width * avatar.width' multiplies two attributes; equations must be linear (character 13)"),
        ("title.width / avatar.width == 8", "in 'title.width / avatar.width == 8': 'title.width / avatar.width' divides by an attribute; equations must be linear (character 13)"),
        ("title.width / 0 == 8", "in 'title.width / 0 == 8': 'title.width / 0' divides by zero (character 13)"),
        ("title.width == 8 ~ 0", "in 'title.width == 8 ~ 0': the priority 0 is outside 1…1000 (character 20)"),
        ("title.width == 8 ~ 1001", "in 'title.width == 8 ~ 1001': the priority 1001 is outside 1…1000 (character 20)"),
        ("title.width = 8", "in 'title.width = 8': unknown relation '=' (character 13)"),
        ("title.width", "in 'title.width': an equation needs a relation: '==', '<=' or '>=' (character 12)"),
        ("8 == 8", "in '8 == 8': the equation relates no element (character 1)"),
        ("avatar.baseline == 8", "in 'avatar.baseline == 8': 'avatar' has no baseline (character 1)"),
        ("title.leading == avatar.right", "in 'title.leading == avatar.right': 'leading' and 'right' cannot be related: one follows the reading direction, the other does not (character 18)"),
        ("title.width == 8 <= 9", "in 'title.width == 8 <= 9': an equation has one relation (character 18)"),
        ("(title.width == 8", "in '(title.width == 8': missing ')' to close the '(' at character 1 (character 14)"),
    ])
    func invalidEquations(text: String, message: String) throws {
        let issue = try #require(onlyError(equations([text])))
        #expect(issue.message == message)
        #expect(issue.pointer == "/blocks/0/equations/0")
    }

    @Test func unsatisfiableEquationsNameTheConflict() throws {
        let issue = try #require(onlyError(equations(["title.width == 100", "title.left == 0", "title.right == 150", "avatar.width >= 1"])))
        #expect(issue.pointer == "/blocks/0/equations/2")
        #expect(issue.message == "the required equation 'title.right == 150' cannot hold together with 'title.width == 100' (/blocks/0/equations/0), 'title.left == 0' (/blocks/0/equations/1)")
        #expect(issue.hint == "remove one of them, or give one a priority below 1000")
        // With a priority below 1000 it is a preference, and the document is valid.
        _ = try document(equations(["title.width == 100", "title.left == 0", "title.right == 150 ~ 999"]))
    }

    @Test func undeterminedElementsAreWarnedAbout() throws {
        let document = try document(equations(["top-bar.left == 8", "avatar.top == 4"]))
        let messages = document.warnings.filter { $0.code == .undetermined }.map(\.message)
        #expect(messages == [
            "the equations do not determine the vertical position, width and height of 'top-bar', which fall back to a size of 0 (it has no intrinsic size) and position 0 in its parent",
            "the equations do not determine the horizontal position of 'avatar', which fall back to position 0 in its parent",
        ])
    }

    /// Formatting does not change the hash; meaning does.
    @Test func equationsHaveACanonicalForm() throws {
        let spaced = try document(equations(["title.left == avatar.right + 8", "title.width == 0.5 * (top-bar.width - 8) ~ 750"]))
        let tight = try document(equations(["title.left==avatar.right+8", "title.width==0.5*(top-bar.width-8)~750"]))
        let other = try document(equations(["title.left == avatar.right + 9", "title.width == 0.5 * (top-bar.width - 8) ~ 750"]))
        #expect(spaced.hash == tight.hash)
        #expect(spaced.hash != other.hash)
        #expect(spaced.canonicalJSON.contains(#""title.width == 0.5 * (top-bar.width - 8) ~ 750""#))
    }

    /// An element laid out by an earlier block is a constant: its frame does not move.
    @Test func earlierBlocksAreConstants() throws {
        let json = wrap(elements: elements, blocks: #"""
            {"element": "top-bar", "layout": {"height": "fixed(44)"}},
            {"equations": ["avatar.top == top-bar.bottom + 8", "avatar.centerX == top-bar.centerX"]}
            """#)
        let snapshot = try document(json).compiled().snapshot(for: LayoutEnvironment(width: 300, height: 500))
        #expect(snapshot["top-bar"]?.frame == rect(0, 0, 300, 44))
        #expect(snapshot["avatar"]?.frame == rect(130, 52, 40, 40))
    }

    @Test func aSolvedElementsParentMustComeFirst() throws {
        let json = wrap(elements: #"{"id": "card"}, {"id": "dot", "parent": "card"}"#, blocks: #"""
            {"equations": ["dot.left == 0", "dot.top == 0", "dot.width == 4", "dot.height == 4"]},
            {"element": "card"}
            """#)
        let issue = try #require(onlyError(json))
        #expect(issue.message == "the equations block /blocks/0 reads its parent 'card', which the later block /blocks/1 lays out")
    }
}
