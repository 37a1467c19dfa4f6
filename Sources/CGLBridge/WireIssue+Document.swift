public import CGLDocument
public import CGLWire

extension WireIssue {
    /// A document issue as the protocol carries it.
    public init(_ issue: DocumentIssue) {
        self.init(severity: issue.severity == .error ? .error : .warning, code: issue.code.name, pointer: issue.pointer,
                  message: issue.message, hint: issue.hint,
                  line: issue.position.map { UInt32(clamping: $0.line) } ?? 0,
                  column: issue.position.map { UInt32(clamping: $0.column) } ?? 0)
    }

    /// The issue as a compiler-style line, as `cglctl validate` prints it:
    /// `file:3:5: error: /blocks/0: message; hint`.
    public func line(file: String) -> String {
        let location = line == 0 ? file : "\(file):\(line):\(column)"
        var text = "\(location): \(severity.name): \(pointer.isEmpty ? "/" : pointer): \(message)"
        if let hint { text += "; \(hint)" }
        return text
    }
}
