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

    /// `--check-config`: the effective configuration, each value with where it came from,
    /// secrets masked; nothing opened, bound or created.
    @Test func checkConfigPrintsTheEffectiveConfigurationAndExits0() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: example("login-form"), toPath: folder + "/schemes.d/login-form.json")
        try Self.write(#"{"workers": 3, "registry": {"kind": "postgres", "url": "postgres://cgld:hunter2@db.internal/cglayout"}}"#, to: folder + "/c.json")
        let result = try Self.cgld(Self.arguments(folder) + ["--check-config"],
                                   environment: ["CGLD_REGISTRY_PASSWORD": "s3cret", "CGLD_LOG_LEVEL": "debug"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.contains("database.path = \(folder)/db.sqlite # --database"), "\(result.stdout)")
        #expect(lines.contains("workers = 3 # \(folder)/c.json"))
        #expect(lines.contains("log.level = debug # CGLD_LOG_LEVEL"))
        #expect(lines.contains("limits.maxConnections = 512 # default"))
        #expect(lines.contains("registry.password = *** # CGLD_REGISTRY_PASSWORD"))
        #expect(lines.contains("registry.url = postgres://cgld:***@db.internal/cglayout # \(folder)/c.json"))
        #expect(!result.stdout.contains("s3cret") && !result.stdout.contains("hunter2") && !result.stderr.contains("hunter2"))
        #expect(result.stderr.contains("the configuration is valid"))
        // --quiet, for ExecReload=: nothing when valid.
        let quiet = try Self.cgld(Self.arguments(folder) + ["--check-config", "--quiet"], environment: ["CGLD_REGISTRY_PASSWORD": "s3cret"])
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.stderr)")
        let made = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(made == ["c.json", "schemes.d"], "nothing is opened, bound or created: \(made)")
    }

    /// Every problem at once: a bad key of the file, a bad variable, a misspelt one, a bad
    /// profiles file and an invalid document of the schemes folder; exit 78, nothing made.
    @Test func checkConfigListsEveryProblemAndExits78() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: example("login-form"), toPath: folder + "/schemes.d/login-form.json")
        try Self.write(#"{"name": "broken", "root": 5}"#, to: folder + "/schemes.d/broken.json")
        try Self.write(#"{"profiles": [{"name": "phone", "width": -1}]}"#, to: folder + "/profiles.json")
        try Self.write(#"{"socket": {"mode": 600}, "profiles": {"file": "\#(folder)/profiles.json"}}"#, to: folder + "/c.json")
        let result = try Self.cgld(Self.arguments(folder) + ["--check-config"],
                                   environment: ["CGLD_LIMITS_MAX_CONNECTIONS": "lots", "CGLD_WOKERS": "2"])
        #expect(result.status == 78, "\(result.stderr)")
        for expected in [
            "the configuration file \(folder)/c.json sets 'socket.mode' to a number (600)",
            "the environment variable CGLD_LIMITS_MAX_CONNECTIONS ('limits.maxConnections') is \"lots\"; it must be an integer",
            "the environment variable CGLD_WOKERS is no setting of cgld; did you mean CGLD_WORKERS?",
            "the profiles file \(folder)/profiles.json is invalid",
            "the scheme document \(folder)/schemes.d/broken.json is invalid",
        ] {
            #expect(result.stderr.contains(expected), "\(expected)\n\(result.stderr)")
        }
        #expect(result.stderr.contains("5 problems in the configuration"), "\(result.stderr)")
        #expect(!result.stderr.contains("login-form.json"))
        #expect(result.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["c.json", "profiles.json", "schemes.d"])
    }
}
