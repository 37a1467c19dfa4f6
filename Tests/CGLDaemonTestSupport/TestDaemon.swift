public import CGLDaemon
public import CGLClient
public import Foundation
import Logging
import ServiceLifecycle

/// A daemon running in this process on a socket in a fresh temporary folder, for tests.
///
/// ```swift
/// let daemon = try await TestDaemon.start()
/// defer { daemon.removeFolder() }
/// let client = daemon.client()
/// …
/// await daemon.stop()
/// ```
///
/// Tests use ``withTestDaemon(folder:schemes:options:configure:_:)``, which always stops it.
public final class TestDaemon: Sendable {
    /// The configuration it runs with.
    public let configuration: DaemonConfiguration
    /// The temporary folder holding the socket and the database.
    public let folder: String
    /// The daemon itself, for what tests drive directly (``Daemon/reload()``).
    public let daemon: Daemon
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// Starts a daemon and returns once it accepts connections.
    ///
    /// - Parameters:
    ///   - folder: Where the socket and database go; a fresh short temporary folder by default.
    ///   - schemes: Example documents (by name, from `examples/schemes/`) registered at start.
    ///   - options: systemd integration and the reload source (none by default).
    ///   - configure: Changes to the test configuration (in-memory-like defaults: no
    ///     schemes folder, no prewarm at start).
    /// - Throws: What the daemon threw when it could not start.
    public static func start(folder: String? = nil, schemes: [String] = [], options: Daemon.Options = Daemon.Options(),
                             configure: (inout DaemonConfiguration) -> Void = { _ in }) async throws -> TestDaemon {
        let folder = try folder ?? makeTemporaryFolder()
        var configuration = DaemonConfiguration(socketPath: folder + "/s.sock", databasePath: folder + "/db.sqlite",
                                                schemesDirectory: nil, prewarmAtStart: false, workers: 2)
        if !schemes.isEmpty {
            let schemesFolder = folder + "/schemes.d"
            try FileManager.default.createDirectory(atPath: schemesFolder, withIntermediateDirectories: true)
            for name in schemes {
                try FileManager.default.copyItem(atPath: examplePath(name), toPath: "\(schemesFolder)/\(name).json")
            }
            configuration.schemesDirectory = schemesFolder
        }
        configure(&configuration)
        return try await TestDaemon(configuration: configuration, folder: folder, options: options)
    }

    private init(configuration: DaemonConfiguration, folder: String, options: Daemon.Options) async throws {
        self.configuration = configuration
        self.folder = folder
        let (ready, signal) = AsyncStream<Result<Void, any Error>>.makeStream()
        let logger = Logger(label: "cgld-test") { _ in SwiftLogNoOpLogHandler() }
        let daemon = Daemon(configuration: configuration, logger: logger, options: options) { _ in signal.yield(.success(())) }
        self.daemon = daemon
        let group = ServiceGroup(services: [daemon], logger: logger)
        self.group = group
        task = Task {
            do {
                try await group.run()
            } catch {
                signal.yield(.failure(error))
                throw error
            }
        }
        for await outcome in ready {
            try outcome.get()
            return
        }
    }

    /// A client of this daemon.
    public func client(requestTimeout: Duration = .seconds(30)) -> CGLClient {
        // Generous timeouts: tests run many daemons at once on a machine of two cores.
        CGLClient(configuration: .init(socketPath: configuration.socketPath, connectTimeout: .seconds(20), requestTimeout: requestTimeout))
    }

    /// Triggers graceful shutdown and waits until the daemon stopped.
    ///
    /// - Throws: What the daemon's run threw, if anything.
    public func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }

    /// Deletes the temporary folder.
    public func removeFolder() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// Runs `body` with a daemon started as ``TestDaemon/start(folder:schemes:options:configure:)``
/// starts it, then stops it and deletes its folder, whether `body` returned or threw: a
/// failing test leaves no daemon running and no folder behind.
///
/// ```swift
/// try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
///     let snapshot = try await daemon.client().lookup("feed-cell", in: .profile("phone-portrait"))
///     …
/// }
/// ```
///
/// - Throws: What `body` threw; else what stopping the daemon threw.
public func withTestDaemon(folder: String? = nil, schemes: [String] = [], options: Daemon.Options = Daemon.Options(),
                           configure: (inout DaemonConfiguration) -> Void = { _ in },
                           _ body: (TestDaemon) async throws -> Void) async throws {
    let daemon = try await TestDaemon.start(folder: folder, schemes: schemes, options: options, configure: configure)
    do {
        try await body(daemon)
    } catch {
        try? await daemon.stop()
        if folder == nil { daemon.removeFolder() }
        throw error
    }
    try await daemon.stop()
    if folder == nil { daemon.removeFolder() }
}

/// A new folder under `/tmp` with a short name: a socket path must fit in 108 bytes.
public func makeTemporaryFolder() throws -> String {
    var template = Array("/tmp/cgl-XXXXXX".utf8CString)
    guard let pointer = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    return String(cString: pointer)
}

/// The repository's root folder.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// The path of an example document (`examples/schemes/NAME.json`).
public func examplePath(_ name: String) -> String {
    repositoryRoot + "/examples/schemes/\(name).json"
}

/// The bytes of an example document.
public func exampleDocument(_ name: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: examplePath(name)))
}
