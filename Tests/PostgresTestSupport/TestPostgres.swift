import CGLTestSupport
public import Foundation
import Synchronization

/// A real PostgreSQL server from Debian's packages, in a temporary directory of its own,
/// listening on a Unix socket there and on no TCP port; started by the tests that need it
/// and removed by ``stop()``.
///
/// `initdb` and the server refuse to run as root: as root (CI's containers), they run as
/// the `postgres` user that Debian's `postgresql` package creates, through `runuser`.
///
/// What waits for a program (starting, stopping, `psql`) is `async` and waits on a thread
/// of its own: the tests share Swift's few cooperative threads with in-process daemons.
public final class TestPostgres: Sendable {

    /// The directory holding the data (`data/`), the socket and the server's log.
    public let directory: URL
    /// The server's binaries (`initdb`, `pg_ctl`).
    private let binaries: URL
    /// The role the tests connect as: the cluster's superuser.
    public let user = "postgres"
    /// The database the tests connect to.
    public let database: String
    /// Whether this value started the server (``start()``), or is a database of the shared
    /// one (``freshDatabase()``).
    private let ownsServer: Bool

    /// Why no server can start here, or nil when one can: no PostgreSQL server package,
    /// or root without the `postgres` user.
    public static var unavailableReason: String? {
        guard findBinaries() != nil else {
            return "PostgreSQL's server is not installed (Debian's postgresql package: `make deps` installs it)"
        }
        if getuid() == 0, getpwnam("postgres") == nil { return "running as root, and there is no postgres user to run the server as" }
        return nil
    }

    /// Starts a fresh cluster (trust authentication, Unix socket only).
    public static func start() async throws -> TestPostgres {
        try await blocking { try startWaiting() }
    }

