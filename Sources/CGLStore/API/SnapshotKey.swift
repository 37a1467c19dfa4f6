/// What a snapshot is the layout of: a scheme's content, the engine that computed it, the
/// environment it was computed for and the caller's content for its slots (the
/// architecture's cache key).
///
/// Re-registering a changed document gives a new hash and bumping the engine version gives
/// a new version, so a key never names a stale snapshot.
///
/// A key is hashed once, when made: caches and in-flight tables hash it again and again
/// (its four strings are some 300 bytes), and compare its strings only when the hashes
/// agree. Its strings live in one immutable object: a key is copied into tables, flights
/// and answers many times per lookup, and each copy then costs one reference, not four.
public struct SnapshotKey: Sendable, Hashable, CustomStringConvertible {
    private final class Storage: Sendable {
        let schemeHash: String
        let engineVersion: String
        let environmentKey: String
        let contentDigest: String
        /// The hash of the four strings (this process's: `Hasher` is seeded per process).
        let fingerprint: Int

        init(schemeHash: String, engineVersion: String, environmentKey: String, contentDigest: String) {
            self.schemeHash = schemeHash
            self.engineVersion = engineVersion
            self.environmentKey = environmentKey
            self.contentDigest = contentDigest
            var hasher = Hasher()
            hasher.combine(schemeHash)
            hasher.combine(engineVersion)
            hasher.combine(environmentKey)
            hasher.combine(contentDigest)
            fingerprint = hasher.finalize()
        }
    }

    private let storage: Storage

    /// The content hash of the scheme (`sha256:…`).
    public var schemeHash: String { storage.schemeHash }
    /// The version of the layout engine that computed the snapshot.
    public var engineVersion: String { storage.engineVersion }
    /// A stable key of the environment (profile, size, scale, traits, direction, safe area).
    public var environmentKey: String { storage.environmentKey }
    /// The digest (`sha256:…`) of the content laid out; `""` for the document's defaults.
    public var contentDigest: String { storage.contentDigest }

    public init(schemeHash: String, engineVersion: String, environmentKey: String, contentDigest: String = "") {
        storage = Storage(schemeHash: schemeHash, engineVersion: engineVersion, environmentKey: environmentKey, contentDigest: contentDigest)
    }

    public static func == (first: SnapshotKey, second: SnapshotKey) -> Bool {
        if first.storage === second.storage { return true }
        let (a, b) = (first.storage, second.storage)
        return a.fingerprint == b.fingerprint && a.schemeHash == b.schemeHash && a.engineVersion == b.engineVersion
            && a.environmentKey == b.environmentKey && a.contentDigest == b.contentDigest
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fingerprint)
    }

    /// Whether `other` is this very key, not only an equal one (one comparison of
    /// references): what a cache checks a remembered place by before trusting it.
    package func isIdentical(to other: SnapshotKey) -> Bool {
        storage === other.storage
    }

    /// Whether the key is of the document's own content (every slot at its default).
    public var hasDefaultContent: Bool { storage.contentDigest.isEmpty }

    /// `hash/engine/environment` and `/content` when there is content, for logs.
    public var description: String {
        "\(schemeHash)/\(engineVersion)/\(environmentKey)" + (contentDigest.isEmpty ? "" : "/\(contentDigest)")
    }
}
