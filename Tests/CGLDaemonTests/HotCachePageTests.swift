@testable import CGLDaemon
import CGLStore
import CGLWire
import NIOCore
import Synchronization
import Testing

/// A warm page copied straight from the hot cache's entries under its lock (`HotCache.withPage`,
/// written by `AnswerBuffer` through `SnapshotsFrameWriter.PageWriter`): the frame it writes,
/// what it does when one entry is missing, and the remembered places it checks.
@Suite struct HotCachePageTests {
    private func key(_ environment: String, hash: String = "sha256:a") -> SnapshotKey {
        SnapshotKey(schemeHash: hash, engineVersion: "1", environmentKey: environment)
    }

    /// A snapshot of scheme `scheme`, told apart by `width`.
    private func snapshot(_ scheme: String, width: Double) -> WireSnapshot {
        WireSnapshot(source: .computed, scheme: scheme, hash: "sha256:a", engine: "1",
                     environment: WireEnvironment(width: width, height: 800), size: WireSize(width: width, height: 44),
                     elements: [WireSnapshot.Element(id: "title", frame: WireRect(x: 8, y: 8, width: width - 16, height: 20),
                                                     inRoot: WireRect(x: 8, y: 8, width: width - 16, height: 20))])
    }

    /// The page `resolved` written by `cache` as request 7, decoded; nil when nothing was written.
    private func page(_ resolved: [LookupKeys.Resolved], from cache: HotCache) throws -> [WireBatchAnswer]? {
        var answers = AnswerBuffer()
        guard answers.appendFound(resolved, remembering: nil, from: cache, requestID: 7, version: Handshake.currentVersion) else {
            #expect(answers.isEmpty, "a page not written leaves no bytes behind")
            return nil
        }
        let bytes = answers.bytes
        var parser = FrameParser()
        parser.feed(Array(bytes.readableBytesView))
        let frame = try #require(try parser.next())
        #expect(frame.requestID == 7)
        #expect(try parser.next() == nil, "one frame, nothing after it")
        guard case .snapshots(let answers) = try WireResponse(frame: frame) else {
            Issue.record("a page is answered with a snapshots frame")
            return nil
        }
        return answers
    }

    private func fromMemory(_ snapshot: WireSnapshot, named name: String) -> WireBatchAnswer {
        var expected = snapshot
        expected.source = .memory
        expected.scheme = name
        return .snapshot(expected)
    }

    @Test func aPageIsItsSnapshotsInOrderEachUnderTheNameAskedFor() throws {
        let cache = HotCache(limit: 1 << 20)
        let (first, second) = (snapshot("feed-cell", width: 320), snapshot("feed-cell", width: 390))
        // The keys as a lookup resolves them and its snapshot is then cached: one object each.
        let (narrow, wide) = (key("320"), key("390"))
        cache.insert(EncodedSnapshot(first), for: narrow)
        cache.insert(EncodedSnapshot(second), for: wide)
        // The same snapshot twice, and once under another name registered with the same document.
        let resolved = [LookupKeys.Resolved(key: wide, name: "feed-cell"), LookupKeys.Resolved(key: narrow, name: "feed-cell"),
                        LookupKeys.Resolved(key: wide, name: "post")]
        let answers = try #require(try page(resolved, from: cache))
        #expect(answers == [fromMemory(second, named: "feed-cell"), fromMemory(first, named: "feed-cell"), fromMemory(second, named: "post")])
        // Each lookup now remembers where its entry is, and the next page is the same.
        #expect(resolved.allSatisfy { $0.cacheSlot.load(ordering: .relaxed) >= 0 })
        #expect(try page(resolved, from: cache) == answers)
    }

