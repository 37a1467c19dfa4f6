import CGLWire
import Synchronization

/// The prewarms running now, by what they cover: a prewarm asked for while one of exactly
/// the same schemes (names and contents) and environments runs joins it instead of
/// computing the same snapshots again. It gets that run's progress events from when it
/// joined, and the run's summary.
final class PrewarmRuns: Sendable {
    /// What a prewarm covers, as far as joining goes.
    struct Key: Hashable, Sendable {
        var schemes: [String]
        var environments: [String]

        init(schemes: [String], environments: [String]) {
            self.schemes = schemes
            self.environments = environments
        }

        init(_ job: Prewarmer.Job) {
            schemes = job.schemes.map { "\($0.name)\u{0}\($0.hash)" }
            environments = job.environments.map(\.key)
        }
    }

    typealias ProgressListener = @Sendable (WirePrewarmProgress) async -> Void

    /// The listeners of one run: its starter and every prewarm that joined.
    private final class Listeners: Sendable {
        private let all = Mutex<[ProgressListener]>([])

        func add(_ listener: @escaping ProgressListener) {
            all.withLock { $0.append(listener) }
        }

        var count: Int { all.withLock { $0.count } }

        func publish(_ progress: WirePrewarmProgress) async {
            for listener in all.withLock({ $0 }) { await listener(progress) }
        }
    }

    private struct Run {
        var number: UInt64
        var listeners: Listeners
        var task: Task<WirePrewarmSummary, Never>
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
    /// - Returns: The run's summary, and whether this call joined a run another started.
    func run(_ key: Key, progress: @escaping ProgressListener,
             work: @escaping @Sendable (_ publish: @escaping ProgressListener) async -> WirePrewarmSummary) async -> (WirePrewarmSummary, joined: Bool) {
        let (task, joined) = state.withLock { state -> (Task<WirePrewarmSummary, Never>, Bool) in
            if let run = state.runs[key] {
                run.listeners.add(progress)
                return (run.task, true)
            }
            let listeners = Listeners()
            listeners.add(progress)
            state.nextNumber += 1
            let number = state.nextNumber
            // Unstructured on purpose: the run outlives the request that started it when
            // others joined (a client that leaves does not stop their prewarm).
            let task = Task {
                let summary = await work(listeners.publish)
                self.finish(key, number: number)
                return summary
            }
            state.runs[key] = Run(number: number, listeners: listeners, task: task)
            return (task, false)
        }
        return (await task.value, joined)
    }

    /// The listeners of the run of `key` (0 when none runs).
    func listenerCount(_ key: Key) -> Int { state.withLock { $0.runs[key]?.listeners.count ?? 0 } }

    /// Prewarms running now.
    var count: Int { state.withLock { $0.runs.count } }

    private func finish(_ key: Key, number: UInt64) {
        state.withLock { state in
            if state.runs[key]?.number == number { state.runs[key] = nil }
        }
    }
}
