import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// Slots: a document's texts and sizes left to the caller's content, each with a default.
@Suite struct SlotDocumentTests {
    static let long = "A longer body, the kind a real post has: it wraps over several lines in a column this narrow, so the label grows."

    /// A label whose text is `text` (a JSON value: a slot or a string), under it a photo
    /// whose size is `photo`, both in a 240-point column.
    static func json(text: String = #"{"slot": "body", "default": "Short", "style": "body"}"#,
                     photo: String = #"{"slot": "photo", "default": [1200, 800], "width": 240}"#) -> String {
        """
        {"format": "cglayout/1", "name": "post", "styles": {"body": {"family": "DejaVu Sans", "size": 15, "lineHeight": 20}},
         "elements": [{"id": "body", "text": \(text)}, {"id": "photo", "intrinsicSize": \(photo)}],
         "blocks": [
           {"element": "body", "layout": {"x": "left(16)", "y": "top(16)", "width": "fixed(240)"},
            "constraints": [{"anchors": ["insets(0, 0, 0, 134)"]}, {"type": "adjust", "anchors": ["height(1)"]}]},
           {"element": "photo", "layout": {"x": "left(16)"}, "constraints": [
             {"to": "body", "anchors": ["bottom.align(outer)"]}, {"type": "adjust", "anchors": ["width(1)", "height(1)"]}]}
         ]}
        """
    }

    private let phone = LayoutEnvironment(width: 390, height: 844, scale: 3)

