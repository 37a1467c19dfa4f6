import CGLWire
import CGLDocument
import CGLFleet
import CGLStore
import CGLayout
import Foundation
import NIOCore
import NIOPosix
public import Logging
public import ServiceLifecycle
import Synchronization

/// `cgld` as a service: opens the store, registers the documents, listens on the Unix
/// socket (or serves the one systemd passed), prewarms in the background, reloads on
/// request, and at graceful shutdown stops accepting, answers the requests in flight,
/// closes the store and removes the socket file it made. With ``Options/notifier`` set it
/// tells systemd each step (`READY=1`, `STATUS=`, `RELOADING=1`, `STOPPING=1`, `WATCHDOG=1`).
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

    /// The release of cglayout this daemon is (what `pong` reports).
    public static let release = LayoutEngine.release

    /// The configuration at start; ``current`` holds the one in force after reloads.
    private let configuration: DaemonConfiguration
    let logger: Logger
    let options: Options
    private let onReady: @Sendable (Ready) -> Void
    private let stopping = StopFlag()
    /// Cancelled when shutdown begins: every computation gives up at its next safe point
    /// (no one will read it), and prewarms stop between environments.
    private let computations = LayoutCancellation()
    let reports: SystemdReports
    /// The configuration in force: the start one, then what each reload applied.
    let current: Mutex<DaemonConfiguration>
    let phase = Mutex<Phase>(.starting(reloadRequested: false))
    /// Reloads run one at a time.
    let reloads = AsyncLock()
    /// Work in the background of serving (the prewarm at start, reloads and their
    /// prewarms), run by ``run()`` as child tasks and awaited before the store closes.
    let background = BackgroundTasks()

    /// A daemon; nothing is started, opened or bound before ``run()``.
    ///
    /// - Parameters:
    ///   - configuration: Where to listen and store, what to load, the limits.
    ///   - logger: Where the daemon logs; it never bootstraps logging itself.
    ///   - options: systemd integration and the reload source; none by default.
    ///   - onReady: Called once the socket accepts connections (before prewarming ends).
    public init(configuration: DaemonConfiguration, logger: Logger, options: Options = Options(),
                onReady: @escaping @Sendable (Ready) -> Void = { _ in }) {
        self.configuration = configuration
        self.logger = logger
        self.options = options
        self.onReady = onReady
        reports = SystemdReports(notifier: options.notifier, logger: logger)
        current = Mutex(configuration)
    }

    /// Runs until graceful shutdown.
    ///
    /// - Throws: `DaemonError` when it cannot start: a bad profiles file, a store that
    ///   cannot be opened (or was written by a newer cgld), a socket in use or unusable.
    public func run() async throws {
        // The threads that serve the connections, from here to the end of `run()`.
        let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: configuration.resolvedEventLoops)
        do {
            // Stopped in the reverse order: the start and serving, then the watchdog.
            var parts: [ServiceGroupConfiguration.ServiceConfiguration] = []
            if let watchdog = watchdog(eventLoops) { parts.append(.init(service: WatchdogService(keep: watchdog), successTerminationBehavior: .ignore)) }
            parts.append(.ending { try await self.runServices(eventLoops) })
            try await ServiceGroup(configuration: ServiceGroupConfiguration(services: parts, logger: logger)).run()
        } catch {
            try? await eventLoops.shutdownGracefully()
            throw error
        }
        try? await eventLoops.shutdownGracefully()
    }

    private func runServices(_ eventLoops: MultiThreadedEventLoopGroup) async throws {
        reports.status("starting: opening the store \(configuration.databasePath)")
        // Configured paths that bind could not take stop the start before anything is made.
        if options.activatedSocket == nil { try SocketFile.checkLength(configuration.socketPath, key: "socket.path") }
        if case .unixSocket(let path)? = configuration.metricsAddress { try SocketFile.checkLength(path, key: "metrics.address") }
        let profiles = try loadProfiles()
        // A socket systemd passed is bound and listening already; only a path cgld binds
        // itself must be free.
        if options.activatedSocket == nil { try SocketFile.prepare(configuration.socketPath) }
        // Held until this function returns, when the daemon has stopped serving.
        let databaseLock = configuration.isInMemory ? nil : try DatabaseLock(databasePath: configuration.databasePath)
        defer { withExtendedLifetime(databaseLock) {} }
        let pool = ComputePool(width: configuration.resolvedWorkers)
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
            let shared = try sharedRegistry()
            // Stopped in the reverse order: serving, then the shared registry's connections.
            var parts: [ServiceGroupConfiguration.ServiceConfiguration] = []
            if let shared { parts.append(.init(service: SharedRegistryService(registry: shared), successTerminationBehavior: .ignore)) }
            parts.append(.ending {
                let directory = SchemesDirectory(logger: self.logger)
                let (path, fleet) = try await self.start(store: store, shared: shared, pool: pool, profiles: profiles, directory: directory)
                try await self.serve(path, fleet: fleet, directory: directory, on: eventLoops)
            })
            try await ServiceGroup(configuration: ServiceGroupConfiguration(services: parts, logger: logger)).run()
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

    /// Makes the request path, loads its registry and (on a host of a fleet) brings its
    /// mirror up to the shared registry when that answers.
    private func start(store: SQLiteSchemeStore, shared: PostgresRegistry?, pool: ComputePool, profiles: ProfileSet,
                       directory: SchemesDirectory) async throws -> (RequestPath, RegistrySync?) {
        let budget = ComputeBudget(stopping: computations, limit: configuration.limits.computeTime)
        let path = RequestPath(store: store, shared: shared, pool: pool, profiles: profiles, configuration: configuration, budget: budget,
                               logger: logger)
        do {
            let dropped = try await store.deleteSnapshots(engineVersionOtherThan: SnapshotVersion.current)
            if dropped > 0 { logger.info("Dropped snapshots of other engine or font versions", metadata: ["cgl.count": "\(dropped)"]) }
            try await path.registry.loadFromStore()
        } catch {
            throw DaemonError(code: .store, message: "cannot read the store \(configuration.databasePath): \(error.message)")
        }
        let fleet = try await joinFleet(shared, registry: path.registry, store: store, snapshots: path.snapshots)
        if let fleet, !fleet.isReachable, configuration.schemesDirectory != nil {
            // Each document would wait `registry.timeoutSeconds` for nothing: they are
            // registered once the registry answers.
            logger.notice("The schemes folder is registered once the shared registry answers")
        } else {
            let outcome = await directory.sync(configuration.schemesDirectory, into: path.registry, dropRemoved: false, changeLevel: .debug) { count in
                reports.status("starting: registering \(Self.count(count, "scheme")) from \(configuration.schemesDirectory ?? "")")
            }
            logger.info("Registered the schemes folder", metadata: Self.metadata(outcome))
        }
        return (path, fleet)
    }

    /// Listens, prewarms in the background, and returns after graceful shutdown.
    private func serve(_ path: RequestPath, fleet: RegistrySync?, directory: SchemesDirectory, on eventLoops: MultiThreadedEventLoopGroup) async throws {
        let stopping = self.stopping
        let handler = path.handler(fleet: fleet, isStopping: { stopping.isSet }, logger: logger)
        let activated = options.activatedSocket
        // Connections read nothing before `listener.serve` hands them their peers, by when
        // the policy knows the socket file's group, which exists only once bound.
        let authorization = LiveAuthorization(Authorization(configuration: configuration.authorization, socketGroup: nil, ownUser: getuid()))
        let listener = try await Listener.bind(configuration, on: eventLoops, activated: activated, handler: handler, authorization: authorization,
                                               identifyPeer: options.identifyPeer,
                                               protocolVersions: options.protocolVersions.clamped(to: Handshake.supportedVersions),
                                               counters: path.counters, logger: logger)
        // A socket systemd passed stays as systemd made it: its permissions are the socket
        // unit's, and its file outlives this process (the next start serves it again).
        defer { if activated == nil { SocketFile.remove(configuration.socketPath) } }
        if activated == nil { try SocketFile.setMode(configuration.socketPath, configuration.socketMode) }
        // Clients in other folders find a daemon started in a folder of its own through the
        // user's runtime directory.
        let runtimeLink = activated == nil ? RuntimeLink.make(to: configuration.socketPath) : nil
        defer { runtimeLink?.remove() }
        let metrics = try await serveMetrics(path, fleet: fleet, uptime: { handler.uptime }, on: eventLoops)
        defer { if case .unixSocket(let path)? = configuration.metricsAddress { SocketFile.remove(path) } }
        let socketPath = activated?.path ?? configuration.socketPath
        if activated != nil, socketPath != configuration.socketPath {
            logger.notice("Serving the socket systemd passed; socket.path is not used", metadata: [
                "cgl.socket": "\(socketPath)", "cgl.configured": "\(configuration.socketPath)",
            ])
        }
        let socketGroup = SocketFile.group(of: socketPath)
        authorization.replace(with: Authorization(configuration: configuration.authorization, socketGroup: socketGroup, ownUser: getuid()))
        let serving = Serving(path: path, handler: handler, directory: directory, listeningChannel: listener.server.channel,
                              authorization: authorization,
                              socketPath: socketPath, socketGroup: socketGroup, ownsSocketFile: activated == nil)
        let schemeCount = path.registry.count
        logger.info("cgld is ready", metadata: ["cgl.socket": "\(socketPath)", "cgl.schemes": "\(schemeCount)",
                                                 "cgl.database": "\(configuration.databasePath)",
                                                 "cgl.activated": "\(activated != nil)"])
        let reloadRequested = phase.withLock { phase in
            defer { phase = .serving(serving) }
            if case .starting(let requested) = phase { return requested }
            return false
        }
        onReady(Ready(socketPath: socketPath, schemeCount: schemeCount))
        reports.ready(serving.status)
        let computations = self.computations
        let (logger, reports, background) = (self.logger, self.reports, self.background)
        if configuration.prewarmAtStart { background.start { await self.prewarm(path.registry.all(), serving) } }
        if reloadRequested { background.start { await self.reload() } }
        // Stopped in reverse order at graceful shutdown: see ServingServices.swift.
        var services: [any Service] = []
        if let fleet { services.append(FleetSyncService(sync: fleet)) }
        if let metrics { services.append(MetricsService(channel: metrics)) }
        services.append(BackgroundService(background: background))
        services.append(ListenerService(listener: listener, onShutdown: {
            logger.info("cgld is shutting down: no new connections; answering the requests in flight, computations cancelled")
            reports.stopping("stopping: answering the requests in flight")
            stopping.set()
            computations.cancel()
        }, afterServing: {
            self.phase.withLock { $0 = .stopped }
        }))
        do {
            try await ServiceGroup(configuration: ServiceGroupConfiguration(services: services, logger: logger)).run()
        } catch {
            logger.error("Serving ended with an error", metadata: ["cgl.error": "\(error)"])
        }
    }

    /// Prewarms `schemes` for every profile in every configured direction, reporting its
    /// progress to systemd.
    func prewarm(_ schemes: [RegisteredScheme], _ serving: Serving) async {
        do {
            let environments = try serving.path.resolver.prewarmEnvironments(profileNames: [])
            let job = Prewarmer.Job(schemes: schemes, environments: environments)
            logger.info("Prewarming", metadata: ["cgl.schemes": "\(job.schemes.count)", "cgl.environments": "\(environments.count)"])
            let reports = self.reports
            _ = await serving.handler.runPrewarm(job) { progress in
                reports.status("\(serving.status); prewarming \(progress.done)/\(progress.total)")
            }
            reports.status(serving.status)
        } catch {
            logger.error("A prewarm could not begin", metadata: ["cgl.error": "\(error.message)"])
        }
    }

    private func loadProfiles() throws(DaemonError) -> ProfileSet {
        guard let path = configuration.profilesFile else { return .defaults }
        return try ProfileSet.load(path)
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
