import Synchronization

/// How this host stands with the fleet's shared registry: what `stats` and the metrics
/// report, written by ``RegistrySync``.
final class FleetStatus: Sendable {
    struct State: Sendable {
        /// Whether the host listens for the registry's changes now.
        var connected = false
        /// The revision the mirror has applied every change up to.
        var mirrorRevision: Int64 = 0
        /// The latest revision the host has heard of (from a notification or a read).
        var headRevision: Int64 = 0
        /// When the mirror last matched the registry's head.
        var syncedAt: ContinuousClock.Instant?
        /// Why the last attempt to reach the registry failed, while it fails.
        var lastError: String?
    }

    private let state = Mutex(State())

    var current: State { state.withLock { $0 } }

    func update(_ change: (inout State) -> Void) {
        state.withLock { change(&$0) }
    }

    /// The `stats` counters: `registry.*`.
    var statistics: [(String, Double)] {
        let state = current
        let sinceSync = state.syncedAt.map { (ContinuousClock.now - $0).seconds } ?? -1
        return [
            ("registry.shared", 1),
            ("registry.connected", state.connected ? 1 : 0),
            ("registry.revision", Double(state.mirrorRevision)),
            ("registry.headRevision", Double(state.headRevision)),
            ("registry.revisionsBehind", Double(max(0, state.headRevision - state.mirrorRevision))),
            ("registry.secondsSinceSync", sinceSync),
        ]
    }
}
