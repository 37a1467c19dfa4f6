package import CGLValues
package import CGLWire

extension WireIssue {
    /// A document issue as the protocol carries it.
    package init(_ issue: DocumentIssue) {
        self.init(severity: issue.severity == .error ? .error : .warning, code: issue.code.name, pointer: issue.pointer,
                  message: issue.message, hint: issue.hint,
                  line: issue.position.map { UInt32(clamping: $0.line) } ?? 0,
                  column: issue.position.map { UInt32(clamping: $0.column) } ?? 0)
    }

    /// The issue as a compiler-style line, as `cglctl validate` prints it:
    /// `file:3:5: error: /blocks/0: message; hint`.
    package func line(file: String) -> String {
        let location = line == 0 ? file : "\(file):\(line):\(column)"
        var text = "\(location): \(severity.name): \(pointer.isEmpty ? "/" : pointer): \(message)"
        if let hint { text += "; \(hint)" }
        return text
    }
}

extension DocumentIssue {
    /// An issue the protocol carried, as the document layer has it.
    package init(_ issue: WireIssue) {
        self.init(severity: issue.severity == .error ? .error : .warning, code: Code(name: issue.code), pointer: issue.pointer,
                  message: issue.message, hint: issue.hint,
                  position: issue.line == 0 ? nil : TextPosition(line: Int(issue.line), column: Int(issue.column)))
    }
}
