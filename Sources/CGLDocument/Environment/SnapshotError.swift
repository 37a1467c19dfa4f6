public import CGLayout

/// Why a document has no snapshot for an environment.
public enum SnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The environment cannot be laid out: a size, scale or safe area out of range.
    case environment(EnvironmentError)
    /// The document cannot be laid out in this environment, such as a flexible row whose
    /// fixed items do not fit; the message names the block.
    case layout(LayoutError)
    /// The content does not fit the document's slots.
    case content(ContentError)
    /// The work was stopped by the `LayoutCancellation` it was bound to, before it was
    /// done: cancelled, or past its deadline.
    case abandoned(LayoutCancellation.Reason)

    public var description: String {
        switch self {
        case .environment(let error): error.description
        case .layout(let error): error.message
        case .content(let error): error.description
        case .abandoned(.cancelled): "the computation was cancelled"
        case .abandoned(.deadlinePassed): "the computation took longer than its time budget, and was abandoned"
        }
    }
}
