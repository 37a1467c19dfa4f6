import CGLStore

/// Why a snapshot could not be had.
enum SnapshotFailure: Error, Sendable {
    /// The scheme cannot be laid out in the environment (a flex block out of space…); the
    /// message names the scheme, the environment and why.
    case cannotLayOut(String)
    /// The store failed while `operation` ran.
    case store(StoreError, doing: String)
    /// The daemon is stopping: its compute threads take no new work.
    case stopping
    /// The computation took longer than its budget (`limits.computeSeconds`) and was
    /// abandoned; the message names what and the limit.
    case overBudget(String)

    /// What went wrong, in one line.
    var message: String {
        switch self {
        case .cannotLayOut(let message): message
        case .store(let error, let operation): "\(operation) failed: the store answered \(error.code): \(error.message)"
        case .stopping: "the daemon is shutting down"
        case .overBudget(let message): message
        }
    }
}
