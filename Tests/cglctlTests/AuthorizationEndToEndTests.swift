import Foundation
import Testing

/// A client running as another user: refused what it may not do, answered what it may.
///
/// Runs `cglctl` through `setpriv` as uid and gid 65534 (nobody, nogroup on Debian) with no
/// supplementary groups; cgld runs as root here, with a world-connectable socket, so that
/// only its authorization decides.
@Suite(
    .enabled(if: getuid() == 0, "runs a client as another user, which needs root"),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs setpriv (util-linux) to run a client as another user")
)
struct AuthorizationEndToEndTests {
    /// `cglctl` run as `uid`/`gid` with no supplementary groups.
    private func cglctl(as id: Int, _ arguments: [String]) throws -> CommandResult {
        try runProcess(URL(fileURLWithPath: "/usr/bin/setpriv"), ["--reuid=\(id)", "--regid=\(id)", "--clear-groups", "--",
                                                                  productsDirectory.appendingPathComponent("cglctl").path] + arguments)
    }

    /// The registered names, through `cglctl list` run as this (root) process.
    private func registeredNames(_ socket: String) throws -> [String] {
        let result = try runCglctl(["list", "--format", "json", "--socket", socket])
        let entries = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return entries.compactMap { $0["name"] as? String }
    }

    @Test func aReaderMayLookUpButNotRegisterAndAStrangerMayDoNeither() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // mkdtemp made it 0700: the other users must reach the socket inside.
        #expect(chmod(folder, 0o755) == 0)
        try FileManager.default.copyItem(atPath: example("feed-cell"), toPath: folder + "/schemes.d/feed-cell.json")
        let config = folder + "/cgld.json"
        try Data(#"{"socket": {"mode": "0666"}, "authorization": {"readers": {"groups": ["@socket", "65534"]}}}"#.utf8)
            .write(to: URL(fileURLWithPath: config))
        let daemon = try DaemonProcess(folder: folder, arguments: ["--config", config])
        defer { daemon.stop() }
        let socket = ["--socket", daemon.socketPath]

        let lookup = try cglctl(as: 65534, ["lookup", "feed-cell", "--profile", "phone-portrait"] + socket)
        #expect(lookup.status == 0, "\(lookup.stderr)")
        let register = try cglctl(as: 65534, ["register", example("toolbar")] + socket)
        #expect(register.status == 77 && register.stderr.contains("may not register"))
        let stranger = try cglctl(as: 65533, ["lookup", "feed-cell", "--profile", "phone-portrait"] + socket)
        #expect(stranger.status == 77 && stranger.stderr.contains("may not lookup"))

        // Root may do everything; nobody's refusal registered nothing.
        #expect(try registeredNames(daemon.socketPath) == ["feed-cell"])
        let log = daemon.logText
        #expect(log.contains("Refused a request: not authorized"))
        #expect(log.contains("cgl.peer.uid=65534") && log.contains("cgl.request.kind=register"))
        #expect(log.contains("cgl.peer.uid=65533") && log.contains("cgl.request.kind=lookup"))
    }
}
