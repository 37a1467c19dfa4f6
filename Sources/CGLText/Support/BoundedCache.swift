import Synchronization

/// A thread-safe cache bounded in bytes, for values that are costly to make and cheap to
/// keep: shaped words, prepared paragraphs, measurements.
///
/// Keys spread over shards, each behind its own lock, so concurrent snapshots rarely wait
/// for each other. Each shard keeps two generations: entries go into the current one, a hit
/// in the previous one moves the entry forward, and when the current generation fills half
/// the shard's budget the previous one is dropped whole. That approximates least-recently-used
/// eviction without a list to maintain on every hit.
/// A cache key that carries a hash computed once, which picks its shard without hashing the
/// key again (`Hasher` showed in profiles of paragraph preparation).
protocol CacheKey: Hashable, Sendable {
    var shardHash: Int { get }
}

final class BoundedCache<Key: CacheKey, Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        var cost: Int
    }

    private struct Shard {
        var current: [Key: Entry] = [:]
        var previous: [Key: Entry] = [:]
        var currentBytes = 0
        var previousBytes = 0
    }

    private static var shardCount: Int { 16 }

    /// The most bytes the cache holds (keys, values and bookkeeping, as the callers count them).
    let capacity: Int
    /// A shard behind its lock (a class, as locks cannot be copied into an array).
    private final class LockedShard: Sendable {
        let lock = Mutex(Shard())
    }

    private let shards: [LockedShard]
    private let counters = CacheCounters()

    init(capacity: Int) {
        self.capacity = max(capacity, 0)
        shards = (0..<Self.shardCount).map { _ in LockedShard() }
    }

    /// The cached value for `key`, or `nil`.
    func value(for key: Key) -> Value? {
        let found = shard(for: key).lock.withLock { shard -> Value? in
            if let entry = shard.current[key] { return entry.value }
            guard let entry = shard.previous.removeValue(forKey: key) else { return nil }
            shard.previousBytes -= entry.cost
            insert(key, entry, into: &shard)
            return entry.value
        }
        counters.count(hit: found != nil)
        return found
    }

    /// The cached value for `key`, made by `make` on a miss. Two threads missing at once may
    /// both make it; both get equal values, as `make` must be a pure function of the key.
    func value(for key: Key, cost: (Value) -> Int, make: () throws -> Value) rethrows -> Value {
        if let cached = value(for: key) { return cached }
        let made = try make()
        store(made, for: key, cost: cost(made))
        return made
    }

    /// Stores `value` for `key`, costing `cost` bytes; one larger than a shard's half is not kept.
    func store(_ value: Value, for key: Key, cost: Int) {
        let entry = Entry(value: value, cost: max(cost, 1))
        shard(for: key).lock.withLock { shard in
            if let replaced = shard.current.removeValue(forKey: key) { shard.currentBytes -= replaced.cost }
            if let replaced = shard.previous.removeValue(forKey: key) { shard.previousBytes -= replaced.cost }
            insert(key, entry, into: &shard)
        }
    }

    /// Drops every entry.
    func removeAll() {
        for shard in shards { shard.lock.withLock { $0 = Shard() } }
    }

    /// Hits, misses, entries and bytes held now.
    var statistics: CacheStatistics {
        var statistics = counters.snapshot
        for shard in shards {
            shard.lock.withLock { shard in
                statistics.entries += shard.current.count + shard.previous.count
                statistics.bytes += shard.currentBytes + shard.previousBytes
            }
        }
        statistics.capacity = capacity
        return statistics
    }

    private func shard(for key: Key) -> LockedShard {
        shards[Int(UInt(bitPattern: key.shardHash) % UInt(Self.shardCount))]
    }

    private func insert(_ key: Key, _ entry: Entry, into shard: inout Shard) {
        let half = capacity / Self.shardCount / 2
        guard entry.cost <= half else { return }
        if shard.currentBytes + entry.cost > half {
            counters.countEvictions(shard.previous.count)
            shard.previous = shard.current
            shard.previousBytes = shard.currentBytes
            shard.current = [:]
            shard.currentBytes = 0
        }
        shard.current[key] = entry
        shard.currentBytes += entry.cost
    }
}

/// How a cache has done.
public struct CacheStatistics: Sendable, Hashable {
    public var hits = 0
    public var misses = 0
    public var evictions = 0
    public var entries = 0
    public var bytes = 0
    public var capacity = 0

    public init() {}
}

private final class CacheCounters: Sendable {
    private let hits = Atomic<Int>(0)
    private let misses = Atomic<Int>(0)
    private let evictions = Atomic<Int>(0)

    func count(hit: Bool) {
        if hit { hits.wrappingAdd(1, ordering: .relaxed) } else { misses.wrappingAdd(1, ordering: .relaxed) }
    }

    func countEvictions(_ count: Int) {
        evictions.wrappingAdd(count, ordering: .relaxed)
    }

    var snapshot: CacheStatistics {
        var statistics = CacheStatistics()
        statistics.hits = hits.load(ordering: .relaxed)
        statistics.misses = misses.load(ordering: .relaxed)
        statistics.evictions = evictions.load(ordering: .relaxed)
        return statistics
    }
}
