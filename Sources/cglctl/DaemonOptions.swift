import ArgumentParser
import CGLClient
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
            throw Self.fail(error)
        }
    }

    /// Prints `error` to stderr and returns the exit it means: 69 when the daemon cannot be
    /// reached, 65 for invalid documents and names or environments it refuses, 77 when it
    /// refuses the request for this user, 70 otherwise.
    static func fail(_ error: CGLClientError) -> ExitCode {
        printError("cglctl: \(describe(error))")
        return exitCode(for: error)
    }

    /// `code: message` of a refusal; the message of a local failure.
    static func describe(_ error: CGLClientError) -> String {
        error.refusal.map { "\($0.code): \($0.message)" } ?? error.message
    }

    /// The exit a failure means (see ``fail(_:)``).
    static func exitCode(for error: CGLClientError) -> ExitCode {
        switch error.code {
        case .daemonUnavailable, .timedOut, .connectionLost, .handshakeRefused, .unsupportedByDaemon:
            return ExitCode(CLIExit.unavailable)
        case .documentTooLarge, .requestTooLarge:
            return ExitCode(CLIExit.invalidDocument)
        case .daemon:
            switch error.refusal?.code {
            case .invalidDocument?, .notFound?, .invalidEnvironment?, .tooLarge?, .invalidContent?: return ExitCode(CLIExit.invalidDocument)
            case .busy?: return ExitCode(CLIExit.unavailable)
            case .unauthorized?: return ExitCode(CLIExit.notPermitted)
            default: return ExitCode(CLIExit.internalError)
            }
        default:
            return ExitCode(CLIExit.internalError)
        }
    }
}
