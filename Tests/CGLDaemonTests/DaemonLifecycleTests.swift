import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLStore
import CGLWire
import CGLayout
import Foundation
import Synchronization
import Testing

@Suite struct DaemonLifecycleTests {
    @Test func aRestartServesTheSameSnapshotsFromTheStoreWithoutComputing() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environments: [Environment] = [.profile("phone-portrait"), .profile("tablet-landscape", direction: .rightToLeft),
                                           .size(width: 500, height: 320, scale: 2)]
        let first = try await TestDaemon.start(folder: folder, schemes: ["feed-cell", "toolbar"])
        var before: [WireSnapshot] = []
        for environment in environments {
            let snapshot = try await first.client().lookup("feed-cell", in: environment)
            #expect(snapshot.source == .computed)
            before.append(snapshot.wire)
        }
        try await first.stop()
        #expect(!FileManager.default.fileExists(atPath: first.configuration.socketPath))

        let second = try await TestDaemon.start(folder: folder) { $0.schemesDirectory = nil }
        let client = second.client()
        #expect(try await client.list().map(\.name) == ["feed-cell", "toolbar"])
        for (environment, expected) in zip(environments, before) {
            var snapshot = try await client.lookup("feed-cell", in: environment).wire
            #expect(snapshot.source == .store)
            snapshot.source = .computed
            #expect(snapshot == expected)
        }
        let stats = try await client.stats()
        #expect(stats[WireStats.Key.misses] == 0)
        #expect(stats[WireStats.Key.hitsStore] == 3)
        #expect(try await client.lookup("feed-cell", in: environments[0]).source == .memory)
        try await second.stop()
    }

    @Test func reRegisteringAChangedDocumentServesTheNewHashAndDropsTheOldSnapshots() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let client = daemon.client()
            let old = try await client.lookup("feed-cell", in: .profile("phone-portrait"))
            _ = try await client.prewarm(schemes: ["feed-cell"])
            let storedBefore = try #require(try await client.stats()[WireStats.Key.snapshotsStored])
            #expect(storedBefore == 24)

            var text = try String(decoding: exampleDocument("feed-cell"), as: UTF8.self)
            text = text.replacingOccurrences(of: "\"fixed(48)\"", with: "\"fixed(56)\"")
            let registration = try await client.register(Data(text.utf8))
            #expect(registration.outcome == .updated && registration.hash != old.hash)
            let new = try await client.lookup("feed-cell", in: .profile("phone-portrait"))
            #expect(new.hash == registration.hash && new.source == .computed)
            #expect(new != old)
            #expect(try await client.stats()[WireStats.Key.snapshotsStored] == 1)
            #expect(try await client.register(Data(text.utf8)).outcome == .unchanged)
        }
    }

    @Test func twoNamesWithTheSameContentShareSnapshotsButAnswerWithTheirOwnName() async throws {
        try await withTestDaemon(schemes: ["toolbar"]) { daemon in
            let client = daemon.client()
            let text = String(decoding: try exampleDocument("toolbar"), as: UTF8.self)
            let copy = try await client.register(Data(text.replacingOccurrences(of: "\"name\": \"toolbar\"", with: "\"name\": \"toolbar-copy\"").utf8))
            let original = try await client.lookup("toolbar", in: .profile("phone-portrait"))
            let shared = try await client.lookup("toolbar-copy", in: .profile("phone-portrait"))
            #expect(copy.hash == original.hash)
            #expect(original.scheme == "toolbar" && shared.scheme == "toolbar-copy")
            #expect(shared.source == .memory && shared.elements == original.elements)
            #expect(try await client.unregister("toolbar"))
            #expect(try await client.lookup("toolbar-copy", in: .profile("phone-portrait")).scheme == "toolbar-copy")
        }
    }

    @Test func unregisteringRemovesTheSchemeAndSaysWhetherItExisted() async throws {
        try await withTestDaemon(schemes: ["feed-cell", "toolbar"]) { daemon in
            let client = daemon.client()
            let existed = try await client.unregister("toolbar")
            let existedAgain = try await client.unregister("toolbar")
            let names = try await client.list().map(\.name)
            #expect(existed && !existedAgain)
            #expect(names == ["feed-cell"])
            await #expect(throws: CGLClientError.self) { try await client.lookup("toolbar", in: .profile("phone-portrait")) }
        }
    }

    @Test func aStaleSocketFileIsReplacedButALiveDaemonIsNot() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try makeDeadSocket(at: folder + "/s.sock")
        let daemon = try await TestDaemon.start(folder: folder)
        #expect(try await daemon.client().ping().serverVersion == "0.1.0")
        await #expect {
            _ = try await TestDaemon.start(folder: folder) { $0.databasePath = folder + "/other.sqlite" }
        } throws: { error in
            (error as? DaemonError)?.code == .socketInUse
        }
        #expect(try await daemon.client().ping().serverVersion == "0.1.0")
        try await daemon.stop()
        #expect(!FileManager.default.fileExists(atPath: daemon.configuration.socketPath))
    }

    @Test func aFileThatIsNotASocketIsNeverRemoved() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/s.sock", contents: Data("keep me".utf8))
        await #expect {
            _ = try await TestDaemon.start(folder: folder)
        } throws: { error in
            (error as? DaemonError)?.code == .socket
        }
        #expect(FileManager.default.contents(atPath: folder + "/s.sock") == Data("keep me".utf8))
    }

    @Test func invalidDocumentsInTheSchemesFolderAreSkipped() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/schemes.d", withIntermediateDirectories: true)
        try exampleDocument("toolbar").write(to: URL(fileURLWithPath: folder + "/schemes.d/toolbar.json"))
        try Data("{\"format\": \"cglayout/1\"".utf8).write(to: URL(fileURLWithPath: folder + "/schemes.d/broken.json"))
        try await withTestDaemon(folder: folder, configure: { $0.schemesDirectory = folder + "/schemes.d" }) { daemon in
            let names = try await daemon.client().list().map(\.name)
            #expect(names == ["toolbar"])
        }
    }

    /// A prewarm under way when the daemon is asked to stop is answered before the
    /// connection closes.
    @Test func gracefulShutdownAnswersTheRequestsInFlight() async throws {
        let names = ["feed-cell", "settings-list", "app-shell", "toolbar", "login-form", "split-view", "photo-feed"]
        let daemon = try await TestDaemon.start(schemes: names)
        defer { daemon.removeFolder() }
        let socketPath = daemon.configuration.socketPath
        // The first progress event is the signal that the prewarm is under way.
        let connection = try await blocking { () -> RawConnection in
            let connection = try RawConnection(path: socketPath)
            _ = try connection.handshake()
            try connection.send(.prewarm(schemes: [], profiles: []), id: 1)
            guard case .prewarmProgress(let progress) = try connection.readResponse().response else { throw RawConnection.Failure(description: "no progress") }
            #expect(progress.done < progress.total)
            return connection
        }
        async let stopped: Void = daemon.stop()
        let summary = try await blocking { () -> WirePrewarmSummary in
            while true {
                if case .prewarmFinished(let summary) = try connection.readResponse().response { return summary }
            }
        }
        // Answered, whole: the prewarm stopped between environments, and what it had not
        // computed is cancelled, not failed.
        #expect(summary.computed + summary.alreadyCached + summary.failed + summary.cancelled == UInt32(names.count * 24))
        #expect(summary.failed == 0)
        try await stopped
    }

    /// A page of new content being computed when the daemon is asked to stop is answered
    /// whole before the connection closes: its answer (over a megabyte, more than the socket
    /// holds) counts as answered only once the socket took it, so the drain waits for a
    /// client that reads late.
    /// A client that never reads an answer too large for the socket does not hold the
    /// shutdown: its connection is closed 2 s after the drain began.
    /// Sends a batch of 1 000 posts for the feed cell on a raw connection, and returns once
    /// the daemon has begun computing it (it counts a miss).
    static func sendPageOfPosts(to daemon: TestDaemon, withDates: Bool) async throws -> RawConnection {
        let socketPath = daemon.configuration.socketPath
        let page = (0 ..< 1000).map { index in
            WireLookup(scheme: "feed-cell", environment: .profile("phone-portrait"),
                       content: WireContent(entries: [.init(slot: "body", value: .text("Post \(index): " + String(repeating: "words to lay out ", count: 8)))]
                                            + (withDates ? [.init(slot: "date", value: .text("\(index) min ago"))] : [])))
        }
        let connection = try await blocking { () -> RawConnection in
            let connection = try RawConnection(path: socketPath)
            _ = try connection.handshake()
            try connection.send(.lookupBatch(page), id: 1)
            return connection
        }
        let observer = daemon.client()
        while (try await observer.stats())[WireStats.Key.misses] ?? 0 == 0 { try await Task.sleep(for: .milliseconds(1)) }
        return connection
    }

    @Test func aClientThatNeverReadsDoesNotHoldTheShutdown() async throws {
        let daemon = try await TestDaemon.start(schemes: ["feed-cell"])
        defer { daemon.removeFolder() }
        let connection = try await Self.sendPageOfPosts(to: daemon, withDates: false)
        // Answered (over a megabyte, more than the socket holds) and never read.
        try await Task.sleep(for: .milliseconds(500))
        // Bounded here, so that a shutdown held for good fails the test rather than hangs it.
        final class Flag: Sendable { let isSet = Atomic(false) }
        let done = Flag()
        let stopping = Task {
            try? await daemon.stop()
            done.isSet.store(true, ordering: .relaxed)
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while !done.isSet.load(ordering: .relaxed), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let stopped = done.isSet.load(ordering: .relaxed)
        #expect(stopped, "the daemon had not stopped 10 s after it was asked")
        if stopped { await stopping.value }
        withExtendedLifetime(connection) {}
    }

    @Test func gracefulShutdownAnswersABatchBeingComputedWhole() async throws {
        let daemon = try await TestDaemon.start(schemes: ["feed-cell"])
        defer { daemon.removeFolder() }
        let connection = try await Self.sendPageOfPosts(to: daemon, withDates: true)
        // The page is under way; the daemon is told to stop, and the client reads only a
        // while later.
        async let stopped: Void = daemon.stop()
        try await Task.sleep(for: .milliseconds(300))
        let answer = try await blocking { try connection.readResponse() }
        guard case .snapshots(let answers) = answer.response else {
            Issue.record("not the batch's answer: \(answer.response)")
            return
        }
        #expect(answers.count == 1000)   // every post of the page
        try await stopped
    }

    @Test func theStartPrewarmCoversEveryProfileInEveryConfiguredDirection() async throws {
        try await withTestDaemon(schemes: ["toolbar", "login-form"], configure: { $0.prewarmAtStart = true }) { daemon in
            let client = daemon.client()
            var stats = try await client.stats()
            let deadline = ContinuousClock.now + .seconds(60)
            while stats[WireStats.Key.snapshotsStored] != 48 || stats[WireStats.Key.prewarmRunning] != 0, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))  // polls for the background prewarm to end
                stats = try await client.stats()
            }
            try #require(stats[WireStats.Key.snapshotsStored] == 48)
            let again = try await client.prewarm()
            #expect(again.alreadyCached == 48 && again.computed == 0)
            #expect(try await client.lookup("toolbar", in: .profile("desktop-landscape", direction: .rightToLeft)).source == .store)
        }
    }

    /// A socket file nothing listens on: what a daemon that died leaves behind.
    private func makeDeadSocket(at path: String) throws {
        close(try #require(boundUnixSocket(at: path)))
    }
}
