@testable import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLFleet
import Configuration
import Foundation
import Logging
import Testing

@Suite struct DaemonConfigurationTests {
    private func configuration(_ values: [String: ConfigContent]) throws(DaemonError) -> DaemonConfiguration {
        let provider = InMemoryProvider(values: Dictionary(uniqueKeysWithValues: values.map {
            (AbsoluteConfigKey(stringLiteral: $0.key), ConfigValue($0.value, isSecret: false))
        }))
        return try DaemonConfiguration(config: ConfigReader(provider: provider))
    }

    @Test func noKeysGiveTheEmbeddedDefaults() throws {
        let configuration = try configuration([:])
        #expect(configuration == DaemonConfiguration())
        #expect(configuration.socketPath == ".cgld/cgld.sock")
        #expect(configuration.databasePath == ".cgld/cgld.sqlite")
        #expect(configuration.schemesDirectory == "config/schemes.d")
        #expect(configuration.prewarmDirections == [.leftToRight, .rightToLeft])
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(configuration.resolvedWorkers == cores && configuration.resolvedEventLoops == max(1, cores / 4))
    }

    @Test func everyKeyIsRead() throws {
        let configuration = try configuration([
            "socket.path": .string("/run/cgld.sock"), "socket.mode": .string("0600"), "database.path": .string(":memory:"),
            "schemes.directory": .string(""), "profiles.file": .string("p.json"), "prewarm.atStart": .bool(false),
            "prewarm.directions": .stringArray(["profile"]), "cache.memoryBytes": .int(1024), "workers": .int(3), "eventLoops": .int(2),
            "limits.maxFrameBytes": .int(65536), "limits.maxConnections": .int(8), "limits.maxRequestsInFlight": .int(16),
            "limits.idleTimeoutSeconds": .double(1.5), "limits.helloTimeoutSeconds": .int(2),
            "schemes.dropRemoved": .bool(false), "log.level": .string("debug"), "authorization.admins.users": .stringArray(["root"]),
            "limits.maxDocumentElements": .int(50), "limits.maxDocumentBlocks": .int(60), "limits.maxDocumentEquations": .int(70),
        ])
        #expect(configuration.socketPath == "/run/cgld.sock")
        #expect(configuration.socketMode == 0o600)
        #expect(configuration.databasePath == ":memory:")
        #expect(configuration.schemesDirectory == nil)
        #expect(configuration.profilesFile == "p.json")
        #expect(!configuration.prewarmAtStart)
        #expect(configuration.prewarmDirections == [.profile])
        #expect(configuration.cacheMemoryBytes == 1024 && configuration.workers == 3 && configuration.eventLoops == 2)
        #expect(configuration.resolvedWorkers == 3 && configuration.resolvedEventLoops == 2)
        #expect(configuration.limits == DaemonConfiguration.Limits(maximumFrameSize: 65536, maximumConnections: 8, maximumRequestsInFlight: 16,
                                                                    idleTimeout: .milliseconds(1500), helloTimeout: .seconds(2),
                                                                    document: SchemeDocument.Limits(maximumElements: 50, maximumBlocks: 60, maximumEquations: 70)))
        #expect(!configuration.schemesDropRemoved && configuration.logLevel == .debug)
        #expect(configuration.authorization.admins.users == [0])
    }

    @Test func environmentStyleTextIsConverted() throws {
        let provider = EnvironmentVariablesProvider(environmentVariables: [
            "CGLD_WORKERS": "4", "CGLD_EVENT_LOOPS": "1", "CGLD_PREWARM_DIRECTIONS": "ltr,rtl,profile", "CGLD_PREWARM_AT_START": "false",
            "CGLD_LIMITS_MAX_CONNECTIONS": "10",
        ]).prefixKeys(with: "cgld")
        let configuration = try DaemonConfiguration(config: ConfigReader(provider: provider))
        #expect(configuration.workers == 4 && configuration.eventLoops == 1)
        #expect(configuration.prewarmDirections == [.leftToRight, .rightToLeft, .profile])
        #expect(!configuration.prewarmAtStart)
        #expect(configuration.limits.maximumConnections == 10)
    }

    @Test(arguments: [
        ("workers", ConfigContent.string("four"), "workers"),
        ("workers", ConfigContent.int(-1), "workers"),
        ("eventLoops", ConfigContent.int(65), "eventLoops"),
        ("limits.maxFrameBytes", ConfigContent.int(100_000_000), "limits.maxFrameBytes"),
        ("limits.maxDocumentEquations", ConfigContent.int(0), "limits.maxDocumentEquations"),
        ("socket.mode", ConfigContent.string("rw-rw----"), "socket.mode"),
        ("prewarm.directions", ConfigContent.stringArray(["up"]), "prewarm.directions"),
        ("limits.idleTimeoutSeconds", ConfigContent.double(-1), "limits.idleTimeoutSeconds"),
        ("log.level", ConfigContent.string("loud"), "log.level"),
        ("schemes.dropRemoved", ConfigContent.string("sometimes"), "schemes.dropRemoved"),
        ("authorization.readers.groups", ConfigContent.stringArray(["cgld-test-no-such-group"]), "authorization.readers.groups"),
        // Text keys given another type: read as text they would be ignored.
        ("socket.mode", ConfigContent.int(600), "socket.mode"),
        ("database.path", ConfigContent.int(7), "database.path"),
        ("log.level", ConfigContent.bool(true), "log.level"),
        ("registry.kind", ConfigContent.string("mysql"), "registry.kind"),
        ("registry.timeoutSeconds", ConfigContent.int(0), "registry.timeoutSeconds"),
        ("registry.url", ConfigContent.int(5432), "registry.url"),
    ])
    func badValuesAreErrorsNamingTheKey(key: String, value: ConfigContent, named: String) {
        #expect {
            _ = try configuration([key: value])
        } throws: { error in
            guard let error = error as? DaemonError else { return false }
            return error.code == .configuration && error.message.contains("'\(named)'")
        }
    }

    /// A fleet's registry: the kind and URL are checked at start, naming what is wrong;
    /// every key has its `CGLD_` variable; the password is never shown.
    @Test func theSharedRegistryIsConfiguredAndChecked() throws {
        #expect(try configuration([:]).registry == RegistryConfiguration())
        let fleet = try configuration([
            "registry.kind": .string("postgres"), "registry.url": .string("postgres://cgld@/cglayout?host=/run/postgresql"),
            "registry.hostName": .string("render-7"), "registry.timeoutSeconds": .double(2.5), "registry.reconcileSeconds": .int(30),
            "registry.password": .string("s3cret"),
        ]).registry
        #expect(fleet == RegistryConfiguration(kind: .postgres, url: "postgres://cgld@/cglayout?host=/run/postgresql", password: "s3cret",
                                               hostName: "render-7", timeout: .milliseconds(2500), reconcileInterval: .seconds(30)))
        #expect(fleet.resolvedHostName == "render-7")
        #expect(RegistryConfiguration().resolvedHostName == ProcessInfo.processInfo.hostName)
        let missing = try #require(throws: DaemonError.self) { try configuration(["registry.kind": .string("postgres")]) }
        #expect(missing.code == .configuration && missing.message.contains("registry.url is not set"))
        let malformed = try #require(throws: DaemonError.self) {
            try configuration(["registry.kind": .string("postgres"), "registry.url": .string("postgres://cgld:hunter2@db:5432")])
        }
        #expect(malformed.message.contains("no database name") && !malformed.message.contains("hunter2"))
        let shown = RegistryConfiguration.postgres(url: "postgres://cgld:hunter2@db/cglayout").description
        #expect(shown == "postgres postgres://cgld:***@db/cglayout")
        var withPassword = DaemonConfiguration()
        withPassword.registry = RegistryConfiguration.postgres(url: "postgres://cgld@db/cglayout", password: "s3cret")
        #expect(!String(describing: withPassword).contains("s3cret") && !String(reflecting: withPassword).contains("s3cret"))
        for key in ["registry.kind", "registry.url", "registry.passwordFile", "registry.password", "registry.hostName",
                    "registry.timeoutSeconds", "registry.reconcileSeconds"] {
            #expect(DaemonConfiguration.knownKeys.contains(key), "\(key)")
        }
        #expect(DaemonConfiguration.variable(for: "registry.passwordFile") == "CGLD_REGISTRY_PASSWORD_FILE")
    }

    /// The keys are those the configuration reads; the shipped files set no other, and a
    /// misspelt key or variable is an error naming the closest one.
    @Test func misspeltKeysAndVariablesAreErrors() throws {
        let known = DaemonConfiguration.knownKeys
        #expect(known.isSuperset(of: ["socket.path", "socket.mode", "limits.maxRequestsInFlightTotal", "limits.computeSeconds", "authorization.readers.groups"]))
        for file in ["config/cgld.json", "systemd/cgld.json"] {
            let keys = try #require(DaemonConfiguration.fileKeys(json: try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/" + file))))
            #expect(Set(keys).isSubset(of: known), "\(file): \(Set(keys).subtracting(known))")
        }
        #expect(DaemonConfiguration.variable(for: "limits.maxConnections") == "CGLD_LIMITS_MAX_CONNECTIONS")
        #expect(DaemonConfiguration.variable(for: "socket.path") == "CGLD_SOCKET_PATH")
        try DaemonConfiguration.checkKeys(fileKeys: ["socket.mode"], file: "c.json", environment: ["CGLD_SOCKET": "/x", "PATH": "/bin"])
        let fileError = try #require(throws: DaemonError.self) {
            try DaemonConfiguration.checkKeys(fileKeys: ["socket.mdoe"], file: "c.json", environment: [:])
        }
        #expect(fileError.code == .configuration)
        #expect(fileError.message == "the configuration file c.json sets 'socket.mdoe', which is no setting of cgld; did you mean 'socket.mode'?")
        let variableError = try #require(throws: DaemonError.self) {
            try DaemonConfiguration.checkKeys(fileKeys: [], file: nil, environment: ["CGLD_LIMITS_MAX_CONECTIONS": "3"])
        }
        #expect(variableError.message == "the environment variable CGLD_LIMITS_MAX_CONECTIONS is no setting of cgld; did you mean CGLD_LIMITS_MAX_CONNECTIONS?")
        #expect(DaemonConfiguration.fileKeys(json: Data(#"{"socket": {"mode": "0600"}, "limits": {}, "authorization": {"readers": {"users": ["a"]}}}"#.utf8))
            == ["authorization.readers.users", "socket.mode"])
    }
}

