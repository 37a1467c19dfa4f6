@testable import CGLDaemon
import CGLStore
import CGLWire
import Synchronization
import Testing

@Suite struct HotCacheTests {
    private func key(_ environment: String, hash: String = "sha256:a") -> SnapshotKey {
        SnapshotKey(schemeHash: hash, engineVersion: "1", environmentKey: environment)
    }

    /// An encoded snapshot `size` bytes longer than the smallest (its name takes them),
    /// told apart by `fill` (its hash).
    private func blob(_ size: Int, _ fill: UInt8) -> EncodedSnapshot {
        EncodedSnapshot(WireSnapshot(source: .computed, scheme: String(repeating: "x", count: size), hash: "\(fill)", engine: "",
                                     environment: WireEnvironment(width: 1, height: 1), size: WireSize(width: 0, height: 0), elements: []))
    }

    private func cost(_ size: Int) -> Int {
        HotCache.cost(of: blob(size, 0), key: key("e0"))
    }

    @Test func theLeastRecentlyUsedEntryIsEvictedFirst() {
        let cache = HotCache(limit: cost(100) * 3)
        for index in 0 ..< 3 { cache.insert(blob(100, UInt8(index)), for: key("e\(index)")) }
        #expect(cache.get(key("e0")) != nil)  // e0 is now the most recently used
        cache.insert(blob(100, 9), for: key("e3"))
        #expect(cache.get(key("e1")) == nil)
        #expect(cache.get(key("e0")) != nil && cache.get(key("e2")) != nil && cache.get(key("e3")) != nil)
        #expect(cache.bytes <= cache.limit)
        #expect(cache.count == 3)
    }

    @Test func aLargerEntryEvictsAsManyAsItNeeds() {
        let cache = HotCache(limit: cost(100) * 4)
        for index in 0 ..< 4 { cache.insert(blob(100, 1), for: key("e\(index)")) }
        cache.insert(blob(250, 2), for: key("big"))
        #expect(cache.get(key("big")) == blob(250, 2))
        #expect(cache.bytes <= cache.limit)
        #expect(cache.get(key("e0")) == nil && cache.get(key("e1")) == nil)
    }

    @Test func aPayloadOverTheWholeBoundIsNotCached() {
        let cache = HotCache(limit: 300)
        cache.insert(blob(1000, 0), for: key("e"))
        #expect(cache.get(key("e")) == nil)
        #expect(cache.bytes == 0)
    }

    @Test func replacingAKeyKeepsTheAccountExact() {
        let cache = HotCache(limit: 1 << 20)
        cache.insert(blob(8, 1), for: key("e"))
        cache.insert(blob(50, 7), for: key("e"))
        #expect(cache.get(key("e")) == blob(50, 7))
        #expect(cache.bytes == HotCache.cost(of: blob(50, 7), key: key("e")))
    }

    @Test func removingAHashDropsOnlyItsEntries() {
        let cache = HotCache(limit: 1 << 20)
        cache.insert(blob(6, 1), for: key("e", hash: "sha256:old"))
        cache.insert(blob(6, 2), for: key("f", hash: "sha256:old"))
        cache.insert(blob(6, 3), for: key("e", hash: "sha256:new"))
        cache.removeAll(schemeHash: "sha256:old")
        #expect(cache.count == 1)
        #expect(cache.get(key("e", hash: "sha256:new")) == blob(6, 3))
        #expect(cache.bytes == HotCache.cost(of: blob(6, 3), key: key("e", hash: "sha256:new")))
    }
}
