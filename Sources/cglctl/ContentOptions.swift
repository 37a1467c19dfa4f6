import ArgumentParser
import CGLDocument
import Foundation

/// The caller's content for a document's slots: a JSON file, and single values.
struct ContentOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Content for the document's slots: a JSON object such as {\"body\": \"…\", \"photo\": [1200, 800]}.", valueName: "file"))
    var content: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("One slot's value, after --content: body=\"Some text\", photo=1200x800, hasBadge=false, body=@runs.json (a file of JSON: runs, a string…; a text that starts with @ is written in JSON quotes, body='\"@ada\"').", valueName: "slot=value"))
    var values: [String] = []

    /// Whether any content was given.
    var isEmpty: Bool { content == nil && values.isEmpty }

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
                throw CommandFailure.invalid("invalidContent", "'\(path)' does not fit the slots of '\(document.name)'", issues: error.issues, file: path)
            }
        }
        var values = content.values
        for assignment in self.values {
            let (name, text) = try Self.split(assignment)
            guard let slot = document.slots.first(where: { $0.name == name }) else {
                let names = document.slots.map(\.name)
                throw CommandFailure(code: "invalidContent", message: "the scheme '\(document.name)' has no slot '\(name)'; "
                                     + (names.isEmpty ? "it has no slots" : "its slots are \(names.joined(separator: ", "))"), exitCode: CLIExit.invalidDocument)
            }
            if let path = Self.filePath(text) {
                values[name] = try Self.value(json: try readInput(path), slot: name, file: path) { bytes throws(ContentError) in
                    try Content(json: bytes, for: document)
                }
            } else {
                values[name] = try Self.value(text, for: slot)
            }
        }
        let result = Content(values)
        do {
            try result.validate(for: document)
        } catch {
            throw CommandFailure(code: "invalidContent", message: "the content does not fit the slots of '\(document.name)'",
                                 issues: error.issues.map { ("cglctl: content: \($0)", $0.json) }, exitCode: CLIExit.invalidDocument, printsMessage: false)
        }
        return result
    }

    /// The content as given, for a daemon to check against the registered scheme's slots
    /// (`lookup`, which has no document): a --set value is a flag when it is `true` or
    /// `false`, a size when it is WIDTHxHEIGHT, a text otherwise; a value in JSON quotes is
    /// always a text (`--set 'title="true"'`).
    func untypedContent() throws -> Content {
        var values: [String: SlotValue] = [:]
        if let path = self.content {
            do {
                values = try Content(json: Array(try readInput(path))).values
            } catch let error as ContentError {
                throw CommandFailure.invalid("invalidContent", "'\(path)' is not valid content", issues: error.issues, file: path)
            }
        }
        for assignment in self.values {
            let (name, text) = try Self.split(assignment)
            if let path = Self.filePath(text) {
                values[name] = try Self.value(json: try readInput(path), slot: name, file: path) { bytes throws(ContentError) in try Content(json: Array(bytes)) }
            } else {
                values[name] = Self.inferred(text)
            }
        }
        return Content(values)
    }

    /// The file a --set value names with `@` (curl's convention), if it does.
    private static func filePath(_ text: String) -> String? {
        text.count > 1 && text.hasPrefix("@") ? String(text.dropFirst()) : nil
    }

    /// A slot's value read from a file of JSON (runs, a string, a size, a flag), read as the
    /// value of `slot` in content, so that each problem is pointed at within it (`/body/2/style`).
    private static func value(json file: Data, slot: String, file path: String,
                              read: (Data) throws(ContentError) -> Content) throws -> SlotValue {
        let wrapped = Data("{\(JSONOutput.string(slot)):".utf8) + file + Data("}".utf8)
        do throws(ContentError) {
            guard let value = try read(wrapped).values[slot] else { throw ContentError(issues: []) }
            return value
        } catch {
            throw CommandFailure.invalid("invalidContent", "'\(path)' is not a value for the slot '\(slot)'", issues: error.issues, file: path)
        }
    }

    /// `slot=value` split at its first `=`.
    private static func split(_ assignment: String) throws -> (String, String) {
        guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
            throw ValidationError("--set takes slot=value, such as body=\"Some text\" or photo=1200x800")
        }
        return (String(assignment[..<equals]), String(assignment[assignment.index(after: equals)...]))
    }

    /// A --set value without a slot to say its kind.
    private static func inferred(_ text: String) -> SlotValue {
        if let flag = Bool(text) { return .flag(flag) }
        if let size = size(text) { return .size(size) }
        if text.count >= 2, text.first == "\"", text.last == "\"",
           case .text(let quoted)? = try? Content(json: Array("{\"v\":\(text)}".utf8)).values["v"] {
            return .text(quoted)
        }
        return .text(text)
    }

    /// WIDTHxHEIGHT (or `W,H`, `W×H`).
    private static func size(_ text: String) -> CGSize? {
        let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "," || $0 == "×" })
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return nil }
        return CGSize(width: width, height: height)
    }

    /// A --set value read as its slot's kind.
    private static func value(_ text: String, for slot: Slot) throws -> SlotValue {
        switch slot.kind {
        case .text:
            // In JSON quotes, the text inside them (how a text starting with @ is written).
            if case .text(let quoted) = inferred(text) { return .text(quoted) }
            return .text(text)
        case .flag:
            guard let flag = Bool(text) else {
                throw CommandFailure(code: "invalidContent", message: "the slot '\(slot.name)' takes true or false, not '\(text)'", exitCode: CLIExit.invalidDocument)
            }
            return .flag(flag)
        case .size:
            guard let size = size(text) else {
                throw CommandFailure(code: "invalidContent", message: "the slot '\(slot.name)' takes a size WIDTHxHEIGHT, such as 1200x800, not '\(text)'",
                                     exitCode: CLIExit.invalidDocument)
            }
            return .size(size)
        }
    }
}
