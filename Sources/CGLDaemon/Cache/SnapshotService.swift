import CGLBridge
import CGLDocumentBridge
import CGLDocument
import CGLStore
import CGLWire
import CGLayout
import CoreMetrics
import Foundation
import Logging
import Synchronization

/// Finds the snapshot of a scheme for an environment and content: in memory
/// (``hotCache``, on the event loop), else in the store, else by computing it
/// (``load(_:)``, once per key however many ask at the same time), storing it and keeping
/// it in memory.
///
/// Snapshots of the caller's content are kept in memory only, unless ``persistContent``:
/// content is unbounded by nature, and those snapshots are a cache of a cache.
final class SnapshotService: Sendable {
    let hotCache: HotCache
    /// Whether snapshots of the caller's content are stored too (`cache.persistContent`).
    let persistContent: Bool
    private let store: SQLiteSchemeStore
    private let pool: ComputePool
    private let counters: DaemonCounters
    private let logger: Logger
    private let inFlight = SingleFlight<SnapshotKey, (EncodedSnapshot, WireSnapshot.Source), SnapshotFailure>()

    /// What bounds each computation: its time budget and the daemon's stop.
    let budget: ComputeBudget
    /// Where each computation's time goes (`cgld_compute_duration_seconds`), if anywhere.
    private let computeTime: CoreMetrics.Timer?

    init(hotCache: HotCache, store: SQLiteSchemeStore, pool: ComputePool, counters: DaemonCounters, logger: Logger, persistContent: Bool = false,
         budget: ComputeBudget = .unbounded, computeTime: CoreMetrics.Timer? = nil) {
        self.budget = budget
        self.computeTime = computeTime
        self.hotCache = hotCache
        self.persistContent = persistContent
        self.store = store
        self.pool = pool
        self.counters = counters
        self.logger = logger
    }

    /// Counts `count` lookups answered from memory (found with `hotCache.get`).
    func countMemoryHits(_ count: Int) {
        guard count > 0 else { return }
        counters.hitsMemory.add(count, ordering: .relaxed)
    }

    /// The snapshot that the hot cache did not have, and where it was found: the store, or
    /// computed. Callers that miss together share one store read and at most one
    /// computation: the caller whose load it was reports where it found the snapshot, the
    /// others `memory` (``sharedSource(_:isShared:)``).
    ///
    /// - Throws: ``SnapshotFailure`` `cannotLayOut` when the scheme cannot be laid out in
    ///   this environment; `store` when the store cannot be read; `stopping`.
    func load(_ target: SnapshotTarget) async throws(SnapshotFailure) -> (EncodedSnapshot, WireSnapshot.Source) {
        let ((payload, found), isShared) = try await inFlight.run(target.key) { [self] in await loadOnce(target) }
        let source = Self.sharedSource(found, isShared: isShared)
        counters.record(source)
        return (payload, source)
    }

    /// Where a lookup's snapshot came from, for its answer and the counters: a lookup that
    /// shared another's load (the same key in flight from any client, or asked for again in
    /// one batch) got it from that load's result in memory, as it would have a moment
    /// later from the hot cache. So one computation is one miss, however many wait for it
    /// (`docs/protocol.md` §5).
    static func sharedSource(_ source: WireSnapshot.Source, isShared: Bool) -> WireSnapshot.Source {
        isShared ? .memory : source
    }

    /// ``sharedSource(_:isShared:)`` applied to a result.
    private static func shared(_ result: Result<(EncodedSnapshot, WireSnapshot.Source), SnapshotFailure>,
                               isShared: Bool) -> Result<(EncodedSnapshot, WireSnapshot.Source), SnapshotFailure> {
        guard isShared else { return result }
        return result.map { ($0.0, .memory) }
    }

