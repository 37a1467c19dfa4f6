import ArgumentParser
import CGLBridge
import CGLClient
import CGLDocument
import CGLWire
import Foundation

/// `cglctl register FILE…`: registers documents with the daemon, reporting every issue of
/// an invalid one as `validate` does.
struct Register: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Register scheme documents with cgld (replacing those of the same name).")

    @OptionGroup var daemon: DaemonOptions

    @Argument(help: "Document files ('-' for stdin).")
    var files: [String]

    func run() async throws {
        let client = daemon.client()
        var results: [String] = []
        var anyInvalid = false
        for file in files {
            let data = try readInput(file)
            do throws(CGLClientError) {
                let registration = try await client.register(data)
                report(registration, file: file, into: &results)
            } catch where error.daemonError?.code == .invalidDocument {
                anyInvalid = true
                report(invalid: error.daemonError?.issues ?? [], message: error.message, file: file, into: &results)
            } catch {
                throw DaemonOptions.fail(error)
            }
        }
        if daemon.format == .json { print(JSONOutput.array(results)) }
        if anyInvalid { throw ExitCode(CLIExit.invalidDocument) }
    }

    private func report(_ registration: WireRegistration, file: String, into results: inout [String]) {
        if daemon.format == .text {
            print("\(file): \(registration.outcome.name) (\(registration.name), \(registration.hash))")
            for warning in registration.warnings { printError(warning.line(file: file)) }
        }
        results.append(JSONOutput.object([
            ("file", JSONOutput.string(file)), ("registered", "true"), ("name", JSONOutput.string(registration.name)),
            ("hash", JSONOutput.string(registration.hash)), ("outcome", JSONOutput.string(registration.outcome.name)),
            ("issues", JSONOutput.array(registration.warnings.map(\.json))),
        ]))
    }

    private func report(invalid issues: [WireIssue], message: String, file: String, into results: inout [String]) {
        if daemon.format == .text {
            for issue in issues { printError(issue.line(file: file)) }
            print("\(file): invalid (\(message))")
        }
        results.append(JSONOutput.object([
            ("file", JSONOutput.string(file)), ("registered", "false"), ("issues", JSONOutput.array(issues.map(\.json))),
        ]))
    }
}

extension WireIssue {
    /// The issue as `cglctl validate --format json` writes a document issue.
    var json: String {
        var members: [(String, String)] = [
            ("severity", JSONOutput.string(severity.name)), ("code", JSONOutput.string(code)),
            ("pointer", JSONOutput.string(pointer)), ("message", JSONOutput.string(message)),
        ]
        if let hint { members.append(("hint", JSONOutput.string(hint))) }
        if line != 0 { members += [("line", String(line)), ("column", String(column))] }
        return JSONOutput.object(members)
    }
}
