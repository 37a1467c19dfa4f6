import ArgumentParser
import CGLDocument
import CGLStore
import Foundation

/// `cglctl backup DESTINATION`: a consistent copy of cgld's database, made while cgld runs.
///
/// It opens the database file itself (read-only, with SQLite's online backup) rather than
/// asking the daemon: a backup then works whether cgld runs, is stopped or is stuck, needs
/// no new protocol request, and is allowed to whoever may read the database file (root, or
/// cgld's user), which is who may see every registered document anyway.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy cgld's SQLite database to a file, safely while cgld runs.",
        discussion: """
        The database is --database, else database.path of the --config file, else \
        CGLD_DATABASE_PATH, else .cgld/cgld.sqlite. The copy is a single self-contained file; \
        restore it by stopping cgld and putting it in place of the database (docs/operations.md).
        Exit codes: 0 ok, 64 destination is the database, 66 no database there, 73 the copy \
        cannot be written, 69 the database stayed locked, 70 any other failure.
        """
    )

    @Option(help: ArgumentHelp("The database file (cgld's database.path).", valueName: "path"))
    var database: String?

    @Option(help: ArgumentHelp("cgld's configuration file, to read database.path from.", valueName: "file"))
    var config: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Argument(help: "Where to write the copy (replaced if it exists).")
    var destination: String

    func run() async throws {
        let source = try databasePath()
        do {
            try await SQLiteSchemeStore.backup(databaseAt: source, to: destination)
        } catch {
            throw CommandFailure(code: "backupFailed", message: error.message, exitCode: Self.exitCode(error, source: source))
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: destination)[.size] as? NSNumber)?.intValue ?? 0
        if format == .json {
            print(JSONOutput.object([("database", JSONOutput.string(source)), ("backup", JSONOutput.string(destination)), ("bytes", String(bytes))]))
        } else {
            print("backed up \(source) to \(destination) (\(Formatting.bytes(Double(bytes))))")
        }
    }

    /// The database to copy, from the options, the configuration file or the environment.
    private func databasePath() throws -> String {
        if let database { return database }
        if let config {
            let data = try readInput(config)
            guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let path = (root["database"] as? [String: Any])?["path"] as? String else {
                throw CommandFailure.usage("\(config) has no database.path; give --database")
            }
            return path
        }
        return ProcessInfo.processInfo.environment["CGLD_DATABASE_PATH"] ?? ".cgld/cgld.sqlite"
    }

    static func exitCode(_ error: StoreError, source: String) -> Int32 {
        switch error.code {
        case .invalidArgument: CLIExit.usage
        case .cannotOpen where error.path == source: CLIExit.noInput
        case .cannotOpen: CLIExit.cannotCreate
        case .busy: CLIExit.unavailable
        default: CLIExit.internalError
        }
    }
}
