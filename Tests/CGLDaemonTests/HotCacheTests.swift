@testable import CGLDaemon
import CGLStore
import CGLWire
import Synchronization
import Testing

@Suite struct HotCacheTests {
    private func key(_ environment: String, hash: String = "sha256:a") -> SnapshotKey {
        SnapshotKey(schemeHash: hash, engineVersion: "1", environmentKey: environment)
    }

    private func cost(_ size: Int) -> Int {
        HotCache.cost(of: [UInt8](repeating: 0, count: size), key: key("e0"))
    }

    @Test func theLeastRecentlyUsedEntryIsEvictedFirst() {
        let cache = HotCache(limit: cost(100) * 3)
        for index in 0 ..< 3 { cache.insert([UInt8](repeating: UInt8(index), count: 100), for: key("e\(index)")) }
        #expect(cache.get(key("e0")) != nil)  // e0 is now the most recently used
        cache.insert([UInt8](repeating: 9, count: 100), for: key("e3"))
        #expect(cache.get(key("e1")) == nil)
        #expect(cache.get(key("e0")) != nil && cache.get(key("e2")) != nil && cache.get(key("e3")) != nil)
        #expect(cache.bytes <= cache.limit)
        #expect(cache.count == 3)
    }

    @Test func aLargerEntryEvictsAsManyAsItNeeds() {
        let cache = HotCache(limit: cost(100) * 4)
        for index in 0 ..< 4 { cache.insert([UInt8](repeating: 1, count: 100), for: key("e\(index)")) }
        cache.insert([UInt8](repeating: 2, count: 250), for: key("big"))
        #expect(cache.get(key("big"))?.count == 250)
        #expect(cache.bytes <= cache.limit)
        #expect(cache.get(key("e0")) == nil && cache.get(key("e1")) == nil)
    }

    @Test func aPayloadOverTheWholeBoundIsNotCached() {
        let cache = HotCache(limit: 300)
        cache.insert([UInt8](repeating: 0, count: 1000), for: key("e"))
        #expect(cache.get(key("e")) == nil)
        #expect(cache.bytes == 0)
    }

    @Test func replacingAKeyKeepsTheAccountExact() {
        let cache = HotCache(limit: 1 << 20)
        cache.insert([1, 2, 3], for: key("e"))
        cache.insert([UInt8](repeating: 7, count: 50), for: key("e"))
        #expect(cache.get(key("e"))?.count == 50)
        #expect(cache.bytes == HotCache.cost(of: [UInt8](repeating: 7, count: 50), key: key("e")))
    }

    @Test func removingAHashDropsOnlyItsEntries() {
        let cache = HotCache(limit: 1 << 20)
        cache.insert([1], for: key("e", hash: "sha256:old"))
        cache.insert([2], for: key("f", hash: "sha256:old"))
        cache.insert([3], for: key("e", hash: "sha256:new"))
        cache.removeAll(schemeHash: "sha256:old")
        #expect(cache.count == 1)
        #expect(cache.get(key("e", hash: "sha256:new")) == [3])
        #expect(cache.bytes == HotCache.cost(of: [3], key: key("e", hash: "sha256:new")))
    }
}

@Suite struct SingleFlightTests {
    @Test func concurrentCallersOfOneKeyRunTheOperationOnce() async throws {
        let flight = SingleFlight<String, Int, RequestError>()
        let runs = RunCounter()
        let gate = AsyncStream<Void>.makeStream()
        let results = await withTaskGroup(of: Int?.self) { group in
            for _ in 0 ..< 20 {
                group.addTask {
                    try? await flight.run("key") {
                        runs.value.add(1, ordering: .relaxed)
                        for await _ in gate.stream { break }  // held until every caller waits
                        return .success(42)
                    }
                }
            }
            while flight.count == 0 { await Task.yield() }
            try? await Task.sleep(for: .milliseconds(50))
            gate.continuation.yield()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == 42 })
        #expect(runs.value.load(ordering: .relaxed) < 20)
        #expect(flight.count == 0)
    }

    @Test func failuresReachEveryWaiterAndAreNotKept() async {
        let flight = SingleFlight<String, Int, RequestError>()
        await #expect(throws: RequestError.self) {
            try await flight.run("key") { .failure(RequestError(.internal, "boom")) }
        }
        let value = try? await flight.run("key") { .success(1) }
        #expect(value == 1)
    }
}

private final class RunCounter: Sendable {
    let value = Atomic<Int>(0)
}
