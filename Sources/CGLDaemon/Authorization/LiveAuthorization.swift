import Synchronization

/// The authorization policy in force, replaced as a whole when a reload changes it.
///
/// The connection path reads ``current`` for each request, so that a reload applies to
/// connections already open, not only to new ones.
public final class LiveAuthorization: Sendable {
    private let policy: Mutex<Authorization>

    /// Holds `policy` until it is replaced.
    public init(_ policy: Authorization) {
        self.policy = Mutex(policy)
    }

    /// The policy in force now.
    public var current: Authorization { policy.withLock { $0 } }

    /// Puts `policy` in force for every request decided from now on.
    func replace(with policy: Authorization) {
        self.policy.withLock { $0 = policy }
    }
}
