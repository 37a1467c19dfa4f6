import CGLBridge
import CGLDocument
import CGLStore
import CGLWire
import CGLayout
import Foundation
import Logging

/// Finds the snapshot of a scheme for an environment: in memory, else in the store, else
/// by computing it (once, however many ask at the same time), storing it and caching it.
final class SnapshotService: Sendable {
    let hotCache: HotCache
    private let store: any SchemeStore
    private let pool: ComputePool
    private let counters: DaemonCounters
    private let logger: Logger
    private let inFlight = SingleFlight<SnapshotKey, ([UInt8], WireSnapshot.Source), RequestError>()

    init(hotCache: HotCache, store: any SchemeStore, pool: ComputePool, counters: DaemonCounters, logger: Logger) {
        self.hotCache = hotCache
        self.store = store
        self.pool = pool
        self.counters = counters
        self.logger = logger
    }

    /// The cache key of a scheme's snapshot for an environment.
    static func key(_ scheme: RegisteredScheme, _ environment: ResolvedEnvironment) -> SnapshotKey {
        SnapshotKey(schemeHash: scheme.hash, engineVersion: SnapshotVersion.current, environmentKey: environment.key)
    }

    /// The payload in memory, counted as a memory hit; nil on a miss (not counted).
    func cached(_ key: SnapshotKey) -> [UInt8]? {
        guard let payload = hotCache.get(key) else { return nil }
        DaemonCounters.increment(counters.hitsMemory)
        return payload
    }

    /// The encoded snapshot and where it was found, looking in memory, the store, then
    /// computing it.
    ///
    /// Everything after the memory check runs once per key at a time: callers that miss
    /// together share one store read and at most one computation.
    ///
    /// - Throws: `RequestError` `invalidEnvironment` when the scheme cannot be laid out in
    ///   this environment; `internal` when the store cannot be read.
    func snapshot(of scheme: RegisteredScheme, for environment: ResolvedEnvironment) async throws(RequestError) -> ([UInt8], WireSnapshot.Source) {
        let key = Self.key(scheme, environment)
        if let payload = cached(key) { return (payload, .memory) }
        let (payload, source) = try await inFlight.run(key) { [self] in await load(scheme, environment, key) }
        counters.record(source)
        return (payload, source)
    }

    /// Memory again (a flight that just ended may have filled it), the store, then computing.
    private func load(_ scheme: RegisteredScheme, _ environment: ResolvedEnvironment, _ key: SnapshotKey) async -> Result<([UInt8], WireSnapshot.Source), RequestError> {
        if let payload = hotCache.get(key) { return .success((payload, .memory)) }
        do {
            if let stored = try await store.snapshot(for: key) {
                let payload = Array(stored.payload)
                hotCache.insert(payload, for: key)
                return .success((payload, .store))
            }
        } catch {
            return .failure(.storeFailed(error, doing: "reading the snapshot of '\(scheme.name)'"))
        }
        return await computeAndStore(scheme, environment, key).map { ($0, .computed) }
    }

    private func computeAndStore(_ scheme: RegisteredScheme, _ environment: ResolvedEnvironment, _ key: SnapshotKey) async -> Result<[UInt8], RequestError> {
        let computed = await pool.run { Self.compute(scheme, environment.environment) }
        guard case .success(.success(let (payload, duration))) = computed else {
            return computed.flatMap { $0 }.map(\.0)
        }
        DaemonCounters.increment(counters.computations)
        do {
            _ = try await store.store([StoredSnapshot(key: key, payload: Data(payload), computeTime: duration)])
        } catch {
            // The answer is good; only the cache could not keep it. Serve it, and say so.
            logger.error("A computed snapshot could not be stored", metadata: ["cgl.scheme": "\(scheme.name)", "cgl.error": "\(error)"])
        }
        hotCache.insert(payload, for: key)
        return .success(payload)
    }

    /// Computes and encodes a snapshot (with source `computed`), on the calling thread.
    static func compute(_ scheme: RegisteredScheme, _ environment: LayoutEnvironment) -> Result<([UInt8], Duration), RequestError> {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let snapshot = try scheme.compiled.snapshot(for: environment)
            var payload: [UInt8] = []
            WireSnapshot(snapshot, source: .computed).encode(into: &payload)
            return .success((payload, clock.now - start))
        } catch {
            return .failure(RequestError(.invalidEnvironment, "the scheme '\(scheme.name)' cannot be laid out for \(describe(environment)): \(error)"))
        }
    }

    /// `profile 'phone-portrait' (rtl)` or `390×844`, for messages.
    static func describe(_ environment: LayoutEnvironment) -> String {
        let place = environment.profile.map { "the profile '\($0)'" } ?? "\(environment.width)×\(environment.height)"
        return "\(place) (\(environment.direction.documentName))"
    }
}
