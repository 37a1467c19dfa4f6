/// The daemon's counters, as `stats` reports them: an open list of named numbers, so
/// that counters can be added without a new protocol version.
///
/// Clients print what they receive and must accept keys they do not know. The keys a
/// v1 server sends are the constants of ``Key``; `docs/protocol.md` defines each.
public struct WireStats: Sendable, Hashable {
    /// One counter.
    public struct Entry: Sendable, Hashable {
        /// A dot-namespaced name, such as `hits.memory`.
        public var key: String
        /// The counter's value (a count, bytes, seconds or a ratio, by key).
        public var value: Double

        /// A counter.
        public init(key: String, value: Double) {
            self.key = key
            self.value = value
        }
    }

    /// The keys a v1 server reports (`docs/protocol.md`, "stats").
    public enum Key {
        /// Registered schemes.
        public static let schemes = "schemes"
        /// Snapshots in the durable store.
        public static let snapshotsStored = "snapshots.stored"
        /// Lookups answered with a snapshot since the daemon started.
        public static let lookups = "lookups"
        /// Lookups answered from the in-memory cache.
        public static let hitsMemory = "hits.memory"
        /// Lookups answered from the durable store.
        public static let hitsStore = "hits.store"
        /// Lookups answered by computing the snapshot.
        public static let misses = "misses"
        /// `(hits.memory + hits.store) / lookups`, 0 before the first lookup.
        public static let hitRate = "hitRate"
        /// Bytes held by the in-memory cache.
        public static let memoryBytes = "memory.bytes"
        /// The bound on the in-memory cache, in bytes.
        public static let memoryLimit = "memory.limit"
        /// Bytes of the database on disk.
        public static let databaseBytes = "database.bytes"
        /// Seconds since the daemon started.
        public static let uptimeSeconds = "uptime.seconds"
        /// Client connections open now, this one included.
        public static let connectionsOpen = "connections.open"
        /// Prewarm requests running now.
        public static let prewarmRunning = "prewarm.running"

        /// Every key above, in the order a server reports them.
        public static let all = [
            schemes, snapshotsStored, lookups, hitsMemory, hitsStore, misses, hitRate,
            memoryBytes, memoryLimit, databaseBytes, uptimeSeconds, connectionsOpen, prewarmRunning,
        ]
    }

    /// The counters, in the order the server sent them.
    public var entries: [Entry]

    /// Counters.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The value of the first counter called `key`, if any.
    public subscript(key: String) -> Double? {
        entries.first { $0.key == key }?.value
    }
}

extension WireStats.Entry: WireCodable {
    static var minimumEncodedSize: Int { 4 + 8 }

    func write(to writer: inout ByteWriter) {
        writer.write(key)
        writer.write(value)
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        self.init(key: try reader.readString("a counter's key"), value: try reader.readDouble("a counter's value"))
    }
}

extension WireStats: WireCodable {
    static var minimumEncodedSize: Int { 4 }

    func write(to writer: inout ByteWriter) {
        writer.write(list: entries)
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        self.init(entries: try reader.readList(of: Entry.self, "the counters"))
    }
}
