import Foundation
import Testing

@testable import CGLStore

/// A host's mirror of the fleet's shared registry: changes applied in order, once each,
/// reconciliations that make it equal to the registry, and the snapshots that go with a
/// replaced or removed document.
@Suite struct RegistryMirrorTests {
    static let head = RegistryHead(registryID: "0e0f5b0c-1111-4222-8333-444455556666", revision: 0)

    func entry(_ name: String, _ revision: Int64, hash number: Int?, text: String = "doc") -> RegistryEntry {
        // `hash` is the test support's: `sha256:` and the number's digits.
        RegistryEntry(name: name, hash: number.map(hash), document: number.map { _ in document(text) }, elementCount: number == nil ? 0 : 2,
                      revision: revision, registeredAt: Date(timeIntervalSince1970: 1_800_000_000), updatedAt: Date(timeIntervalSince1970: 1_800_000_100),
                      updatedBy: "host-a")
    }

    func at(_ revision: Int64) -> RegistryHead {
        RegistryHead(registryID: Self.head.registryID, revision: revision)
    }

    /// Each scheme's revision in `store` (nil: registered on this host alone).
    func revisions(_ store: SQLiteSchemeStore) async throws -> [String: Int64?] {
        try await store.schemeRevisions().mapValues(\.revision)
    }

    @Test(arguments: Backing.allCases)
    func changesApplyInOrderOnceEach(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            #expect(try await store.registryMirror() == nil, "a single host mirrors nothing")
            let applied = try await store.applyRegistryChanges([entry("card", 1, hash: 1), entry("form", 2, hash: 2)], .newerOnly, mirroring: at(2))
            #expect(applied.map(\.entry.name) == ["card", "form"] && applied.allSatisfy { $0.previousHash == nil })
            #expect(try await store.registryMirror() == at(2))
            let card = try #require(try await store.scheme(named: "card"))
            #expect(card.revision == 1 && card.hash == hash(1) && card.registeredAt == Date(timeIntervalSince1970: 1_800_000_000))
            #expect(try await revisions(store) == ["card": 1, "form": 2])
            #expect(try await store.schemeRevisions()["form"] == MirroredRevision(revision: 2, hash: hash(2)))

            // The same change again, or an older one, changes nothing.
            #expect(try await store.applyRegistryChanges([entry("card", 1, hash: 1), entry("form", 1, hash: 9)], .newerOnly, mirroring: nil).isEmpty)
            #expect(try await store.scheme(named: "form")?.hash == hash(2))
            #expect(try await store.registryMirror() == at(2), "nil leaves the mirror's revision as it was")

            // A replacement and a removal: the replaced hash's snapshots go with it.
            _ = try await store.store(snapshots(of: hash(1), count: 3))
            let later = try await store.applyRegistryChanges([entry("card", 3, hash: 3), entry("form", 4, hash: nil)], .newerOnly, mirroring: at(4))
            #expect(later.map(\.previousHash) == [hash(1), hash(2)])
            #expect(later[1].entry.isRemoval)
            #expect(try await store.snapshotCount() == 0)
            #expect(try await store.scheme(named: "form") == nil)
            #expect(try await revisions(store) == ["card": 3])
            // A removal of a name the mirror lacks is no change.
            #expect(try await store.applyRegistryChanges([entry("never", 5, hash: nil)], .newerOnly, mirroring: at(5)).isEmpty)
            // A late copy of a registration the mirror has applied, and the removal after it:
            // the name stays removed.
            #expect(try await store.applyRegistryChanges([entry("form", 3, hash: 7)], .newerOnly, mirroring: nil).isEmpty)
            #expect(try await store.scheme(named: "form") == nil)
            // A change after the mirror's revision of a name it lacks is applied.
            #expect(try await store.applyRegistryChanges([entry("form", 6, hash: 7)], .newerOnly, mirroring: nil).count == 1)
        }
    }

    /// A registry's row replaces a scheme this host registered alone (no revision), and a
    /// scheme registered alone after mirroring has no revision again.
    @Test(arguments: Backing.allCases)
    func theRegistryWinsOverASchemeRegisteredAlone(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            _ = try await store.register(name: "card", hash: hash(1), document: document("mine"), elementCount: 1)
            let alone: [String: Int64?] = ["card": nil]
            #expect(try await revisions(store) == alone)
            let applied = try await store.applyRegistryChanges([entry("card", 1, hash: 2, text: "theirs")], .newerOnly, mirroring: at(1))
            #expect(applied.first?.previousHash == hash(1))
            #expect(try await store.scheme(named: "card")?.document == document("theirs"))
            // The same document mirrored again after a local registration of it keeps the revision.
            _ = try await store.applyRegistryChanges([entry("card", 2, hash: 2, text: "theirs")], .newerOnly, mirroring: at(2))
            #expect(try await store.scheme(named: "card")?.revision == 2)
        }
    }

    /// A reconciliation replaces whatever differs — except rows written after the registry
    /// was read (`upTo`) — and, after a restore (`upTo` nil), every row.
    @Test(arguments: Backing.allCases)
    func reconciliationReplacesAllButNewerRows(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            _ = try await store.applyRegistryChanges([entry("a", 5, hash: 1), entry("b", 9, hash: 2)], .newerOnly, mirroring: at(9))
            // Read at revision 7: "b" was written after, and stays; "a" goes back to revision 3.
            let applied = try await store.applyRegistryChanges([entry("a", 3, hash: 3), entry("b", 7, hash: nil)], .replacing(upTo: 7), mirroring: at(7))
            #expect(applied.map(\.entry.name) == ["a"])
            #expect(try await revisions(store) == ["a": 3, "b": 9])
            // Restored from an older backup: every row follows the registry.
            let restored = try await store.applyRegistryChanges([entry("b", 2, hash: nil)], .replacing(upTo: nil), mirroring: at(2))
            #expect(restored.map(\.entry.name) == ["b"])
            #expect(try await revisions(store) == ["a": 3])
            #expect(try await store.registryMirror() == at(2))
        }
    }

    /// Changes of one call are one transaction: a value the schema refuses leaves nothing.
    @Test(arguments: Backing.allCases)
    func aRefusedChangeLeavesNothing(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            let bad = RegistryEntry(name: "bad", hash: "md5:nope", document: document("x"), elementCount: 1, revision: 2,
                                    registeredAt: Date(), updatedAt: Date(), updatedBy: "h")
            await #expect(throws: StoreError.self) {
                _ = try await store.applyRegistryChanges([entry("good", 1, hash: 1), bad], .newerOnly, mirroring: at(2))
            }
            let (revisions, mirror) = (try await store.schemeRevisions(), try await store.registryMirror())
            #expect(revisions.isEmpty && mirror == nil)
        }
    }
}
