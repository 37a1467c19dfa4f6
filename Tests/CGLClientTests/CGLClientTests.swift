import CGLBridge
import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLWire
import CGLayout
import Foundation
import Synchronization
import Testing
import CGLClientFallback

@Suite struct CGLClientTests {
    @Test func everyOperationInItsSynchronousForm() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let client = daemon.client()
            let toolbar = try exampleDocument("toolbar")
            let progressEvents = try await blocking { () -> Int in
                #expect(try client.ping().serverVersion == "0.1.0")
                let registration = try client.register(toolbar)
                #expect(registration.name == "toolbar" && registration.outcome == .created && registration.hash.hasPrefix("sha256:"))
                #expect(try client.list().map(\.name) == ["feed-cell", "toolbar"])
                let snapshot = try client.lookup("toolbar", in: .profile("phone-portrait"))
                #expect(snapshot.scheme == "toolbar" && snapshot.hash == registration.hash && snapshot.source == .computed)
                let events = Mutex(0)
                let summary = try client.prewarm(schemes: ["toolbar"], profiles: ["phone-portrait", "tablet-portrait"]) { progress in
                    events.withLock { $0 += 1 }
                    #expect(progress.total == 4 && progress.scheme == "toolbar")
                }
                #expect(summary.computed + summary.alreadyCached + summary.failed == 4)
                #expect(summary.computed == 3 && summary.alreadyCached == 1)
                let stats = try client.stats()
                #expect(Array(stats.entries.map(\.key).prefix(WireStats.Key.all.count)) == WireStats.Key.all)
                #expect(stats[WireStats.Key.schemes] == 2)
                #expect(try client.unregister("toolbar"))
                #expect(try client.list().map(\.name) == ["feed-cell"])
                return events.withLock { $0 }
            }
            #expect(progressEvents >= 1)
        }
    }

    @Test func everyOperationInItsAsyncForm() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let client = daemon.client()
            #expect(try await client.ping().uptime >= 0)
            #expect(try await client.register(exampleDocument("login-form")).outcome == .created)
            #expect(try await client.list().count == 2)
            let results = try await client.lookup([
                Lookup("feed-cell", in: .profile("phone-portrait")), Lookup("login-form", in: .size(width: 400, height: 700)),
                Lookup("nope", in: .profile("phone-portrait")),
            ])
            #expect(try results[0].get().scheme == "feed-cell")
            #expect(try results[1].get().environment.width == 400)
            #expect(throws: CGLClientError.self) { try results[2].get() }
            #expect(try await client.prewarm().failed == 0)
            #expect(try await client.stats()[WireStats.Key.schemes] == 2)
            #expect(try await client.unregister("login-form"))
        }
    }

    @Test func aMissingDaemonIsUnavailableNotADaemonError() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let client = CGLClient(socketPath: folder + "/missing.sock")
        await #expect {
            _ = try await client.ping()
        } throws: { error in
            guard let error = error as? CGLClientError else { return false }
            return error.isDaemonUnavailable && error.refusal == nil && error.message.contains("missing.sock")
        }
    }

    @Test func aDaemonThatStoppedIsUnavailableAndTheSameClientReconnectsWhenItIsBack() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try await TestDaemon.start(folder: folder, schemes: ["feed-cell"])
        let client = first.client()
        #expect(try await client.lookup("feed-cell", in: .profile("phone-portrait")).source == .computed)
        try await first.stop()
        await #expect { _ = try await client.ping() } throws: { ($0 as? CGLClientError)?.isDaemonUnavailable == true }
        let second = try await TestDaemon.start(folder: folder)
        #expect(try await client.lookup("feed-cell", in: .profile("phone-portrait")).source == .store)
        try await second.stop()
    }

    @Test func aSocketThatNeverAnswersTimesOut() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/mute.sock"
        let listener = try listeningSocket(at: path)  // accepts into its backlog, never answers
        defer { close(listener) }
        let client = CGLClient(configuration: .init(socketPath: path, connectTimeout: .milliseconds(200)))
        await #expect { _ = try await client.ping() } throws: { ($0 as? CGLClientError)?.code == .timedOut }
    }

    @Test func aDocumentOverTheDaemonsFrameSizeIsRefusedBeforeSending() async throws {
        try await withTestDaemon(configure: { $0.limits.maximumFrameSize = 1024 }) { daemon in
            let client = daemon.client()
            await #expect { _ = try await client.register(exampleDocument("settings-list")) } throws: {
                ($0 as? CGLClientError)?.code == .documentTooLarge
            }
            let version = try await client.ping().serverVersion  // the connection was not lost
            #expect(version == "0.1.0")
        }
    }

    @Test func theLocalFallbackComputesWhenTheDaemonIsUnavailable() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let document = try SchemeDocument(data: exampleDocument("feed-cell"))
        let fallback = LocalFallback(documents: [document])
        let client = CGLClient(configuration: .init(socketPath: folder + "/none.sock", fallback: fallback))
        let snapshot = try await client.lookup("feed-cell", in: .profile("phone-portrait", direction: .rightToLeft))
        var environment = try #require(ProfileSet.defaults["phone-portrait"])
        environment.direction = .rightToLeft
        #expect(snapshot.document == (try document.compiled().snapshot(for: environment)))
        #expect(snapshot.source == .computed)
        await #expect { _ = try await client.lookup("other", in: .profile("phone-portrait")) } throws: {
            ($0 as? CGLClientError)?.code == .fallbackFailed
        }
        await #expect { _ = try await client.stats() } throws: { ($0 as? CGLClientError)?.isDaemonUnavailable == true }
    }

    /// A fallback from a folder of documents, as the daemon's schemes folder holds them.
    @Test func aFallbackReadsAFolderOfDocumentsAndNamesWhatItCannotUse() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try exampleDocument("feed-cell").write(to: URL(fileURLWithPath: folder + "/feed-cell.json"))
        try exampleDocument("toolbar").write(to: URL(fileURLWithPath: folder + "/toolbar.json"))
        try Data("not a document".utf8).write(to: URL(fileURLWithPath: folder + "/README.txt"))
        let fallback = try LocalFallback(folder: folder)
        #expect(fallback.schemeNames == ["feed-cell", "toolbar"])
        let snapshot = try fallback.snapshot("toolbar", in: .size(width: 500, height: 300))
        #expect(snapshot.source == .computed && snapshot.environment.width == 500)
        #expect { _ = try fallback.snapshot("toolbar", in: .profile("nope")) } throws: {
            ($0 as? LocalFallback.Failure)?.message == "knows no profile 'nope'"
        }
        try Data("{\"format\": \"cglayout/1\"".utf8).write(to: URL(fileURLWithPath: folder + "/broken.json"))
        #expect { _ = try LocalFallback(folder: folder) } throws: {
            ($0 as? LocalFallback.Failure)?.message.hasPrefix(folder + "/broken.json is invalid: " + folder + "/broken.json:1:") == true
        }
        #expect { _ = try LocalFallback(folder: folder + "/missing") } throws: {
            ($0 as? LocalFallback.Failure)?.message.hasPrefix("cannot read the folder") == true
        }
    }

    @Test func aSnapshotAppliesToTheCallersElementsByID() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let snapshot = try await daemon.client().lookup("feed-cell", in: .profile("phone-portrait"))
            let avatar = LayoutView(), body = LayoutView(), stray = LayoutView()
            let unmatched = snapshot.apply(to: ["avatar": avatar, "body": body, "not-in-scheme": stray])
            #expect(unmatched == ["not-in-scheme"])
            #expect(avatar.frame == (try #require(snapshot["avatar"]).frame))
            #expect(body.frame == (try #require(snapshot["body"]).frame))
            #expect(stray.frame == .zero)
        }
    }

    /// A socket that listens but never accepts.
    private func listeningSocket(at path: String) throws -> Int32 {
        let descriptor = try #require(boundUnixSocket(at: path))
        try #require(listen(descriptor, 8) == 0)
        return descriptor
    }
}
