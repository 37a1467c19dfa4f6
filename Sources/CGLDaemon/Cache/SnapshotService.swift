import CGLBridge
import CGLDocument
import CGLStore
import CGLWire
import CGLayout
import Foundation
import Logging

/// Finds the snapshot of a scheme for an environment and content: in memory
/// (``cached(_:)``, on the event loop), else in the store, else by computing it
/// (``load(_:)``, once per key however many ask at the same time), storing it and keeping
/// it in memory.
///
/// Snapshots of the caller's content are kept in memory only, unless ``persistContent``:
/// content is unbounded by nature, and those snapshots are a cache of a cache.
final class SnapshotService: Sendable {
    let hotCache: HotCache
    /// Whether snapshots of the caller's content are stored too (`cache.persistContent`).
    let persistContent: Bool
    private let store: any SchemeStore
    private let pool: ComputePool
    private let counters: DaemonCounters
    private let logger: Logger
    private let inFlight = SingleFlight<SnapshotKey, (EncodedSnapshot, WireSnapshot.Source), SnapshotFailure>()

    init(hotCache: HotCache, store: any SchemeStore, pool: ComputePool, counters: DaemonCounters, logger: Logger, persistContent: Bool = false) {
        self.hotCache = hotCache
        self.persistContent = persistContent
        self.store = store
        self.pool = pool
        self.counters = counters
        self.logger = logger
    }

    /// The snapshot in memory, counted as a memory hit; nil on a miss (not counted: the
    /// ``load(_:)`` that follows counts it).
    func cached(_ key: SnapshotKey) -> EncodedSnapshot? {
        guard let payload = hotCache.get(key) else { return nil }
        DaemonCounters.increment(counters.hitsMemory)
        return payload
    }

    /// The snapshot that ``cached(_:)`` did not find, and where it was found: the store, or
    /// computed. Callers that miss together share one store read and at most one
    /// computation.
    ///
    /// - Throws: ``SnapshotFailure`` `cannotLayOut` when the scheme cannot be laid out in
    ///   this environment; `store` when the store cannot be read; `stopping`.
    func load(_ target: SnapshotTarget) async throws(SnapshotFailure) -> (EncodedSnapshot, WireSnapshot.Source) {
        let (payload, source) = try await inFlight.run(target.key) { [self] in await loadOnce(target) }
        counters.record(source)
        return (payload, source)
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
        let computed = await pool.run { Self.compute(target) }
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
    static func compute(_ target: SnapshotTarget) -> Result<(EncodedSnapshot, Duration), SnapshotFailure> {
        let clock = ContinuousClock()
        let start = clock.now
        let (scheme, environment) = (target.scheme, target.environment.environment)
        do {
            // The content was checked against the configured limits when it was resolved.
            let snapshot = try scheme.compiled.snapshot(for: environment, content: target.content, limits: .unchecked)
            return .success((EncodedSnapshot(WireSnapshot(snapshot, source: .computed)), clock.now - start))
        } catch {
            let content = target.content.values.isEmpty ? "" : " with the content \(target.key.contentDigest)"
            return .failure(.cannotLayOut("the scheme '\(scheme.name)' cannot be laid out for \(describe(environment))\(content): \(error)"))
        }
    }

    /// `profile 'phone-portrait' (rtl)` or `390×844`, for messages.
    static func describe(_ environment: LayoutEnvironment) -> String {
        let place = environment.profile.map { "the profile '\($0)'" } ?? "\(environment.width)×\(environment.height)"
        return "\(place) (\(environment.direction.documentName))"
    }
}
