import CGLTestSupport
import Foundation
import Testing

/// The daemon commands of `cglctl`, against the built `cgld`.
@Suite(.serialized) struct DaemonCommandTests {
    @Test func registerListLookupStatsPingUnregister() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        let socket = ["--socket", daemon.socketPath]

        let registered = try cglctl(["register", example("feed-cell"), example("toolbar")] + socket)
        #expect(registered.status == 0)
        #expect(registered.stdout.contains("feed-cell.json: created (feed-cell, sha256:"))

        let list = try cglctl(["list", "--format", "json"] + socket)
        let names = try #require(try list.json() as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(names == ["feed-cell", "toolbar"])

        for arguments in [["--profile", "phone-portrait"], ["--profile", "tablet-landscape", "--rtl"], ["--size", "500x300", "--scale", "2"]] {
            let lookup = try cglctl(["lookup", "feed-cell", "--format", "json"] + arguments + socket)
            let compute = try cglctl(["compute", example("feed-cell"), "--format", "json"] + arguments)
            #expect(lookup.status == 0 && compute.status == 0)
            let trimmed = lookup.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(trimmed.hasSuffix(",\"source\":\"computed\"}"))
            #expect(trimmed.replacingOccurrences(of: ",\"source\":\"computed\"}", with: "}") == compute.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let again = try cglctl(["lookup", "feed-cell", "--profile", "phone-portrait"] + socket)
        #expect(again.stdout.hasSuffix("source memory\n"))

        let stats = try cglctl(["stats", "--format", "json"] + socket)
        let counters = try #require(try stats.json() as? [String: Double])
        #expect(counters["schemes"] == 2 && counters["lookups"] == 4 && counters["hits.memory"] == 1)
        #expect(counters["fonts.inUse"] ?? 0 >= 1)
        let table = try cglctl(["stats"] + socket).stdout
        #expect(table.contains("hitRate"))
        // The fonts that measured the feed cell's text, one line each.
        #expect(table.split(separator: "\n").contains { $0.hasPrefix("font ") && $0.hasSuffix("DejaVuSans-Bold.ttf") })

        #expect(try cglctl(["ping"] + socket).stdout.hasPrefix("cgld 0.1.0 on \(daemon.socketPath)"))
        // Global options before the subcommand, as `redis-cli -s PATH` takes them.
        #expect(try cglctl(socket + ["ping"]).stdout.hasPrefix("cgld 0.1.0 on \(daemon.socketPath)"))
        let hoisted = try cglctl(["--format=json"] + socket + ["list"])
        #expect(hoisted.status == 0)
        #expect(try (hoisted.json() as? [[String: Any]])?.count == 2)
        let misplaced = try cglctl(socket + ["validate", example("toolbar")])
        #expect(misplaced.status == 64 && misplaced.stderr.contains("--socket"))
        #expect(try cglctl(["unregister", "toolbar"] + socket).stdout == "unregistered toolbar\n")
        #expect(try cglctl(["unregister", "toolbar"] + socket).stdout == "toolbar was not registered\n")
        #expect(daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
    }

