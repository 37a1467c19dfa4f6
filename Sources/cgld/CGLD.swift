import ArgumentParser
import CGLDaemon
import Configuration
import Foundation
import Logging
import ServiceLifecycle
import UnixSignals

/// `cgld`: the layout snapshot daemon. Reads its configuration (flags, then `CGLD_*`
/// environment variables, then the config file, then the embedded defaults), serves the
/// socket systemd passed or binds its own, reloads at SIGHUP, and runs until SIGTERM or SIGINT.
@main
struct CGLD: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cgld",
        abstract: "Precompute layout snapshots into SQLite and serve them over a Unix socket.",
        discussion: """
        Configuration, highest priority first: these flags, CGLD_* environment variables \
        (CGLD_SOCKET_PATH, CGLD_DATABASE_PATH, …; CGLD_SOCKET as for cglctl), the file of \
        --config (or CGLD_CONFIG), the embedded defaults. config/README.md lists every key.
        SIGHUP reloads the configuration and the schemes directory. Under systemd it reports \
        its state (Type=notify), keeps the watchdog, and serves an activated socket.
        --check-config checks all of it (every value wherever it is set, the profiles file, \
        every document of the schemes folder), prints the effective configuration and exits \
        0, or lists every problem and exits 78; it opens, binds and starts nothing.
        Exit codes: 0 stopped by SIGTERM/SIGINT, 75 another cgld serves the socket, \
        78 invalid configuration (a key, a variable or a flag), 70 any other failure to start.
        """,
        version: "cgld \(Daemon.release)"
    )

    @Option(help: ArgumentHelp("A JSON configuration file (config/cgld.json format).", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("The Unix socket to listen on (socket.path).", valueName: "path"))
    var socket: String?

    @Option(help: ArgumentHelp("The SQLite database; :memory: for none (database.path).", valueName: "path"))
    var database: String?

    @Option(name: .customLong("schemes-dir"), help: ArgumentHelp("Documents to register at start (schemes.directory).", valueName: "dir"))
    var schemesDirectory: String?

    @Option(help: ArgumentHelp("A profiles file instead of the built-in profiles (profiles.file).", valueName: "file"))
    var profiles: String?

    @Option(help: ArgumentHelp("Compute threads; 0 for one per core (workers).", valueName: "n"))
    var workers: Int?

    @Option(name: .customLong("event-loops"), help: ArgumentHelp("Threads serving connections; 0 for one per four cores (eventLoops).", valueName: "n"))
    var eventLoops: Int?

    @Flag(name: .customLong("no-prewarm"), help: "Do not prewarm the registered schemes at start (prewarm.atStart = false).")
    var noPrewarm = false

    @Option(name: .customLong("log-level"), help: ArgumentHelp("trace, debug, info, notice, warning, error or critical (log.level).", valueName: "level"))
    var logLevel: String?

    @Flag(name: .customLong("check-config"),
          help: "Check the configuration and the files it names, print the effective configuration, and exit: 0 valid, 78 not.")
    var checkConfig = false

    @Flag(help: "With --check-config: print nothing when the configuration is valid (for ExecReload=), only the problems when not.")
    var quiet = false

    func validate() throws {
        if quiet, !checkConfig { throw ValidationError("--quiet goes with --check-config: cgld itself logs at log.level") }
    }

    /// Parses the flags and runs. A flag that is no flag or has a value of the wrong type is
    /// a configuration mistake like a wrong key in the file or a `CGLD_` variable: exit 78
    /// (systemd does not restart a unit that exits with it; a usage exit would be retried).
    static func main() async {
        let command: CGLD
        do {
            command = try parse()
        } catch {
            guard exitCode(for: error) != .success else { exit(withError: error) }   // --help, --version
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            exit(withError: ExitCode(78))
        }
        do {
            try await command.run()
        } catch {
            exit(withError: error)
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let loader = ConfigLoader(flags: flagValues, flagNames: Self.flagNames, configFile: config, environment: environment)
        if checkConfig { return try await check(loader) }
        // First: a SIGHUP from now on reloads (once serving) instead of ending the process.
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        let level = LogLevelControl(.info)
        LoggingSystem.bootstrap { label in LiveLevelLogHandler(label: label, control: level) }
        let logger = Logger(label: "cgld")
        var options = Daemon.Options.systemd(environment: environment, pid: getpid())
        do {
            options.activatedSocket = try ActivatedSocket.takeFromProcess(environment: environment)
            let configuration = try await loader.load()
            level.set(configuration.logLevel)
            options.reloadConfiguration = { () async throws(DaemonError) -> DaemonConfiguration in try await loader.load() }
            options.applyLogLevel = { level.set($0) }
            let daemon = Daemon(configuration: configuration, logger: logger, options: options)
            let group = ServiceGroup(services: [daemon, ReloadOnHangup(daemon: daemon, hangups: hangups)],
                                     gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
            try await group.run()
        } catch let error as DaemonError {
            logger.critical("cgld cannot run: \(error.message)")
            options.reportFailure(error.message)
            throw ExitCode(Self.exitCode(error))
        }
    }

    /// `--check-config`: the effective configuration on stdout and exit 0, or every problem
    /// on stderr and exit 78. Nothing is opened, bound or started; systemd's sockets are
    /// left alone.
    private func check(_ loader: ConfigLoader) async throws {
        let check = await loader.check()
        guard let error = DaemonError.gathering(check.problems) else {
            if !quiet {
                print(check.report)
                FileHandle.standardError.write(Data("cgld: the configuration is valid\n".utf8))
            }
            return
        }
        FileHandle.standardError.write(Data("cgld: the configuration is invalid: \(error.message)\n".utf8))
        throw ExitCode(78)
    }

    /// Each configuration key's flag, to name it in errors.
    static let flagNames = [
        "socket.path": "--socket", "database.path": "--database", "schemes.directory": "--schemes-dir", "profiles.file": "--profiles",
        "workers": "--workers", "eventLoops": "--event-loops", "prewarm.atStart": "--no-prewarm", "log.level": "--log-level",
    ]

    /// The flags given, under their configuration keys.
    private var flagValues: [String: ConfigContent] {
        var values: [String: ConfigContent] = [:]
        values["socket.path"] = socket.map(ConfigContent.string)
        values["database.path"] = database.map(ConfigContent.string)
        values["schemes.directory"] = schemesDirectory.map(ConfigContent.string)
        values["profiles.file"] = profiles.map(ConfigContent.string)
        values["workers"] = workers.map(ConfigContent.int)
        values["eventLoops"] = eventLoops.map(ConfigContent.int)
        values["prewarm.atStart"] = noPrewarm ? .bool(false) : nil
        values["log.level"] = logLevel.map(ConfigContent.string)
        return values
    }

    static func exitCode(_ error: DaemonError) -> Int32 {
        switch error.code {
        case .configuration, .profiles: 78
        case .socketInUse, .databaseInUse: 75
        default: 70
        }
    }
}
