import Foundation
public import Logging
public import CGLDocument

/// Everything `cgld` can be configured with: where it listens and stores, what it loads and
/// prewarms at start, and the limits it enforces.
///
/// The memberwise defaults are the embedded configuration: the socket and the database
/// under `./.cgld/`, the documents of `config/schemes.d/`, the built-in profiles.
/// ``init(config:)`` reads the same values from swift-configuration providers
/// (`config/README.md` documents every key).
public struct DaemonConfiguration: Sendable, Hashable {
    /// The Unix socket clients connect to.
    public var socketPath: String
    /// The permissions of the socket file (who may connect), such as `0o660`.
    public var socketMode: UInt16
    /// The SQLite database file; `:memory:` keeps everything in memory (nothing survives a restart).
    public var databasePath: String
    /// A folder whose `*.json` documents are registered at start and at each reload; `nil`
    /// registers none.
    public var schemesDirectory: String?
    /// Whether a reload unregisters the documents that came from ``schemesDirectory`` and
    /// whose file is gone. Documents registered over the socket are never dropped.
    public var schemesDropRemoved: Bool
    /// A profiles file (`config/profiles.json` format); `nil` uses the built-in profiles.
    public var profilesFile: String?
    /// Whether every registered scheme is prewarmed in the background at start.
    public var prewarmAtStart: Bool
    /// The directions every profile is prewarmed in; `nil` stands for the profile's own.
    public var prewarmDirections: [PrewarmDirection]
    /// The bound of the in-memory snapshot cache, in bytes.
    public var cacheMemoryBytes: Int
    /// Whether snapshots of the caller's content are stored in the database too; off, they
    /// live in the in-memory cache alone (content is unbounded by nature). The snapshots of
    /// the documents' own content are always stored.
    public var persistContent: Bool
    /// Threads that compute snapshots (and parse documents); 0 means one per core.
    public var workers: Int
    /// Threads that serve the connections (SwiftNIO event loops); 0 means one per four
    /// cores, at least one. A loop answers warm lookups without computing, so one serves
    /// well over 100,000 a second; more help only with many busy clients on many cores, and
    /// on a small machine they compete with the clients for the cores.
    public var eventLoops: Int
    /// What one client may cost the daemon.
    public var limits: Limits
    /// Who may read and who may administer.
    public var authorization: AuthorizationConfiguration
    /// Where the registry of documents lives: this host's database, or a fleet's PostgreSQL.
    public var registry: RegistryConfiguration
    /// Where `/metrics` is served over HTTP (Prometheus's text format); nil serves none.
    public var metricsAddress: MetricsAddress?
    /// The least severe level logged; the daemon's `Logger` is made by `cgld`, which applies it.
    public var logLevel: Logger.Level

    /// A configuration; every value has the embedded default.
    public init(
        socketPath: String = ".cgld/cgld.sock",
        socketMode: UInt16 = 0o660,
        databasePath: String = ".cgld/cgld.sqlite",
        schemesDirectory: String? = "config/schemes.d",
        schemesDropRemoved: Bool = true,
        profilesFile: String? = nil,
        prewarmAtStart: Bool = true,
        prewarmDirections: [PrewarmDirection] = [.leftToRight, .rightToLeft],
        cacheMemoryBytes: Int = 64 * 1024 * 1024,
        persistContent: Bool = false,
        workers: Int = 0,
        eventLoops: Int = 0,
        limits: Limits = Limits(),
        authorization: AuthorizationConfiguration = AuthorizationConfiguration(),
        registry: RegistryConfiguration = RegistryConfiguration(),
        metricsAddress: MetricsAddress? = nil,
        logLevel: Logger.Level = .info
    ) {
        self.socketPath = socketPath
        self.socketMode = socketMode
        self.databasePath = databasePath
        self.schemesDirectory = schemesDirectory
        self.schemesDropRemoved = schemesDropRemoved
        self.profilesFile = profilesFile
        self.prewarmAtStart = prewarmAtStart
        self.prewarmDirections = prewarmDirections
        self.cacheMemoryBytes = cacheMemoryBytes
        self.persistContent = persistContent
        self.workers = workers
        self.eventLoops = eventLoops
        self.limits = limits
        self.authorization = authorization
        self.registry = registry
        self.metricsAddress = metricsAddress
        self.logLevel = logLevel
    }

