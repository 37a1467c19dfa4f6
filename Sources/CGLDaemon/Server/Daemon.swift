import CGLWire
import CGLDocument
import CGLStore
import CGLayout
import Foundation
public import Logging
public import ServiceLifecycle

/// `cgld` as a service: opens the store, registers the documents, listens on the Unix
/// socket, prewarms in the background, and at graceful shutdown stops accepting, answers
/// the requests in flight, closes the store and removes the socket.
///
/// ```swift
/// let daemon = Daemon(configuration: DaemonConfiguration(socketPath: "/run/cgld/cgld.sock"), logger: logger)
/// let group = ServiceGroup(services: [daemon], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
/// try await group.run()
/// ```
public final class Daemon: Service {
    /// What the daemon reports once it accepts connections.
    public struct Ready: Sendable {
        /// The socket it listens on.
        public var socketPath: String
        /// Schemes registered (from the store and the schemes folder).
        public var schemeCount: Int
    }

    private let configuration: DaemonConfiguration
    private let logger: Logger
    private let onReady: @Sendable (Ready) -> Void
    private let stopping = StopFlag()

    /// A daemon; nothing happens before ``run()``.
    ///
    /// - Parameters:
    ///   - configuration: Where to listen and store, what to load, the limits.
    ///   - logger: Where the daemon logs; it never bootstraps logging itself.
    ///   - onReady: Called once the socket accepts connections (before prewarming ends).
    public init(configuration: DaemonConfiguration, logger: Logger, onReady: @escaping @Sendable (Ready) -> Void = { _ in }) {
        self.configuration = configuration
        self.logger = logger
        self.onReady = onReady
    }

    /// Runs until graceful shutdown.
    ///
    /// - Throws: `DaemonError` when it cannot start: a bad profiles file, a store that
    ///   cannot be opened (or was written by a newer cgld), a socket in use or unusable.
    public func run() async throws {
        let profiles = try loadProfiles()
        try SocketFile.prepare(configuration.socketPath)
        let pool = ComputePool(width: configuration.workers > 0 ? configuration.workers : ProcessInfo.processInfo.activeProcessorCount)
        let store: SQLiteSchemeStore
        do {
            // Opening migrates synchronously, with disk syncs: on a compute thread, not on
            // one of the cooperative pool's few threads.
            store = try await pool.run { [self] in Result { () throws(DaemonError) in try openStore() } }.get().get()
        } catch {
            await pool.shutdown()
            throw error
        }
        do {
            let handler = try await start(store: store, pool: pool, profiles: profiles)
            try await serve(handler)
        } catch {
            await pool.shutdown()
            try? await store.close()
            throw error
        }
        await pool.shutdown()
        do {
            try await store.close()
        } catch {
            logger.error("The store did not close cleanly", metadata: ["cgl.error": "\(error)"])
        }
        logger.info("cgld stopped")
    }

    /// Loads the registry and builds the request handler.
    private func start(store: SQLiteSchemeStore, pool: ComputePool, profiles: ProfileSet) async throws -> RequestHandler {
        let counters = DaemonCounters()
        let registry = SchemeRegistry(store: store, parser: DocumentParser(pool: pool), logger: logger)
        do {
            let dropped = try await store.deleteSnapshots(engineVersionOtherThan: LayoutEngine.version)
            if dropped > 0 { logger.info("Dropped snapshots of other engine versions", metadata: ["cgl.count": "\(dropped)"]) }
            try await registry.loadFromStore()
        } catch {
            throw DaemonError(code: .store, message: "cannot read the store \(configuration.databasePath): \(error.message)")
        }
        if let folder = configuration.schemesDirectory {
            _ = await SchemesDirectory.register(folder, into: registry, logger: logger)
        }
        let snapshots = SnapshotService(hotCache: HotCache(limit: configuration.cacheMemoryBytes), store: store, pool: pool,
                                        counters: counters, logger: logger)
        let stopping = self.stopping
        return RequestHandler(registry: registry, snapshots: snapshots,
                              resolver: EnvironmentResolver(profiles: profiles, prewarmDirections: configuration.prewarmDirections),
                              prewarmer: Prewarmer(store: store, pool: pool, counters: counters, logger: logger), store: store, counters: counters,
                              isStopping: { stopping.isSet }, logger: logger)
    }

    /// Listens, prewarms in the background, and returns after graceful shutdown.
    private func serve(_ handler: RequestHandler) async throws {
        let listener = try await Listener.bind(configuration, handler: handler, counters: handler.counters, logger: logger)
        defer { SocketFile.remove(configuration.socketPath) }
        try SocketFile.setMode(configuration.socketPath, configuration.socketMode)
        let schemeCount = handler.registry.count
        logger.info("cgld is ready", metadata: ["cgl.socket": "\(configuration.socketPath)", "cgl.schemes": "\(schemeCount)",
                                                 "cgl.database": "\(configuration.databasePath)"])
        onReady(Ready(socketPath: configuration.socketPath, schemeCount: schemeCount))
        let prewarm = configuration.prewarmAtStart ? Task { await self.prewarmEverything(handler) } : nil
        let stopping = self.stopping
        let logger = self.logger
        await listener.serve {
            logger.info("cgld is shutting down: no new connections; answering the requests in flight")
            stopping.set()
        }
        await prewarm?.value
    }

    /// Prewarms every registered scheme for every profile in every configured direction.
    private func prewarmEverything(_ handler: RequestHandler) async {
        do {
            let environments = try handler.resolver.prewarmEnvironments(profileNames: [])
            let job = Prewarmer.Job(schemes: handler.registry.all(), environments: environments)
            logger.info("Prewarming", metadata: ["cgl.schemes": "\(job.schemes.count)", "cgl.environments": "\(environments.count)"])
            _ = await handler.runPrewarm(job) { _ in }
        } catch {
            logger.error("The start prewarm could not begin", metadata: ["cgl.error": "\(error.wireError.message)"])
        }
    }

    private func loadProfiles() throws(DaemonError) -> ProfileSet {
        guard let path = configuration.profilesFile else { return .defaults }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DaemonError(code: .profiles, message: "cannot read the profiles file \(path)")
        }
        do {
            return try ProfileSet(json: data)
        } catch {
            throw DaemonError(code: .profiles, message: "the profiles file \(path) is invalid:\n" + error.issues.map { $0.line(file: path) }.joined(separator: "\n"))
        }
    }

    private func openStore() throws(DaemonError) -> SQLiteSchemeStore {
        let path = configuration.databasePath
        do {
            if configuration.isInMemory { return try SQLiteSchemeStore(location: .inMemory) }
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            return try SQLiteSchemeStore(location: .file(path: path))
        } catch {
            throw DaemonError(code: .store, message: "cannot open the store \(path): \(error.message)")
        }
    }
}
