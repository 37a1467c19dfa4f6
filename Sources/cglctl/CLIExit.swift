import ArgumentParser
import CGLDocument
import Foundation

/// The exit codes of `cglctl` (sysexits).
enum CLIExit {
    static let usage: Int32 = 64
    static let invalidDocument: Int32 = 65
    static let noInput: Int32 = 66
    /// No scheme is registered by that name (sysexits' "addressee unknown").
    static let noSuchScheme: Int32 = 67
    static let unavailable: Int32 = 69
    static let internalError: Int32 = 70
    static let cannotCreate: Int32 = 73
    static let notPermitted: Int32 = 77
}

/// Writes a diagnostic line to stderr.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Reads a file named on the command line (`-` for stdin); a missing file exits 66.
func readInput(_ path: String) throws -> Data {
    if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    guard let data = FileManager.default.contents(atPath: path) else {
        throw CommandFailure(code: "noInput", message: "cannot read '\(path)': no such file, or not readable; check the path", exitCode: CLIExit.noInput)
    }
    return data
}

/// Parses a document file, printing its issues and exiting 65 when it is invalid; variants
/// are checked against `profiles`.
func loadDocument(_ path: String, format: OutputFormat, profiles: ProfileSet) throws -> SchemeDocument {
    let data = try readInput(path)
    do {
        let document = try SchemeDocument(data: data, profiles: profiles)
        if format == .text {
            for warning in document.warnings { printError(warning.line(file: path)) }
        }
        return document
    } catch {
        throw CommandFailure.invalid("invalidDocument", "'\(path)' is not a valid scheme document", issues: error.issues, file: path)
    }
}

/// Writes text to a file, exiting 73 (cannot create) if that fails.
func write(_ text: String, to path: String) throws {
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
        throw CommandFailure(code: "cannotWrite", message: "cannot write '\(path)': \(error.localizedDescription); check the folder exists and is writable",
                             exitCode: CLIExit.cannotCreate)
    }
}

/// The snapshot of a document for one environment; a document that cannot be laid out there
/// exits 65 naming the file, the environment and the block.
func snapshot(_ compiled: CompiledDocument, for environment: LayoutEnvironment, content: Content = .empty, file: String) throws -> DocumentSnapshot {
    do {
        return try compiled.snapshot(for: environment, content: content)
    } catch {
        let place = environment.profile.map { "profile '\($0)'" } ?? "\(formatNumber(environment.width))x\(formatNumber(environment.height))"
        throw CommandFailure(code: "cannotLayOut", message: "\(file): cannot lay out for \(place): \(error)", exitCode: CLIExit.invalidDocument)
    }
}
