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
    let store: any SchemeStore
    let pool: ComputePool
    let counters: DaemonCounters
    let logger: Logger
    /// Snapshots written per store transaction: the store syncs each one to disk, so a
    /// prewarm writes few large ones (4,096 snapshots are about 4 MB).
    var batchSize = 4096
    /// The runs under way, which an identical prewarm joins.
    let runs = PrewarmRuns()

    /// What a prewarm covers.
    struct Job: Sendable {
        var schemes: [RegisteredScheme]
        var environments: [ResolvedEnvironment]

        var total: Int { schemes.count * environments.count }
    }

    /// The outcome of one scheme.
    private struct SchemeResult: Sendable {
        var scheme: String
        var snapshots: [StoredSnapshot] = []
        var alreadyCached = 0
        var failed = 0
    }

    /// Runs `job`, reporting progress after each scheme.
    ///
    /// - Parameters:
    ///   - progress: Called with the pairs done so far; from one task at a time.
    ///   - shouldStop: Asked between schemes; once true, the schemes not begun count as failed.
    func run(_ job: Job, progress: @Sendable (WirePrewarmProgress) async -> Void,
             shouldStop: @Sendable () -> Bool) async -> WirePrewarmSummary {
        let clock = ContinuousClock()
        let start = clock.now
        var tally = Tally(total: job.total)
        var batch: [StoredSnapshot] = []
        await withTaskGroup(of: SchemeResult.self) { group in
            var pending = job.schemes.makeIterator()
            var running = 0
            func startNext() -> Bool {
                guard !shouldStop(), let scheme = pending.next() else { return false }
                group.addTask { await prewarm(scheme, job.environments) }
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

    /// The snapshots of `scheme` the store lacks, computed on one compute thread.
    private func prewarm(_ scheme: RegisteredScheme, _ environments: [ResolvedEnvironment]) async -> SchemeResult {
        var result = SchemeResult(scheme: scheme.name)
        let keys = environments.map { SnapshotTarget(scheme, $0).key }
        let stored: [SnapshotKey: StoredSnapshot]
        do {
            stored = try await store.snapshots(for: keys)
        } catch {
            logger.error("Prewarm could not read the store", metadata: ["cgl.scheme": "\(scheme.name)", "cgl.error": "\(error)"])
            result.failed = environments.count
            return result
        }
        result.alreadyCached = stored.count
        let missing = zip(keys, environments).filter { stored[$0.0] == nil }
        guard !missing.isEmpty else { return result }
        let logger = self.logger
        let computed = await pool.run { () -> SchemeResult in
            var partial = SchemeResult(scheme: scheme.name)
            for (key, environment) in missing {
                switch SnapshotService.compute(scheme, environment.environment) {
                case .success(let (payload, duration)):
                    partial.snapshots.append(StoredSnapshot(key: key, payload: Data(payload.payload), computeTime: duration))
                case .failure(let error):
                    partial.failed += 1
                    logger.warning("A snapshot could not be prewarmed", metadata: ["cgl.scheme": "\(scheme.name)", "cgl.error": "\(error.message)"])
                }
            }
            return partial
        }
        switch computed {
        case .success(let partial):
            counters.computations.add(partial.snapshots.count, ordering: .relaxed)
            result.snapshots = partial.snapshots
            result.failed = partial.failed
        case .failure:
            result.failed = missing.count
        }
        return result
    }

    /// Counts of a running prewarm.
    private struct Tally {
        var total: Int
        var computed = 0
        var alreadyCached = 0
        var failed = 0

        var totalPairs: UInt32 { UInt32(clamping: total) }
        var done: UInt32 { UInt32(clamping: computed + alreadyCached + failed) }

        mutating func add(_ result: SchemeResult) {
            computed += result.snapshots.count
            alreadyCached += result.alreadyCached
            failed += result.failed
        }

        /// Moves snapshots that could not be written from computed to failed.
        mutating func storeFailed(_ count: Int) {
            computed -= count
            failed += count
        }

        /// The summary; pairs never begun (a stop) count as failed.
        func summary(seconds: Double) -> WirePrewarmSummary {
            let notBegun = total - computed - alreadyCached - failed
            return WirePrewarmSummary(computed: UInt32(clamping: computed), alreadyCached: UInt32(clamping: alreadyCached),
                                      failed: UInt32(clamping: failed + notBegun), seconds: seconds)
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
