import CGLBridge
@testable import CGLDaemon
import CGLStore
import CGLWire
import Testing

@Suite struct LookupKeysTests {
    private static func key(_ digest: String) -> SnapshotKey {
        SnapshotKey(schemeHash: "sha256:a", engineVersion: "1", environmentKey: "phone", contentDigest: digest)
    }

    private static func find(_ keys: LookupKeys, _ bytes: [UInt8], generation: UInt64 = 0, version: UInt16 = 2) -> LookupKeys.Resolved? {
        bytes.withUnsafeBytes { keys.find($0, version: version, hash: keys.hash($0, version: version), registryGeneration: generation) }
    }

    private static func insert(_ keys: LookupKeys, _ bytes: [UInt8], _ digest: String, generation: UInt64 = 0, version: UInt16 = 2,
                               reference: WireLookupReference? = nil) {
        bytes.withUnsafeBytes {
            keys.insert(LookupKeys.Resolved(key: key(digest), name: "feed-cell"), bytes: $0, version: version, hash: keys.hash($0, version: version),
                        registryGeneration: generation, reference: reference)
        }
    }

    private static func reference(_ bytes: [UInt8]) -> WireLookupReference {
        WireLookupReference(lookupBytes: bytes)
    }

    @Test func theSameBytesFindWhatTheyResolvedTo() {
        let keys = LookupKeys(limit: 1 << 20)
        Self.insert(keys, Array("lookup one".utf8), "sha256:1")
        Self.insert(keys, Array("lookup two".utf8), "sha256:2")
        #expect(Self.find(keys, Array("lookup one".utf8))?.key == Self.key("sha256:1"))
        #expect(Self.find(keys, Array("lookup two".utf8))?.key == Self.key("sha256:2"))
        #expect(Self.find(keys, Array("lookup one".utf8))?.name == "feed-cell")
        // One byte more, one byte less, one byte changed: other lookups.
        #expect(Self.find(keys, Array("lookup one ".utf8)) == nil)
        #expect(Self.find(keys, Array("lookup on".utf8)) == nil)
        #expect(Self.find(keys, Array("lookup onE".utf8)) == nil)
        #expect(Self.find(keys, []) == nil)
    }

    /// Registering or dropping a scheme retires every entry: the same bytes may name another
    /// document now.
    @Test func anEntryIsGoodForItsRegistryGenerationOnly() {
        let keys = LookupKeys(limit: 1 << 20)
        Self.insert(keys, Array("lookup".utf8), "sha256:1", generation: 4)
        #expect(Self.find(keys, Array("lookup".utf8), generation: 4) != nil)
        #expect(Self.find(keys, Array("lookup".utf8), generation: 5) == nil)
    }

    /// Bytes of one protocol version are not found for another.
    @Test func versionsAreKeptApart() {
        let keys = LookupKeys(limit: 1 << 20)
        Self.insert(keys, Array("lookup".utf8), "sha256:1", version: 1)
        #expect(Self.find(keys, Array("lookup".utf8), version: 2) == nil)
        #expect(Self.find(keys, Array("lookup".utf8), version: 1) != nil)
    }

    /// A lookup larger than a quarter of the bound is not kept.
    @Test func aHugeLookupIsNotKept() {
        let keys = LookupKeys(limit: 8192)
        Self.insert(keys, [UInt8](repeating: 7, count: 4096), "sha256:huge")
        #expect(Self.find(keys, [UInt8](repeating: 7, count: 4096)) == nil && keys.count == 0)
    }

    /// The bound on a kept lookup is on its bytes alone, which a client can count: a
    /// quarter of the tables' bound, exactly.
    @Test func aLookupIsKeptUpToAQuarterOfTheBoundInBytes() {
        let keys = LookupKeys(limit: 8192)
        #expect(keys.largestKept == 2048 && LookupKeys.limit(forCacheBytes: 1 << 20) == 64 * 1024 && LookupKeys.limit(forCacheBytes: 64 << 20) == 4 << 20)
        Self.insert(keys, [UInt8](repeating: 1, count: 2048), "sha256:largest", reference: Self.reference([1]))
        Self.insert(keys, [UInt8](repeating: 2, count: 2049), "sha256:over", reference: Self.reference([2]))
        #expect(Self.find(keys, [UInt8](repeating: 1, count: 2048)) != nil && Self.find(keys, [UInt8](repeating: 2, count: 2049)) == nil)
        #expect(keys.find(reference: Self.reference([1]), registryGeneration: 0) != nil)
    }

    /// A forgotten reference names nothing, and its lookup's bytes are forgotten with it.
    @Test func aForgottenReferenceIsUnknown() {
        let keys = LookupKeys(limit: 1 << 20)
        let bytes = Array("a lookup that failed to lay out".utf8)
        Self.insert(keys, bytes, "sha256:1", reference: Self.reference(bytes))
        keys.forget(reference: Self.reference(bytes))
        #expect(keys.find(reference: Self.reference(bytes), registryGeneration: 0) == nil && Self.find(keys, bytes) == nil && keys.count == 0)
    }

