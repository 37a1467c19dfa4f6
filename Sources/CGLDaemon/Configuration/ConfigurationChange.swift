import CGLDocument
import CGLFleet

/// What a reload may change of the running configuration: a pure comparison, apart from
/// applying it.
///
/// Live at a reload: `log.level`, `schemes.directory`, `schemes.dropRemoved`,
/// `prewarm.atStart`, `socket.mode` (of a socket cgld bound) and `authorization.*`. The
/// others are fixed for the life of the process: the socket and the database are open, the
/// compute threads and the cache exist, the profiles are compiled into the request
/// handler, and the connection path reads its limits when a connection opens.
struct ConfigurationChange {
    /// A setting that changed but keeps its running value until a restart.
    struct Setting: Equatable {
        var key: String
        var running: String
        var configured: String
    }

    /// The configuration before the reload.
    let running: DaemonConfiguration
    /// The running configuration with the live settings of the loaded one.
    let effective: DaemonConfiguration
    /// The settings that changed but need a restart, in key order.
    let needsRestart: [Setting]

    /// - Parameter socketIsActivated: systemd owns the socket: `socket.path` and
    ///   `socket.mode` are the socket unit's, and changing them here means nothing.
    init(running: DaemonConfiguration, loaded: DaemonConfiguration, socketIsActivated: Bool) {
        self.running = running
        var effective = running
        effective.logLevel = loaded.logLevel
        effective.schemesDirectory = loaded.schemesDirectory
        effective.schemesDropRemoved = loaded.schemesDropRemoved
        effective.prewarmAtStart = loaded.prewarmAtStart
        effective.authorization = loaded.authorization
        if !socketIsActivated { effective.socketMode = loaded.socketMode }
        self.effective = effective
        var fixed: [(String, String, String)] = [
            ("database.path", running.databasePath, loaded.databasePath),
            ("profiles.file", running.profilesFile ?? "", loaded.profilesFile ?? ""),
            ("prewarm.directions", Self.names(running.prewarmDirections), Self.names(loaded.prewarmDirections)),
            ("cache.memoryBytes", "\(running.cacheMemoryBytes)", "\(loaded.cacheMemoryBytes)"),
            ("cache.persistContent", "\(running.persistContent)", "\(loaded.persistContent)"),
            ("workers", "\(running.workers)", "\(loaded.workers)"),
            ("eventLoops", "\(running.eventLoops)", "\(loaded.eventLoops)"),
            ("metrics.address", running.metricsAddress?.description ?? "", loaded.metricsAddress?.description ?? ""),
        ] + Self.limits(running.limits, loaded.limits) + Self.registry(running.registry, loaded.registry)
        if !socketIsActivated { fixed.insert(("socket.path", running.socketPath, loaded.socketPath), at: 0) }
        needsRestart = fixed.filter { $0.1 != $0.2 }.map { Setting(key: $0.0, running: $0.1, configured: $0.2) }
    }

    private static func names(_ directions: [DaemonConfiguration.PrewarmDirection]) -> String {
        directions.map(\.rawValue).joined(separator: ",")
    }

    private static func registry(_ running: RegistryConfiguration, _ loaded: RegistryConfiguration) -> [(String, String, String)] {
        [
            ("registry.kind", running.kind.rawValue, loaded.kind.rawValue),
            ("registry.url", running.url.map(RegistryConnection.redacted) ?? "", loaded.url.map(RegistryConnection.redacted) ?? ""),
            ("registry.passwordFile", running.passwordFile ?? "", loaded.passwordFile ?? ""),
            // Never the password itself: that it changed is enough.
            ("registry.password", running.password == nil ? "" : "(set)", loaded.password == nil ? "" : loaded.password == running.password ? "(set)" : "(changed)"),
            ("registry.hostName", running.resolvedHostName, loaded.resolvedHostName),
            ("registry.timeoutSeconds", "\(running.timeout)", "\(loaded.timeout)"),
            ("registry.reconcileSeconds", "\(running.reconcileInterval)", "\(loaded.reconcileInterval)"),
        ]
    }

    private static func limits(_ running: DaemonConfiguration.Limits, _ loaded: DaemonConfiguration.Limits) -> [(String, String, String)] {
        [
            ("limits.maxFrameBytes", "\(running.maximumFrameSize)", "\(loaded.maximumFrameSize)"),
            ("limits.maxConnections", "\(running.maximumConnections)", "\(loaded.maximumConnections)"),
            ("limits.maxRequestsInFlight", "\(running.maximumRequestsInFlight)", "\(loaded.maximumRequestsInFlight)"),
            ("limits.maxRequestsInFlightTotal", "\(running.maximumRequestsInFlightTotal)", "\(loaded.maximumRequestsInFlightTotal)"),
            ("limits.idleTimeoutSeconds", "\(running.idleTimeout)", "\(loaded.idleTimeout)"),
            ("limits.helloTimeoutSeconds", "\(running.helloTimeout)", "\(loaded.helloTimeout)"),
            ("limits.maxBatchItems", "\(running.maximumBatchItems)", "\(loaded.maximumBatchItems)"),
            ("limits.maxContentTextBytes", "\(running.maximumContentTextBytes)", "\(loaded.maximumContentTextBytes)"),
            ("limits.maxUnreadAnswerBytes", "\(running.maximumUnreadAnswerBytes)", "\(loaded.maximumUnreadAnswerBytes)"),
            ("limits.maxDocumentElements", "\(running.document.maximumElements)", "\(loaded.document.maximumElements)"),
            ("limits.maxDocumentBlocks", "\(running.document.maximumBlocks)", "\(loaded.document.maximumBlocks)"),
            ("limits.maxDocumentEquations", "\(running.document.maximumEquations)", "\(loaded.document.maximumEquations)"),
            ("limits.computeSeconds", "\(running.computeTime)", "\(loaded.computeTime)"),
        ]
    }
}