    @Test func aPageWithOneEntryMissingWritesNothing() throws {
        let cache = HotCache(limit: 1 << 20)
        cache.insert(EncodedSnapshot(snapshot("feed-cell", width: 320)), for: key("320"))
        let resolved = [LookupKeys.Resolved(key: key("320"), name: "feed-cell"), LookupKeys.Resolved(key: key("414"), name: "feed-cell")]
        #expect(try page(resolved, from: cache) == nil)
        #expect(try page([], from: cache) == [], "an empty page is an empty frame")
    }

    @Test func aPageMarksItsEntriesUsed() throws {
        let cost = HotCache.cost(of: EncodedSnapshot(snapshot("feed-cell", width: 320)), key: key("320"))
        let cache = HotCache(limit: cost * 2)
        cache.insert(EncodedSnapshot(snapshot("feed-cell", width: 320)), for: key("320"))
        cache.insert(EncodedSnapshot(snapshot("feed-cell", width: 390)), for: key("390"))
        _ = try page([LookupKeys.Resolved(key: key("320"), name: "feed-cell")], from: cache)
        cache.insert(EncodedSnapshot(snapshot("feed-cell", width: 414)), for: key("414"))
        #expect(cache.get(key("320")) != nil, "the page's entry was the most recently used")
        #expect(cache.get(key("390")) == nil)
    }

    /// A remembered place is not trusted once its entry has left: not while the node is
    /// free (it keeps the key, not the payload), nor once another key's entry reuses it.
    @Test func aPlaceItsEntryLeftIsNotTrusted() throws {
        let cache = HotCache(limit: 1 << 20)
        let (one, other) = (snapshot("feed-cell", width: 320), snapshot("feed-cell", width: 390))
        let narrow = key("320")
        cache.insert(EncodedSnapshot(one), for: narrow)
        let resolved = LookupKeys.Resolved(key: narrow, name: "feed-cell")
        #expect(try page([resolved], from: cache) == [fromMemory(one, named: "feed-cell")])
        let place = resolved.cacheSlot.load(ordering: .relaxed)
        #expect(place >= 0)

        // 320 leaves: its node is free, still naming the very same key.
        cache.removeAll(schemeHash: "sha256:a")
        #expect(try page([resolved], from: cache) == nil)

        // The node is reused for another document's entry.
        cache.insert(EncodedSnapshot(other), for: key("390", hash: "sha256:b"))
        #expect(cache.count == 1)
        #expect(try page([resolved], from: cache) == nil)

        // Back, in another node: found by its key, and remembered there.
        cache.insert(EncodedSnapshot(one), for: narrow)
        #expect(try page([resolved], from: cache) == [fromMemory(one, named: "feed-cell")])
        #expect(resolved.cacheSlot.load(ordering: .relaxed) != place)
        #expect(try page([LookupKeys.Resolved(key: key("390", hash: "sha256:b"), name: "feed-cell")], from: cache) == [fromMemory(other, named: "feed-cell")])
    }

    /// A lookup whose key is equal to the entry's but another object (made by another path)
    /// is found by the table each time; the entry's own key object keeps its place.
    @Test func anEqualKeyMadeElsewhereFindsTheEntry() throws {
        let cache = HotCache(limit: 1 << 20)
        let one = snapshot("feed-cell", width: 320)
        let narrow = key("320")
        cache.insert(EncodedSnapshot(one), for: narrow)
        let first = LookupKeys.Resolved(key: narrow, name: "feed-cell")
        let second = LookupKeys.Resolved(key: key("320"), name: "feed-cell")
        #expect(try page([first, second, first], from: cache) == Array(repeating: fromMemory(one, named: "feed-cell"), count: 3))
        #expect(try page([second], from: cache) == [fromMemory(one, named: "feed-cell")])
        #expect(first.cacheSlot.load(ordering: .relaxed) >= 0)
        #expect(second.cacheSlot.load(ordering: .relaxed) == -1)
        cache.removeAll(schemeHash: "sha256:a")
        #expect(cache.count == 0 && cache.bytes == 0)
        #expect(try page([second], from: cache) == nil && page([first], from: cache) == nil)
    }
}