    /// Every length around the 16-byte steps of the hash finds its own entry.
    @Test func everyLengthHashesApart() {
        let keys = LookupKeys(limit: 1 << 20)
        let bytes = (0 ..< 80).map { UInt8($0 * 7 & 0xFF) }
        for length in 0 ... bytes.count { Self.insert(keys, Array(bytes[..<length]), "sha256:\(length)") }
        for length in 0 ... bytes.count {
            #expect(Self.find(keys, Array(bytes[..<length]))?.key.contentDigest == "sha256:\(length)")
        }
        #expect(keys.count == bytes.count + 1)
    }

    /// Two generations bound it: entries past the limit age out, and an entry used again
    /// is kept.
    @Test func oldLookupsAgeOutAndUsedOnesStay() {
        let keys = LookupKeys(limit: 8192)
        Self.insert(keys, Array("kept".utf8), "sha256:kept")
        for index in 0 ..< 2000 {
            Self.insert(keys, Array("lookup \(index)".utf8), "sha256:\(index)")
            #expect(Self.find(keys, Array("kept".utf8)) != nil, "after \(index)")
        }
        // Each entry counts at least 256 bytes: at most two generations of 8192 bytes.
        #expect(keys.count <= 2 * 8192 / 256)
        #expect(Self.find(keys, Array("lookup 0".utf8)) == nil)
        #expect(Self.find(keys, Array("lookup 1999".utf8)) != nil)
    }

    /// A lookup kept with its reference is found by it, with its bytes; in another registry
    /// generation too, then without what it resolved to (its bytes are resolved again).
    @Test func aReferenceFindsItsLookupsBytes() {
        let keys = LookupKeys(limit: 1 << 20)
        let bytes = Array("a lookup with content".utf8)
        Self.insert(keys, bytes, "sha256:1", generation: 3, reference: Self.reference(bytes))
        let found = keys.find(reference: Self.reference(bytes), registryGeneration: 3)
        #expect(found?.bytes == bytes && found?.version == 2 && found?.resolved?.key == Self.key("sha256:1"))
        let later = keys.find(reference: Self.reference(bytes), registryGeneration: 4)
        #expect(later?.bytes == bytes && later?.resolved == nil)
        #expect(keys.find(reference: Self.reference(Array("another".utf8)), registryGeneration: 3) == nil)
        // Kept without a reference (a lookupBatch's): not found by one until it is attached.
        let plain = Array("a plain lookup".utf8)
        Self.insert(keys, plain, "sha256:2")
        #expect(keys.find(reference: Self.reference(plain), registryGeneration: 0) == nil)
        let hash = plain.withUnsafeBytes { keys.hash($0, version: 2) }
        let referable = plain.withUnsafeBytes { keys.findReferable($0, version: 2, hash: hash, registryGeneration: 0) }
        #expect(referable?.resolved.key == Self.key("sha256:2") && referable?.reference == nil)
        // Not to another lookup's entry under the same key.
        Array("not plain".utf8).withUnsafeBytes { keys.attach(Self.reference(plain), to: $0, version: 2, hash: hash, registryGeneration: 0) }
        #expect(keys.find(reference: Self.reference(plain), registryGeneration: 0) == nil)
        plain.withUnsafeBytes { keys.attach(Self.reference(plain), to: $0, version: 2, hash: hash, registryGeneration: 0) }
        #expect(keys.find(reference: Self.reference(plain), registryGeneration: 0)?.bytes == plain)
        #expect(plain.withUnsafeBytes { keys.findReferable($0, version: 2, hash: hash, registryGeneration: 0) }?.reference == Self.reference(plain))
    }

    /// References age with their entries; one used again stays, and the bound holds.
    @Test func referencesAgeWithTheirLookups() {
        let keys = LookupKeys(limit: 16384)
        let kept = Array("kept".utf8)
        Self.insert(keys, kept, "sha256:kept", reference: Self.reference(kept))
        for index in 0 ..< 2000 {
            let bytes = Array("lookup \(index)".utf8)
            Self.insert(keys, bytes, "sha256:\(index)", reference: Self.reference(bytes))
            #expect(keys.find(reference: Self.reference(kept), registryGeneration: 0) != nil, "after \(index)")
        }
        // Each entry with a reference counts at least 256 + 128 bytes.
        #expect(keys.count <= 2 * 16384 / 384)
        #expect(keys.find(reference: Self.reference(Array("lookup 0".utf8)), registryGeneration: 0) == nil)
        #expect(keys.find(reference: Self.reference(Array("lookup 1999".utf8)), registryGeneration: 0) != nil)
    }