    /// The snapshots of many targets (a batch's misses), in their order, each with where it
    /// was found: memory, the store (one read for all), or computed. Those no other caller
    /// is loading are computed together, split in one piece per compute thread, so that a
    /// page of misses costs a few hops to the threads rather than one per cell; the others
    /// wait for the loads under way, and a target given twice for its first (those report
    /// `memory`: ``sharedSource(_:isShared:)``).
    func load(_ targets: [SnapshotTarget]) async -> [Result<(EncodedSnapshot, WireSnapshot.Source), SnapshotFailure>] {
        let outcomes = await inFlight.run(targets.map(\.key), missing: .stopping) { [self] claimed in
            await loadTogether(claimed.map { targets[$0] })
        }
        let results = outcomes.map { Self.shared($0.result, isShared: $0.isShared) }
        for result in results {
            if case .success(let (_, source)) = result { counters.record(source) }
        }
        return results
    }

    /// ``load(_:)-([SnapshotTarget])`` without Swift's cooperative pool, for a batch whose
    /// misses need no store (the caller's content, not persisted) and that no other caller is
    /// loading: they are claimed at once, computed on the compute threads (one piece per
    /// thread), and `done` is called with their results in order, on the thread that
    /// finished last (or on the caller's, when memory had them all after all). On one core, the hops to the pool and back cost as much as a fifth of a cold
    /// page.
    ///
    /// - Returns: False, with nothing claimed or called, when it cannot: the caller then
    ///   takes ``load(_:)-([SnapshotTarget])``.
    func loadDirectly(_ targets: [SnapshotTarget],
                      done: @escaping @Sendable ([Result<(EncodedSnapshot, WireSnapshot.Source), SnapshotFailure>]) -> Void) -> Bool {
        guard !targets.contains(where: { isStored($0.key) }), let claim = inFlight.claimAll(targets.map(\.key), missing: .stopping) else { return false }
        // The target of each claimed key; memory once more (a flight that ended between the
        // caller's miss and this claim has just filled it); the rest in pieces, one per
        // compute thread.
        var claimed = [SnapshotTarget?](repeating: nil, count: claim.keys.count)
        for (target, position) in zip(targets, claim.positions) where claimed[position] == nil { claimed[position] = target }
        let distinct = claimed.map { $0! }
        var initial = [Result<(EncodedSnapshot, WireSnapshot.Source), SnapshotFailure>](repeating: .failure(.stopping), count: distinct.count)
        var missing: [Int] = []
        for (index, target) in distinct.enumerated() {
            if let payload = hotCache.get(target.key) { initial[index] = .success((payload, .memory)) } else { missing.append(index) }
        }
        let finish = { @Sendable [self] (results: [Result<(EncodedSnapshot, WireSnapshot.Source), SnapshotFailure>]) in
            inFlight.fulfill(claim, with: results)
            let answers = zip(claim.positions, claim.repeats).map { Self.shared(results[$0], isShared: $1) }
            for answer in answers {
                if case .success(let (_, source)) = answer { counters.record(source) }
            }
            done(answers)
        }
        guard !missing.isEmpty else {
            finish(initial)
            return true
        }
        let pieceSize = (missing.count + pool.width - 1) / pool.width
        let pieces = stride(from: 0, to: missing.count, by: pieceSize).map { Array(missing[$0 ..< min($0 + pieceSize, missing.count)]) }
        let gathered = Mutex((results: initial, piecesLeft: pieces.count))
        for piece in pieces {
            // A piece takes the turn of its first item's scheme.
            pool.submit(lane: distinct[piece[0]].scheme.name) { [self] isActive in
                var results: [(Int, Result<(EncodedSnapshot, WireSnapshot.Source), SnapshotFailure>)] = []
                results.reserveCapacity(piece.count)
                for index in piece {
                    guard isActive else {
                        results.append((index, .failure(.stopping)))
                        continue
                    }
                    switch self.compute(distinct[index]) {
                    case .success(let (payload, _)):
                        DaemonCounters.increment(counters.computations)
                        hotCache.insert(payload, for: distinct[index].key)
                        results.append((index, .success((payload, .computed))))
                    case .failure(let failure):
                        results.append((index, .failure(failure)))
                    }
                }
                // Every piece reports, whatever it met: the last one fulfills the claim, which
                // other callers of its keys wait for.
                let finished = gathered.withLock { gathered -> [Result<(EncodedSnapshot, WireSnapshot.Source), SnapshotFailure>]? in
                    for (index, result) in results { gathered.results[index] = result }
                    gathered.piecesLeft -= 1
                    return gathered.piecesLeft == 0 ? gathered.results : nil
                }
                if let finished { finish(finished) }
            }
        }
        return true
    }

