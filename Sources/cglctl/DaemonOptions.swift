import ArgumentParser
import CGLClient
import CGLDocument
import CGLWire
import Foundation

/// Options of the commands that talk to `cgld`.
struct DaemonOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The daemon's socket (default: CGLD_SOCKET, else the first that exists of .cgld/cgld.sock, $XDG_RUNTIME_DIR/cgld/cgld.sock, /run/cgld/cgld.sock).", valueName: "path"))
    var socket: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    /// A client of the daemon on the chosen socket.
    func client() -> CGLClient {
        CGLClient(socketPath: socket ?? CGLClient.defaultSocketPath)
    }

    /// Runs a client call, turning its failure into a diagnostic and an exit code.
    func call<T>(_ body: (CGLClient) throws(CGLClientError) -> T) throws -> T {
        do {
            return try body(client())
        } catch {
            throw Self.fail(error, format: format)
        }
    }

    /// Prints `error` to stderr (a JSON object with `--format json`) and returns the exit
    /// it means: 69 when the daemon cannot be reached, 67 for a scheme it does not know, 65
    /// for invalid documents and content and documents it cannot lay out, 64 for an unknown
    /// profile or invalid environment values, 77 when it refuses the
    /// request for this user, 70 otherwise.
    static func fail(_ error: CGLClientError, format: OutputFormat) -> ExitCode {
        if format == .json {
            printError(errorJSON(error))
        } else {
            printError("cglctl: \(describe(error))")
            // Content is the caller's: each problem with its pointer (`/body/2/style`), as
            // offline commands print them.
            if let refusal = error.refusal, refusal.code == .invalidContent {
                for issue in refusal.issues { printError("cglctl: content: \(issue)") }
            }
        }
        return exitCode(for: error)
    }

    /// The message in plain words, with the next step where there is an obvious one.
    static func describe(_ error: CGLClientError) -> String {
        guard let refusal = error.refusal else { return error.message }
        if refusal.code == .notFound { return refusal.message + "; register it first (cglctl register FILE), or see what is (cglctl list)" }
        return refusal.message
    }

    /// `{"error": {"code": "notFound", "message": "…", "issues": […]}}`.
    static func errorJSON(_ error: CGLClientError) -> String {
        let code = error.refusal.map { "\($0.code)" } ?? "\(error.code)"
        // The same members as an offline document issue, so that a program reads both alike.
        let issues = (error.refusal?.issues ?? []).map(\.json)
        return JSONOutput.object([("error", JSONOutput.object([
            ("code", JSONOutput.string(code)), ("message", JSONOutput.string(describe(error))), ("issues", JSONOutput.array(issues)),
        ]))])
    }

    /// The exit a failure means (see ``fail(_:)``).
    static func exitCode(for error: CGLClientError) -> ExitCode {
        switch error.code {
        case .daemonUnavailable, .timedOut, .connectionLost, .handshakeRefused, .unsupportedByDaemon:
            return ExitCode(CLIExit.unavailable)
        case .socketPathTooLong:
            // The --socket (or CGLD_SOCKET) given is unusable: the command line's mistake.
            return ExitCode(CLIExit.usage)
        case .documentTooLarge, .requestTooLarge:
            return ExitCode(CLIExit.invalidDocument)
        case .daemon:
            switch error.refusal?.code {
            case .notFound?: return ExitCode(CLIExit.noSuchScheme)
            case .invalidEnvironment? where error.refusal?.issues.isEmpty == false:
                // The request's environment (an unknown profile, a zero width): a usage error.
                return ExitCode(CLIExit.usage)
            case .invalidDocument?, .invalidEnvironment?, .tooLarge?, .invalidContent?: return ExitCode(CLIExit.invalidDocument)
            case .busy?: return ExitCode(CLIExit.unavailable)
            case .unauthorized?: return ExitCode(CLIExit.notPermitted)
            default: return ExitCode(CLIExit.internalError)
            }
        default:
            return ExitCode(CLIExit.internalError)
        }
    }
}
