/// What a snapshot is the layout of: a scheme's content, the engine that computed it, the
/// environment it was computed for and the caller's content for its slots (the
/// architecture's cache key).
///
/// Re-registering a changed document gives a new hash and bumping the engine version gives
/// a new version, so a key never names a stale snapshot.
///
/// A key is hashed once, when made: caches and in-flight tables hash it again and again
/// (its four strings are some 300 bytes), and compare its strings only when the hashes
/// agree.
public struct SnapshotKey: Sendable, Hashable, CustomStringConvertible {
    /// The content hash of the scheme (`sha256:…`).
    public let schemeHash: String
    /// The version of the layout engine that computed the snapshot.
    public let engineVersion: String
    /// A stable key of the environment (profile, size, scale, traits, direction, safe area).
    public let environmentKey: String
    /// The digest (`sha256:…`) of the content laid out; `""` for the document's defaults.
    public let contentDigest: String
    /// The hash of the four strings (this process's: `Hasher` is seeded per process).
    private let fingerprint: Int

    public init(schemeHash: String, engineVersion: String, environmentKey: String, contentDigest: String = "") {
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

    public static func == (first: SnapshotKey, second: SnapshotKey) -> Bool {
        first.fingerprint == second.fingerprint && first.schemeHash == second.schemeHash && first.engineVersion == second.engineVersion
            && first.environmentKey == second.environmentKey && first.contentDigest == second.contentDigest
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }

    /// Whether the key is of the document's own content (every slot at its default).
    public var hasDefaultContent: Bool { contentDigest.isEmpty }

    /// `hash/engine/environment` and `/content` when there is content, for logs.
    public var description: String {
        "\(schemeHash)/\(engineVersion)/\(environmentKey)" + (contentDigest.isEmpty ? "" : "/\(contentDigest)")
    }
}
