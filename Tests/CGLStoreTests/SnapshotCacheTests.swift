import Foundation
import Testing

@testable import CGLStore

/// Storing and reading snapshots, and cache housekeeping.
@Suite struct SnapshotCacheTests {
    @Test(arguments: Backing.allCases)
    func upsertReplacesAndPointReadsReturnWhatWasStored(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            _ = try await store.register(name: "card", hash: hash(1), document: document("v1"), elementCount: 3)
            let phone = key(hash(1), environment: "phone-portrait")
            let first = snapshot(phone, payload: "first", computeTime: .nanoseconds(123_456_789))
            #expect(try await store.store([first]) == 1)
            #expect(try await store.snapshot(for: phone) == first)

            let second = StoredSnapshot(key: phone, payload: Data([0, 1, 2, 0xFF]), computeTime: .nanoseconds(42),
                                        createdAt: Date(timeIntervalSince1970: 1_900_000_000.5))
            #expect(try await store.store([second]) == 1)
            #expect(try await store.snapshot(for: phone) == second)
            #expect(try await store.snapshotCount() == 1)

            #expect(try await store.snapshot(for: key(hash(1), environment: "tablet")) == nil)
            #expect(try await store.snapshot(for: key(hash(1), engine: "engine-2", environment: "phone-portrait")) == nil)
        }
    }

    @Test(arguments: Backing.allCases)
    func snapshotsOfUnregisteredHashesAreSkipped(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            _ = try await store.register(name: "card", hash: hash(1), document: document("v1"), elementCount: 3)
            let stored = try await store.store(snapshots(of: hash(1), count: 3) + snapshots(of: hash(99), count: 2))
            #expect(stored == 3)
            #expect(try await store.snapshotCount() == 3)
            #expect(try await store.snapshot(for: key(hash(99), environment: "env-0")) == nil)
            #expect(try await store.store([]) == 0)
        }
    }

    @Test(arguments: Backing.allCases)
    func aBatchOfTenThousandIsStoredAndReadBack(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            _ = try await store.register(name: "card", hash: hash(1), document: document("v1"), elementCount: 3)
            let batch = snapshots(of: hash(1), count: 10_000)
            #expect(try await store.store(batch) == 10_000)
            #expect(try await store.snapshotCount() == 10_000)

            for index in [0, 1, 4_999, 9_999] {
                #expect(try await store.snapshot(for: batch[index].key) == batch[index])
            }
            let wanted = stride(from: 0, to: 10_000, by: 97).map { batch[$0].key } + [key(hash(1), environment: "absent")]
            let found = try await store.snapshots(for: wanted)
            #expect(found.count == wanted.count - 1)
            #expect(found[batch[97].key] == batch[97])
            #expect(found[key(hash(1), environment: "absent")] == nil)
        }
    }

    @Test(arguments: Backing.allCases)
    func aBatchIsOneTransaction(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            _ = try await store.register(name: "card", hash: hash(1), document: document("v1"), elementCount: 3)
            // The last snapshot breaks a CHECK (empty environment key): nothing of the batch stays.
            let batch = snapshots(of: hash(1), count: 100) + [snapshot(key(hash(1), environment: ""))]
            let error = await #expect(throws: StoreError.self) { try await store.store(batch) }
            #expect(error?.code == .constraint)
            #expect(try await store.snapshotCount() == 0)
        }
    }

    @Test(arguments: Backing.allCases)
    func oldEngineVersionsAreDeleted(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            _ = try await store.register(name: "card", hash: hash(1), document: document("v1"), elementCount: 3)
            _ = try await store.store(snapshots(of: hash(1), count: 4, engine: "engine-1")
                + snapshots(of: hash(1), count: 3, engine: "engine-2")
                + snapshots(of: hash(1), count: 2, engine: "engine-3"))
            #expect(try await store.deleteSnapshots(engineVersionOtherThan: "engine-3") == 7)
            #expect(try await store.snapshotCount() == 2)
            #expect(try await store.snapshot(for: key(hash(1), engine: "engine-3", environment: "env-1")) != nil)
            #expect(try await store.deleteSnapshots(engineVersionOtherThan: "engine-3") == 0)
        }
    }

    @Test func computeTimesAreClampedToNanosecondsOfZeroOrMore() {
        #expect(Nanoseconds.from(.nanoseconds(1)) == 1)
        #expect(Nanoseconds.from(.seconds(2) + .nanoseconds(5)) == 2_000_000_005)
        #expect(Nanoseconds.from(.nanoseconds(-5)) == 0)
        #expect(Nanoseconds.from(.seconds(-1)) == 0)
        #expect(Nanoseconds.from(.seconds(Int64.max)) == Int64.max)
    }
}
