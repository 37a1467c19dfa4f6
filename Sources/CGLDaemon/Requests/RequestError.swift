import CGLBridge
import CGLDocument
import CGLStore
import CGLWire

/// A request that failed, carrying the protocol error it is answered with.
///
/// The one place where the daemon's own failures (``RegistryError``, ``SnapshotFailure``,
/// ``EnvironmentRefusal``, the store's) become protocol errors; the wire never carries
/// `String(describing:)` of an arbitrary error.
struct RequestError: Error, Sendable {
    var wireError: WireError

    init(_ wireError: WireError) {
        self.wireError = wireError
    }

    init(_ code: WireError.Code, _ message: String) {
        wireError = WireError(code: code, message: message)
    }

    /// The store failed: an internal error whose message says what was being done.
    static func storeFailed(_ error: StoreError, doing operation: String) -> RequestError {
        RequestError(.internal, "\(operation) failed: the store answered \(error.code): \(error.message)")
    }

    /// The daemon is stopping and takes no new work.
    static let shuttingDown = RequestError(.busy, "the daemon is shutting down; retry once it is back")

    init(_ failure: RegistryError) {
        switch failure {
        case .invalidDocument(let error):
            self.init(WireError(code: .invalidDocument, message: failure.message, issues: error.issues.map(WireIssue.init)))
        case .store(let error, let operation):
            self = .storeFailed(error, doing: operation)
        case .stopping:
            self = .shuttingDown
        case .overBudget:
            self.init(.timeout, failure.message)
        case .registryUnavailable(let message):
            self.init(.registryUnavailable, message)
        case .refused(let message):
            self.init(.invalidDocument, message)
        }
    }

    init(_ failure: SnapshotFailure) {
        switch failure {
        case .cannotLayOut(let message): self.init(.invalidEnvironment, message)
        case .store(let error, let operation): self = .storeFailed(error, doing: operation)
        case .stopping: self = .shuttingDown
        case .overBudget(let message): self.init(.timeout, message)
        }
    }

    /// `invalidContent`: the message names the scheme and the first problem, the issues
    /// carry every one, each with its slot's pointer.
    static func invalidContent(_ error: ContentError, scheme: String) -> RequestError {
        let first = error.issues.first
        var message = "the content does not fit the slots of '\(quoted(scheme))'"
        if let first {
            message += ": \(first.message)"
            if let hint = first.hint { message += " (\(hint))" }
            if error.issues.count > 1 { message += "; and \(error.issues.count - 1) more" }
        }
        return RequestError(WireError(code: .invalidContent, message: message, issues: error.issues.map(WireIssue.init)))
    }

    /// `invalidEnvironment` with one issue saying what the request got wrong (`unknownProfile`
    /// at `/profile`, or `invalidEnvironment` at the value), so that a client tells a request
    /// it should correct from a document that cannot be laid out (no issue).
    init(_ refusal: EnvironmentRefusal) {
        self.init(WireError(code: .invalidEnvironment, message: refusal.message,
                            issues: [WireIssue(severity: .error, code: refusal.code, pointer: refusal.pointer, message: refusal.message)]))
    }
}
