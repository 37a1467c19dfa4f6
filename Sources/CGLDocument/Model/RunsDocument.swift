public import CGLText

/// A text in runs with the styles it names, written as a document writes one
/// (`docs/format.md` §1.7a): `{"styles": {"body": {…}, "mention": {…}}, "style": "body",
/// "runs": [{"string": "@ada", "style": "mention"}, {"string": " shipped it"}]}`. It is what
/// `cglctl measure --runs` reads, so that a rich text is checked alone, as a label of a
/// document would measure it.
public struct RunsDocument: Sendable {
    /// The styles the runs may name.
    public var styles: [String: TextStyle]
    /// The text's own style: its font for runs that name none, its line height, `maxLines`
    /// and direction for the paragraph.
    public var style: String
    public var runs: [SlotValue.Run]

    /// Reads and checks a runs document.
    ///
    /// - Throws: ``DocumentError`` with every problem, each with its pointer: invalid JSON,
    ///   an unknown key, a style that is not valid, a run naming a style not in `styles`, an
    ///   empty string, an atom of a negative or out-of-range size.
    public init(json bytes: [UInt8]) throws(DocumentError) {
        guard bytes.count <= SchemeDocument.maximumSize else {
            throw DocumentError(issues: [DocumentIssue(severity: .error, code: .tooLarge, pointer: "",
                                                       message: "the file is \(bytes.count) bytes; at most \(SchemeDocument.maximumSize) are read")])
        }
        let root: JSONValue
        do {
            root = try JSONReader.parse(bytes, maximumDepth: 8)
        } catch {
            throw DocumentError(issues: [DocumentIssue(severity: .error, code: .syntax, pointer: "", message: "invalid JSON: \(error.message)",
                                                       hint: "check the text near \(error.position)", position: error.position)])
        }
        let decoder = DocumentDecoder(root: root)
        let issues = decoder.issues
        guard let object = ObjectReader(root, at: .root, issues: issues, what: "a runs document") else { throw DocumentError(issues: issues.issues) }
        object.rejectUnknownKeys(allowed: ["styles", "style", "runs"], what: "a runs document")
        let styles = object.value("styles").map { decoder.decodeStyles($0, at: JSONPointer.root.appending("styles")) } ?? [:]
        if !object.has("styles") { issues.error(.missingKey, .root, "a runs document needs 'styles'", hint: "such as {\"body\": {\"family\": \"DejaVu Sans\", \"size\": 15}}") }
        let style = object.string("style", required: true, what: "a runs document")
        if let style, !decoder.declaredStyles.contains(style) {
            issues.error(.invalidValue, JSONPointer.root.appending("style"), "unknown text style '\(style)'",
                         hint: suggestion(for: style, among: decoder.declaredStyles).map { "did you mean '\($0)'?" } ?? "name one of 'styles'")
        }
        let runs = object.value("runs").flatMap { RunListReader(issues: issues).read($0, at: JSONPointer.root.appending("runs")) }
        if !object.has("runs") { issues.error(.missingKey, .root, "a runs document needs 'runs'", hint: "a list such as [{\"string\": \"…\"}]") }
        if let runs { RunChecks.check(runs, at: JSONPointer.root.appending("runs"), styles: decoder.declaredStyles, into: issues) }
        guard let style, let runs, !issues.hasErrors else { throw DocumentError(issues: issues.issues) }
        self.styles = styles
        self.style = style
        self.runs = runs
    }

    /// The paragraph the runs make in `engine`, in `direction` unless the text's style fixes one.
    ///
    /// - Throws: `TextError` when a style's font cannot be found or read.
    public func paragraph(engine: TextEngine, direction: TextDirection = .leftToRight) throws(TextError) -> TextParagraph {
        guard let base = styles[style] else { throw .invalidRuns("the style '\(style)' is not among the styles") }
        return try engine.paragraph(runs.textRuns(styles: styles, textScale: 1), style: base, direction: direction)
    }
}
