import ArgumentParser
import CGLDocument
import Foundation

/// The caller's content for a document's slots: a JSON file, and single values.
struct ContentOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Content for the document's slots: a JSON object such as {\"body\": \"…\", \"photo\": [1200, 800]}.", valueName: "file"))
    var content: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("One slot's value, after --content: body=\"Some text\", photo=1200x800, hasBadge=false.", valueName: "slot=value"))
    var values: [String] = []

    /// The content for `document`; prints every problem and exits 65 when it does not fit
    /// the document's slots, 64 when a --set is not written as slot=value.
    /// Refuses reading both the document and the content from stdin; call before reading either.
    func checkStdin(documentFile: String) throws {
        if content == "-", documentFile == "-" {
            throw ValidationError("the document and --content cannot both be read from stdin; give one of them as a file")
        }
    }

    func content(for document: SchemeDocument) throws -> Content {
        var content = Content.empty
        if let path = self.content {
            let data = try readInput(path)
            do {
                content = try Content(json: data, for: document)
            } catch {
                for issue in error.issues { printError(issue.line(file: path)) }
                throw ExitCode(CLIExit.invalidDocument)
            }
        }
        var values = content.values
        for assignment in self.values {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw ValidationError("--set takes slot=value, such as body=\"Some text\" or photo=1200x800")
            }
            let name = String(assignment[..<equals])
            let text = String(assignment[assignment.index(after: equals)...])
            guard let slot = document.slots.first(where: { $0.name == name }) else {
                let names = document.slots.map(\.name)
                throw ValidationError("the scheme '\(document.name)' has no slot '\(name)'; " + (names.isEmpty ? "it has no slots" : "its slots are \(names.joined(separator: ", "))"))
            }
            values[name] = try Self.value(text, for: slot)
        }
        let result = Content(values)
        do {
            try result.validate(for: document)
        } catch {
            for issue in error.issues { printError("cglctl: content: \(issue)") }
            throw ExitCode(CLIExit.invalidDocument)
        }
        return result
    }

    /// A --set value read as its slot's kind.
    private static func value(_ text: String, for slot: Slot) throws -> SlotValue {
        switch slot.kind {
        case .text:
            return .text(text)
        case .flag:
            guard let flag = Bool(text) else { throw ValidationError("the slot '\(slot.name)' takes true or false, not '\(text)'") }
            return .flag(flag)
        case .size:
            let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "," || $0 == "×" })
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else {
                throw ValidationError("the slot '\(slot.name)' takes a size WIDTHxHEIGHT, such as 1200x800, not '\(text)'")
            }
            return .size(CGSize(width: width, height: height))
        }
    }
}
