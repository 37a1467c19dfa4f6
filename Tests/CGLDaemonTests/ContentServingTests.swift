import CGLBridge
import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLTestSupport
import CGLWire
import CGLayout
import Foundation
import Testing
import CGLDocumentBridge
import CGLClientFallback

/// Lookups with the caller's content, over a real socket: every answer is the offline
/// computation of the same document, environment and content, and so is the local
/// fallback's; content keys compute once however many clients ask; bad content is refused
/// with a specific error, and the daemon goes on serving.
@Suite struct ContentServingTests {
    static let examples = ["feed-cell", "feed-card", "settings-list", "photo-feed", "toolbar", "login-form", "app-shell", "profile-header", "split-view"]

    /// The page of 50 posts of `examples/content/feed-posts.json`.
    static func posts() throws -> [Content] {
        try Content.items(json: Array(Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/examples/content/feed-posts.json"))))
    }

    /// Content for every slot of `document` from each post: its texts, its photo and its
    /// flags where the document has slots of those kinds (the document's own content when it
    /// has no slots).
    static func contents(for document: SchemeDocument, posts: [Content]) -> [Content] {
        guard !document.slots.isEmpty else { return [.empty] }
        return posts.enumerated().map { index, post in
            let texts = post.values.values.compactMap { if case .text(let text) = $0 { text } else { nil } }.sorted()
            var values: [String: SlotValue] = [:]
            for (offset, slot) in document.slots.enumerated() {
                if let value = post.values[slot.name], value.kind == slot.kind {
                    values[slot.name] = value
                    continue
                }
                switch slot.kind {
                case .text: values[slot.name] = .text(texts[(index + offset) % texts.count])
                case .size: values[slot.name] = .size(Double(600 + 40 * index), Double(400 + 25 * offset))
                case .flag: values[slot.name] = .flag((index + offset) % 3 != 0)
                }
            }
            return Content(values)
        }
    }

    /// Every profile, in each direction.
    static let environments: [Environment] = ProfileSet.defaults.names.flatMap { name in
        [Environment.profile(name), .profile(name, direction: .rightToLeft)]
    }

    /// The snapshot the daemon must answer, computed here.
    static func expected(_ compiled: CompiledDocument, _ environment: Environment, _ content: Content) throws -> WireSnapshot {
        WireSnapshot(try compiled.snapshot(for: try #require(environment.resolved(in: .defaults)), content: content), source: .computed)
    }

    /// A snapshot without its source, to compare with another.
    static func sourceless(_ snapshot: WireSnapshot) -> WireSnapshot {
        var snapshot = snapshot
        snapshot.source = .computed
        return snapshot
    }

    @Test func everyExampleInEveryProfileWithAPageOfContentIsTheOfflineComputation() async throws {
        let posts = try Self.posts()
        #expect(posts.count == 50)
        let documents = try Self.examples.map { try SchemeDocument(data: exampleDocument($0)) }
        let fallback = LocalFallback(documents: documents)
        try await withTestDaemon(schemes: Self.examples) { daemon in
            let client = daemon.client()
            for document in documents {
                let compiled = document.compiled()
                let contents = Self.contents(for: document, posts: posts)
                for environment in Self.environments {
                    let answers = try await client.lookup(contents.map { Lookup(document.name, in: environment, content: $0) })
                    #expect(answers.count == contents.count)
                    for (content, answer) in zip(contents, answers) {
                        let expected = try Self.expected(compiled, environment, content)
                        let served = try answer.get()
                        #expect(Self.sourceless(served.wire) == expected, "\(document.name) in \(environment) with \(content.canonicalJSON)")
                        let local = try fallback.snapshot(document.name, in: environment, content: content)
                        #expect(local.wire == expected, "the fallback: \(document.name) in \(environment)")
                    }
                }
            }
            // The same content again, one lookup at a time: from memory now, the same frames.
            let feedDocument = try #require(documents.first { $0.name == "feed-cell" })
            let feed = feedDocument.compiled()
            for content in Self.contents(for: feedDocument, posts: posts).prefix(5) {
                let again = try await client.lookup("feed-cell", in: .profile("phone-portrait"), content: content)
                #expect(again.source == .memory)
                #expect(Self.sourceless(again.wire) == (try Self.expected(feed, .profile("phone-portrait"), content)))
            }
        }
    }

    @Test func contentThatRepeatsTheDefaultsIsTheDocumentsOwnSnapshot() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let client = daemon.client()
            let own = try await client.lookup("feed-cell", in: .profile("phone-portrait"))
            let repeated = try await client.lookup("feed-cell", in: .profile("phone-portrait"), content: ["name": "Ada Lovelace", "hasPhoto": true])
            #expect(own.contentDigest == nil && repeated.contentDigest == nil)
            #expect(repeated.source == .memory && repeated.wire.elements == own.wire.elements)
            let post = try await client.lookup("feed-cell", in: .profile("phone-portrait"), content: ["name": "Grace Hopper", "hasPhoto": true])
            #expect(post.contentDigest == Content(["name": "Grace Hopper"]).digest)
            // Snapshots of content are not stored unless configured: only the document's own is.
            let stats = try await client.stats()
            #expect(stats[WireStats.Key.snapshotsStored] == 1)
        }
    }

    @Test func storedContentSurvivesARestartWhenConfigured() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let content: Content = ["body": "Stored across restarts", "photo": .size(1080, 1350)]
        try await withTestDaemon(folder: folder, schemes: ["feed-cell"], configure: { $0.persistContent = true }) { daemon in
            let first = try await daemon.client().lookup("feed-cell", in: .profile("phone-portrait"), content: content)
            #expect(first.source == .computed)
        }
        // The folder's schemes, registered by the first start, again.
        try await withTestDaemon(folder: folder, configure: { $0.persistContent = true; $0.schemesDirectory = folder + "/schemes.d" }) { daemon in
            let again = try await daemon.client().lookup("feed-cell", in: .profile("phone-portrait"), content: content)
            #expect(again.source == .store)
        }
    }

    /// 64 clients look up random items of a pool of 500 (each a post's content and an
    /// environment); every answer is the offline computation, and each distinct key is
    /// computed once.
    @Test func sixtyFourClientsShareOneComputationPerKey() async throws {
        var (random, seed) = SplitMix64.replayable("sixtyFourClientsShareOneComputationPerKey")
        let posts = try Self.posts()
        let compiled = try SchemeDocument(data: exampleDocument("feed-cell")).compiled()
        let environments: [Environment] = [.profile("phone-portrait"), .profile("tablet-portrait", direction: .rightToLeft)]
        // Distinct by construction: the date names the item.
        let pool: [(Content, Environment)] = (0 ..< 500).map { index in
            var values = posts[index % posts.count].values
            values["date"] = .text("item \(index)")
            return (Content(values), environments[index % environments.count])
        }
        let expected = try pool.map { try Self.expected(compiled, $1, $0) }
        let clients = 64, lookupsPerClient = 1000
        let picks: [[Int]] = (0 ..< clients).map { _ in (0 ..< lookupsPerClient).map { _ in Int(random.next() % UInt64(pool.count)) } }
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let before = try await daemon.client().stats()["snapshots.computed"] ?? 0
            let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
                for client in 0 ..< clients {
                    let connection = daemon.client(requestTimeout: .seconds(120))
                    let (mine, pool, expected) = (picks[client], pool, expected)
                    group.addTask {
                        var mismatches = 0
                        for index in mine {
                            let (content, environment) = pool[index]
                            let snapshot = try await connection.lookup("feed-cell", in: environment, content: content)
                            if Self.sourceless(snapshot.wire) != expected[index] { mismatches += 1 }
                        }
                        return mismatches
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(mismatches == 0, "seed \(seed)")
            let stats = try await daemon.client().stats()
            let distinct = Set(picks.joined()).count
            #expect((stats["snapshots.computed"] ?? 0) - before == Double(distinct), "seed \(seed)")
            // Lookups that joined a computation under way count as misses too: their answers
            // were computed, once.
            #expect((stats[WireStats.Key.misses] ?? 0) >= Double(distinct), "seed \(seed)")
            #expect(stats[WireStats.Key.lookups] == Double(clients * lookupsPerClient), "seed \(seed)")
        }
    }

    /// Each bad input alone, then a lookup that must still be served.
    @Test func badContentIsRefusedSpecificallyAndTheDaemonGoesOn() async throws {
        try await withTestDaemon(schemes: ["feed-cell"], configure: { $0.limits.maximumBatchItems = 100 }) { daemon in
            let client = daemon.client()
            func refusal(_ content: Content) async -> CGLClientError.Refusal? {
                do {
                    _ = try await client.lookup("feed-cell", in: .profile("phone-portrait"), content: content)
                    return nil
                } catch {
                    return error.refusal
                }
            }
            func stillServes() async throws {
                #expect(try await client.lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": "still here"]).scheme == "feed-cell")
            }

            let unknown = await refusal(["bdy": "x"])
            #expect(unknown?.code == .invalidContent && unknown?.message.contains("has no slot 'bdy' (did you mean 'body'?)") == true, "\(String(describing: unknown))")
            #expect(unknown?.issues.first?.pointer == "/bdy")
            try await stillServes()

            let wrongKind = await refusal(["body": true, "photo": "big"])
            #expect(wrongKind?.code == .invalidContent && wrongKind?.issues.count == 2)
            #expect(wrongKind?.issues.contains { $0.pointer == "/photo" && $0.message == "the slot 'photo' takes a size [width, height]" } == true)
            try await stillServes()

            let notANumber = await refusal(["photo": .size(.nan, 800)])
            #expect(notANumber?.code == .invalidContent && notANumber?.message.contains("a size is two numbers from 0 to") == true)
            let negative = await refusal(["photo": .size(-1, 800)])
            #expect(negative?.code == .invalidContent)
            try await stillServes()

            // Over the content limit (64 KiB) but within a frame: refused by the daemon.
            let long = await refusal(["body": .text(String(repeating: "a", count: 100_000))])
            #expect(long?.code == .invalidContent && long?.message.contains("the text is 100000 bytes; at most 65536 are accepted") == true)
            try await stillServes()

            // 10 MB: over the daemon's frame limit, refused before sending (the daemon would close).
            do throws(CGLClientError) {
                _ = try await client.lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .text(String(repeating: "b", count: 10_000_000))])
                Issue.record("a 10 MB text was sent")
            } catch {
                #expect(error.code == .requestTooLarge && error.message.contains("accepts at most 8388608"))
            }
            try await stillServes()

            // A batch over the limit is refused whole; a batch mixing good and bad lookups
            // answers each.
            let tooMany = try await client.lookup(Array(repeating: Lookup("feed-cell", in: .profile("phone-portrait")), count: 101))
            #expect(tooMany.count == 101 && tooMany.allSatisfy { (try? $0.get()) == nil })
            if case .failure(let error) = tooMany[0] {
                #expect(error.refusal?.code == .tooLarge && error.message.contains("at most 100 in one (limits.maxBatchItems)"))
            }
            let mixed = try await client.lookup([
                Lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": "good"]),
                Lookup("feed-cell", in: .profile("phone-portrait"), content: ["bdy": "bad"]),
                Lookup("feed-cel", in: .profile("phone-portrait")),
                Lookup("feed-cell", in: .profile("no-such-profile")),
                Lookup("feed-cell", in: .profile("phone-portrait"), textScale: 7),
                Lookup("feed-cell", in: .profile("tablet-portrait"), content: ["hasPhoto": false]),
            ])
            #expect(mixed.count == 6)
            #expect((try? mixed[0].get())?.scheme == "feed-cell" && (try? mixed[5].get())?.scheme == "feed-cell")
            let codes = mixed[1 ... 4].map { result -> CGLClientError.DaemonCode? in
                if case .failure(let error) = result { return error.refusal?.code }
                return nil
            }
            #expect(codes == [.invalidContent, .notFound, .invalidEnvironment, .invalidEnvironment])
            try await stillServes()
        }
    }

