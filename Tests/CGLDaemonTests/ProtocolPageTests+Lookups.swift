import CGLBridge
import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLTestSupport
import CGLWire
import Foundation
import Testing

/// What §5, §6a and §7 of `docs/protocol.md` say of lookups: which are kept for references,
/// which source a shared computation reports, how content is digested, and which errors
/// carry issues.
extension ProtocolPageTests {
    /// The answers of a `lookupBatchWithReferences` of `items`.
    private static func answers(_ items: [WireLookupItem], on connection: RawConnection, id: UInt32) throws -> [WireBatchAnswer] {
        guard case .snapshots(let answers) = try connection.ask(.lookupBatchWithReferences(items), id: id) else {
            Issue.record("a lookupBatchWithReferences not answered by snapshots")
            return []
        }
        return answers
    }

    private static func errorCode(_ answer: WireBatchAnswer?) -> WireError.Code? {
        guard case .failure(let error)? = answer else { return nil }
        return error.code
    }

    /// A lookup that resolves but cannot be laid out (a flex block out of space) is not kept:
    /// named by its reference afterwards, it is unknown.
    @Test func aLookupThatFailsToLayOutIsNotKept() async throws {
        try await withTestDaemon { daemon in
            let document = #"""
                {"format": "cglayout/1", "name": "tight", "elements": [{"id": "a"}, {"id": "b"}],
                 "blocks": [{"id": "screen", "flex": {"items": [{"element": "a", "height": 400}, {"element": "b", "height": 300}]}}]}
                """#
            _ = try await daemon.client().register(Data(document.utf8))
            let tight = WireLookup(scheme: "tight", environment: .explicit(.init(width: 100, height: 100)))
            let roomy = WireLookup(scheme: "tight", environment: .explicit(.init(width: 100, height: 1000)))
            let socketPath = daemon.configuration.socketPath
            try await blocking {
                let connection = try RawConnection(path: socketPath)
                _ = try connection.handshake()
                let inFull = try Self.answers([.lookup(tight), .lookup(roomy)], on: connection, id: 1)
                #expect(Self.errorCode(inFull.first) == .invalidEnvironment)
                let byReference = try Self.answers([.reference(WireLookupReference(lookupBytes: tight.encoded())),
                                                    .reference(WireLookupReference(lookupBytes: roomy.encoded()))], on: connection, id: 2)
                #expect(Self.errorCode(byReference.first) == .unknownReference)
                if case .snapshot = byReference.last {} else { Issue.record("the lookup that was laid out is not known: \(byReference)") }
            }
        }
    }

    /// Lookups are kept up to max(16 KiB, `cache.memoryBytes` / 64) bytes, counted as the
    /// reference counts them; one byte more, and the reference is unknown.
    @Test(arguments: [512 * 1024, 2 << 20])
    func lookupsAreKeptUpToTheStatedSize(cacheBytes: Int) async throws {
        #expect(try Self.section("5.").contains("one of more bytes than max(16 KiB, `cache.memoryBytes` / 64)"))
        let largest = max(16 * 1024, cacheBytes / 64)
        // A feed post whose lookup is exactly `size` bytes.
        func post(_ size: Int) -> WireLookup {
            func lookup(_ body: String) -> WireLookup {
                WireLookup(scheme: "feed-cell", environment: .profile("phone-portrait"), content: WireContent(entries: [.init(slot: "body", value: .text(body))]))
            }
            let words = String(repeating: "a post that goes on ", count: size / 20 + 1)
            return lookup(String(words.prefix(size - lookup("").encoded().count)))
        }
        try await withTestDaemon(schemes: ["feed-cell"], configure: { $0.cacheMemoryBytes = cacheBytes }) { daemon in
            let (kept, notKept) = (post(largest), post(largest + 1))
            #expect(kept.encoded().count == largest && notKept.encoded().count == largest + 1)
            let socketPath = daemon.configuration.socketPath
            try await blocking {
                let connection = try RawConnection(path: socketPath)
                _ = try connection.handshake()
                let inFull = try Self.answers([.lookup(kept), .lookup(notKept)], on: connection, id: 1)
                #expect(inFull.allSatisfy { if case .snapshot = $0 { true } else { false } })
                let byReference = try Self.answers([.reference(WireLookupReference(lookupBytes: kept.encoded())),
                                                    .reference(WireLookupReference(lookupBytes: notKept.encoded()))], on: connection, id: 2)
                if case .snapshot = byReference.first {} else { Issue.record("the largest lookup kept is unknown: \(byReference)") }
                #expect(Self.errorCode(byReference.last) == .unknownReference)
            }
        }
    }

    /// §5's example: 20 identical lookups in one batch compute once; the first says
    /// `computed` and counts the miss, the 19 that shared it say `memory` and count as hits.
    @Test func identicalLookupsOfABatchReportOneComputation() async throws {
        #expect(try Self.section("5.").contains("So 20 identical lookups in one batch answer one `computed` (the first) and 19 `memory`"))
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let client = daemon.client()
            let lookup = Lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .text("Twenty times the same post.")])
            let sources = try await client.lookup(Array(repeating: lookup, count: 20)).map { try $0.get().source }
            #expect(sources == [.computed] + Array(repeating: .memory, count: 19))
            let stats = try await client.stats()
            #expect(stats[WireStats.Key.misses] == 1 && stats[WireStats.Key.hitsMemory] == 19 && stats["snapshots.computed"] == 1)
        }
    }

    /// §6a's escapes: the digest of a text with every escaped character is the SHA-256 of
    /// the canonical JSON the page spells out.
    @Test func theContentDigestEscapesAsThePageSays() throws {
        #expect(try Self.section("6a.").contains(#"every other character below U+0020 as `\u00xx` with lowercase hex digits (U+001F is `\u001f`)"#))
        let text = "q\"b\\n\nr\rt\tb\u{8}f\u{C}\u{0}\u{1}\u{1F}\u{7F}/é😀"
        let canonical = #"{"body":"q\"b\\n\nr\rt\tb\bf\f\u0000\u0001\u001f"# + "\u{7F}/é😀\",\"hasBadge\":false,\"photo\":[1200,0.5]}"
        let content = Content(["body": .text(text), "hasBadge": .flag(false), "photo": .size(CGSize(width: 1200, height: 0.5))])
        #expect(content.digest == WireLookupReference(lookupBytes: Array(canonical.utf8)).description)
    }

    /// §7: besides `invalidDocument`, `invalidEnvironment` (a request at fault) and
    /// `invalidContent` carry issues; a scheme that cannot be laid out carries none.
    @Test func theErrorsThatCarryIssues() async throws {
        #expect(try Self.section("7.").contains("for `invalidContent`, one per problem of the content"))
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let client = daemon.client()
            do {
                _ = try await client.lookup("feed-cell", in: .size(width: 0, height: 500))
                Issue.record("a width of 0 was laid out")
            } catch let error as CGLClientError {
                #expect(error.refusal?.code == .invalidEnvironment && error.refusal?.issues.map(\.pointer) == ["/width"], "\(error)")
            }
            do {
                _ = try await client.lookup("feed-cell", in: .profile("phone-portrait"), content: ["bdy": .text("x"), "hasBadge": .text("yes")])
                Issue.record("content that does not fit was laid out")
            } catch let error as CGLClientError {
                #expect(error.refusal?.code == .invalidContent && error.refusal?.issues.map(\.pointer).sorted() == ["/bdy", "/hasBadge"], "\(error)")
            }
        }
    }
}
