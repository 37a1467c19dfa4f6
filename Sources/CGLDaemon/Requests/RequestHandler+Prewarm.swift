import Logging
import CGLWire
import Foundation
import Synchronization

extension RequestHandler {
    /// Checks every name, then prewarms, sending progress events at most every 100 ms
    /// (and the last one).
    ///
    /// A progress event that cannot be written (the client left) is dropped; the prewarm
    /// goes on, its snapshots stored for the lookups to come.
    func prewarm(schemes names: [String], profiles: [String], requestID: UInt32,
                 send: @escaping @Sendable ([UInt8]) async throws -> Void) async throws(RequestError) -> WirePrewarmSummary {
        guard !isStopping() else { throw .shuttingDown }
        let all = registry.all()
        var schemes: [RegisteredScheme] = []
        if names.isEmpty {
            schemes = all
        } else {
            for name in names where !schemes.contains(where: { $0.name == name }) {
                guard let scheme = registry.scheme(named: name) else { throw Self.notFound(name, among: all.map(\.name)) }
                schemes.append(scheme)
            }
        }
        let environments: [ResolvedEnvironment]
        do throws(EnvironmentRefusal) {
            environments = try resolver.prewarmEnvironments(profileNames: profiles)
        } catch {
            throw RequestError(error)
        }
        return await runPrewarm(Prewarmer.Job(schemes: schemes, environments: environments)) { [self] progress in
            var frame: [UInt8] = []
            append(.prewarmProgress(progress), requestID: requestID, to: &frame)
            try? await send(frame)
        }
    }

    /// Runs a prewarm job, counted in `prewarm.running`, throttling its progress reports; or
    /// joins the identical job already running (``PrewarmRuns``).
    func runPrewarm(_ job: Prewarmer.Job, progress: @escaping @Sendable (WirePrewarmProgress) async -> Void) async -> WirePrewarmSummary {
        let throttle = ProgressThrottle(interval: .milliseconds(100))
        let listener: PrewarmRuns.ProgressListener = { event in
            if throttle.shouldReport(final: event.done == event.total) { await progress(event) }
        }
        let (prewarmer, counters, logger, isStopping) = (self.prewarmer, self.counters, self.logger, self.isStopping)
        let (summary, joined) = await prewarmer.runs.run(PrewarmRuns.Key(job), progress: listener) { publish in
            DaemonCounters.increment(counters.prewarmsRunning)
            defer { DaemonCounters.decrement(counters.prewarmsRunning) }
            let summary = await prewarmer.run(job, progress: publish, shouldStop: isStopping)
            logger.info("Prewarm finished", metadata: [
                "cgl.prewarm.computed": "\(summary.computed)", "cgl.prewarm.cached": "\(summary.alreadyCached)",
                "cgl.prewarm.failed": "\(summary.failed)", "cgl.prewarm.seconds": "\(summary.seconds)",
            ])
            return summary
        }
        if joined { logger.debug("A prewarm joined the identical one already running", metadata: ["cgl.prewarm.total": "\(job.total)"]) }
        return summary
    }
}

/// Lets a report through at most once per interval, and always the final one.
final class ProgressThrottle: Sendable {
    private let interval: Duration
    private let last = Mutex<ContinuousClock.Instant?>(nil)

    init(interval: Duration) {
        self.interval = interval
    }

    func shouldReport(final: Bool) -> Bool {
        let now = ContinuousClock.now
        return last.withLock { last in
            guard final || last.map({ now - $0 >= interval }) ?? true else { return false }
            last = now
            return true
        }
    }
}