    /// The compute threads ``workers`` stands for on this machine.
    public var resolvedWorkers: Int {
        workers > 0 ? workers : ProcessInfo.processInfo.activeProcessorCount
    }

    /// The event loops ``eventLoops`` stands for on this machine.
    public var resolvedEventLoops: Int {
        eventLoops > 0 ? eventLoops : max(1, ProcessInfo.processInfo.activeProcessorCount / 4)
    }

    /// The direction a profile is prewarmed in.
    public enum PrewarmDirection: String, Sendable, Hashable, CaseIterable {
        /// The profile's own direction.
        case profile
        /// Left to right, whatever the profile says.
        case leftToRight = "ltr"
        /// Right to left, whatever the profile says.
        case rightToLeft = "rtl"
    }

    /// Bounds on what clients may cost.
    public struct Limits: Sendable, Hashable {
        /// The largest frame length accepted from a client (announced in the handshake).
        public var maximumFrameSize: UInt32
        /// Client connections open at once; more are closed as soon as they are accepted.
        public var maximumConnections: Int
        /// Requests of one connection being answered at once; more are answered `busy`.
        public var maximumRequestsInFlight: Int
        /// Requests of all connections together being answered at once; more are answered
        /// `busy`: many connections each within their own bound cannot pile up work either.
        public var maximumRequestsInFlightTotal: Int
        /// How long a connection may stay silent, with nothing in flight, before it is closed.
        public var idleTimeout: Duration
        /// How long a new connection has to send its 8-byte hello.
        public var helloTimeout: Duration
        /// The most lookups one `lookupBatch` may ask for.
        public var maximumBatchItems: Int
        /// The longest text a lookup's content may give a slot, in UTF-8 bytes.
        public var maximumContentTextBytes: Int
        /// The answers a connection's client has not read yet, in bytes, beyond which the
        /// connection stops reading its requests (it reads again once half are read): a
        /// client that writes and never reads costs this much memory, not more.
        public var maximumUnreadAnswerBytes: Int
        /// How large a document may be registered: elements, blocks, equations. Documents
        /// registered before under larger limits are still served.
        public var document: SchemeDocument.Limits
        /// How long one computation (a snapshot, or validating a document) may take; past
        /// it, it is abandoned at its next safe point and answered `timeout`.
        public var computeTime: Duration

        /// Limits; every value has its default.
        public init(
            maximumFrameSize: UInt32 = 8 * 1024 * 1024,
            maximumConnections: Int = 512,
            maximumRequestsInFlight: Int = 4096,
            maximumRequestsInFlightTotal: Int = 16_384,
            idleTimeout: Duration = .seconds(300),
            helloTimeout: Duration = .seconds(5),
            maximumBatchItems: Int = 1000,
            maximumContentTextBytes: Int = 64 * 1024,
            maximumUnreadAnswerBytes: Int = 1024 * 1024,
            document: SchemeDocument.Limits = SchemeDocument.Limits(),
            computeTime: Duration = .seconds(10)
        ) {
            self.maximumFrameSize = maximumFrameSize
            self.maximumConnections = maximumConnections
            self.maximumRequestsInFlight = maximumRequestsInFlight
            self.maximumRequestsInFlightTotal = maximumRequestsInFlightTotal
            self.idleTimeout = idleTimeout
            self.helloTimeout = helloTimeout
            self.maximumBatchItems = maximumBatchItems
            self.maximumContentTextBytes = maximumContentTextBytes
            self.maximumUnreadAnswerBytes = maximumUnreadAnswerBytes
            self.document = document
            self.computeTime = computeTime
        }
    }

    /// Whether the database lives in memory only.
    var isInMemory: Bool { databasePath == ":memory:" }
}
