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
    ///   what it should be; every problem, when there are several.
    public init(config: ConfigReader) throws(DaemonError) {
        let reading = Self.read([ConfigLayer(reader: config)])
        if let error = DaemonError.gathering(reading.problems) { throw error }
        self = reading.configuration
    }

    /// Reads the configuration from `layers`, highest priority first, checking each value in
    /// every layer that sets it (not only in the one that wins); never stops at a problem.
    ///
    /// Keys are those of ``init(config:)``. The `socket.path`, and a `metrics.address` that
    /// is a Unix socket, must fit `sun_path`: at most 107 bytes.
    public static func read(_ layers: [ConfigLayer]) -> ConfigurationReading {
        let fields = ConfigFields(layers: layers)
        let configuration = DaemonConfiguration(fields: fields)
        return ConfigurationReading(configuration: configuration, problems: fields.problems.errors,
                                    sources: fields.problems.sources, invalidKeys: fields.problems.invalidKeys)
    }

    private init(fields: ConfigFields) {
        let defaults = DaemonConfiguration()
        self.init()
        socketPath = fields.socketPath("socket.path") ?? defaults.socketPath
        socketMode = fields.octalMode("socket.mode") ?? defaults.socketMode
        databasePath = fields.path("database.path") ?? defaults.databasePath
        schemesDirectory = fields.optionalPath("schemes.directory", default: defaults.schemesDirectory)
        schemesDropRemoved = fields.bool("schemes.dropRemoved") ?? defaults.schemesDropRemoved
        profilesFile = fields.optionalPath("profiles.file", default: defaults.profilesFile)
        prewarmAtStart = fields.bool("prewarm.atStart") ?? defaults.prewarmAtStart
        prewarmDirections = fields.directions("prewarm.directions") ?? defaults.prewarmDirections
        cacheMemoryBytes = fields.int("cache.memoryBytes", in: 0 ... Int(Int32.max) * 64) ?? defaults.cacheMemoryBytes
        persistContent = fields.bool("cache.persistContent") ?? defaults.persistContent
        workers = fields.int("workers", in: 0 ... 256) ?? defaults.workers
        eventLoops = fields.int("eventLoops", in: 0 ... 64) ?? defaults.eventLoops
        limits = Limits(fields: fields, defaults: defaults.limits)
        authorization = AuthorizationConfiguration(fields: fields)
        registry = RegistryConfiguration(fields: fields, defaults: defaults.registry)
        // "" (or spaces) serves no metrics.
        metricsAddress = fields.text("metrics.address", expected: "a string") { (text) throws(InvalidValue) -> MetricsAddress? in
            text.trimmingSpaces.isEmpty ? nil : try MetricsAddress.parse(text.trimmingSpaces)
        } ?? nil
        logLevel = fields.logLevel("log.level") ?? defaults.logLevel
    }
}

/// A configuration read from its layers, with every problem found in any of them.
public struct ConfigurationReading: Sendable {
    /// Each key from the first layer that sets it validly, else its default.
    public var configuration: DaemonConfiguration
    /// Every invalid value, in every layer, in the order the keys are read; and the
    /// problems between keys (a `postgres` registry without a URL).
    public var problems: [DaemonError]
    /// Where each key's value came from (`--database`, `CGLD_WORKERS`, the file's path);
    /// a key absent here has its default.
    public var sources: [String: String]
    /// The keys some layer sets to an invalid value: the files they name (the profiles, the
    /// schemes folder) are not worth checking.
    public var invalidKeys: Set<String>
}

extension DaemonConfiguration.Limits {
    init(fields: ConfigFields, defaults: Self) {
        self.init(
            maximumFrameSize: fields.int("limits.maxFrameBytes", in: 1024 ... 8 * 1024 * 1024).map { UInt32($0) } ?? defaults.maximumFrameSize,
            maximumConnections: fields.int("limits.maxConnections", in: 1 ... 100_000) ?? defaults.maximumConnections,
            maximumRequestsInFlight: fields.int("limits.maxRequestsInFlight", in: 1 ... 1_000_000) ?? defaults.maximumRequestsInFlight,
            maximumRequestsInFlightTotal: fields.int("limits.maxRequestsInFlightTotal", in: 1 ... 10_000_000) ?? defaults.maximumRequestsInFlightTotal,
            idleTimeout: fields.seconds("limits.idleTimeoutSeconds") ?? defaults.idleTimeout,
            helloTimeout: fields.seconds("limits.helloTimeoutSeconds") ?? defaults.helloTimeout,
            // At most as many answers as the 8 MiB answer holds, each at least a short error.
            maximumBatchItems: fields.int("limits.maxBatchItems", in: 1 ... 50_000) ?? defaults.maximumBatchItems,
            maximumContentTextBytes: fields.int("limits.maxContentTextBytes", in: 1 ... 4 * 1024 * 1024) ?? defaults.maximumContentTextBytes,
            maximumUnreadAnswerBytes: fields.int("limits.maxUnreadAnswerBytes", in: 64 * 1024 ... 1024 * 1024 * 1024) ?? defaults.maximumUnreadAnswerBytes,
            document: SchemeDocument.Limits(
                maximumElements: fields.int("limits.maxDocumentElements", in: 1 ... 100_000) ?? defaults.document.maximumElements,
                maximumBlocks: fields.int("limits.maxDocumentBlocks", in: 1 ... 100_000) ?? defaults.document.maximumBlocks,
                maximumEquations: fields.int("limits.maxDocumentEquations", in: 1 ... 200_000) ?? defaults.document.maximumEquations
            ),
            computeTime: fields.seconds("limits.computeSeconds") ?? defaults.computeTime
        )
    }
}

extension RegistryConfiguration {
    init(fields: ConfigFields, defaults: Self) {
        let kind = fields.text("registry.kind", expected: "sqlite or postgres") { (name) throws(InvalidValue) -> Kind in
            guard let kind = Kind(rawValue: name.trimmingSpaces.lowercased()) else { throw InvalidValue(found: name, expected: "sqlite or postgres") }
            return kind
        }
        self.init(kind: kind ?? defaults.kind,
                  url: fields.string("registry.url") ?? defaults.url,
                  passwordFile: fields.optionalPath("registry.passwordFile", default: defaults.passwordFile),
                  password: fields.string("registry.password", isSecret: true) ?? defaults.password,
                  hostName: fields.string("registry.hostName") ?? defaults.hostName,
                  timeout: fields.seconds("registry.timeoutSeconds") ?? defaults.timeout,
                  reconcileInterval: fields.seconds("registry.reconcileSeconds") ?? defaults.reconcileInterval)
        // Between keys: a shared registry needs its URL, well formed.
        guard self.kind == .postgres, !fields.problems.invalidKeys.contains("registry.url") else { return }
        guard let url, !url.isEmpty else {
            fields.problems.add(DaemonError(code: .configuration, message: "registry.kind is postgres but registry.url is not set; set it to the "
                + "registry's libpq URI, such as postgres://cgld@db.internal:5432/cglayout (CGLD_REGISTRY_URL)"), key: "registry.url")
            return
        }
        do throws(FleetError) {
            _ = try RegistryConnection(url: url)
        } catch {
            fields.problems.add(DaemonError(code: .configuration, message: error.message), key: "registry.url")
        }
    }
}
