/// A change of the shared registry that a host's mirror applied: what the in-memory
/// registry must follow.
public struct MirroredChange: Sendable, Hashable {
    /// The name's row as applied: a document, or a removal.
    public var entry: RegistryEntry
    /// The hash the name had in the mirror before, or nil when it had none.
    public var previousHash: String?

    public init(entry: RegistryEntry, previousHash: String?) {
        self.entry = entry
        self.previousHash = previousHash
    }
}

/// How a mirror applies a change of the shared registry to a name it may already have.
public enum MirrorApplication: Sendable, Hashable {
    /// Only a change newer than the name's revision applies (a name registered on this
    /// host alone counts as revision 0): changes arrive in order, some twice.
    case newerOnly
    /// Every change applies, whatever the name's revision — except over a row whose
    /// revision is above `upTo`, written after the registry was read — so that a
    /// reconciliation makes the mirror equal to the registry. `upTo` nil replaces every row:
    /// the registry was restored from an older backup, or is another registry.
    case replacing(upTo: Int64?)
}
