import CGLDocument
import CGLFleet
import CGLStore
import Logging

/// The daemon's request path, wired in one place: the registry, the snapshot service (with
/// the hot cache), the environment resolver, the prewarmer and the counters over one store
/// and one compute pool, and the request handler over them. `Daemon` serves it; its tests'
/// fixture and the benchmarks' probe of the warm lookup make it the same way.
///
/// The parts that serving, reloads and `/metrics` use are here, not reached through the
/// handler, which holds only what answering needs.
struct RequestPath: Sendable {
    let store: SQLiteSchemeStore
    let counters: DaemonCounters
    let registry: SchemeRegistry
    let snapshots: SnapshotService
    let resolver: EnvironmentResolver
    let prewarmer: Prewarmer
    /// What `/metrics` reports.
    let metrics: DaemonMetrics
    private let configuration: DaemonConfiguration

    /// The parts, nothing read yet (``SchemeRegistry/loadFromStore()`` is the caller's).
    ///
    /// - Parameters:
    ///   - shared: The fleet's shared registry, on a host of a fleet.
    ///   - configuration: The limits, the hot cache's size, the prewarm directions, whether
    ///     content snapshots persist.
    ///   - budget: What one computation may take.
    ///   - validationBudget: What reading one document may take; by default `budget`.
    init(store: SQLiteSchemeStore, shared: PostgresRegistry? = nil, pool: ComputePool, profiles: ProfileSet, configuration: DaemonConfiguration,
         budget: ComputeBudget, validationBudget: ComputeBudget? = nil, logger: Logger) {
        self.store = store
        self.configuration = configuration
        counters = DaemonCounters()
        registry = SchemeRegistry(store: store, shared: shared,
                                  parser: DocumentParser(pool: pool, limits: configuration.limits.document, budget: validationBudget ?? budget,
                                                         profiles: profiles),
                                  logger: logger)
        metrics = DaemonMetrics(fleet: shared != nil)
        snapshots = SnapshotService(hotCache: HotCache(limit: configuration.cacheMemoryBytes), store: store, pool: pool, counters: counters,
                                    logger: logger, persistContent: configuration.persistContent, budget: budget,
                                    computeTime: metrics.computeTime)
        resolver = EnvironmentResolver(profiles: profiles, prewarmDirections: configuration.prewarmDirections)
        prewarmer = Prewarmer(store: store, snapshots: snapshots, pool: pool, counters: counters, logger: logger)
    }

    /// The request handler over these parts.
    ///
    /// - Parameters:
    ///   - fleet: The mirror of the fleet's shared registry; nil on a single host.
    ///   - isStopping: Whether graceful shutdown has begun (new prewarms are refused).
    func handler(fleet: RegistrySync? = nil, isStopping: @escaping @Sendable () -> Bool, logger: Logger) -> RequestHandler {
        RequestHandler(registry: registry, snapshots: snapshots, resolver: resolver, prewarmer: prewarmer, store: store, counters: counters,
                       fleet: fleet,
                       contentLimits: Content.Limits(maximumTextBytes: configuration.limits.maximumContentTextBytes),
                       maximumBatchItems: configuration.limits.maximumBatchItems, isStopping: isStopping, logger: logger)
    }
}
