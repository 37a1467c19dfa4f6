/// What a snapshot is the layout of: a scheme's content, the engine that computed it, the
/// environment it was computed for and the caller's content for its slots (the
/// architecture's cache key).
///
/// Re-registering a changed document gives a new hash and bumping the engine version gives
/// a new version, so a key never names a stale snapshot.
public struct SnapshotKey: Sendable, Hashable, CustomStringConvertible {
    /// The content hash of the scheme (`sha256:…`).
    public var schemeHash: String
    /// The version of the layout engine that computed the snapshot.
    public var engineVersion: String
    /// A stable key of the environment (profile, size, scale, traits, direction, safe area).
    public var environmentKey: String
    /// The digest (`sha256:…`) of the content laid out; `""` for the document's defaults.
    public var contentDigest: String

    public init(schemeHash: String, engineVersion: String, environmentKey: String, contentDigest: String = "") {
        self.schemeHash = schemeHash
        self.engineVersion = engineVersion
        self.environmentKey = environmentKey
        self.contentDigest = contentDigest
    }

    /// Whether the key is of the document's own content (every slot at its default).
    public var hasDefaultContent: Bool { contentDigest.isEmpty }

    /// `hash/engine/environment` and `/content` when there is content, for logs.
    public var description: String {
        "\(schemeHash)/\(engineVersion)/\(environmentKey)" + (contentDigest.isEmpty ? "" : "/\(contentDigest)")
    }
}
