import CGLBridge
public import CGLValues
package import CGLWire
public import Foundation

/// A registered scheme, as `list` describes it.
public struct SchemeInfo: Sendable, Hashable {
    /// The scheme's name.
    public var name: String
    /// The content hash of its document (`sha256:…`).
    public var hash: String
    /// How many elements it lays out.
    public var elementCount: Int
    /// When the name was registered: kept when it is registered again, forgotten when it
    /// is unregistered (a name registered after that is registered anew).
    public var registeredAt: Date
    /// When its document last changed.
    public var updatedAt: Date

    package init(_ wire: WireSchemeInfo) {
        name = wire.name
        hash = wire.hash
        elementCount = Int(wire.elementCount)
        registeredAt = Date(timeIntervalSince1970: wire.registeredAt)
        updatedAt = Date(timeIntervalSince1970: wire.updatedAt)
    }
}

/// What registering a document did.
public struct Registration: Sendable, Hashable {
    /// Whether the name is new, its document changed, or it was registered with the same
    /// content already.
    public enum Outcome: String, Sendable, Hashable {
        case created, updated, unchanged
    }

    /// The scheme's name (the document's `name`).
    public var name: String
    /// The content hash of the document (`sha256:…`).
    public var hash: String
    public var outcome: Outcome
    /// The document's warnings (an invalid document is an error, not a registration).
    public var warnings: [DocumentIssue]

    package init(_ wire: WireRegistration) {
        name = wire.name
        hash = wire.hash
        outcome = switch wire.outcome {
        case .created: .created
        case .updated: .updated
        case .unchanged: .unchanged
        }
        warnings = wire.warnings.map(DocumentIssue.init)
    }
}

/// The daemon's counters (`docs/protocol.md`, "stats"): named numbers, in the order the
/// daemon sent them; keys may be added by later daemons.
public struct Stats: Sendable, Hashable {
    /// One counter.
    public struct Entry: Sendable, Hashable {
        /// A dot-namespaced name, such as `hits.memory`.
        public var key: String
        /// A count, bytes, seconds or a ratio, by key.
        public var value: Double
    }

    /// Every counter, in the daemon's order.
    public var entries: [Entry]

    /// The value of `key`, when the daemon sent it.
    public subscript(key: String) -> Double? { entries.first { $0.key == key }?.value }

    package init(_ wire: WireStats) {
        entries = wire.entries.map { Entry(key: $0.key, value: $0.value) }
    }
}

/// How far a running prewarm is.
public struct PrewarmProgress: Sendable, Hashable {
    /// (scheme, environment) pairs finished so far, however they finished.
    public var done: Int
    /// Pairs the prewarm covers.
    public var total: Int
    /// The scheme whose snapshots were just finished.
    public var scheme: String

    package init(_ wire: WirePrewarmProgress) {
        done = Int(wire.done)
        total = Int(wire.total)
        scheme = wire.scheme
    }
}

/// What a prewarm did: `computed + alreadyCached + failed + cancelled` is its total.
public struct PrewarmSummary: Sendable, Hashable {
    /// Pairs computed and stored by this prewarm (or the identical one it joined).
    public var computed: Int
    /// Pairs stored already (snapshots are shared by content).
    public var alreadyCached: Int
    /// Pairs that could not be computed (the daemon logs why).
    public var failed: Int
    /// Pairs never computed because the prewarm was cut short: the daemon was stopping.
    /// (A daemon older than protocol 3 counts them as failed.)
    public var cancelled: Int
    /// How long it took, in seconds.
    public var seconds: Double

    /// How long it took.
    public var duration: Duration { .seconds(seconds.isFinite ? min(max(seconds, 0), 1e9) : 0) }

    package init(_ wire: WirePrewarmSummary) {
        computed = Int(wire.computed)
        alreadyCached = Int(wire.alreadyCached)
        failed = Int(wire.failed)
        cancelled = Int(wire.cancelled)
        seconds = wire.seconds
    }
}
