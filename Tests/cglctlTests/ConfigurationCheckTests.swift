import CGLTestSupport
import Foundation
import Testing

/// `cgld` checks its configuration whole: each value wherever it is set (a flag overriding a
/// bad one does not hide it), named by JSON's own type; `--check-config` reports all of it,
/// and the files it names, without opening, binding or starting anything.
@Suite struct ConfigurationCheckTests {
    /// Runs `cgld` to its end (killed after 30 s: it must not start serving).
    static func cgld(_ arguments: [String], environment: [String: String] = [:], directory: String? = nil) throws -> CommandResult {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("cgld")
        process.arguments = arguments
        // Only what the test sets: a CGLD_ variable of the caller's would be checked too.
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CGLD_") }.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        try launch(process)
        let deadline = ContinuousClock.now + .seconds(30)
        while process.isRunning, ContinuousClock.now < deadline { usleep(10000) }
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus,
                             stdout: String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                             stderr: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    private static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The flags of a daemon in `folder`, with `c.json` as its file.
    private static func arguments(_ folder: String) -> [String] {
        ["--config", folder + "/c.json", "--socket", folder + "/s.sock", "--database", folder + "/db.sqlite", "--schemes-dir", folder + "/schemes.d"]
    }

    @Test func aWrongTypeInTheFileIsRefusedEvenUnderAFlag() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(#"{"database": {"path": 7}}"#, to: folder + "/c.json")
        let result = try Self.cgld(Self.arguments(folder))
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("the configuration file \(folder)/c.json sets 'database.path' to a number (7); it must be a path, as a string. "
            + "Correct it in the file or remove it (--database overrides it for now, but every value is checked wherever it is set)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/db.sqlite") && !FileManager.default.fileExists(atPath: folder + "/s.sock"))
    }

    @Test func aWrongVariableIsRefusedEvenUnderAFlag() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("{}", to: folder + "/c.json")
        let result = try Self.cgld(Self.arguments(folder) + ["--workers", "2"], environment: ["CGLD_WORKERS": "many"])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("the environment variable CGLD_WORKERS ('workers') is \"many\"; it must be an integer. Correct it or unset it "
            + "(--workers overrides it for now"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/db.sqlite"))
    }

    /// JSON's own type, not what swift-configuration's reader converts it to (`true` read as
    /// the number 1, `1` read as `true`): both are refused, named as the file writes them.
    @Test(arguments: [
        (#"{"database": {"path": true}}"#, "sets 'database.path' to a boolean (true); it must be a path, as a string"),
        (#"{"workers": true}"#, "sets 'workers' to a boolean (true); it must be an integer"),
        (#"{"prewarm": {"atStart": 1}}"#, "sets 'prewarm.atStart' to a number (1); it must be true or false"),
        (#"{"socket": {"mode": null}}"#, "sets 'socket.mode' to null; it must be permissions in octal"),
        (#"{"authorization": {"readers": {"users": [true]}}}"#, "sets 'authorization.readers.users' to an array ([true]); it must be a list of names"),
        (#"{"log": {"level": {"value": "info"}}}"#, "sets 'log.level.value', which is no setting of cgld"),
    ])
    func aFileValueIsNamedByJSONsType(file: String, message: String) throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(file, to: folder + "/c.json")
        let result = try Self.cgld(Self.arguments(folder))
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("the number 1"))
    }
}
