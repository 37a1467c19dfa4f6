import Synchronization

/// The authorization policy in force, replaced as a whole when a reload changes it.
///
/// The connection path asks for each request, so that a reload applies to connections
/// already open, not only to new ones. Each replacement bumps ``generation``: a connection
/// keeps its peer's access until the generation moves, so the common request costs one
/// atomic load, not a lock and a copy of the policy.
final class LiveAuthorization: Sendable {
    private let policy: Mutex<(generation: UInt64, authorization: Authorization)>
    private let latestGeneration = Atomic<UInt64>(0)

    /// Holds `policy` until it is replaced.
    init(_ policy: Authorization) {
        self.policy = Mutex((0, policy))
    }

    /// The policy in force now.
    var current: Authorization { policy.withLock { $0.authorization } }

    /// Changes with every replacement of the policy.
    var generation: UInt64 { latestGeneration.load(ordering: .acquiring) }

    /// The policy in force now and its generation, read together.
    func versioned() -> (generation: UInt64, authorization: Authorization) {
        policy.withLock { $0 }
    }

    /// Puts `policy` in force for every request decided from now on.
    func replace(with policy: Authorization) {
        self.policy.withLock { state in
            state = (state.generation + 1, policy)
            latestGeneration.store(state.generation, ordering: .releasing)
        }
    }
}