/// The shared registry the daemon builds from its configuration: the password file is read
/// at start, and one that cannot be read stops the start naming it.
@Suite struct SharedRegistrySettingsTests {
    func daemon(_ registry: RegistryConfiguration) -> Daemon {
        Daemon(configuration: DaemonConfiguration(registry: registry), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    @Test func aSingleHostHasNoSharedRegistry() throws {
        #expect(try daemon(RegistryConfiguration()).sharedRegistry() == nil)
    }

    @Test func thePasswordFileIsReadOrNamed() throws {
        var settings = RegistryConfiguration.postgres(url: "postgres://cgld@/cglayout?host=/run/postgresql", hostName: "render-7")
        settings.passwordFile = "/nonexistent/registry-password"
        let error = try #require(throws: DaemonError.self) { try daemon(settings).sharedRegistry() }
        #expect(error.code == .configuration && error.message.contains("/nonexistent/registry-password"))

        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        settings.passwordFile = folder + "/password"
        try "s3cret\nignored\n".write(toFile: folder + "/password", atomically: true, encoding: .utf8)
        let registry = try #require(try daemon(settings).sharedRegistry())
        #expect(registry.hostName == "render-7" && registry.location == "postgres://cgld@/cglayout?host=/run/postgresql")
        #expect(!registry.location.contains("s3cret"))
    }
}