    /// Invalid UTF-8 and unknown kinds are malformed requests, answered alone; a content
    /// frame over the daemon's limit closes that connection only.
    @Test func malformedContentOnTheWireCostsOnlyItself() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let socketPath = daemon.configuration.socketPath
            try await blocking {
                let connection = try RawConnection(path: socketPath)
                _ = try connection.handshake()
                // A lookup of "feed-cell" in phone-portrait with one text slot "body" whose
                // text is the bytes C3 28 (invalid UTF-8), then one whose kind is 9.
                var good: [UInt8] = []
                WireRequest.lookup(scheme: "feed-cell", environment: .profile("phone-portrait"),
                                   content: WireContent(entries: [.init(slot: "body", value: .text("xx"))])).encode(requestID: 1, into: &good)
                var invalidText = good
                invalidText[invalidText.count - 2 ... invalidText.count - 1] = [0xC3, 0x28]
                var unknownKind = good
                unknownKind[unknownKind.count - 7] = 9
                invalidText.replaceSubrange(5 ..< 9, with: [0, 0, 0, 2])
                unknownKind.replaceSubrange(5 ..< 9, with: [0, 0, 0, 3])
                try connection.send(invalidText + unknownKind + good)
                var answers: [UInt32: WireResponse] = [:]
                while answers.count < 3 {
                    let (id, response) = try connection.readResponse()
                    answers[id] = response
                }
                guard case .error(let utf8)? = answers[2], case .error(let kind)? = answers[3], case .snapshot? = answers[1] else {
                    Issue.record("unexpected answers: \(answers)")
                    return
                }
                #expect(utf8.code == .badRequest && utf8.message.contains("the text of the slot 'body' is not valid UTF-8"))
                #expect(kind.code == .badRequest && kind.message.contains("the kind of the slot 'body' is 9"))
            }
            #expect(try await daemon.client().lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": "after"]).scheme == "feed-cell")
        }
    }

    /// A batch's misses compute together; a key asked for several times computes once, and
    /// every one of its lookups is answered: the first `computed` (a miss), the repeats,
    /// which shared its result, `memory` (hits).
    @Test func aBatchComputesEachDistinctKeyOnce() async throws {
        let posts = Array(try Self.posts().prefix(20))
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let client = daemon.client()
            let lookups = (posts + posts + posts.prefix(5)).map { Lookup("feed-cell", in: .profile("phone-portrait"), content: $0) }
            let answers = try await client.lookup(lookups)
            let snapshots = try answers.map { try $0.get() }
            #expect(snapshots.map(\.source) == Array(repeating: .computed, count: 20) + Array(repeating: .memory, count: 25))
            for (index, snapshot) in snapshots.enumerated() {
                #expect(snapshot.wire.elements == snapshots[index % posts.count].wire.elements)
            }
            let stats = try await client.stats()
            #expect(stats["snapshots.computed"] == 20 && stats[WireStats.Key.lookups] == 45)
            #expect(stats[WireStats.Key.misses] == 20 && stats[WireStats.Key.hitsMemory] == 25)
            let again = try await client.lookup(lookups)
            #expect(again.allSatisfy { (try? $0.get())?.source == .memory })
        }
    }

    @Test func prewarmWithContentItemsMakesTheirLookupsHits() async throws {
        let posts = Array(try Self.posts().prefix(10))
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let client = daemon.client()
            let summary = try await client.prewarm(schemes: ["feed-cell"], profiles: ["phone-portrait", "phone-landscape"], content: posts)
            // 10 items × 2 profiles × 2 directions.
            #expect(summary.computed == 40 && summary.failed == 0)
            for post in posts {
                #expect(try await client.lookup("feed-cell", in: .profile("phone-landscape", direction: .rightToLeft), content: post).source == .memory)
            }
            let again = try await client.prewarm(schemes: ["feed-cell"], profiles: ["phone-portrait"], content: posts)
            #expect(again.computed == 0 && again.alreadyCached == 20)
            do throws(CGLClientError) {
                _ = try await client.prewarm(schemes: ["feed-cell"], content: [["body": "ok"], ["bdy": "no"]])
                Issue.record("an unfit content item was prewarmed")
            } catch {
                #expect(error.refusal?.code == .invalidContent && error.message.hasPrefix("content item 2 of 2: "))
            }
        }
    }
}