    private static func startWaiting() throws -> TestPostgres {
        guard let binaries = findBinaries() else { throw Failure(unavailableReason ?? "no PostgreSQL") }
        // Short: a Unix socket's path has at most 107 bytes.
        let directory = URL(fileURLWithPath: "/tmp/cglpg-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let server = TestPostgres(directory: directory, binaries: binaries, database: "postgres", ownsServer: true)
        try server.ownDirectory()
        try server.run("initdb", ["-D", server.dataDirectory, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"])
        try server.startWaiting()
        return server
    }

    private init(directory: URL, binaries: URL, database: String, ownsServer: Bool) {
        self.directory = directory
        self.binaries = binaries
        self.database = database
        self.ownsServer = ownsServer
    }

    /// A new, empty database on a server shared by the test process (started on first use,
    /// stopped when the process exits): far cheaper than a cluster of its own, for tests that
    /// neither stop nor restart the server. ``stop()`` drops the database.
    public static func freshDatabase() async throws -> TestPostgres {
        let server = try await SharedServer.server()
        let name = "t_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
        try await server.psql("CREATE DATABASE \(name)")
        return TestPostgres(directory: server.directory, binaries: server.binaries, database: name, ownsServer: false)
    }

    var dataDirectory: String { directory.appendingPathComponent("data").path }

    /// The directory of the socket: `registry.url`'s `host=`.
    public var socketDirectory: String { directory.path }

    /// The URL of the cluster's `postgres` database, as `registry.url` takes it.
    public var url: String { "postgres://\(user)@/\(database)?host=\(socketDirectory)" }

    /// Stops the server (fast shutdown: connections are closed), keeping its data.
    public func stopServer() async throws {
        try await waiting { try $0.run("pg_ctl", ["-D", $0.dataDirectory, "-m", "fast", "-w", "stop"]) }
    }

    /// Starts the server again on the same data and socket.
    public func startServer() async throws {
        try await waiting { try $0.startWaiting() }
    }

    private func startWaiting() throws {
        try run("pg_ctl", ["-D", dataDirectory, "-l", directory.appendingPathComponent("server.log").path, "-w", "-t", "60",
                           "-o", "-k \(socketDirectory) -c listen_addresses='' -c fsync=off -c max_connections=200", "start"])
    }

    /// Stops the server and removes its directory: at once (`immediate`: the data goes anyway),
    /// so that a `defer` may call it. A database of the shared server is dropped instead.
    public func stop() {
        guard ownsServer else {
            try? run("psql", ["-X", "-q", "-h", socketDirectory, "-U", user, "-d", "postgres", "-c", "DROP DATABASE IF EXISTS \(database) WITH (FORCE)"])
            return
        }
        try? run("pg_ctl", ["-D", dataDirectory, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `sql` with `psql` on the test database, as the superuser.
    public func psql(_ sql: String) async throws {
        try await waiting { try $0.run("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", $0.socketDirectory, "-U", $0.user, "-d", $0.database, "-c", sql]) }
    }

    /// Writes a plain-SQL backup of the test database to `path` (`pg_dump`), as an operator would.
    public func dump(to path: String) async throws {
        try await waiting { try $0.run("pg_dump", ["-h", $0.socketDirectory, "-U", $0.user, "-d", $0.database, "-f", path]) }
    }

    /// Restores a backup made by ``dump(to:)`` into the test database.
    public func restore(from path: String) async throws {
        try await waiting { try $0.run("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", $0.socketDirectory, "-U", $0.user, "-d", $0.database, "-f", path]) }
    }

    /// Runs `body`, which waits for a program, on a thread of its own.
    private func waiting(_ body: @escaping @Sendable (TestPostgres) throws -> Void) async throws {
        try await blocking { [self] in try body(self) }
    }

    /// The server's log, for a failing test's message.
    public var log: String {
        (try? String(contentsOf: directory.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
    }

    // MARK: Plumbing

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// The newest `/usr/lib/postgresql/N/bin` with `initdb`, or the one on the PATH.
    private static func findBinaries() -> URL? {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted(by: >)
        for version in versions where FileManager.default.isExecutableFile(atPath: "\(root)/\(version)/bin/initdb") {
            return URL(fileURLWithPath: "\(root)/\(version)/bin", isDirectory: true)
        }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        where FileManager.default.isExecutableFile(atPath: "\(directory)/initdb") {
            return URL(fileURLWithPath: String(directory), isDirectory: true)
        }
        return nil
    }

    /// As root, the directory belongs to the postgres user, who runs the server.
    private func ownDirectory() throws {
        guard getuid() == 0, let account = getpwnam("postgres") else { return }
        guard chown(directory.path, account.pointee.pw_uid, account.pointee.pw_gid) == 0 else {
            throw Failure("cannot give \(directory.path) to the postgres user: errno \(errno)")
        }
    }

    /// Runs one of the server's programs (as the postgres user when we are root), failing
    /// with its output.
    ///
    /// Spawned directly, through a shell that first closes every descriptor it inherited but
    /// the standard ones, rather than through `Process`: `pg_ctl start` leaves the server
    /// running, and the server would inherit the descriptor through which `Process` learns
    /// that its child ended (and any other test's open pipes), so that the call would wait
    /// as long as the server runs. (glibc's `posix_spawn_file_actions_addclosefrom_np` is
    /// not visible from Swift.)
    private func run(_ program: String, _ arguments: [String]) throws {
        let executable = binaries.appendingPathComponent(program).path
        let command = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", executable] + arguments : [executable] + arguments
        let closeInherited = #"for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null; done; exec "$@""#
        let argv = ["/bin/bash", "-c", closeInherited, "bash"] + command
        let outputPath = directory.appendingPathComponent("\(program).out").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
        guard spawned == 0 else { throw Failure("cannot start \(argv[0]): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // Exited normally with 0: (status & 0x7f) == 0 and (status >> 8) & 0xff == 0.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Failure("\(program) \(arguments.joined(separator: " ")) failed (wait status \(status)): \(text)\n\(log)")
        }
    }
}

/// The server ``TestPostgres/freshDatabase()`` makes databases on: one per test process.
private enum SharedServer {
    private static let starting = Mutex<Task<TestPostgres, any Error>?>(nil)

    static func server() async throws -> TestPostgres {
        let task = starting.withLock { task in
            if let task { return task }
            let started = Task { () throws -> TestPostgres in
                let server = try await TestPostgres.start()
                // Not left running after the tests: stopped when the process exits.
                running.withLock { $0 = server }
                atexit { SharedServer.running.withLock { $0 }?.stop() }
                return server
            }
            task = started
            return started
        }
        return try await task.value
    }

    fileprivate static let running = Mutex<TestPostgres?>(nil)
}
