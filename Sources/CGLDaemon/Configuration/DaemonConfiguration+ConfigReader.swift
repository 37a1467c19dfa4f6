public import Configuration
import CGLFleet
import CGLDocument

extension DaemonConfiguration {
    /// Reads the configuration from `config`; keys that are absent keep their defaults.
    ///
    /// | key | type | default |
    /// |---|---|---|
    /// | `socket.path` | string | `.cgld/cgld.sock` |
    /// | `socket.mode` | octal string | `"0660"` |
    /// | `database.path` | string (`:memory:` for none) | `.cgld/cgld.sqlite` |
    /// | `schemes.directory` | string (`""` for none) | `config/schemes.d` |
    /// | `schemes.dropRemoved` | bool | `true` |
    /// | `profiles.file` | string (`""` for the built-in profiles) | `""` |
    /// | `prewarm.atStart` | bool | `true` |
    /// | `prewarm.directions` | strings of `profile`, `ltr`, `rtl` | `["ltr", "rtl"]` |
    /// | `cache.memoryBytes` | int ≥ 0 | 67108864 (64 MiB) |
    /// | `cache.persistContent` | bool | `false` |
    /// | `workers` | int, 0 to 256 (0: one per core) | 0 |
    /// | `eventLoops` | int, 0 to 64 (0: one per four cores, at least one) | 0 |
    /// | `limits.maxFrameBytes` | int, 1024 to 8388608 | 8388608 |
    /// | `limits.maxConnections` | int, 1 to 100000 | 512 |
    /// | `limits.maxRequestsInFlight` | int, 1 to 1000000 | 4096 |
    /// | `limits.maxRequestsInFlightTotal` | int, 1 to 10000000 | 16384 |
    /// | `limits.idleTimeoutSeconds` | number > 0 | 300 |
    /// | `limits.helloTimeoutSeconds` | number > 0 | 5 |
    /// | `limits.maxBatchItems` | int, 1 to 50000 | 1000 |
    /// | `limits.maxContentTextBytes` | int, 1 to 4194304 | 65536 |
    /// | `limits.maxUnreadAnswerBytes` | int, 65536 to 1073741824 | 1048576 |
    /// | `limits.maxDocumentElements` | int, 1 to 100000 | 10000 |
    /// | `limits.maxDocumentBlocks` | int, 1 to 100000 | 10000 |
    /// | `limits.maxDocumentEquations` | int, 1 to 200000 | 20000 |
    /// | `limits.computeSeconds` | number > 0 | 10 |
    /// | `log.level` | `trace` … `critical` | `info` |
    /// | `authorization.*` | see ``AuthorizationConfiguration/init(config:)`` | |
    /// | `registry.kind` | `sqlite` or `postgres` | `sqlite` |
    /// | `registry.url` | libpq URI (`postgres://USER@HOST:PORT/DB`, `postgres://USER@/DB?host=DIR`) | none |
    /// | `registry.passwordFile` | string | none |
    /// | `registry.password` | string (secret; from `CGLD_REGISTRY_PASSWORD`) | none |
    /// | `registry.hostName` | string | the machine's host name |
    /// | `registry.timeoutSeconds` | number > 0 | 5 |
    /// | `registry.reconcileSeconds` | number > 0 | 60 |
    /// | `metrics.address` | `HOST:PORT` on loopback, or `unix:PATH` (`""` for none) | `""` |
    ///
    /// - Throws: `DaemonError` with code `configuration`, naming the key, the value and
    ///   what it should be.
    public init(config: ConfigReader) throws(DaemonError) {
        let fields = ConfigFields(reader: config)
        let defaults = DaemonConfiguration()
        self.init()
        socketPath = try fields.path("socket.path") ?? defaults.socketPath
        socketMode = try fields.octalMode("socket.mode") ?? defaults.socketMode
        databasePath = try fields.path("database.path") ?? defaults.databasePath
        schemesDirectory = try fields.optionalPath("schemes.directory", default: defaults.schemesDirectory)
        schemesDropRemoved = try fields.bool("schemes.dropRemoved") ?? defaults.schemesDropRemoved
        profilesFile = try fields.optionalPath("profiles.file", default: defaults.profilesFile)
        prewarmAtStart = try fields.bool("prewarm.atStart") ?? defaults.prewarmAtStart
        prewarmDirections = try fields.directions("prewarm.directions") ?? defaults.prewarmDirections
        cacheMemoryBytes = try fields.int("cache.memoryBytes", in: 0 ... Int(Int32.max) * 64) ?? defaults.cacheMemoryBytes
        persistContent = try fields.bool("cache.persistContent") ?? defaults.persistContent
        workers = try fields.int("workers", in: 0 ... 256) ?? defaults.workers
        eventLoops = try fields.int("eventLoops", in: 0 ... 64) ?? defaults.eventLoops
        limits = try Limits(fields: fields, defaults: defaults.limits)
        authorization = try AuthorizationConfiguration(config: config)
        registry = try RegistryConfiguration(fields: fields, defaults: defaults.registry)
        if let address = try fields.string("metrics.address"), !address.trimmingSpaces.isEmpty {
            metricsAddress = try MetricsAddress(address.trimmingSpaces)
        }
        logLevel = try fields.logLevel("log.level") ?? defaults.logLevel
    }
}

