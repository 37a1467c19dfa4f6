import CGLDocument
import Logging
import CGLWire
import Foundation
import Synchronization

extension RequestHandler {
    /// Checks every name and content item, then prewarms, sending progress events at most
    /// every 100 ms (and the last one) through `notify`, which does not wait.
    ///
    /// - Throws: `RequestError` naming an unknown scheme or profile, or a content item that
    ///   does not fit a scheme; `shuttingDown`; or, when the calling task is cancelled (its
    ///   client left), `shuttingDown` too: nobody reads the answer, and the prewarm goes
    ///   on, its snapshots stored.
    func prewarm(schemes names: [String], profiles: [String], content: [WireContent] = [], requestID: UInt32,
                 notify: @escaping @Sendable ([UInt8]) -> Void) async throws(RequestError) -> WirePrewarmSummary {
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
        let contents = try schemes.map { scheme throws(RequestError) in try prewarmContents(content, for: scheme) }
        let job = Prewarmer.Job(schemes: schemes, environments: environments, contents: contents)
        let summary = await runPrewarm(job) { [self] progress in
            var frame: [UInt8] = []
            append(.prewarmProgress(progress), requestID: requestID, to: &frame)
            notify(frame)
        }
        guard let summary else { throw .shuttingDown }
        return summary
    }

    /// The content items of a prewarm checked for `scheme`, each named by its place in the
    /// request when it does not fit; items equal once normalized are prewarmed once.
    private func prewarmContents(_ items: [WireContent], for scheme: RegisteredScheme) throws(RequestError) -> [Content] {
        var contents: [Content] = []
        // By digest, as the snapshots are keyed (not by `==`, which equates canonically
        // equivalent texts the digest tells apart).
        var seen: Set<String> = []
        for (index, item) in items.enumerated() {
            do throws(RequestError) {
                let checked = try content(item, for: scheme)
                if seen.insert(checked.values.isEmpty ? "" : checked.digest).inserted { contents.append(checked) }
            } catch {
                var failure = error
                failure.wireError.message = "content item \(index + 1) of \(items.count): " + failure.wireError.message
                throw failure
            }
        }
        return contents
    }

    /// Runs a prewarm job, counted in `prewarm.running`, throttling its progress reports; or
    /// joins the identical job already running (``PrewarmRuns``).
    ///
    /// - Returns: The summary; nil when the calling task was cancelled first (the prewarm
    ///   goes on).
    func runPrewarm(_ job: Prewarmer.Job, progress: @escaping PrewarmRuns.ProgressListener) async -> WirePrewarmSummary? {
        let throttle = ProgressThrottle(interval: .milliseconds(100))
        let listener: PrewarmRuns.ProgressListener = { event in
            if throttle.shouldReport(final: event.done == event.total) { progress(event) }
        }
        let (prewarmer, counters, logger, isStopping) = (self.prewarmer, self.counters, self.logger, self.isStopping)
        let outcome = await prewarmer.runs.run(PrewarmRuns.Key(job), progress: listener) { publish in
            DaemonCounters.increment(counters.prewarmsRunning)
            defer { DaemonCounters.decrement(counters.prewarmsRunning) }
            counters.prewarmTargets.add(job.total, ordering: .relaxed)
            let advance = ProgressAdvance()
            let summary = await prewarmer.run(job, progress: { event in
                counters.prewarmTargetsDone.add(advance.since(Int(event.done)), ordering: .relaxed)
                publish(event)
            }, shouldStop: isStopping)
            logger.info("Prewarm finished", metadata: [
                "cgl.prewarm.computed": "\(summary.computed)", "cgl.prewarm.cached": "\(summary.alreadyCached)",
                "cgl.prewarm.failed": "\(summary.failed)", "cgl.prewarm.cancelled": "\(summary.cancelled)",
                "cgl.prewarm.seconds": "\(summary.seconds)",
            ])
            return summary
        }
        if outcome?.joined == true { logger.debug("A prewarm joined the identical one already running", metadata: ["cgl.prewarm.total": "\(job.total)"]) }
        return outcome?.0
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

/// How far a prewarm advanced since its previous progress event: what the metrics add.
final class ProgressAdvance: Sendable {
    private let done = Mutex(0)

    func since(_ now: Int) -> Int {
        done.withLock { done in
            defer { done = max(done, now) }
            return max(0, now - done)
        }
    }
}