    /// An entry replaced under its key (another lookup whose bytes hash alike, simulated by
    /// inserting under the same hash) no longer answers for the old reference.
    @Test func aReplacedEntryDoesNotAnswerForItsOldReference() {
        let keys = LookupKeys(limit: 1 << 20)
        let first = Array("first".utf8), second = Array("second".utf8)
        let hash = first.withUnsafeBytes { keys.hash($0, version: 2) }
        first.withUnsafeBytes {
            keys.insert(LookupKeys.Resolved(key: Self.key("sha256:1"), name: "feed-cell"), bytes: $0, version: 2, hash: hash, registryGeneration: 0,
                        reference: Self.reference(first))
        }
        second.withUnsafeBytes {
            keys.insert(LookupKeys.Resolved(key: Self.key("sha256:2"), name: "feed-cell"), bytes: $0, version: 2, hash: hash, registryGeneration: 0,
                        reference: Self.reference(second))
        }
        #expect(keys.find(reference: Self.reference(first), registryGeneration: 0) == nil)
        #expect(keys.find(reference: Self.reference(second), registryGeneration: 0)?.bytes == second)
    }

    /// A page's references resolve together, in order, only when every one is in the current
    /// generation and was resolved in this registry; the single lookup tells the rest apart.
    @Test func aPageResolvesWholeOrNotAtAll() {
        let keys = LookupKeys(limit: 4096)
        let pages = (0 ..< 3).map { Array("post \($0) of the page".utf8) }
        for (index, bytes) in pages.enumerated() { Self.insert(keys, bytes, "sha256:\(index)", generation: 5, reference: Self.reference(bytes)) }
        let references = pages.map(Self.reference)
        #expect(keys.resolved(references: references, registryGeneration: 5)?.map(\.key) == (0 ..< 3).map { Self.key("sha256:\($0)") })
        #expect(keys.resolved(references: references.reversed(), registryGeneration: 5)?.map(\.key) == (0 ..< 3).reversed().map { Self.key("sha256:\($0)") })
        #expect(keys.resolved(references: [], registryGeneration: 5)?.isEmpty == true)
        // Another registry: each lookup must be resolved again.
        #expect(keys.resolved(references: references, registryGeneration: 6) == nil)
        #expect(keys.resolved(reference: references[0], registryGeneration: 6) == nil)
        // One unknown reference: not the page.
        #expect(keys.resolved(references: references + [Self.reference(Array("never sent".utf8))], registryGeneration: 5) == nil)

        // Aged into the previous generation: not on the warm path, but found by the lookup's
        // own path, which brings it back. (Each entry counts about 420 bytes: the eight
        // fillers age the generation once.)
        for index in 0 ..< 8 {
            let bytes = Array("filler \(index)".utf8)
            Self.insert(keys, bytes, "sha256:filler\(index)", generation: 5, reference: Self.reference(bytes))
        }
        #expect(keys.resolved(reference: references[1], registryGeneration: 5) == nil)
        #expect(keys.find(reference: references[1], registryGeneration: 5)?.resolved?.key == Self.key("sha256:1"))
        #expect(keys.resolved(reference: references[1], registryGeneration: 5)?.key == Self.key("sha256:1"))
    }

    /// A reference names the entry it was kept with, and nothing once that entry is
    /// replaced, wherever the entry was found last: in the current generation, or brought
    /// back from the previous one by its bytes or by its reference.
    @Test func aReferenceGoesWithItsEntryThroughGenerations() {
        let keys = LookupKeys(limit: 4096)
        let bytes = Array("a lookup kept with its reference".utf8)
        let hash = bytes.withUnsafeBytes { keys.hash($0, version: 2) }
        Self.insert(keys, bytes, "sha256:1", generation: 1, reference: Self.reference(bytes))
        // Aged once: the entry counts 433 bytes and each filler 282, so the thirteenth
        // filler ages the generation and the fourteenth does not again.
        for index in 0 ..< 14 { Self.insert(keys, Array("filler \(index)".utf8), "sha256:f\(index)", generation: 1) }
        #expect(keys.resolved(reference: Self.reference(bytes), registryGeneration: 1) == nil)
        // Brought back by its bytes, then replaced by the same bytes resolved in another
        // registry, sent without references: the reference names nothing any more.
        #expect(Self.find(keys, bytes, generation: 1)?.key == Self.key("sha256:1"))
        #expect(keys.resolved(reference: Self.reference(bytes), registryGeneration: 1)?.key == Self.key("sha256:1"))
        Self.insert(keys, bytes, "sha256:2", generation: 2)
        #expect(keys.resolved(reference: Self.reference(bytes), registryGeneration: 2) == nil)
        #expect(keys.find(reference: Self.reference(bytes), registryGeneration: 2) == nil)
        // Attached again: the new entry answers for it.
        bytes.withUnsafeBytes { keys.attach(Self.reference(bytes), to: $0, version: 2, hash: hash, registryGeneration: 2) }
        #expect(keys.resolved(reference: Self.reference(bytes), registryGeneration: 2)?.key == Self.key("sha256:2"))
        #expect(keys.resolved(references: [Self.reference(bytes)], registryGeneration: 2)?.map(\.key) == [Self.key("sha256:2")])
    }
}
