import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import CGLWire
import Foundation
import Logging
import Synchronization
import Testing

/// Reloads in process: the schemes folder, the configuration, and connections that stay.
@Suite struct DaemonReloadTests {
    private static let portrait = Environment.profile("phone-portrait")

    /// The feed-cell example with another avatar size: same name, new hash.
    private static func changedFeedCell() throws -> Data {
        let text = String(decoding: try exampleDocument("feed-cell"), as: UTF8.self)
        return Data(text.replacingOccurrences(of: "\"fixed(48)\"", with: "\"fixed(56)\"").utf8)
    }

    private static func hash(_ response: WireResponse) -> String? {
        if case .snapshot(let snapshot) = response { return snapshot.hash }
        return nil
    }

    private static func names(_ response: WireResponse) -> [String] {
        if case .schemes(let schemes) = response { return schemes.map(\.name) }
        return []
    }

    @Test func aChangedDocumentIsServedOnAConnectionOpenedBeforeTheReload() async throws {
        try await withTestDaemon(schemes: ["feed-cell", "toolbar"]) { daemon in
            let connection = try await blocking { () -> RawConnection in
                let connection = try RawConnection(path: daemon.configuration.socketPath)
                _ = try connection.handshake()
                return connection
            }
            let before = try await blocking { try Self.hash(connection.ask(.lookup(scheme: "feed-cell", environment: Self.portrait.request), id: 1)) }
            try Self.changedFeedCell().write(to: URL(fileURLWithPath: daemon.folder + "/schemes.d/feed-cell.json"))
            let outcome = try #require(await daemon.daemon.reload())
            #expect(outcome.refusal == nil && outcome.changed == ["feed-cell"] && outcome.dropped.isEmpty)
            let after = try await blocking { try Self.hash(connection.ask(.lookup(scheme: "feed-cell", environment: Self.portrait.request), id: 2)) }
            #expect(before != nil && after != nil && before != after)
            #expect(try await daemon.client().list().first { $0.name == "feed-cell" }?.hash == after)
        }
    }

    @Test func whatChangedIsPrewarmedInTheBackground() async throws {
        try await withTestDaemon(schemes: ["feed-cell", "toolbar"], configure: { $0.prewarmAtStart = true }) { daemon in
            let client = daemon.client()
            try await Self.waitUntil("the start prewarm stored 48 snapshots") { try await client.stats()[WireStats.Key.snapshotsStored] == 48 }
            try Self.changedFeedCell().write(to: URL(fileURLWithPath: daemon.folder + "/schemes.d/feed-cell.json"))
            #expect(try #require(await daemon.daemon.reload()).changed == ["feed-cell"])
            // The replaced hash's 24 went with it; the new one's 24 come from the reload's prewarm.
            try await Self.waitUntil("the reload prewarmed the changed scheme") {
                let stats = try await client.stats()
                return stats[WireStats.Key.snapshotsStored] == 48 && stats[WireStats.Key.prewarmRunning] == 0
            }
            #expect(try await client.lookup("feed-cell", in: Self.portrait).source != .computed)
        }
    }

    /// Polls `condition` until it holds, failing after a minute.
    private static func waitUntil(_ what: String, _ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("timed out waiting until \(what)")
    }

    @Test func aRemovedFileDropsItsSchemeAndItsSnapshotsFromMemory() async throws {
        try await withTestDaemon(schemes: ["feed-cell", "toolbar"]) { daemon in
            let client = daemon.client()
            _ = try await client.lookup("toolbar", in: Self.portrait)
            try FileManager.default.removeItem(atPath: daemon.folder + "/schemes.d/toolbar.json")
            let outcome = try #require(await daemon.daemon.reload())
            #expect(outcome.dropped == ["toolbar"])
            #expect(try await client.list().map(\.name) == ["feed-cell"])
            #expect(try await client.stats()[WireStats.Key.memoryBytes] == 0)
        }
    }