    @Test func aDocumentListsItsSlotsWithTheirDefaults() throws {
        let slots = try document(Self.json()).slots
        #expect(slots == [Slot(name: "body", kind: .text, defaultValue: .text("Short")),
                          Slot(name: "photo", kind: .size, defaultValue: .size(CGSize(width: 1200, height: 800)))])
    }

    /// Content in a slot lays out exactly as a document with that value written in.
    @Test func contentLaysOutAsTheSameValueWrittenInTheDocument() throws {
        let slotted = try document(Self.json()).compiled()
        let content = Content(["body": .text(Self.long), "photo": .size(CGSize(width: 1200, height: 600))])
        let withContent = try slotted.snapshot(for: phone, content: content)
        let written = try document(Self.json(text: #"{"string": "\#(Self.long)", "style": "body"}"#, photo: "[240, 120]")).compiled()
            .snapshot(for: phone)
        #expect(withContent.elements.map(\.frame) == written.elements.map(\.frame))
        #expect(withContent["photo"]?.frame.size == CGSize(width: 240, height: 120))
        #expect(withContent["body"]!.frame.height > 20)
        // No content: the defaults, as the document written with them.
        let defaults = try slotted.snapshot(for: phone)
        let writtenDefaults = try document(Self.json(text: #"{"string": "Short", "style": "body"}"#, photo: "[240, 160]")).compiled().snapshot(for: phone)
        #expect(defaults.elements.map(\.frame) == writtenDefaults.elements.map(\.frame))
        #expect(defaults["photo"]?.frame.size == CGSize(width: 240, height: 160))
        #expect(defaults["body"]?.frame.height == 20)
        // A size of an extreme aspect stays finite.
        let extreme = try slotted.snapshot(for: phone, content: Content(["photo": .size(CGSize(width: 1e-300, height: 1))]))
        #expect(extreme["photo"].map { $0.frame.height.isFinite && $0.frame.height <= 1e7 } == true)
    }

    @Test func slotsAreValidated() {
        let cases: [(text: String, photo: String, message: String)] = [
            (#"{"slot": "body", "style": "body"}"#, "[1, 1]", "a text from a slot needs a 'default'"),
            (#"{"slot": "body", "default": "x", "string": "y", "style": "body"}"#, "[1, 1]", "a text from a slot has a 'default', not a 'string'"),
            (#"{"string": "x", "default": "y", "style": "body"}"#, "[1, 1]", "'default' belongs to a text from a slot"),
            (#"{"slot": "9body", "default": "x", "style": "body"}"#, "[1, 1]", "the slot name '9body' is not allowed"),
            (#"{"slot": "body", "default": "x", "style": "body"}"#, #"{"slot": "body", "default": [1, 1]}"#, "the slot 'body' is a string or a list of runs at"),
            (#"{"slot": "body", "default": "x", "style": "body"}"#, #"{"slot": "photo", "default": [-1, 1]}"#, "a size cannot be negative"),
            (#"{"slot": "body", "default": "x", "style": "body"}"#, #"{"slot": "photo"}"#, "needs a 'default'"),
        ]
        // An element measures its text or its intrinsic size.
        let both = Self.json().replacingOccurrences(of: #"{"id": "body", "text": "#, with: #"{"id": "body", "intrinsicSize": [1, 1], "text": "#)
        #expect(issues(both).contains { $0.message == "an element measures its text or its intrinsic size, not both" })
        for entry in cases {
            let found = issues(Self.json(text: entry.text, photo: entry.photo))
            #expect(found.contains { $0.message.contains(entry.message) }, "\(entry.message): \(found.map(\.message))")
        }
        // One slot in two places: the same kind and default, or an error.
        let twice = Self.json(text: #"{"slot": "caption", "default": "x", "style": "body"}"#)
            .replacingOccurrences(of: #"{"id": "photo", "#, with: #"{"id": "other", "text": {"slot": "caption", "default": "y", "style": "body"}}, {"id": "photo", "#)
        #expect(issues(twice).contains { $0.message.contains("the slot 'caption' has another default") })
    }

    @Test func contentErrorsNameTheSlotTheKindAndTheFix() throws {
        let post = try document(Self.json())
        func problems(_ json: String) -> [DocumentIssue] {
            do {
                _ = try Content(json: json, for: post)
                return []
            } catch {
                return error.issues
            }
        }
        let unknown = problems(#"{"bdy": "x"}"#)
        #expect(unknown.first?.pointer == "/bdy" && unknown.first?.hint == "did you mean 'body'?")
        #expect(problems(#"{"body": 3}"#).first?.message == "the slot 'body' takes a string or a list of runs")
        #expect(problems(#"{"photo": [1, 2, 3]}"#).first?.message == "the slot 'photo' takes a size [width, height]")
        #expect(problems(#"{"photo": [-1, 2]}"#).first?.code == .outOfRange)
        #expect(problems(#"["body"]"#).first?.message == "content is a JSON object")
        #expect(problems(#"{"body": "\#(String(repeating: "x", count: 70_000))"}"#).first?.code == .tooLarge)
        #expect(problems(#"{"body": "fine", "photo": [10, 20]}"#).isEmpty)
        #expect(problems(#"{"photo": [1e308, 1]}"#).first?.code == .outOfRange)
        #expect(problems(#"{"body": "a", "body": "b"}"#).first?.message == "the slot 'body' is given twice")
        // Limits are the caller's: a larger text passes with larger limits, snapshots included.
        let larger = Content.Limits(maximumTextBytes: 100_000)
        let big = try Content(json: #"{"body": "\#(String(repeating: "éé ", count: 15_000))"}"#, for: post, limits: larger)
        #expect(throws: Never.self) { try post.compiled().snapshot(for: phone, content: big, limits: larger) }
        // Content made in code is checked the same way, snapshots included.
        #expect(throws: ContentError.self) { try Content(["photo": .size(CGSize(width: Double.nan, height: 1))]).validate(for: post) }
        #expect { try post.compiled().snapshot(for: phone, content: Content(["body": .flag(true)])) } throws: { error in
            guard case SnapshotError.content(let content) = error else { return false }
            return content.issues.first?.message == "the slot 'body' takes a string or a list of runs"
        }
    }

    @Test func equalContentHasOneDigestHoweverItIsWritten() throws {
        let post = try document(Self.json())
        let first = try Content(json: #"{"photo": [1200, 800.0], "body": "é"}"#, for: post)
        let second = try Content(json: #"{"body": "\u00e9", "photo": [1.2e3, 800]}"#, for: post)
        #expect(first.digest == second.digest && first.canonicalJSON == #"{"body":"é","photo":[1200,800]}"#)
        #expect(first.digest != Content(["body": .text("e")]).digest)
        #expect(Content.empty.canonicalJSON == "{}")
    }
}
