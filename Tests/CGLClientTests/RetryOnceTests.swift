import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import Foundation
import Testing

/// A pooled connection found closed by a daemon that restarted meanwhile is replaced once,
/// transparently, on the blocking and the async paths alike; a daemon that stays away is
/// reported, not retried for ever.
@Suite struct RetryOnceTests {
    @Test func aRestartedDaemonIsReachedAgainThroughTheSameClient() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var daemon = try await TestDaemon.start(folder: folder, schemes: ["feed-cell"])
        let client = CGLClient(socketPath: daemon.configuration.socketPath)
        _ = try await client.lookup("feed-cell", in: .profile("phone-portrait"))
        #expect(client.idleConnections == 1)

        // The idle connection is the stopped daemon's: the blocking call finds it closed and
        // goes again on a new one, to the daemon now serving.
        try await daemon.stop()
        daemon = try await TestDaemon.start(folder: folder) { $0.schemesDirectory = nil }
        let fromBlocking = try await blocking { try client.lookup("feed-cell", in: .profile("phone-portrait")) }
        #expect(fromBlocking.source == .store)

        // The same on the async path.
        try await daemon.stop()
        daemon = try await TestDaemon.start(folder: folder) { $0.schemesDirectory = nil }
        let fromAsync = try await client.lookup("feed-cell", in: .profile("phone-portrait"))
        #expect(fromAsync.source == .store)
        try await daemon.stop()

        // No daemon at all: the one retry finds none, and says so.
        #expect(client.idleConnections == 1)
        let error = await #expect(throws: CGLClientError.self) { try await client.ping() }
        #expect(error?.code == .daemonUnavailable, "\(String(describing: error))")
    }
}
