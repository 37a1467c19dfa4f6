import Foundation
import Synchronization
import Testing

@testable import CGLStore

/// Registering, replacing and unregistering schemes, and what that does to their snapshots.
@Suite struct SchemeRegistryTests {
    /// A clock that ticks one second per reading, from a fixed start.
    final class TickingClock: Sendable {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let readings = Mutex(0)

        func now() -> Date {
            start.addingTimeInterval(Double(readings.withLock { count in count += 1; return count - 1 }))
        }
    }

    @Test(arguments: Backing.allCases)
    func registerCreatesUpdatesOrLeavesUnchanged(_ backing: Backing) async throws {
        let clock = TickingClock()
        try await withStore(backing, configuration: .init(now: clock.now)) { store, _ in
            #expect(try await store.register(name: "card", hash: hash(1), document: document("v1"), elementCount: 3) == .created)
            #expect(try await store.register(name: "card", hash: hash(1), document: document("v1"), elementCount: 3) == .unchanged)
            #expect(try await store.register(name: "card", hash: hash(2), document: document("v2"), elementCount: 4) == .updated(previousHash: hash(1)))
            // Same hash, other bytes (formatting): the bytes are kept, the snapshots stay valid.
            #expect(try await store.register(name: "card", hash: hash(2), document: document("v2 reformatted"), elementCount: 4)
                == .updated(previousHash: hash(2)))

            let stored = try #require(try await store.scheme(named: "card"))
            #expect(stored.hash == hash(2))
            #expect(stored.document == document("v2 reformatted"))
            #expect(stored.elementCount == 4)
            #expect(stored.registeredAt == clock.start)
            #expect(stored.updatedAt == clock.start.addingTimeInterval(3))
            #expect(try await store.scheme(named: "other") == nil)
        }
    }

    @Test(arguments: Backing.allCases)
    func documentBytesAreKeptExactly(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            let bytes = Data([0xEF, 0xBB, 0xBF] + Array("{ \"name\" : \"x\" }\r\n\u{0}\u{FF}".utf8) + [0xFF, 0x00])
            _ = try await store.register(name: "x", hash: hash(9), document: bytes, elementCount: 0)
            #expect(try await store.scheme(named: "x")?.document == bytes)
        }
    }

    @Test(arguments: Backing.allCases)
    func reRegisteringWithANewHashDropsTheOldSnapshots(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            _ = try await store.register(name: "card", hash: hash(1), document: document("v1"), elementCount: 3)
            #expect(try await store.store(snapshots(of: hash(1), count: 5)) == 5)
            _ = try await store.register(name: "card", hash: hash(2), document: document("v2"), elementCount: 3)
            #expect(try await store.snapshotCount() == 0)
            #expect(try await store.snapshot(for: key(hash(1), environment: "env-0")) == nil)
        }
    }

    @Test(arguments: Backing.allCases)
    func snapshotsAreKeptWhileAnotherNameSharesTheHash(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            _ = try await store.register(name: "card", hash: hash(1), document: document("v1"), elementCount: 3)
            _ = try await store.register(name: "card-copy", hash: hash(1), document: document("v1 copy"), elementCount: 3)
            _ = try await store.store(snapshots(of: hash(1), count: 5))

            _ = try await store.register(name: "card", hash: hash(2), document: document("v2"), elementCount: 3)
            #expect(try await store.snapshotCount() == 5, "card-copy still has hash 1")
            #expect(try await store.unregister(name: "card-copy"))
            #expect(try await store.snapshotCount() == 0, "no scheme has hash 1 any more")
        }
    }

    @Test(arguments: Backing.allCases)
    func unregisterRemovesTheSchemeAndItsSnapshots(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            _ = try await store.register(name: "card", hash: hash(1), document: document("v1"), elementCount: 3)
            _ = try await store.register(name: "list", hash: hash(2), document: document("list"), elementCount: 9)
            _ = try await store.store(snapshots(of: hash(1), count: 3) + snapshots(of: hash(2), count: 4))

            #expect(try await store.unregister(name: "card"))
            #expect(try await store.unregister(name: "card") == false)
            #expect(try await store.unregister(name: "never-registered") == false)
            #expect(try await store.scheme(named: "card") == nil)
            #expect(try await store.schemes().map(\.name) == ["list"])
            #expect(try await store.snapshotCount() == 4)
        }
    }

    @Test(arguments: Backing.allCases)
    func listingsAreSortedByNameAndSummariesOmitTheDocument(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            for (index, name) in ["b", "c", "a"].enumerated() {
                _ = try await store.register(name: name, hash: hash(index), document: document(name), elementCount: index)
            }
            let schemes = try await store.schemes()
            #expect(schemes.map(\.name) == ["a", "b", "c"])
            #expect(try await store.schemeSummaries() == schemes.map(\.summary))
            #expect(try await store.schemeSummaries().map(\.documentSize) == schemes.map(\.document.count))
        }
    }

    @Test(arguments: [
        ("", hash(1), document("x"), 1),
        ("x", "sha256:abc", document("x"), 1),
        ("x", "md5:" + String(repeating: "0", count: 67), document("x"), 1),
        ("x", "sha256:" + String(repeating: "A", count: 64), document("x"), 1),
        ("x", hash(1), Data(), 1),
        ("x", hash(1), document("x"), -1),
    ])
    func valuesTheSchemaRefusesThrowConstraint(name: String, hash: String, document: Data, elementCount: Int) async throws {
        try await withStore(.inMemory) { store, _ in
            let error = await #expect(throws: StoreError.self) {
                try await store.register(name: name, hash: hash, document: document, elementCount: elementCount)
            }
            #expect(error?.code == .constraint)
            #expect(error?.schemeName == name)
            let remaining = try await store.schemes()
            #expect(remaining.isEmpty)
        }
    }
}
