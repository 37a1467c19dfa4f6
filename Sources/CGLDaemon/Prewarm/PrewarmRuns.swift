import CGLDocument
import CGLWire
import Synchronization

/// The prewarms running now, by what they cover: a prewarm asked for while one of exactly
/// the same schemes (names and contents) and environments runs joins it instead of
/// computing the same snapshots again. It gets that run's progress events from when it
/// joined, and the run's summary.
///
/// A run is a task of its own: a caller that stops waiting (its client left) leaves it
/// running for the others, and its snapshots are stored for the lookups to come.
final class PrewarmRuns: Sendable {
    /// What a prewarm covers, as far as joining goes.
    struct Key: Hashable, Sendable {
        var schemes: [String]
        var environments: [String]

        init(schemes: [String], environments: [String]) {
            self.schemes = schemes
            self.environments = environments
        }

        /// Each scheme by name, hash and the digests of its content items.
        init(_ job: Prewarmer.Job) {
            schemes = job.schemes.indices.map { index in
                let scheme = job.schemes[index]
                let digests = job.contents(ofSchemeAt: index).map { $0.values.isEmpty ? "" : $0.digest }
                return ([scheme.name, scheme.hash] + digests).joined(separator: "\u{0}")
            }
            environments = job.environments.map(\.key)
        }
    }

    /// Told each progress event; must not wait (a listener that waits for a client that
    /// does not read would hold up everyone's prewarm).
    typealias ProgressListener = @Sendable (WirePrewarmProgress) -> Void

    /// One run: its listeners and the callers waiting for its summary.
    private final class Run: Sendable {
        private struct State {
            var listeners: [Int: ProgressListener] = [:]
            var waiters: [Int: CheckedContinuation<WirePrewarmSummary?, Never>] = [:]
            var summary: WirePrewarmSummary?
            var nextID = 0
        }

        let number: UInt64
        private let state = Mutex(State())

        init(number: UInt64) {
            self.number = number
        }

        /// Adds a caller's listener; its id, to wait and to leave with.
        func join(_ listener: @escaping ProgressListener) -> Int {
            state.withLock { state in
                state.nextID += 1
                state.listeners[state.nextID] = listener
                return state.nextID
            }
        }

        var listenerCount: Int { state.withLock { $0.listeners.count } }

        func publish(_ progress: WirePrewarmProgress) {
            for listener in state.withLock({ Array($0.listeners.values) }) { listener(progress) }
        }

        /// The summary once the run ends; nil when the caller `id` left first.
        func summary(for id: Int) async -> WirePrewarmSummary? {
            await withCheckedContinuation { continuation in
                let done = state.withLock { state -> WirePrewarmSummary?? in
                    if let summary = state.summary { return .some(summary) }
                    guard state.listeners[id] != nil else { return .some(nil) }  // left already
                    state.waiters[id] = continuation
                    return nil
                }
                if let done { continuation.resume(returning: done) }
            }
        }

        /// The caller `id` stops listening and waiting.
        func leave(_ id: Int) {
            let waiter = state.withLock { state -> CheckedContinuation<WirePrewarmSummary?, Never>? in
                state.listeners[id] = nil
                return state.waiters.removeValue(forKey: id)
            }
            waiter?.resume(returning: nil)
        }

        func finish(_ summary: WirePrewarmSummary) {
            let waiters = state.withLock { state -> [CheckedContinuation<WirePrewarmSummary?, Never>] in
                state.summary = summary
                state.listeners = [:]
                defer { state.waiters = [:] }
                return Array(state.waiters.values)
            }
            for waiter in waiters { waiter.resume(returning: summary) }
        }
    }

    private struct State {
        var runs: [Key: Run] = [:]
        var nextNumber: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Runs `work` for `key`, or joins the run of it under way.
    ///
    /// - Parameters:
    ///   - progress: Told each progress event of the run from now on.
    ///   - work: The prewarm, given the function that publishes its progress to every listener.
    /// - Returns: The run's summary and whether this call joined a run another started; nil
    ///   when the calling task was cancelled first (the run goes on).
    func run(_ key: Key, progress: @escaping ProgressListener,
             work: @escaping @Sendable (_ publish: @escaping ProgressListener) async -> WirePrewarmSummary) async -> (WirePrewarmSummary, joined: Bool)? {
        let (run, id, joined) = state.withLock { state -> (Run, Int, Bool) in
            if let run = state.runs[key] { return (run, run.join(progress), true) }
            state.nextNumber += 1
            let run = Run(number: state.nextNumber)
            let id = run.join(progress)
            state.runs[key] = run
            // Unstructured on purpose: the run outlives a caller that leaves, for the others
            // and for the store.
            Task {
                let summary = await work(run.publish)
                self.finish(key, run, summary)
            }
            return (run, id, false)
        }
        let summary = await withTaskCancellationHandler {
            await run.summary(for: id)
        } onCancel: {
            run.leave(id)
        }
        return summary.map { ($0, joined) }
    }

    /// Prewarms running now.
    var count: Int { state.withLock { $0.runs.count } }

    /// The listeners of the run of `key` (0 when none runs).
    func listenerCount(_ key: Key) -> Int { state.withLock { $0.runs[key]?.listenerCount ?? 0 } }

    private func finish(_ key: Key, _ run: Run, _ summary: WirePrewarmSummary) {
        state.withLock { state in
            if state.runs[key]?.number == run.number { state.runs[key] = nil }
        }
        run.finish(summary)
    }
}
