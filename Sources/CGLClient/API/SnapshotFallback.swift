/// What a client lays out from when the daemon is unavailable, so that a process keeps
/// drawing (more slowly) while `cgld` is down: `LocalFallback`, of the `CGLClientFallback`
/// product, which computes from documents read here.
///
/// It is a separate product because laying out brings the document layer and the text
/// stack (HarfBuzz, fontconfig, ICU); a client that only asks the daemon links neither.
/// Snapshots are made by this package (a conformance elsewhere can hand back snapshots it
/// got from a client or from `LocalFallback`, not make its own).
public protocol SnapshotFallback: Sendable {
    /// The snapshot of `lookup` computed here (its source is `computed`).
    ///
    /// - Throws: ``FallbackFailure`` saying what it cannot compute; the client reports it
    ///   as ``CGLClientError/Code/fallbackFailed``.
    func snapshot(for lookup: Lookup) throws(FallbackFailure) -> Snapshot
}

/// Why a fallback could not compute a snapshot, or could not be made.
public struct FallbackFailure: Error, Sendable, CustomStringConvertible {
    /// What is unknown or cannot be laid out, or which file is unusable, written to follow
    /// "the local fallback" (`has no document named 'feed-cell'`).
    public var message: String

    /// A failure saying `message`.
    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
