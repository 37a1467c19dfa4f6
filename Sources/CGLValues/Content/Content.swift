/// The caller's content for a document's slots: slot name → value. What it leaves out,
/// the document's defaults fill. Checking it against a document, and reading it from JSON,
/// is `CGLDocument`'s (`Content(json:for:)`, `validate(for:)`, `normalized(for:)`).
///
/// ```swift
/// let content = try Content(json: #"{"body": "Hello", "photo": [1200, 800], "hasBadge": false}"#, for: document)
/// let snapshot = try document.compiled().snapshot(for: environment, content: content)
/// ```
///
/// Its JSON form is one object; its `digest` (in `CGLDocument`) is taken of a canonical
/// form (keys sorted, numbers in shortest form), so that equal content has one digest
/// however it was written.
public struct Content: Sendable, Hashable {
    /// How much content a value may hold.
    public struct Limits: Sendable, Hashable {
        /// The longest text, in UTF-8 bytes (64 KiB by default).
        public var maximumTextBytes: Int

        public init(maximumTextBytes: Int = 64 * 1024) {
            self.maximumTextBytes = maximumTextBytes
        }
    }

    /// The values given, by slot name.
    public private(set) var values: [String: SlotValue]

    /// No content: every slot takes its default.
    public static let empty = Content()

    /// Content made of `values`, not yet checked against a document (`CGLDocument`'s
    /// `validate(for:limits:)` does).
    public init(_ values: [String: SlotValue] = [:]) {
        self.values = values
    }

    /// The value of `slot`: the content's, or the document's default.
    public func value(of slot: Slot) -> SlotValue {
        values[slot.name] ?? slot.defaultValue
    }

    /// Keys sorted by their UTF-8 bytes, no whitespace, numbers in shortest round-trip form; a
    /// list of runs as written (not joined into a string), each run's keys sorted.
    public var canonicalJSON: String { String(decoding: CanonicalContent.canonicalBytes(of: values), as: UTF8.self) }
}

/// Content that does not fit a document's slots: every problem, each with its pointer
/// (`/body`), what is wrong and how to fix it.
public struct ContentError: Error, Sendable, Hashable, CustomStringConvertible {
    public var issues: [DocumentIssue]

    /// An error of these issues.
    public init(issues: [DocumentIssue]) {
        self.issues = issues
    }

    public var description: String { issues.map(\.description).joined(separator: "\n") }
}

extension DocumentIssue {
    /// Content that gives the slot `name` twice.
    package static func slotGivenTwice(_ name: String, position: TextPosition? = nil) -> DocumentIssue {
        DocumentIssue(severity: .error, code: .invalidValue, pointer: JSONPointer.root.appending(name).description,
                      message: "the slot '\(name)' is given twice", hint: "keep one", position: position)
    }
}
