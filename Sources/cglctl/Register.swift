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
            } catch where error.refusal?.code == .invalidDocument {
                anyInvalid = true
                report(invalid: error.refusal?.issues ?? [], message: error.message, file: file, into: &results)
            } catch {
                throw DaemonOptions.fail(error, format: daemon.format)
            }
        }
        if daemon.format == .json { print(JSONOutput.array(results)) }
        if anyInvalid { throw ExitCode(CLIExit.invalidDocument) }
    }

    private func report(_ registration: Registration, file: String, into results: inout [String]) {
        if daemon.format == .text {
            print("\(file): \(registration.outcome.rawValue) (\(registration.name), \(registration.hash))")
            for warning in registration.warnings { printError(warning.line(file: file)) }
        }
        results.append(JSONOutput.object([
            ("file", JSONOutput.string(file)), ("registered", "true"), ("name", JSONOutput.string(registration.name)),
            ("hash", JSONOutput.string(registration.hash)), ("outcome", JSONOutput.string(registration.outcome.rawValue)),
            ("issues", JSONOutput.array(registration.warnings.map(\.json))),
        ]))
    }

    private func report(invalid issues: [DocumentIssue], message: String, file: String, into results: inout [String]) {
        if daemon.format == .text {
            for issue in issues { printError(issue.line(file: file)) }
            print("\(file): invalid (\(message))")
        }
        results.append(JSONOutput.object([
            ("file", JSONOutput.string(file)), ("registered", "false"), ("issues", JSONOutput.array(issues.map(\.json))),
        ]))
    }
}
