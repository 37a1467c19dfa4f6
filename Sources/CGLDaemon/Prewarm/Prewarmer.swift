import CGLDocument
import CGLStore
import CGLWire
import Foundation
import Logging
import Synchronization

/// Computes and stores the snapshots of many schemes for many environments ahead of
/// lookups, in parallel across the compute threads, writing the store in batches.
///
/// One unit of work is a scheme: the snapshots it lacks are computed together on one
/// thread, so the pool's queue stays as short as its width and lookups that miss are
/// never stuck behind a whole prewarm.
struct Prewarmer: Sendable {
    let store: SQLiteSchemeStore
    /// Where snapshots of the caller's content go when they are not stored.
    let snapshots: SnapshotService
    let pool: ComputePool
    let counters: DaemonCounters
    let logger: Logger
    /// Snapshots written per store transaction: the store syncs each one to disk, so a
    /// prewarm writes few large ones (4,096 snapshots are about 4 MB).
    var batchSize = 4096
    /// The runs under way, which an identical prewarm joins.
    let runs = PrewarmRuns()

    /// What a prewarm covers: each scheme for each of its content items (its document's
    /// own content alone when none is given) in each environment.
    struct Job: Sendable {
        var schemes: [RegisteredScheme]
        var environments: [ResolvedEnvironment]
        /// Per scheme, the content items, checked and normalized for it; empty: the
        /// document's own content alone.
        var contents: [[Content]] = []

        /// The content items of the scheme at `index`.
        func contents(ofSchemeAt index: Int) -> [Content] {
            index < contents.count && !contents[index].isEmpty ? contents[index] : [.empty]
        }

        var total: Int { schemes.indices.reduce(0) { $0 + contents(ofSchemeAt: $1).count } * environments.count }
    }

    /// The outcome of one scheme.
    private struct SchemeResult: Sendable {
        var scheme: String
        /// Computed, to store.
        var snapshots: [StoredSnapshot] = []
        /// Computed and kept in the hot cache alone (content not persisted).
        var keptInMemory = 0
        var alreadyCached = 0
        var failed = 0
        /// Never computed: the daemon began stopping first.
        var cancelled = 0
    }

    /// Runs `job`, reporting progress after each scheme.
    ///
    /// - Parameters:
    ///   - progress: Called with the pairs done so far; from one task at a time.
    ///   - shouldStop: Asked between schemes; once true, the schemes not begun count as
    ///     cancelled. (Within a scheme, the daemon's stop ends the computations at the
    ///     next environment, the rest counting as cancelled too.)
    func run(_ job: Job, progress: @Sendable (WirePrewarmProgress) async -> Void,
             shouldStop: @Sendable () -> Bool) async -> WirePrewarmSummary {
        let clock = ContinuousClock()
        let start = clock.now
        var tally = Tally(total: job.total)
        var batch: [StoredSnapshot] = []
        await withTaskGroup(of: SchemeResult.self) { group in
            var pending = job.schemes.enumerated().makeIterator()
            var running = 0
            func startNext() -> Bool {
                guard !shouldStop(), let (index, scheme) = pending.next() else { return false }
                let contents = job.contents(ofSchemeAt: index)
                group.addTask { await prewarm(scheme, contents, job.environments) }
                return true
            }
            while running < pool.width + 1, startNext() { running += 1 }
            while let result = await group.next() {
                running -= 1
                tally.add(result)
                batch += result.snapshots
                if batch.count >= batchSize { tally.storeFailed(await flush(&batch)) }
                await progress(WirePrewarmProgress(done: tally.done, total: tally.totalPairs, scheme: result.scheme))
                if startNext() { running += 1 }
            }
        }
        tally.storeFailed(await flush(&batch))
        return tally.summary(seconds: (clock.now - start).seconds)
    }

    /// Writes a batch; returns how many snapshots could not be written.
    private func flush(_ batch: inout [StoredSnapshot]) async -> Int {
        guard !batch.isEmpty else { return 0 }
        defer { batch.removeAll(keepingCapacity: true) }
        do {
            _ = try await store.store(batch)
            return 0
        } catch {
            logger.error("Prewarmed snapshots could not be stored", metadata: ["cgl.count": "\(batch.count)", "cgl.error": "\(error)"])
            return batch.count
        }
    }