    @Test func prewarmPrintsPlainProgressLinesAndASummaryWhenNotOnATerminal() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: example("settings-list"), toPath: folder + "/schemes.d/settings-list.json")
        let daemon = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        let result = try cglctl("prewarm", "--profiles", "phone-portrait,tablet-portrait", "--socket", daemon.socketPath)
        #expect(result.status == 0)
        #expect(result.stderr.contains("prewarm: 4/4 (100%) settings-list"))
        #expect(result.stdout == "prewarmed 4 snapshots in \(result.stdout.split(separator: " ")[4]) s: 4 computed, 0 already cached, 0 failed\n")
        let unknown = try cglctl("prewarm", "--profiles", "phone", "--socket", daemon.socketPath)
        #expect(unknown.status == 64 && unknown.stderr.contains("'phone'") && !unknown.stderr.contains("invalidEnvironment"))
        #expect(daemon.stop() == 0)
    }

    @Test func anInvalidDocumentPrintsEveryIssueAndExits65() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        let bad = folder + "/bad.json"
        try Data(#"{"format": "cglayout/1", "name": "bad", "elements": [{"id": "a", "rigth": 1}], "blocks": []}"#.utf8).write(to: URL(fileURLWithPath: bad))
        let result = try cglctl("register", bad, "--socket", daemon.socketPath)
        let validate = try cglctl("validate", bad)
        #expect(result.status == 65 && validate.status == 65)
        let issueLines = { (text: String) in text.split(separator: "\n").filter { $0.contains(": error: ") } }
        #expect(!issueLines(result.stderr).isEmpty)
        #expect(issueLines(result.stderr) == issueLines(validate.stderr))
        #expect(daemon.stop() == 0)
    }

    /// A daemon started in a folder of its own is found from any other folder, through the
    /// link it makes in the user's runtime directory (removed when it stops); with none
    /// running, the error names every place looked in.
    @Test func aDaemonStartedInItsFolderIsFoundFromAnyOther() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let runtime = folder + "/runtime", elsewhere = folder + "/elsewhere"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let daemon = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"], environment: ["XDG_RUNTIME_DIR": runtime])
        var environment = ProcessInfo.processInfo.environment
        environment["CGLD_SOCKET"] = nil
        environment["XDG_RUNTIME_DIR"] = runtime
        let cglctlPath = productsDirectory.appendingPathComponent("cglctl")
        let found = try runProcess(cglctlPath, ["ping"], directory: elsewhere, environment: environment)
        #expect(found.status == 0, "\(found.stderr)")
        #expect(daemon.stop() == 0)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: runtime + "/cgld/cgld.sock")) == nil)
        let none = try runProcess(cglctlPath, ["ping"], directory: elsewhere, environment: environment)
        #expect(none.status == 69)
        #expect(none.stderr.contains("no cgld socket exists in any place a client looks: .cgld/cgld.sock, \(runtime)/cgld/cgld.sock, /run/cgld/cgld.sock"), "\(none.stderr)")
    }

    @Test func daemonCommandsExit69WhenNoDaemonRuns() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for command in [["ping"], ["list"], ["stats"], ["lookup", "x", "--profile", "phone-portrait"], ["register", example("toolbar")]] {
            let result = try cglctl(command + ["--socket", folder + "/none.sock"])
            #expect(result.status == 69, "\(command)")
            #expect(result.stderr.contains("cgld is not running on \(folder)/none.sock"))
        }
    }

    /// Runs a `cgld` that must refuse to start: its exit status and what it wrote to stderr.
    /// It must exit at once; one that serves is stopped after 30 s (and fails its test).
    private static func runRefused(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let second = Process()
        second.executableURL = productsDirectory.appendingPathComponent("cgld")
        second.arguments = arguments
        let errors = Pipe()
        second.standardError = errors
        try launch(second)
        let deadline = ContinuousClock.now + .seconds(30)
        while second.isRunning, ContinuousClock.now < deadline { usleep(10000) }
        if second.isRunning { kill(second.processIdentifier, SIGTERM) }
        second.waitUntilExit()
        return (second.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    /// An unknown scheme exits 67 with the next step; with `--format json` the error is a
    /// JSON object on stderr.
    @Test func anUnknownSchemeExits67AndErrorsCanBeJSON() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        let text = try cglctl("lookup", "nope", "--profile", "phone-portrait", "--socket", daemon.socketPath)
        #expect(text.status == 67)
        #expect(text.stderr.contains("'nope'") && text.stderr.contains("register it first (cglctl register FILE)") && !text.stderr.contains("notFound"), "\(text.stderr)")
        let json = try cglctl("lookup", "nope", "--profile", "phone-portrait", "--format", "json", "--socket", daemon.socketPath)
        #expect(json.status == 67)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any], "\(json.stderr)")
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == "notFound" && (error["message"] as? String)?.contains("'nope'") == true && error["issues"] is [Any])
        #expect(daemon.stop() == 0)
    }

    /// An unknown profile is a usage error (64) from the daemon's commands as from
    /// `compute`: the daemon's `invalidEnvironment` carries an issue saying the request named
    /// it, and no usage text follows.
    @Test func anUnknownProfileExits64FromLookupAndPrewarm() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        #expect(try cglctl("register", example("login-form"), "--socket", daemon.socketPath).status == 0)
        let lookup = try cglctl("lookup", "login-form", "--profile", "fone-portrait", "--socket", daemon.socketPath)
        #expect(lookup.status == 64, "\(lookup.stderr)")
        #expect(lookup.stderr.contains("no profile is called 'fone-portrait'") && lookup.stderr.contains("did you mean 'phone-portrait'?") && !lookup.stderr.contains("Usage:"))
        let json = try cglctl("lookup", "login-form", "--profile", "fone-portrait", "--format", "json", "--socket", daemon.socketPath)
        #expect(json.status == 64)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any], "\(json.stderr)")
        let issues = try #require((object["error"] as? [String: Any])?["issues"] as? [[String: Any]])
        #expect(issues.first?["code"] as? String == "unknownProfile" && issues.first?["pointer"] as? String == "/profile")
        let prewarm = try cglctl("prewarm", "login-form", "--profiles", "fone-portrait", "--socket", daemon.socketPath)
        #expect(prewarm.status == 64, "\(prewarm.stderr)")
        #expect(prewarm.stderr.contains("no profile is called 'fone-portrait'"))
        #expect(daemon.stop() == 0)
    }

    /// A misspelt key in the file, a wrong type, a misspelt variable: exit 78, naming it.
    @Test func configurationMistakesAreRefused() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = ["--socket", folder + "/s.sock", "--database", folder + "/db.sqlite", "--schemes-dir", folder + "/schemes.d", "--config", folder + "/c.json"]
        for (file, message) in [
            (#"{"socket": {"mdoe": "0600"}}"#, "sets 'socket.mdoe', which is no setting of cgld; did you mean 'socket.mode'?"),
            (#"{"socket": {"mode": 600}}"#, "the configuration file \(folder)/c.json sets 'socket.mode' to a number (600); it must be permissions in octal, as a string such as \"0660\""),
        ] {
            try Data(file.utf8).write(to: URL(fileURLWithPath: folder + "/c.json"))
            let (status, stderr) = try Self.runRefused(arguments)
            #expect(status == 78, "\(stderr)")
            #expect(stderr.contains(message), "\(stderr)")
        }
        // Flags are configuration too: a misspelt flag or a value of the wrong type exits 78
        // (which systemd does not retry), naming the flag and what it takes.
        for (flags, message) in [
            (["--wokers", "3"], "Unknown option '--wokers'. Did you mean '--workers'?"),
            (["--workers", "many"], "The value 'many' is invalid for '--workers <n>'"),
        ] {
            let (status, stderr) = try Self.runRefused(arguments.dropLast(2) + flags)
            #expect(status == 78, "\(stderr)")
            #expect(stderr.contains(message), "\(stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/s.sock"))
    }

    @Test func aSecondDaemonOnALiveSocketRefusesToStart() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        let (status, message) = try Self.runRefused(["--socket", daemon.socketPath, "--database", folder + "/other.sqlite", "--schemes-dir", folder + "/schemes.d"])
        #expect(status == 75)
        #expect(message.contains("another cgld is already serving on \(daemon.socketPath)"))
        #expect(try cglctl("ping", "--socket", daemon.socketPath).status == 0)
        #expect(daemon.stop() == 0)
    }

    /// One daemon per database: a second one on another socket but the same database exits
    /// with 75 and says who holds it; the first goes on serving, and once it stopped, the
    /// database is free for the next.
    @Test func aSecondDaemonOnTheSameDatabaseRefusesToStart() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        let (status, message) = try Self.runRefused(["--socket", folder + "/other.sock", "--database", daemon.databasePath,
                                                     "--schemes-dir", folder + "/schemes.d", "--no-prewarm"])
        #expect(status == 75)
        #expect(message.contains("another cgld is using the database \(daemon.databasePath) (it holds \(daemon.databasePath).lock)"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/other.sock"))
        #expect(try cglctl("ping", "--socket", daemon.socketPath).status == 0)
        #expect(daemon.stop() == 0)
        let next = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        #expect(next.stop() == 0)
    }
}

func cglctl(_ arguments: [String]) throws -> CommandResult {
    try runCglctl(arguments)
}
