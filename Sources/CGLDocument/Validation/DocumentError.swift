/// A document that cannot be used, with every error found in it (and its warnings).
public struct DocumentError: Error, Sendable, CustomStringConvertible {
    /// All issues, errors first, each in document order.
    public var issues: [DocumentIssue]

    public var errors: [DocumentIssue] { issues.filter { $0.severity == .error } }

    public var description: String { issues.map(\.description).joined(separator: "\n") }
}

/// Collects issues while a document is read; shared by all readers of one document.
final class IssueCollector {
    private(set) var issues: [DocumentIssue] = []
    /// The document, to find where a pointer's value is written when an issue is reported.
    private let root: JSONValue?

    init(root: JSONValue? = nil) {
        self.root = root
    }

    var hasErrors: Bool { issues.contains { $0.severity == .error } }

    func error(_ code: DocumentIssue.Code, _ pointer: JSONPointer, _ message: String, hint: String? = nil, at position: TextPosition? = nil) {
        issues.append(DocumentIssue(severity: .error, code: code, pointer: pointer.description, message: message, hint: hint,
                                    position: position ?? self.position(of: pointer)))
    }

    func warning(_ code: DocumentIssue.Code, _ pointer: JSONPointer, _ message: String, hint: String? = nil) {
        issues.append(DocumentIssue(severity: .warning, code: code, pointer: pointer.description, message: message, hint: hint,
                                    position: position(of: pointer)))
    }

    /// Where the value at `pointer` starts: found by walking the document, only when needed.
    private func position(of pointer: JSONPointer) -> TextPosition? {
        guard var value = root else { return nil }
        for token in pointer.tokens {
            switch value.kind {
            case .object(let members):
                guard let member = members.last(where: { $0.key == token }) else { return value.position }
                value = member.value
            case .array(let values):
                guard let index = Int(token), values.indices.contains(index) else { return value.position }
                value = values[index]
            default:
                return value.position
            }
        }
        return value.position
    }
}
