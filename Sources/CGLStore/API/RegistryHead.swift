/// Which shared registry, at which revision: the head of the registry in PostgreSQL, or how
/// far a host's mirror of it has come.
public struct RegistryHead: Sendable, Hashable {
    /// The registry's identity (a UUID made when its schema was created): a mirror of
    /// another registry is replaced, not continued.
    public var registryID: String
    /// The latest change applied (0 before any).
    public var revision: Int64

    public init(registryID: String, revision: Int64) {
        self.registryID = registryID
        self.revision = revision
    }
}

/// A name's revision in a registry, without its document: what a reconciliation compares.
public struct RegistryRevision: Sendable, Hashable {
    /// The change that wrote the name's row.
    public var revision: Int64
    /// The document's hash; nil when that change removed the name.
    public var hash: String?

    public init(revision: Int64, hash: String?) {
        self.revision = revision
        self.hash = hash
    }

    /// Whether the change removed the name.
    public var isRemoval: Bool { hash == nil }
}

/// A scheme's revision and hash in a host's store: what it compares with the registry's.
public struct MirroredRevision: Sendable, Hashable {
    /// The shared registry's revision of the change that wrote it; nil for a scheme
    /// registered on this host alone.
    public var revision: Int64?
    /// The document's hash.
    public var hash: String

    public init(revision: Int64?, hash: String) {
        self.revision = revision
        self.hash = hash
    }
}
