import ArgumentParser
import CGLDocument
import Foundation

/// A command that failed for a reason the user can act on: reported once by `CGLCtl.main`
/// on stderr — as lines of text, or with `--format json` as one object
/// `{"error": {"code", "message", "issues"}}` — and exited with its code, never followed
/// by the usage text (that is for mistakes in the command line's shape).
struct CommandFailure: Error {
    /// A stable name for the kind of failure: `usage`, `noInput`, `invalidDocument`,
    /// `invalidContent`, `cannotLayOut`, `cannotWrite`.
    var code: String
    var message: String
    /// Document or content issues, each as its text line and its JSON object.
    var issues: [(line: String, json: String)] = []
    var exitCode: Int32
    /// Whether the text form prints the message before the issues (a document's issues say
    /// everything on their own lines, compiler-style).
    var printsMessage = true

    /// A usage error found while running (an unknown profile, a flag value out of range).
    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(code: "usage", message: message, exitCode: CLIExit.usage)
    }

    /// `issues` of the file at `path`, which make it unusable.
    static func invalid(_ code: String, _ message: String, issues: [DocumentIssue], file path: String) -> CommandFailure {
        CommandFailure(code: code, message: message, issues: issues.map { ($0.line(file: path), $0.json) },
                       exitCode: CLIExit.invalidDocument, printsMessage: issues.isEmpty)
    }

    /// Writes the failure to stderr in `format`.
    func report(format: OutputFormat) {
        switch format {
        case .json:
            printError(JSONOutput.object([("error", JSONOutput.object([
                ("code", JSONOutput.string(code)), ("message", JSONOutput.string(message)), ("issues", JSONOutput.array(issues.map(\.json))),
            ]))]))
        case .text:
            if printsMessage { printError("cglctl: \(message)") }
            for issue in issues { printError(issue.line) }
        }
    }
}

/// A command that prints in a chosen `--format`, so that its failures are reported in it.
protocol FormattedCommand {
    var outputFormat: OutputFormat { get }
}

extension Compute: FormattedCommand { var outputFormat: OutputFormat { global.format } }
extension Render: FormattedCommand { var outputFormat: OutputFormat { global.format } }
extension Validate: FormattedCommand { var outputFormat: OutputFormat { global.format } }
extension Profiles: FormattedCommand { var outputFormat: OutputFormat { global.format } }
extension Measure: FormattedCommand { var outputFormat: OutputFormat { format } }
extension Ping: FormattedCommand { var outputFormat: OutputFormat { daemon.format } }
extension Unregister: FormattedCommand { var outputFormat: OutputFormat { daemon.format } }
extension List: FormattedCommand { var outputFormat: OutputFormat { daemon.format } }
extension Stats: FormattedCommand { var outputFormat: OutputFormat { daemon.format } }
extension LookupCommand: FormattedCommand { var outputFormat: OutputFormat { daemon.format } }
extension Prewarm: FormattedCommand { var outputFormat: OutputFormat { daemon.format } }
extension Register: FormattedCommand { var outputFormat: OutputFormat { daemon.format } }
extension Backup: FormattedCommand { var outputFormat: OutputFormat { format } }