    /// The snapshots of `scheme` the store (or, for content kept in memory only, the hot
    /// cache) lacks, computed on one compute thread.
    private func prewarm(_ scheme: RegisteredScheme, _ contents: [Content], _ environments: [ResolvedEnvironment]) async -> SchemeResult {
        let (logger, snapshots) = (self.logger, self.snapshots)
        var result = SchemeResult(scheme: scheme.name)
        let targets = contents.flatMap { content in environments.map { SnapshotTarget(scheme, $0, content: content) } }
        let storedKeys = targets.map(\.key).filter(snapshots.isStored)
        let stored: [SnapshotKey: StoredSnapshot]
        do {
            stored = storedKeys.isEmpty ? [:] : try await store.snapshots(for: storedKeys)
        } catch {
            logger.error("Prewarm could not read the store", metadata: ["cgl.scheme": "\(scheme.name)", "cgl.error": "\(error)"])
            result.failed = targets.count
            return result
        }
        let missing = targets.filter { target in
            snapshots.isStored(target.key) ? stored[target.key] == nil : snapshots.hotCache.get(target.key) == nil
        }
        result.alreadyCached = targets.count - missing.count
        guard !missing.isEmpty else { return result }
        // A lane of its own per scheme: a prewarm computes many environments in one job, and
        // would make the scheme's lookups look slow.
        let computed = await pool.run(lane: "prewarm:" + scheme.name, expectsSlow: true) { () -> SchemeResult in
            var partial = SchemeResult(scheme: scheme.name)
            for (position, target) in missing.enumerated() {
                // The daemon stopping ends a prewarm between environments: no one waits for
                // the rest, and shutdown must not.
                guard !snapshots.budget.isStopping else {
                    partial.cancelled = missing.count - position
                    break
                }
                switch snapshots.compute(target) {
                case .success(let (payload, duration)):
                    if snapshots.isStored(target.key) {
                        partial.snapshots.append(StoredSnapshot(key: target.key, payload: Data(payload.payload), computeTime: duration))
                    } else {
                        snapshots.hotCache.insert(payload, for: target.key)
                        partial.keptInMemory += 1
                    }
                case .failure(.stopping):
                    partial.cancelled += 1
                case .failure(let error):
                    partial.failed += 1
                    LogThrottle.shared.log(.warning, "A snapshot could not be prewarmed",
                                           metadata: ["cgl.scheme": "\(scheme.name)", "cgl.error": "\(error.message)"], to: logger)
                }
            }
            return partial
        }
        switch computed {
        case .success(let partial):
            counters.computations.add(partial.snapshots.count + partial.keptInMemory, ordering: .relaxed)
            result.snapshots = partial.snapshots
            result.keptInMemory = partial.keptInMemory
            result.failed = partial.failed
            result.cancelled = partial.cancelled
        case .failure:
            // The compute threads had stopped.
            result.cancelled = missing.count
        }
        return result
    }

    /// Counts of a running prewarm.
    private struct Tally {
        var total: Int
        var computed = 0
        var alreadyCached = 0
        var failed = 0
        var cancelled = 0

        var totalPairs: UInt32 { UInt32(clamping: total) }
        var done: UInt32 { UInt32(clamping: computed + alreadyCached + failed + cancelled) }

        mutating func add(_ result: SchemeResult) {
            computed += result.snapshots.count + result.keptInMemory
            alreadyCached += result.alreadyCached
            failed += result.failed
            cancelled += result.cancelled
        }

        /// Moves snapshots that could not be written from computed to failed.
        mutating func storeFailed(_ count: Int) {
            computed -= count
            failed += count
        }

        /// The summary; the schemes never begun (a stop) count as cancelled.
        func summary(seconds: Double) -> WirePrewarmSummary {
            let notBegun = total - computed - alreadyCached - failed - cancelled
            return WirePrewarmSummary(computed: UInt32(clamping: computed), alreadyCached: UInt32(clamping: alreadyCached),
                                      failed: UInt32(clamping: failed), seconds: seconds, cancelled: UInt32(clamping: cancelled + notBegun))
        }
    }
}

extension Duration {
    /// The duration in seconds, with a fraction.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
