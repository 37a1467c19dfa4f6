import CGLWire
import Synchronization

/// The counters `stats` reports, shared by every connection without locks.
final class DaemonCounters: Sendable {
    let hitsMemory = Atomic<Int>(0)
    let hitsStore = Atomic<Int>(0)
    let misses = Atomic<Int>(0)
    let connectionsOpen = Atomic<Int>(0)
    /// Requests of every connection submitted and not yet answered.
    let requestsInFlight = Atomic<Int>(0)
    let prewarmsRunning = Atomic<Int>(0)
    /// Snapshots computed, by lookups and prewarms: the work the caches saved is the rest.
    let computations = Atomic<Int>(0)
    /// Lookups answered with an error (an unknown scheme, content that does not fit, …).
    let lookupFailures = Atomic<Int>(0)
    /// Lookups named by a reference the daemon knew, and by one it did not
    /// (`lookupBatchWithReferences`; each unknown one costs its client a resend in full).
    let lookupsByReference = Atomic<Int>(0)
    let unknownReferences = Atomic<Int>(0)
    /// Snapshots the prewarms started so far were asked for, and those already done.
    let prewarmTargets = Atomic<Int>(0)
    let prewarmTargetsDone = Atomic<Int>(0)

    /// The `stats` key of ``computations``, sent after the keys of `WireStats.Key.all`.
    static let computationsKey = "snapshots.computed"

    /// Counts a lookup answered from `source`.
    func record(_ source: WireSnapshot.Source) {
        switch source {
        case .memory: hitsMemory.add(1, ordering: .relaxed)
        case .store: hitsStore.add(1, ordering: .relaxed)
        case .computed: misses.add(1, ordering: .relaxed)
        }
    }

    /// Adds one to `counter`.
    static func increment(_ counter: borrowing Atomic<Int>) {
        counter.add(1, ordering: .relaxed)
    }

    /// Takes one from `counter`.
    static func decrement(_ counter: borrowing Atomic<Int>) {
        counter.subtract(1, ordering: .relaxed)
    }
}

/// Set once graceful shutdown begins: long work (prewarm) checks it to stop early, and
/// requests that would start new work are answered `busy`.
final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    var isSet: Bool { flag.load(ordering: .relaxed) }

    func set() { flag.store(true, ordering: .relaxed) }
}
