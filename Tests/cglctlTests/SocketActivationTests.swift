import CGLClient
import CGLDaemonTestSupport
import CGLWire
import Foundation
import Testing

/// The built `cgld` serving a listening socket it inherited as fd 3, as systemd passes it.
@Suite struct SocketActivationTests {
    /// Starts `cgld` through `sh`, which sets `LISTEN_PID` to its own pid and then becomes
    /// cgld (`exec` keeps the pid), with `listening` as fd 3 and stdout and stderr in `log`.
    private func spawnActivated(_ listening: Int32, arguments: [String], log: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, listening, 3)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let cgld = productsDirectory.appendingPathComponent("cgld").path
        let argv = ["/bin/sh", "-c", #"LISTEN_PID=$$ exec "$0" "$@""#, cgld] + arguments
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LISTEN_") && $0.key != "NOTIFY_SOCKET" }
        environment["LISTEN_FDS"] = "1"
        environment["LISTEN_FDNAMES"] = "cgld.socket"
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var pid: pid_t = 0
        let status = withLaunchLock { posix_spawn(&pid, "/bin/sh", &actions, nil, cArguments, cEnvironment) }
        guard status == 0 else { throw DaemonProcess.Failure("posix_spawn: \(String(cString: strerror(status)))") }
        return pid
    }

    /// Waits for `pid` to exit; its exit status.
    private func exitStatus(of pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    private func waitForPing(_ client: CGLClient, _ pid: pid_t) throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if (try? client.ping()) != nil { return }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { throw DaemonProcess.Failure("cgld exited before it answered") }
            usleep(5000)
        }
        throw DaemonProcess.Failure("cgld did not answer on the activated socket within a minute")
    }

    @Test func itServesTheInheritedSocketAndLeavesItToSystemd() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/activated.sock"
        let listening = try #require(boundUnixSocket(at: path))
        defer { close(listening) }
        #expect(listen(listening, 16) == 0)
        #expect(chmod(path, 0o640) == 0)
        let arguments = ["--socket", folder + "/configured.sock", "--database", folder + "/db.sqlite", "--schemes-dir", folder + "/schemes.d"]
        let log = folder + "/cgld.log"

        let first = try spawnActivated(listening, arguments: arguments, log: log)
        let client = CGLClient(configuration: .init(socketPath: path, connectTimeout: .seconds(5)))
        try waitForPing(client, first)
        _ = try client.register(try Data(contentsOf: URL(fileURLWithPath: example("feed-cell"))))
        #expect(try client.lookup("feed-cell", in: .profile("phone-portrait")).scheme == "feed-cell")
        client.close()
        kill(first, SIGTERM)
        #expect(exitStatus(of: first) == 0)

        // The socket is systemd's: still there, with its permissions; nothing bound elsewhere.
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK)
        #expect(status.st_mode & 0o777 == 0o640)
        #expect(!FileManager.default.fileExists(atPath: folder + "/configured.sock"))

        // And the next start serves it again, with what the first one stored.
        let second = try spawnActivated(listening, arguments: arguments, log: log)
        try waitForPing(client, second)
        #expect(try client.lookup("feed-cell", in: .profile("phone-portrait")).source != .computed)
        client.close()
        kill(second, SIGTERM)
        #expect(exitStatus(of: second) == 0)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(text.contains("cgl.activated=true"))
    }
}