    /// ``load(_:)-([SnapshotTarget])`` for the targets claimed, in their order: memory, then
    /// one store read, then the rest computed in pieces across the compute threads.
    private func loadTogether(_ targets: [SnapshotTarget]) async -> [Result<(EncodedSnapshot, WireSnapshot.Source), SnapshotFailure>] {
        var results = [Result<(EncodedSnapshot, WireSnapshot.Source), SnapshotFailure>](repeating: .failure(.stopping), count: targets.count)
        var missing: [Int] = []
        for (index, target) in targets.enumerated() {
            if let payload = hotCache.get(target.key) { results[index] = .success((payload, .memory)) } else { missing.append(index) }
        }
        let storedKeys = missing.map { targets[$0].key }.filter(isStored)
        if !storedKeys.isEmpty {
            do {
                let stored = try await store.snapshots(for: storedKeys)
                missing.removeAll { index in
                    let key = targets[index].key
                    guard let found = stored[key], let payload = EncodedSnapshot(storedPayload: Array(found.payload)) else { return false }
                    hotCache.insert(payload, for: key)
                    results[index] = .success((payload, .store))
                    return true
                }
            } catch {
                let failure = SnapshotFailure.store(error, doing: "reading \(storedKeys.count) snapshots")
                for index in missing where isStored(targets[index].key) { results[index] = .failure(failure) }
                missing.removeAll { isStored(targets[$0].key) }
            }
        }
        guard !missing.isEmpty else { return results }
        let pieceSize = (missing.count + pool.width - 1) / pool.width
        let pieces = stride(from: 0, to: missing.count, by: pieceSize).map { Array(missing[$0 ..< min($0 + pieceSize, missing.count)]) }
        let computePiece = { @Sendable [pool] (piece: [Int]) async -> [(Int, Result<(EncodedSnapshot, Duration), SnapshotFailure>)] in
            let outcome = await pool.run(lane: targets[piece[0]].scheme.name) { piece.map { ($0, self.compute(targets[$0])) } }
            return (try? outcome.get()) ?? piece.map { ($0, .failure(.stopping)) }
        }
        // One piece (one compute thread, or a small batch) needs no child task to wait for.
        let computed = pieces.count == 1 ? await computePiece(pieces[0]) : await withTaskGroup(of: [(Int, Result<(EncodedSnapshot, Duration), SnapshotFailure>)].self) { group in
            for piece in pieces {
                group.addTask { await computePiece(piece) }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        var toStore: [StoredSnapshot] = []
        for (index, result) in computed {
            let key = targets[index].key
            switch result {
            case .success(let (payload, duration)):
                DaemonCounters.increment(counters.computations)
                if isStored(key) {
                    toStore.append(StoredSnapshot(key: key, payload: Data(payload.payload), computeTime: duration))
                }
                hotCache.insert(payload, for: key)
                results[index] = .success((payload, .computed))
            case .failure(let failure):
                results[index] = .failure(failure)
            }
        }
        if !toStore.isEmpty {
            do {
                _ = try await store.store(toStore)
            } catch {
                // The answers are good; only the cache could not keep them. Serve them, and say so.
                logger.error("Computed snapshots could not be stored", metadata: ["cgl.count": "\(toStore.count)", "cgl.error": "\(error)"])
            }
        }
        return results
    }

    /// Whether the snapshots of `key` live in the store as well as in memory.
    func isStored(_ key: SnapshotKey) -> Bool {
        key.hasDefaultContent || persistContent
    }

    /// Memory first: a flight for this key that ended between the caller's miss and this
    /// one's start has just filled it. Then the store, then computing.
    private func loadOnce(_ target: SnapshotTarget) async -> Result<(EncodedSnapshot, WireSnapshot.Source), SnapshotFailure> {
        if let payload = hotCache.get(target.key) { return .success((payload, .memory)) }
        guard isStored(target.key) else { return await computeAndStore(target).map { ($0, .computed) } }
        do {
            if let stored = try await store.snapshot(for: target.key), let payload = EncodedSnapshot(storedPayload: Array(stored.payload)) {
                hotCache.insert(payload, for: target.key)
                return .success((payload, .store))
            }
        } catch {
            return .failure(.store(error, doing: "reading the snapshot of '\(target.scheme.name)'"))
        }
        return await computeAndStore(target).map { ($0, .computed) }
    }

    private func computeAndStore(_ target: SnapshotTarget) async -> Result<EncodedSnapshot, SnapshotFailure> {
        let computed = await pool.run(lane: target.scheme.name) { self.compute(target) }
        guard case .success(.success(let (payload, duration))) = computed else {
            return computed.mapError { _ in SnapshotFailure.stopping }.flatMap { $0 }.map(\.0)
        }
        DaemonCounters.increment(counters.computations)
        guard isStored(target.key) else {
            hotCache.insert(payload, for: target.key)
            return .success(payload)
        }
        do {
            _ = try await store.store([StoredSnapshot(key: target.key, payload: Data(payload.payload), computeTime: duration)])
        } catch {
            // The answer is good; only the cache could not keep it. Serve it, and say so.
            logger.error("A computed snapshot could not be stored", metadata: ["cgl.scheme": "\(target.scheme.name)", "cgl.error": "\(error)"])
        }
        hotCache.insert(payload, for: target.key)
        return .success(payload)
    }

    /// Computes and encodes a snapshot, on the calling thread.
    func compute(_ target: SnapshotTarget) -> Result<(EncodedSnapshot, Duration), SnapshotFailure> {
        let clock = ContinuousClock()
        let start = clock.now
        let (scheme, environment) = (target.scheme, target.environment.environment)
        let budget = self.budget
        // Work queued before the stop began, and run after it: no one will read it.
        guard !budget.isStopping else { return .failure(.stopping) }
        let outcome = budget.run { () -> Result<DocumentSnapshot, SnapshotError> in
            // The content was checked, normalized and digested when the lookup was resolved.
            Result { () throws(SnapshotError) -> DocumentSnapshot in
                try scheme.compiled.snapshot(for: environment, checkedContent: target.content, digest: target.key.contentDigest)
            }
        }
        switch outcome {
        case .success(let snapshot):
            let encoded = EncodedSnapshot(WireSnapshot(snapshot, source: .computed))
            let elapsed = clock.now - start
            computeTime?.recordNanoseconds(Int64(elapsed.seconds * 1e9))
            return .success((encoded, elapsed))
        case .failure(.abandoned(.cancelled)):
            return .failure(.stopping)
        case .failure(let error):
            let content = target.content.values.isEmpty ? "" : " with the content \(target.key.contentDigest)"
            let what = "the scheme '\(scheme.name)' for \(Self.describe(environment))\(content)"
            if case .abandoned(.deadlinePassed) = error {
                return .failure(.overBudget("computing \(what) took longer than \(budget.limit.seconds) s (limits.computeSeconds); it was abandoned"))
            }
            return .failure(.cannotLayOut("the scheme '\(scheme.name)' cannot be laid out for \(Self.describe(environment))\(content): \(error)"))
        }
    }

    /// `profile 'phone-portrait' (rtl)` or `390×844`, for messages.
    static func describe(_ environment: LayoutEnvironment) -> String {
        let place = environment.profile.map { "the profile '\($0)'" } ?? "\(environment.width)×\(environment.height)"
        return "\(place) (\(environment.direction.documentName))"
    }
}
