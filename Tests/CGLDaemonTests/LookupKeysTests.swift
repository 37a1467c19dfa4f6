@testable import CGLDaemon
import CGLStore
import Testing

@Suite struct LookupKeysTests {
    private static func key(_ digest: String) -> SnapshotKey {
        SnapshotKey(schemeHash: "sha256:a", engineVersion: "1", environmentKey: "phone", contentDigest: digest)
    }

    private static func find(_ keys: LookupKeys, _ bytes: [UInt8], generation: UInt64 = 0, version: UInt16 = 2) -> LookupKeys.Resolved? {
        bytes.withUnsafeBytes { keys.find($0, version: version, hash: keys.hash($0, version: version), registryGeneration: generation) }
    }

    private static func insert(_ keys: LookupKeys, _ bytes: [UInt8], _ digest: String, generation: UInt64 = 0, version: UInt16 = 2) {
        bytes.withUnsafeBytes {
            keys.insert(LookupKeys.Resolved(key: key(digest), name: "feed-cell"), bytes: $0, version: version, hash: keys.hash($0, version: version), registryGeneration: generation)
        }
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
}
