import CGLDocument
import CGLStore

/// Why the registry could not register, unregister or load a document.
enum RegistryError: Error, Sendable {
    /// The document is invalid; every issue, errors first, then warnings.
    case invalidDocument(DocumentError)
    /// The store failed while `operation` ran.
    case store(StoreError, doing: String)
    /// The daemon is stopping: its compute threads take no new work.
    case stopping
    /// Validating the document took longer than `limit` (`limits.computeSeconds`).
    case overBudget(limit: Duration)
    /// The fleet's shared registry cannot be reached: nothing was written here (the change
    /// may or may not have reached the registry when it went silent mid-call; the mirror
    /// learns which once it answers). The message says where and why.
    case registryUnavailable(String)
    /// The fleet's shared registry refused the change (a value its schema does not allow).
    case refused(String)

    /// What went wrong, in one line, for logs.
    var message: String {
        switch self {
        case .invalidDocument(let error):
            let count = error.errors.count
            return "the document is invalid: \(count) error\(count == 1 ? "" : "s")"
        case .store(let error, let operation):
            return "\(operation) failed: the store answered \(error.code): \(error.message)"
        case .stopping:
            return "the daemon is shutting down"
        case .overBudget(let limit):
            return "validating the document took longer than \(limit.seconds) s (limits.computeSeconds); it was abandoned"
        case .registryUnavailable(let message), .refused(let message):
            return message
        }
    }
}

extension RegistryError {
    /// The document's issues, for an invalid document; none otherwise.
    var issues: [DocumentIssue] {
        if case .invalidDocument(let error) = self { return error.issues }
        return []
    }
}
