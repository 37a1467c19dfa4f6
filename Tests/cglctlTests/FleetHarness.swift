import CGLClient
import CGLDaemonTestSupport
import Foundation
import PostgresTestSupport

/// A fleet for tests: a real PostgreSQL in a temporary folder, and `cgld` processes
/// sharing it as their registry, each with its own socket and SQLite mirror.
final class FleetHarness {
    let postgres: TestPostgres
    private(set) var hosts: [DaemonProcess?]
    let folders: [String]
    let reconcileSeconds: Double

    private init(postgres: TestPostgres, hosts count: Int, reconcileSeconds: Double) throws {
        self.postgres = postgres
        folders = try (0..<count).map { _ in try makeDaemonFolder() }
        self.reconcileSeconds = reconcileSeconds
        hosts = Array(repeating: nil, count: count)
    }

    /// Starts `count` hosts (`host-0`, `host-1`, …), unless `started` is false (then
    /// ``start(_:)`` starts each), on a fresh database of the tests' shared PostgreSQL, or of
    /// a server of its own when `ownServer` (to stop it).
    static func start(hosts count: Int, reconcileSeconds: Double = 3600, started: Bool = true, ownServer: Bool = false) async throws -> FleetHarness {
        let postgres = ownServer ? try await TestPostgres.start() : try await TestPostgres.freshDatabase()
        let fleet = try FleetHarness(postgres: postgres, hosts: count, reconcileSeconds: reconcileSeconds)
        do {
            if started { for index in 0..<count { try await fleet.start(index) } }
        } catch {
            fleet.stop()
            throw error
        }
        return fleet
    }

    /// Starts host `index` (again) on its folder, and waits until it answers (on a thread
    /// of its own: the in-process daemons of other tests need the cooperative pool).
    func start(_ index: Int) async throws {
        let (folder, environment) = (folders[index], [
            "CGLD_REGISTRY_KIND": "postgres",
            "CGLD_REGISTRY_URL": postgres.url,
            "CGLD_REGISTRY_HOST_NAME": "host-\(index)",
            "CGLD_REGISTRY_TIMEOUT_SECONDS": "2",
            "CGLD_REGISTRY_RECONCILE_SECONDS": "\(reconcileSeconds)",
            "CGLD_METRICS_ADDRESS": "unix:\(folders[index])/metrics.sock",
        ])
        hosts[index] = try await blocking { try DaemonProcess(folder: folder, arguments: ["--no-prewarm"], environment: environment) }
    }

    /// Stops host `index` with `signal` (SIGKILL: no shutdown at all).
    func stop(_ index: Int, signal: Int32 = SIGTERM) {
        hosts[index]?.stop(signal)
        hosts[index] = nil
    }

    /// Stops every host and the server, and removes the folders.
    func stop() {
        for index in hosts.indices { stop(index) }
        postgres.stop()
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// A client of host `index`.
    func client(_ index: Int) -> CGLClient {
        CGLClient(configuration: .init(socketPath: folders[index] + "/s.sock", connectTimeout: .seconds(5)))
    }

    /// Host `index`'s `/metrics`.
    func metrics(_ index: Int) throws -> String {
        let connection = try RawConnection(path: folders[index] + "/metrics.sock")
        try connection.send(Array("GET /metrics HTTP/1.1\r\nHost: cgld\r\nConnection: close\r\n\r\n".utf8))
        return String(decoding: try connection.readUntilClosed(), as: UTF8.self)
    }

    /// What each host logged, for a failure's message.
    var logs: String {
        hosts.enumerated().map { "host-\($0.offset):\n\($0.element?.logText ?? "(stopped)")" }.joined(separator: "\n")
    }

    /// The name and hash of every scheme host `index` serves, sorted by name.
    func registry(_ index: Int) async throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try await client(index).list().map { ($0.name, $0.hash) })
    }

    /// Polls `condition` every 20 ms until it holds; throws, saying `what`, when it does not
    /// within `limit`.
    func eventually(_ what: String, within limit: Duration = .seconds(20), _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw DaemonProcess.Failure("not within \(limit): \(what)\n\(logs)")
    }
}

/// A valid document named `name`: the login form's, its captions `version` points larger,
/// so that two versions are two documents (two hashes, other frames).
func fleetDocument(_ name: String, version: Int = 0) throws -> Data {
    var text = try String(contentsOfFile: examplePath("login-form"), encoding: .utf8)
    text = text.replacingOccurrences(of: "\"name\": \"login-form\"", with: "\"name\": \"\(name)\"")
    text = text.replacingOccurrences(of: "\"caption\": {\"family\": \"DejaVu Sans\", \"size\": 12,",
                                     with: "\"caption\": {\"family\": \"DejaVu Sans\", \"size\": \(12 + version),")
    return Data(text.utf8)
}
