import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLTestSupport
import CGLWire
import Foundation
import Testing

/// What §5, §5a, §7 and §8 of `docs/protocol.md` say of registrations and prewarms: what
/// `unregister` keeps, when a name counts as registered, what a restart keeps and does,
/// where an issue points, how a prewarm folds repeats and reports progress.
extension ProtocolPageTests {
    /// The example document under another name: the same content, so shared snapshots.
    private static func card(named name: String) throws -> Data {
        let text = try String(contentsOfFile: cardDocument, encoding: .utf8)
        return Data(text.replacingOccurrences(of: "\"name\": \"card\"", with: "\"name\": \"\(name)\"").utf8)
    }

    /// §5: unregistering one of two names of one document keeps the snapshots the other
    /// serves; §7: a name unregistered and registered again is registered anew.
    @Test func unregisterKeepsSharedSnapshotsAndForgetsTheName() async throws {
        try await withTestDaemon { daemon in
            let client = daemon.client()
            _ = try await client.register(try Self.card(named: "card"))
            let first = try #require(try await client.list().first)
            #expect(try await client.register(try Self.card(named: "card-two")).outcome == .created)
            #expect(try await client.lookup("card-two", in: .profile("phone-portrait")).source == .computed)
            #expect(try await client.unregister("card-two"))
            #expect(try await client.lookup("card", in: .profile("phone-portrait")).source == .memory)

            try await Task.sleep(for: .milliseconds(20))
            #expect(try await client.register(try Self.card(named: "card")).outcome == .unchanged)
            #expect(try await client.list().first == first)
            #expect(try await client.unregister("card"))
            #expect(try await client.register(try Self.card(named: "card")).outcome == .created)
            let again = try #require(try await client.list().first)
            #expect(again.registeredAt > first.registeredAt && again.updatedAt == again.registeredAt)
        }
        #expect(try Self.section("7.").contains("unregistering it forgets it, so a name removed and registered again is registered anew then"))
    }

    /// §7: `requests.inFlight` counts the `stats` request that asks.
    @Test func requestsInFlightCountsTheStatsRequest() async throws {
        try await withTestDaemon { daemon in
            let stats = try await daemon.client().stats()
            #expect(stats["requests.inFlight"] == 1)
        }
    }

    /// §5a: registrations persist across a restart, which prewarms: a lookup no one made
    /// before the restart comes from the store.
    @Test func registrationsPersistAndARestartPrewarms() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var before: [SchemeInfo] = []
        try await withTestDaemon(folder: folder) { daemon in
            _ = try await daemon.client().register(try Self.card(named: "card"))
            before = try await daemon.client().list()
        }
        try await withTestDaemon(folder: folder, configure: { $0.prewarmAtStart = true }) { daemon in
            let client = daemon.client()
            #expect(try await client.list() == before)
            // Every profile in both directions, once the start's prewarm is done.
            let expected = Double(ProfileSet.defaults.profiles.count * 2)
            let deadline = ContinuousClock.now + .seconds(30)
            while try await client.stats()[WireStats.Key.snapshotsStored] != expected, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(try await client.lookup("card", in: .profile("tablet-landscape")).source == .store)
            #expect(try await client.lookup("card", in: .profile("tablet-landscape")).source == .memory)
        }
    }

    /// §8: an issue's line and column are where the offending value starts, not its key.
    @Test func anIssuePointsAtTheValue() async throws {
        #expect(try Self.section("8.").contains("where the offending value starts"))
        let document = """
            {"format": "cglayout/1", "name": "bad", "elements": [{"id": "a", "kind":
                  "bogus"}], "blocks": []}
            """
        try await withTestDaemon { daemon in
            do {
                _ = try await daemon.client().register(Data(document.utf8))
                Issue.record("an invalid document was registered")
            } catch let error as CGLClientError {
                let issue = try #require(error.refusal?.issues.first { $0.pointer == "/elements/0/kind" }, "\(error)")
                #expect(issue.position == TextPosition(line: 2, column: 7))
            }
        }
    }

    /// A document over `limits.maxDocumentElements` is refused for that alone, not also for
    /// every element its blocks name.
    @Test func aDocumentOverTheElementsLimitIsRefusedForThatAlone() async throws {
        try await withTestDaemon(configure: { $0.limits.document.maximumElements = 1 }) { daemon in
            do {
                _ = try await daemon.client().register(try Self.card(named: "card"))
                Issue.record("a document over the limit was registered")
            } catch let error as CGLClientError {
                #expect(error.refusal?.code == .invalidDocument && error.refusal?.issues.map(\.code) == [.tooLarge], "\(error)")
            }
        }
    }

    /// §5: repeated names count once; events come after a scheme, at most one every
    /// 100 ms, the first scheme's and always the last.
    @Test func aPrewarmFoldsRepeatsAndThrottlesItsEvents() async throws {
        let names = ["feed-cell", "toolbar", "login-form", "settings-list", "profile-header"]
        try await withTestDaemon(schemes: names) { daemon in
            var events: [PrewarmProgress] = []
            let summary = try await daemon.client().prewarm(schemes: names + [names[0]], profiles: ["phone-portrait", "phone-portrait"]) {
                events.append($0)
            }
            // 5 schemes × 1 profile × 2 directions.
            #expect(summary.computed + summary.alreadyCached == 10 && summary.failed == 0)
            #expect(events.first?.done == 2 && events.last?.done == 10 && events.allSatisfy { $0.total == 10 })
            #expect(events.count >= 2 && events.count <= 5 && zip(events, events.dropFirst()).allSatisfy { $0.done < $1.done })
        }
        #expect(try Self.section("5.").contains("**at most one event every 100 ms** to each request"))
    }
}
