import CGLDocument
import CGLStore
import CGLText
import Synchronization
import CGLWire

extension RequestHandler {
    /// The counters of `docs/protocol.md`, in the order of `WireStats.Key.all`, then
    /// cgld's own.
    func stats(connectionsOpen: Int) async throws(RequestError) -> WireStats {
        let storeStatistics: (snapshots: Int, bytes: Int)
        do {
            let statistics = try await store.statistics()
            storeStatistics = (statistics.snapshotCount, statistics.databaseBytes + (statistics.walBytes ?? 0))
        } catch {
            throw .storeFailed(error, doing: "reading the store's statistics")
        }
        let memory = counters.hitsMemory.load(ordering: .relaxed)
        let stored = counters.hitsStore.load(ordering: .relaxed)
        let misses = counters.misses.load(ordering: .relaxed)
        let lookups = memory + stored + misses
        let values: [(String, Double)] = [
            (WireStats.Key.schemes, Double(registry.count)),
            (WireStats.Key.snapshotsStored, Double(storeStatistics.snapshots)),
            (WireStats.Key.lookups, Double(lookups)),
            (WireStats.Key.hitsMemory, Double(memory)),
            (WireStats.Key.hitsStore, Double(stored)),
            (WireStats.Key.misses, Double(misses)),
            (WireStats.Key.hitRate, lookups == 0 ? 0 : Double(memory + stored) / Double(lookups)),
            (WireStats.Key.memoryBytes, Double(snapshots.hotCache.bytes)),
            (WireStats.Key.memoryLimit, Double(snapshots.hotCache.limit)),
            (WireStats.Key.databaseBytes, Double(storeStatistics.bytes)),
            (WireStats.Key.uptimeSeconds, uptime),
            (WireStats.Key.connectionsOpen, Double(connectionsOpen)),
            (WireStats.Key.prewarmRunning, Double(counters.prewarmsRunning.load(ordering: .relaxed))),
            (DaemonCounters.computationsKey, Double(counters.computations.load(ordering: .relaxed))),
            ("memory.entries", Double(snapshots.hotCache.count)),
            ("requests.inFlight", Double(counters.requestsInFlight.load(ordering: .relaxed))),
            ("lookups.byReference", Double(counters.lookupsByReference.load(ordering: .relaxed))),
            ("lookups.unknownReference", Double(counters.unknownReferences.load(ordering: .relaxed))),
        ] + (fleet?.status.statistics ?? []) + Self.textStatistics()
        return WireStats(entries: values.map { WireStats.Entry(key: $0.0, value: $0.1) })
    }

    /// The text engine's caches, and the fonts that have measured text: a `fonts.file:<path>`
    /// counter (1) per font file, so that `cglctl stats` names them.
    static func textStatistics() -> [(String, Double)] {
        guard let engine = try? TextEngine.shared() else { return [] }
        let statistics = engine.statistics
        let fonts = engine.fontsInUse
        var values: [(String, Double)] = [
            ("text.words.hits", Double(statistics.words.hits)),
            ("text.words.misses", Double(statistics.words.misses)),
            ("text.words.bytes", Double(statistics.words.bytes)),
            ("text.paragraphs.hits", Double(statistics.paragraphs.hits)),
            ("text.paragraphs.misses", Double(statistics.paragraphs.misses)),
            ("text.paragraphs.bytes", Double(statistics.paragraphs.bytes)),
            ("fonts.inUse", Double(fonts.count)),
        ]
        values += fonts.map { ("fonts.file:\($0.description)", 1) }
        return values
    }
}
