import ArgumentParser
import CGLWire
import CGLayout

/// `cglctl`: check, compute and draw scheme documents (offline), and drive `cgld` through
/// `CGLClient` (register, unregister, list, prewarm, lookup, stats, ping); back up its database.
@main
struct CGLCtl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cglctl",
        abstract: "Check, compute and render cglayout scheme documents, and drive the cgld daemon.",
        discussion: """
        Exit codes: 0 ok, 64 usage, 65 invalid document or content, 66 missing input file, \
        67 no such scheme, 69 daemon unavailable, 70 internal error, 73 cannot write the output file, \
        77 not authorized (the daemon \
        refused the request for this user). With --format json, errors are a JSON object on stderr.
        Output for programs goes to stdout (--format json); diagnostics go to stderr.
        """,
        version: "cglctl \(LayoutEngine.release) (engine \(LayoutEngine.version), protocol \(Handshake.currentVersion))",
        subcommands: [
            Validate.self, Compute.self, Render.self, Profiles.self, Measure.self,
            Register.self, Unregister.self, List.self, Prewarm.self, LookupCommand.self, Stats.self, Ping.self, Backup.self,
        ]
    )

    /// Parses the command line with the global options (``GlobalArguments``) allowed before
    /// the subcommand too, then runs it.
    static func main() async {
        let arguments = GlobalArguments.hoisted(Array(CommandLine.arguments.dropFirst()))
        // A command line of the wrong shape is answered with the usage text (ArgumentParser's);
        // a failure while running is reported on its own, in the command's --format.
        var parsed = false
        do {
            var command = try parseAsRoot(arguments)
            parsed = true
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            failure.report(format: outputFormat(of: arguments))
            exit(withError: ExitCode(failure.exitCode))
        } catch let error as ValidationError where parsed {
            let failure = CommandFailure.usage(error.message)
            failure.report(format: outputFormat(of: arguments))
            exit(withError: ExitCode(failure.exitCode))
        } catch {
            // A command line that does not parse, with --format json: the same JSON error
            // object, for a program that reads stderr (help and --version are no errors).
            if !parsed, exitCode(for: error) != .success, asksForJSON(arguments) {
                CommandFailure(code: "usage", message: message(for: error), exitCode: exitCode(for: error).rawValue).report(format: .json)
                exit(withError: exitCode(for: error))
            }
            exit(withError: error)
        }
    }

    /// The `--format` of the command `arguments` run (text when it has none).
    private static func outputFormat(of arguments: [String]) -> OutputFormat {
        ((try? parseAsRoot(arguments)) as? any FormattedCommand)?.outputFormat ?? .text
    }

    /// Whether a command line that did not parse asked for `--format json`.
    private static func asksForJSON(_ arguments: [String]) -> Bool {
        arguments.contains("--format=json") || zip(arguments, arguments.dropFirst()).contains { $0 == "--format" && $1 == "json" }
    }
}
