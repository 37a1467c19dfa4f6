/// One problem found in a scheme document: where, what, and how to fix it.
public struct DocumentIssue: Sendable, Hashable, CustomStringConvertible {
    /// Whether the document can still be used.
    public enum Severity: String, Sendable, Hashable {
        /// The document is invalid.
        case error
        /// The document is valid but probably not what its author meant.
        case warning
    }

    /// A stable name for the kind of problem, for programs (it travels over the wire).
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        public let name: String

        public static let syntax = Code(name: "syntax")
        public static let tooLarge = Code(name: "tooLarge")
        public static let unknownKey = Code(name: "unknownKey")
        public static let missingKey = Code(name: "missingKey")
        public static let wrongType = Code(name: "wrongType")
        public static let invalidValue = Code(name: "invalidValue")
        public static let outOfRange = Code(name: "outOfRange")
        public static let duplicateId = Code(name: "duplicateId")
        public static let unknownElement = Code(name: "unknownElement")
        public static let order = Code(name: "order")
        public static let expression = Code(name: "expression")
        public static let unknownTerm = Code(name: "unknownTerm")
        public static let arguments = Code(name: "arguments")
        public static let incompatible = Code(name: "incompatible")
        public static let unsupported = Code(name: "unsupported")
        public static let unusedElement = Code(name: "unusedElement")
        public static let undetermined = Code(name: "undetermined")
        /// A variant names a profile that none of the profiles checked against has.
        public static let unknownProfile = Code(name: "unknownProfile")

        public var description: String { name }

        /// The code called `name` (codes form an open set: a client meets ones it does not know).
        package init(name: String) {
            self.name = name
        }
    }

    public var severity: Severity
    public var code: Code
    /// Where: a JSON pointer into the document (`/blocks/3/constraints/0/anchors/1`).
    public var pointer: String
    /// What is wrong (`unknown anchor 'rigth'`).
    public var message: String
    /// How to fix it (`did you mean 'right'?`), when there is something to say.
    public var hint: String?
    /// Where in the file, when known (JSON syntax errors and values).
    public var position: TextPosition?

    /// An issue.
    package init(severity: Severity, code: Code, pointer: String, message: String, hint: String? = nil, position: TextPosition? = nil) {
        self.severity = severity
        self.code = code
        self.pointer = pointer
        self.message = message
        self.hint = hint
        self.position = position
    }

    public var description: String {
        var text = "\(severity): \(pointer.isEmpty ? "/" : pointer): \(message)"
        if let position { text += " (\(position))" }
        if let hint { text += "; \(hint)" }
        return text
    }
}

/// A line and column (both from 1, columns counted in characters) in a text.
public struct TextPosition: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "line \(line), column \(column)" }
}
