import CGLWire
import CoreMetrics
import Prometheus
import Synchronization

/// The daemon's metrics in Prometheus's text format (`docs/operations.md`, "Metrics"),
/// through swift-metrics with swift-prometheus as its backend.
///
/// Each daemon has its own collector registry (tests run many daemons in one process, and a
/// library never bootstraps the global metrics system). The warm lookup path counts in
/// ``DaemonCounters``' atomics, as it always has — no lock, no existential call per hit — and
/// a scrape publishes those counts into the registry; only computations, which take
/// microseconds anyway, record their time as they end.
final class DaemonMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    /// `cgld_compute_duration_seconds`: how long computing one snapshot took.
    let computeTime: CoreMetrics.Timer
    private let counters: [String: CoreMetrics.Counter]
    private let gauges: [String: CoreMetrics.Gauge]
    /// The counts published so far: a scrape adds what grew since.
    private let published = Mutex<[String: Int]>([:])

    /// Counters published from ``DaemonCounters`` and the cache, by their metric's key.
    private static let counterKeys: [(key: String, label: String, dimensions: [(String, String)])] = [
        ("lookups.memory", "cgld_lookups_total", [("source", "memory"), ("result", "snapshot")]),
        ("lookups.store", "cgld_lookups_total", [("source", "store"), ("result", "snapshot")]),
        ("lookups.computed", "cgld_lookups_total", [("source", "computed"), ("result", "snapshot")]),
        ("lookups.failed", "cgld_lookups_total", [("source", "none"), ("result", "error")]),
        ("computed", "cgld_snapshots_computed_total", []),
        ("references.known", "cgld_lookup_references_total", [("result", "known")]),
        ("references.unknown", "cgld_lookup_references_total", [("result", "unknown")]),
        ("evictions", "cgld_hot_cache_evictions_total", []),
        ("prewarm.targets", "cgld_prewarm_snapshots_total", []),
        ("prewarm.done", "cgld_prewarm_snapshots_done_total", []),
    ]

    private static let gaugeKeys: [(key: String, label: String)] = [
        ("cache.bytes", "cgld_hot_cache_bytes"),
        ("cache.limit", "cgld_hot_cache_limit_bytes"),
        ("cache.entries", "cgld_hot_cache_entries"),
        ("connections", "cgld_connections_open"),
        ("requests", "cgld_requests_in_flight"),
        ("prewarms", "cgld_prewarms_running"),
        ("schemes", "cgld_schemes"),
        ("uptime", "cgld_uptime_seconds"),
    ]

    /// Gauges of a host of a fleet alone.
    private static let fleetGaugeKeys: [(key: String, label: String)] = [
        ("registry.connected", "cgld_registry_connected"),
        ("registry.revision", "cgld_registry_revision"),
        ("registry.head", "cgld_registry_head_revision"),
        ("registry.lag", "cgld_registry_sync_lag_seconds"),
    ]

    /// - Parameter fleet: Whether the daemon mirrors a shared registry (its gauges exist then).
    init(fleet: Bool) {
        var factory = PrometheusMetricsFactory(registry: registry)
        // From a cached small document (a few microseconds) to one at its time budget.
        factory.durationHistogramBuckets["cgld_compute_duration_seconds"] = [
            .microseconds(10), .microseconds(25), .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500),
            .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(100),
            .milliseconds(250), .seconds(1), .seconds(10),
        ]
        self.factory = factory
        computeTime = CoreMetrics.Timer(label: "cgld_compute_duration_seconds", factory: factory)
        var counters: [String: CoreMetrics.Counter] = [:]
        for entry in Self.counterKeys {
            counters[entry.key] = CoreMetrics.Counter(label: entry.label, dimensions: entry.dimensions, factory: factory)
        }
        self.counters = counters
        var gauges: [String: CoreMetrics.Gauge] = [:]
        for entry in Self.gaugeKeys + (fleet ? Self.fleetGaugeKeys : []) {
            gauges[entry.key] = CoreMetrics.Gauge(label: entry.label, factory: factory)
        }
        self.gauges = gauges
    }

    /// The metrics as of now, in Prometheus's text format.
    ///
    /// - Parameters:
    ///   - schemes: How many schemes are registered.
    ///   - fleet: The host's standing with a fleet's shared registry, if it has one.
    func scrape(counters: DaemonCounters, cache: HotCache, schemes: Int, uptime: Double, fleet: FleetStatus.State?) -> [UInt8] {
        publish([
            "lookups.memory": counters.hitsMemory.load(ordering: .relaxed),
            "lookups.store": counters.hitsStore.load(ordering: .relaxed),
            "lookups.computed": counters.misses.load(ordering: .relaxed),
            "lookups.failed": counters.lookupFailures.load(ordering: .relaxed),
            "computed": counters.computations.load(ordering: .relaxed),
            "references.known": counters.lookupsByReference.load(ordering: .relaxed),
            "references.unknown": counters.unknownReferences.load(ordering: .relaxed),
            "evictions": cache.evictions,
            "prewarm.targets": counters.prewarmTargets.load(ordering: .relaxed),
            "prewarm.done": counters.prewarmTargetsDone.load(ordering: .relaxed),
        ])
        var values: [String: Double] = [
            "cache.bytes": Double(cache.bytes), "cache.limit": Double(cache.limit), "cache.entries": Double(cache.count),
            "connections": Double(counters.connectionsOpen.load(ordering: .relaxed)),
            "requests": Double(counters.requestsInFlight.load(ordering: .relaxed)),
            "prewarms": Double(counters.prewarmsRunning.load(ordering: .relaxed)),
            "schemes": Double(schemes), "uptime": uptime,
        ]
        if let fleet {
            values["registry.connected"] = fleet.connected ? 1 : 0
            values["registry.revision"] = Double(fleet.mirrorRevision)
            values["registry.head"] = Double(fleet.headRevision)
            // How long the mirror has been behind what the host has heard of; 0 when current.
            values["registry.lag"] = fleet.mirrorRevision >= fleet.headRevision ? 0 : fleet.syncedAt.map { (ContinuousClock.now - $0).seconds } ?? -1
        }
        for (key, value) in values { gauges[key]?.record(value) }
        return registry.emitToBuffer()
    }

    /// Adds to each counter what its count grew by since the last scrape.
    private func publish(_ counts: [String: Int]) {
        published.withLock { published in
            for (key, count) in counts {
                let grown = count - (published[key] ?? 0)
                if grown > 0 { counters[key]?.increment(by: Int64(grown)) }
                published[key] = max(count, published[key] ?? 0)
            }
        }
    }
}