    @Test func withDropRemovedOffARemovedFileKeepsItsScheme() async throws {
        try await withTestDaemon(schemes: ["feed-cell", "toolbar"], configure: { $0.schemesDropRemoved = false }) { daemon in
            try FileManager.default.removeItem(atPath: daemon.folder + "/schemes.d/toolbar.json")
            #expect(try #require(await daemon.daemon.reload()).dropped.isEmpty)
            #expect(try await daemon.client().list().map(\.name) == ["feed-cell", "toolbar"])
        }
    }

    @Test func documentsRegisteredOverTheSocketAreNeverDropped() async throws {
        try await withTestDaemon(schemes: ["feed-cell", "toolbar"]) { daemon in
            let client = daemon.client()
            _ = try await client.register(try exampleDocument("login-form"))
            // A folder document a client replaced is the client's from then on.
            _ = try await client.register(try Self.changedFeedCell())
            for name in ["feed-cell", "toolbar"] { try FileManager.default.removeItem(atPath: daemon.folder + "/schemes.d/\(name).json") }
            let outcome = try #require(await daemon.daemon.reload())
            #expect(outcome.dropped == ["toolbar"])
            #expect(try await client.list().map(\.name) == ["feed-cell", "login-form"])
        }
    }

    @Test func anInvalidFileKeepsWhatItRegisteredBefore() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let client = daemon.client()
            let hash = try await client.list().first?.hash
            try Data("{\"name\": \"feed-cell\", ".utf8).write(to: URL(fileURLWithPath: daemon.folder + "/schemes.d/feed-cell.json"))
            let outcome = try #require(await daemon.daemon.reload())
            #expect(outcome.changed.isEmpty && outcome.dropped.isEmpty)
            #expect(try await client.list().map(\.hash) == [hash].compactMap { $0 })
        }
    }

    @Test func aFolderThatCannotBeListedDropsNothing() async throws {
        try await withTestDaemon(schemes: ["feed-cell", "toolbar"]) { daemon in
            try FileManager.default.moveItem(atPath: daemon.folder + "/schemes.d", toPath: daemon.folder + "/moved.d")
            #expect(try #require(await daemon.daemon.reload()).dropped.isEmpty)
            #expect(try await daemon.client().list().count == 2)
        }
    }

    @Test func aBrokenConfigurationIsRefusedAndTheOneInForceStays() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let levels = Mutex<[Logger.Level]>([])
        let next = Mutex<Result<DaemonConfiguration, DaemonError>>(.failure(.configuration(key: "workers", value: "many", expected: "a number")))
        let options = Daemon.Options(reloadConfiguration: { () throws(DaemonError) in try next.withLock { $0 }.get() },
                                     applyLogLevel: { level in levels.withLock { $0.append(level) } })
        let daemon = try await TestDaemon.start(folder: folder, schemes: ["feed-cell"], options: options)
        let outcome = try #require(await daemon.daemon.reload())
        #expect(outcome.refusal?.message.contains("'workers'") == true)
        #expect(try await daemon.client().lookup("feed-cell", in: Self.portrait).scheme == "feed-cell")

        // A good one applies its live settings and names those that need a restart.
        var good = daemon.configuration
        good.logLevel = .debug
        good.schemesDirectory = nil
        good.cacheMemoryBytes = 4096
        next.withLock { $0 = .success(good) }
        let applied = try #require(await daemon.daemon.reload())
        #expect(applied.refusal == nil && applied.needsRestart == ["cache.memoryBytes"] && applied.dropped == ["feed-cell"])
        #expect(levels.withLock { $0 } == [.debug])
        #expect(try await daemon.client().stats()[WireStats.Key.memoryLimit] == Double(daemon.configuration.cacheMemoryBytes))
        try await daemon.stop()
    }
}

extension DaemonError {
    /// The error a bad key gives, for tests that fake a refused configuration.
    static func configuration(key: String, value: String, expected: String) -> DaemonError {
        DaemonError(code: .configuration, message: "the configuration key '\(key)' is \(value); it must be \(expected)")
    }
}
