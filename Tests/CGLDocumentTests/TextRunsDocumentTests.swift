import CGLText
import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// Texts in runs in documents and content (`docs/format.md` §1.7a): laid out as the text
/// engine lays out the same runs, equal whether written in the document or given as
/// content, digested as written, and refused with a pointer at the run at fault.
@Suite struct TextRunsDocumentTests {
    static let styles = #"""
        {"body": {"family": "DejaVu Sans", "size": 15, "lineHeight": 20},
         "bold": {"family": "DejaVu Sans", "size": 15, "weight": 700},
         "big": {"family": "DejaVu Serif", "size": 30}}
        """#

    /// A label of `text` (a JSON value) in a 200-point column (390 − 16 − 174: measured at that width).
    static func json(text: String) -> String {
        """
        {"format": "cglayout/1", "name": "post", "styles": \(styles),
         "elements": [{"id": "body", "text": \(text)}],
         "blocks": [{"element": "body", "layout": {"x": "left(16)", "y": "top(16)", "width": "fixed(200)"},
                     "constraints": [{"anchors": ["insets(0, 0, 0, 174)"]}, {"type": "adjust", "anchors": ["height(1)"]}]}]}
        """
    }

    static let runs = #"[{"string": "Ada Lovelace", "style": "bold"}, {"string": " shipped the new layout "}, {"atom": {"size": [18, 24], "baseline": 20}}, {"string": " Big", "style": "big"}, {"string": " and done."}]"#
    static let engineRuns: [TextRun] = [
        .text("Ada Lovelace", style: TextStyle(family: "DejaVu Sans", size: 15, weight: 700)), .text(" shipped the new layout "),
        .atom(InlineAtom(width: 18, height: 24, baseline: 20)), .text(" Big", style: TextStyle(family: "DejaVu Serif", size: 30)), .text(" and done."),
    ]
    static let body = TextStyle(family: "DejaVu Sans", size: 15, lineHeight: .points(20))

    private let plain = LayoutEnvironment(width: 390, height: 844)

    @Test func runsInADocumentMeasureAsTheEngineMeasuresThem() throws {
        let snapshot = try document(Self.json(text: #"{"style": "body", "runs": \#(Self.runs)}"#)).compiled().snapshot(for: plain)
        let measured = try TextEngine.shared().measure(Self.engineRuns, style: Self.body, width: 200)
        let frame = try #require(snapshot["body"]).frame
        #expect(frame.size.height == measured.height && measured.lineCount > 1, "\(frame) \(measured)")
        // The larger run's line grows past the line height: the height is not lines × 20.
        #expect(measured.height > Double(measured.lineCount) * 20)
        // The same text as one plain string measures otherwise: the runs count.
        let joined = "Ada Lovelace shipped the new layout \u{FFFC} Big and done."
        let asPlain = try document(Self.json(text: #"{"string": "\#(joined)", "style": "body"}"#)).compiled().snapshot(for: plain)
        #expect(asPlain["body"]?.frame.size.height != frame.size.height)
    }

    @Test func runsAsContentLayOutAsTheSameRunsWrittenInTheDocument() throws {
        let slotted = try document(Self.json(text: #"{"slot": "body", "default": "Short", "style": "body"}"#)).compiled()
        let content = try Content(json: #"{"body": \#(Self.runs)}"#, for: slotted.document)
        let withContent = try slotted.snapshot(for: plain, content: content)
        let written = try document(Self.json(text: #"{"style": "body", "runs": \#(Self.runs)}"#)).compiled().snapshot(for: plain)
        #expect(withContent.elements.map(\.frame) == written.elements.map(\.frame))
        #expect(withContent["body"]!.frame.height > 20)
        // A default in runs, replaced by a plain string.
        let runsDefault = try document(Self.json(text: #"{"slot": "body", "default": \#(Self.runs), "style": "body"}"#)).compiled()
        #expect(try runsDefault.snapshot(for: plain).elements.map(\.frame) == written.elements.map(\.frame))
        let short = try runsDefault.snapshot(for: plain, content: ["body": "Short"])
        #expect(short["body"]?.frame.height == 20)
        // With a text scale, every run's style scales (the atom does not).
        let scaled = try slotted.snapshot(for: LayoutEnvironment(width: 390, height: 844, textScale: 1.5), content: content)
        #expect(scaled["body"]!.frame.height > withContent["body"]!.frame.height)
    }

    @Test func runListsAreDigestedAsWritten() throws {
        let post = try document(Self.json(text: #"{"slot": "body", "default": "Short", "style": "body"}"#))
        let content = try Content(json: #"{"body": [{"style": "bold", "string": "@ada"}, {"atom": {"size": [18.0, 18], "baseline": 15}}, {"string": " hi"}]}"#, for: post)
        #expect(content.canonicalJSON == #"{"body":[{"string":"@ada","style":"bold"},{"atom":{"baseline":15,"size":[18,18]}},{"string":" hi"}]}"#)
        // Runs that read alike are other content: split, or the same string as one.
        let split = Content(["body": .runs([.string("Short")])])
        #expect(split.digest != Content(["body": .text("Short")]).digest)
        #expect(Content(["body": .runs([.string("ab")])]).digest != Content(["body": .runs([.string("a"), .string("b")])]).digest)
        // A run list equal to the default's is dropped, as equal texts are.
        let runsDefault = try document(Self.json(text: #"{"slot": "body", "default": \#(Self.runs), "style": "body"}"#))
        let again = try Content(json: #"{"body": \#(Self.runs)}"#, for: runsDefault)
        #expect(again.normalized(for: runsDefault).values.isEmpty)
        // Untyped content (a client's) reads runs too.
        #expect(try Content(json: Array(#"{"body": [{"string": "x", "style": "bold"}]}"#.utf8)).values["body"] == .runs([.string("x", style: "bold")]))
        #expect(try Content(json: Array(#"{"body": []}"#.utf8)).values["body"] == .runs([]))
    }

    @Test func badRunsInContentAreRefusedAtTheirPointer() throws {
        let post = try document(Self.json(text: #"{"slot": "body", "default": "Short", "style": "body"}"#))
        func problems(_ runs: String) -> [DocumentIssue] {
            do {
                _ = try Content(json: #"{"body": \#(runs)}"#, for: post)
                return []
            } catch {
                return error.issues
            }
        }
        let unknown = problems(#"[{"string": "@ada", "style": "bolt"}]"#)
        #expect(unknown.map(\.pointer) == ["/body/0/style"] && unknown.first?.hint == "did you mean 'bold'?")
        #expect(problems(#"[{"string": "x"}, {"string": ""}]"#).map(\.pointer) == ["/body/1/string"])
        #expect(problems(#"[{"atom": {"size": [-1, 2]}}]"#).map(\.code) == [.outOfRange])
        #expect(problems(#"[{"atom": {"size": [10, 2], "baseline": 3}}]"#).map(\.pointer) == ["/body/0/atom/baseline"])
        #expect(problems(#"[{"atom": {"size": [2e7, 2]}}]"#).first?.code == .outOfRange)
        #expect(problems(#"[{"string": "x", "atom": {"size": [1, 2]}}]"#).first?.message == "a run is a 'string' or an 'atom', not both")
        #expect(problems(#"[{"text": "x"}]"#).contains { $0.code == .unknownKey && $0.pointer == "/body/0/text" })
        #expect(problems(#"[{"atom": {"size": [1, 1]}, "style": "bold"}]"#).first?.message == "an atom has no style")
        let many = "[" + Array(repeating: #"{"string": "x"}"#, count: TextRun.maximumCount + 1).joined(separator: ",") + "]"
        #expect(problems(many).map(\.code) == [.tooLarge])
        let long = "[" + Array(repeating: #"{"string": "\#(String(repeating: "é", count: 5000))"}"#, count: 8).joined(separator: ",") + "]"
        #expect(problems(long).map(\.code) == [.tooLarge])
        #expect(problems(#"[{"string": "fine", "style": "bold"}, {"atom": {"size": [18, 18]}}]"#).isEmpty)
        // Made in code, checked the same way, snapshots included.
        #expect { try post.compiled().snapshot(for: plain, content: ["body": .runs([.string("x", style: "nope")])]) } throws: { error in
            guard case SnapshotError.content(let content) = error else { return false }
            return content.issues.map(\.pointer) == ["/body/0/style"]
        }
        #expect(throws: ContentError.self) {
            try Content(["body": .runs([.atom(InlineAtom(width: .infinity, height: 1))])]).validate(for: post)
        }
    }

    @Test func badRunsInADocumentAreErrorsAtTheirPointer() {
        func found(_ text: String) -> [DocumentIssue] { issues(Self.json(text: text)) }
        #expect(found(#"{"style": "body", "runs": [{"string": "x", "style": "bolt"}]}"#)
            .contains { $0.pointer == "/elements/0/text/runs/0/style" && $0.hint == "did you mean 'bold'?" })
        #expect(found(#"{"style": "body", "runs": [{"string": ""}]}"#).contains { $0.pointer == "/elements/0/text/runs/0/string" })
        #expect(found(#"{"runs": [{"string": "x"}]}"#).contains { $0.message == "a text in runs needs a 'style'" })
        #expect(found(#"{"style": "body", "runs": [{"string": "x"}], "string": "y"}"#).contains { $0.message == "a text is a 'string' or 'runs', not both" })
        #expect(found(#"{"style": "body", "runs": "x"}"#).contains { $0.code == .wrongType && $0.pointer == "/elements/0/text/runs" })
        #expect(found(#"{"slot": "body", "default": [{"atom": {"size": [2, 2], "baseline": 5}}], "style": "body"}"#)
            .contains { $0.pointer == "/elements/0/text/default/0/atom/baseline" })
        #expect(found(#"{"slot": "body", "default": 3, "style": "body"}"#).contains { $0.message == "a text is a string or a list of runs, not a number" })
        #expect(throws: Never.self) { try SchemeDocument(json: Self.json(text: #"{"style": "body", "runs": [{"string": "x", "style": "bold"}, {"atom": {"size": [2, 2]}}]}"#)) }
    }

    @Test func eachRunIsRenderedInItsFont() throws {
        let post = try document(Self.json(text: #"{"style": "body", "runs": \#(Self.runs)}"#))
        let snapshot = try post.compiled().snapshot(for: plain)
        let rendering = try #require(post.textRenderings(for: snapshot)["body"])
        let spans = rendering.lines.flatMap(\.spans)
        // Every character of each line is drawn once, in order, in its run's font (an atom leaves room).
        #expect(rendering.lines.allSatisfy { $0.spans.map(\.text).joined() == $0.text.replacingOccurrences(of: "\u{FFFC}", with: "") })
        #expect(spans.map(\.text).joined(separator: "|").hasPrefix("Ada Lovelace|"))
        #expect(spans.first?.weight == 700 && spans.first?.text.hasPrefix("Ada") == true)
        #expect(spans.contains { $0.objectWidth == 18 })
        #expect(spans.contains { $0.family == "DejaVu Serif" && $0.size == 30 && $0.text.contains("Big") })
        #expect(rendering.lines.count > 1 && rendering.lines.allSatisfy { !$0.spans.isEmpty })
        let svg = SVGRenderer.svg(snapshot, texts: post.textRenderings(for: snapshot))
        #expect(svg.contains(#"font-family="DejaVu Serif" font-size="30" font-weight="400"> Big</tspan>"#))
        // The atom before it leaves its room: the next span moves by its width.
        #expect(svg.contains(#"<tspan dx="18" font-family="DejaVu Serif""#))
        // Plain text has no spans: one font for the whole line.
        let plainPost = try document(Self.json(text: #"{"string": "Plain", "style": "body"}"#))
        #expect(plainPost.textRenderings(for: try plainPost.compiled().snapshot(for: plain))["body"]?.lines.first?.spans == [])
    }
}
