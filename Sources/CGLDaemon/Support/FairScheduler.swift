import NIOCore
import Synchronization

/// Decides which queued job a free compute thread runs next, so that no scheme starves
/// the others: jobs wait in one queue per *lane* (a scheme's name), lanes take turns, and
/// the jobs of slow lanes — costly documents — hold at most all threads but one between
/// them, so that quick work always has a thread. Lanes of quick jobs (feed cells in
/// microseconds) may use every thread: fairness costs them nothing.
///
/// The scheduler hands a job to `start` only when a thread is free, so the threads' own
/// queue stays empty and the order is the scheduler's.
final class FairScheduler: Sendable {
    /// A job; called with whether the pool still runs (false: it stopped before the job
    /// could start, which should then do nothing but report it).
    typealias Job = @Sendable (_ isActive: Bool) -> Void

    /// A lane whose jobs take longer than this on average (exponentially weighted) is slow.
    static let slowJob: Duration = .milliseconds(20)

    private struct Lane {
        var queue = CircularBuffer<Job>()
        var running = 0
        /// Exponentially weighted mean of the lane's job durations, in seconds.
        var meanSeconds = 0.0
    }

    private struct State {
        var lanes: [String: Lane] = [:]
        /// Lanes with queued jobs, in turn order.
        var turns = CircularBuffer<String>()
        var freeThreads: Int
        /// Jobs of slow lanes running.
        var slowRunning = 0
        /// Stopped: jobs are called at once, inactive.
        var isStopped = false
    }

    private let width: Int
    private let state: Mutex<State>
    private let start: @Sendable (_ job: @escaping Job) -> Void

    /// - Parameters:
    ///   - width: The threads there are.
    ///   - start: Runs a job on a free thread (the pool's submit), telling it whether the
    ///     pool still runs.
    init(width: Int, start: @escaping @Sendable (_ job: @escaping Job) -> Void) {
        self.width = max(1, width)
        state = Mutex(State(freeThreads: max(1, width)))
        self.start = start
    }

    /// Queues `job` in `lane`; it runs when its turn comes and a thread is free.
    ///
    /// - Parameter expectsSlow: Whether a lane not seen before should count as slow from
    ///   its first job (a prewarm's, which computes many snapshots): a lane's speed is
    ///   otherwise known only once a job of it ended, so a first burst counts as quick.
    func submit(lane: String, expectsSlow: Bool = false, _ job: @escaping Job) {
        let ready = state.withLock { state -> [(lane: String, slow: Bool, job: Job)]? in
            guard !state.isStopped else { return nil }
            if !state.turns.contains(lane) { state.turns.append(lane) }
            if state.lanes[lane] == nil { state.lanes[lane] = Lane(meanSeconds: expectsSlow ? 2 * Self.slowJob.seconds : 0) }
            state.lanes[lane]?.queue.append(job)
            return next(&state)
        }
        guard let ready else { return job(false) }
        launch(ready)
    }

    /// Stops: every job queued is called at once, inactive, and so is every job submitted
    /// from now on. Jobs running end as they do.
    func stop() {
        let queued = state.withLock { state -> [Job] in
            state.isStopped = true
            var jobs: [Job] = []
            for lane in state.lanes.keys.sorted() {
                while state.lanes[lane]?.queue.isEmpty == false, let job = state.lanes[lane]?.queue.removeFirst() { jobs.append(job) }
            }
            state.turns.removeAll()
            return jobs
        }
        for job in queued { job(false) }
    }

    /// The jobs to start now, taken from their queues: lanes in turn, each giving one job
    /// while a thread is free; a slow lane's only while slow jobs hold fewer than all
    /// threads but one.
    private func next(_ state: inout State) -> [(lane: String, slow: Bool, job: Job)] {
        var ready: [(lane: String, slow: Bool, job: Job)] = []
        var passed = 0
        while state.freeThreads > 0, passed < state.turns.count, let lane = state.turns.first {
            state.turns.removeFirst()
            guard state.lanes[lane]?.queue.isEmpty == false, let job = state.lanes[lane]?.queue.removeFirst() else { continue }
            let slow = (state.lanes[lane]?.meanSeconds ?? 0) > Self.slowJob.seconds
            if slow, width > 1, state.slowRunning >= width - 1 {
                // The last thread is for quick work: this lane waits for a slow job to end.
                state.lanes[lane]?.queue.prepend(job)
                state.turns.append(lane)
                passed += 1
                continue
            }
            passed = 0
            state.lanes[lane]?.running += 1
            state.freeThreads -= 1
            if slow { state.slowRunning += 1 }
            if state.lanes[lane]?.queue.isEmpty == false { state.turns.append(lane) }
            ready.append((lane, slow, job))
        }
        return ready
    }

    private func launch(_ jobs: [(lane: String, slow: Bool, job: Job)]) {
        for (lane, slow, job) in jobs {
            start { [self] isActive in
                let began = ContinuousClock.now
                job(isActive)
                finished(lane: lane, slow: slow, took: ContinuousClock.now - began)
            }
        }
    }

    private func finished(lane: String, slow: Bool, took duration: Duration) {
        let ready = state.withLock { state -> [(lane: String, slow: Bool, job: Job)] in
            state.freeThreads += 1
            if slow { state.slowRunning -= 1 }
            if var entry = state.lanes[lane] {
                entry.running -= 1
                entry.meanSeconds = entry.meanSeconds == 0 ? duration.seconds : 0.7 * entry.meanSeconds + 0.3 * duration.seconds
                state.lanes[lane] = entry
            }
            return next(&state)
        }
        launch(ready)
    }
}