extension DaemonConfiguration.Limits {
    init(fields: ConfigFields, defaults: Self) throws(DaemonError) {
        self.init(
            maximumFrameSize: try fields.int("limits.maxFrameBytes", in: 1024 ... 8 * 1024 * 1024).map { UInt32($0) } ?? defaults.maximumFrameSize,
            maximumConnections: try fields.int("limits.maxConnections", in: 1 ... 100_000) ?? defaults.maximumConnections,
            maximumRequestsInFlight: try fields.int("limits.maxRequestsInFlight", in: 1 ... 1_000_000) ?? defaults.maximumRequestsInFlight,
            maximumRequestsInFlightTotal: try fields.int("limits.maxRequestsInFlightTotal", in: 1 ... 10_000_000) ?? defaults.maximumRequestsInFlightTotal,
            idleTimeout: try fields.seconds("limits.idleTimeoutSeconds") ?? defaults.idleTimeout,
            helloTimeout: try fields.seconds("limits.helloTimeoutSeconds") ?? defaults.helloTimeout,
            // At most as many answers as the 8 MiB answer holds, each at least a short error.
            maximumBatchItems: try fields.int("limits.maxBatchItems", in: 1 ... 50_000) ?? defaults.maximumBatchItems,
            maximumContentTextBytes: try fields.int("limits.maxContentTextBytes", in: 1 ... 4 * 1024 * 1024) ?? defaults.maximumContentTextBytes,
            maximumUnreadAnswerBytes: try fields.int("limits.maxUnreadAnswerBytes", in: 64 * 1024 ... 1024 * 1024 * 1024) ?? defaults.maximumUnreadAnswerBytes,
            document: SchemeDocument.Limits(
                maximumElements: try fields.int("limits.maxDocumentElements", in: 1 ... 100_000) ?? defaults.document.maximumElements,
                maximumBlocks: try fields.int("limits.maxDocumentBlocks", in: 1 ... 100_000) ?? defaults.document.maximumBlocks,
                maximumEquations: try fields.int("limits.maxDocumentEquations", in: 1 ... 200_000) ?? defaults.document.maximumEquations
            ),
            computeTime: try fields.seconds("limits.computeSeconds") ?? defaults.computeTime
        )
    }
}

extension RegistryConfiguration {
    init(fields: ConfigFields, defaults: Self) throws(DaemonError) {
        let kindName = try fields.string("registry.kind")
        let kind: Kind
        if let kindName {
            guard let known = Kind(rawValue: kindName.trimmingSpaces.lowercased()) else {
                throw .configuration(key: "registry.kind", value: kindName, expected: "sqlite or postgres")
            }
            kind = known
        } else {
            kind = defaults.kind
        }
        self.init(kind: kind,
                  url: try fields.string("registry.url") ?? defaults.url,
                  passwordFile: try fields.optionalPath("registry.passwordFile", default: defaults.passwordFile),
                  password: try fields.string("registry.password", isSecret: true) ?? defaults.password,
                  hostName: try fields.string("registry.hostName") ?? defaults.hostName,
                  timeout: try fields.seconds("registry.timeoutSeconds") ?? defaults.timeout,
                  reconcileInterval: try fields.seconds("registry.reconcileSeconds") ?? defaults.reconcileInterval)
        if kind == .postgres {
            guard let url, !url.isEmpty else {
                throw DaemonError(code: .configuration, message: "registry.kind is postgres but registry.url is not set; set it to the "
                    + "registry's libpq URI, such as postgres://cgld@db.internal:5432/cglayout (CGLD_REGISTRY_URL)")
            }
            do throws(FleetError) {
                _ = try RegistryConnection(url: url)
            } catch {
                throw DaemonError(code: .configuration, message: error.message)
            }
        }
    }
}
