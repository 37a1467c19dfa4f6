import ArgumentParser
import CGLDocument
import Foundation

/// `cglctl validate FILE…`: checks documents, reporting every issue of each.
struct Validate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check scheme documents and report every problem.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Document files ('-' for stdin).")
    var files: [String]

    func run() async throws {
        let profiles = try global.profileSet()
        var results: [String] = []
        var anyInvalid = false
        for file in files {
            let data = try readInput(file)
            do {
                let document = try SchemeDocument(data: data, profiles: profiles)
                if global.format == .text {
                    print("\(file): ok (\(document.name), \(document.hash))")
                    for slot in document.slots { print("  slot \(slot.name): \(slot.kind.rawValue), default \(slot.defaultValue)") }
                    for warning in document.warnings { printError(warning.line(file: file)) }
                }
                results.append(JSONOutput.object([
                    ("file", JSONOutput.string(file)), ("valid", "true"), ("name", JSONOutput.string(document.name)),
                    ("hash", JSONOutput.string(document.hash)), ("slots", JSONOutput.array(document.slots.map(\.json))),
                    ("issues", JSONOutput.array(document.warnings.map(\.json))),
                ]))
            } catch {
                anyInvalid = true
                if global.format == .text {
                    for issue in error.issues { printError(issue.line(file: file)) }
                    print("\(file): invalid (\(error.errors.count) error\(error.errors.count == 1 ? "" : "s"))")
                }
                results.append(JSONOutput.object([
                    ("file", JSONOutput.string(file)), ("valid", "false"), ("issues", JSONOutput.array(error.issues.map(\.json))),
                ]))
            }
        }
        if global.format == .json { print(JSONOutput.array(results)) }
        if anyInvalid { throw ExitCode(CLIExit.invalidDocument) }
    }
}

extension Slot {
    /// `{"name": "body", "kind": "text", "default": "…"}`.
    var json: String {
        JSONOutput.object([("name", JSONOutput.string(name)), ("kind", JSONOutput.string(kind.rawValue)), ("default", defaultValue.canonicalJSON)])
    }
}
