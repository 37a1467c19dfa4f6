/// One problem found in a scheme document, as the protocol carries it: where, what, and
/// how to fix it (`docs/format.md` §4).
///
/// `invalidDocument` errors carry every issue of the document (errors first, then
/// warnings); `registered` responses carry the warnings of a valid one.
public struct WireIssue: Sendable, Hashable, CustomStringConvertible {
    /// Whether the document can still be used.
    public enum Severity: UInt8, Sendable, Hashable, CaseIterable {
        /// The document is invalid.
        case error = 0
        /// The document is valid but probably not what its author meant.
        case warning = 1

        /// `error` or `warning`.
        public var name: String { self == .error ? "error" : "warning" }
    }

    /// Whether the issue makes the document invalid.
    public var severity: Severity
    /// A stable name for the kind of problem, such as `unknownKey` (an open set: clients
    /// must accept codes they do not know).
    public var code: String
    /// Where: a JSON pointer into the document (`/blocks/3/constraints/0/anchors/1`); empty
    /// for the whole document.
    public var pointer: String
    /// What is wrong (`unknown anchor 'rigth'`).
    public var message: String
    /// How to fix it (`did you mean 'right'?`), when there is something to say.
    ///
    /// The wire writes "no hint" as the empty string, so the initialiser normalises an
    /// empty hint to `nil`.
    public var hint: String?
    /// The 1-based line in the document's text, or 0 when unknown.
    public var line: UInt32
    /// The 1-based column in the document's text, or 0 when unknown.
    public var column: UInt32

    /// An issue.
    public init(severity: Severity, code: String, pointer: String, message: String, hint: String? = nil, line: UInt32 = 0, column: UInt32 = 0) {
        self.severity = severity
        self.code = code
        self.pointer = pointer
        self.message = message
        self.hint = hint?.isEmpty == true ? nil : hint
        self.line = line
        self.column = column
    }

    /// `error: /pointer: message (line:column); hint`, as `cglctl validate` prints issues.
    public var description: String {
        var text = "\(severity.name): \(pointer.isEmpty ? "/" : pointer): \(message)"
        if line != 0 { text += " (\(line):\(column))" }
        if let hint { text += "; \(hint)" }
        return text
    }
}

extension WireIssue: WireCodable {
    static var minimumEncodedSize: Int { 1 + 4 * 4 + 4 + 4 }

    func write(to writer: inout ByteWriter) {
        writer.write(severity)
        writer.write(code)
        writer.write(pointer)
        writer.write(message)
        writer.write(hint ?? "")
        writer.write(line)
        writer.write(column)
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        self.init(
            severity: try reader.readEnum(Severity.self, "an issue's severity"),
            code: try reader.readString("an issue's code"),
            pointer: try reader.readString("an issue's pointer"),
            message: try reader.readString("an issue's message"),
            hint: try reader.readString("an issue's hint"),
            line: try reader.readUInt32("an issue's line"),
            column: try reader.readUInt32("an issue's column")
        )
    }
}
