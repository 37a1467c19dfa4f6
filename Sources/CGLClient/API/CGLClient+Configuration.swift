import Foundation

extension CGLClient {
    /// How a client reaches the daemon.
    public struct Configuration: Sendable {
        /// The daemon's socket.
        public var socketPath: String
        /// How long connecting (and the handshake) may take.
        public var connectTimeout: Duration
        /// How long the daemon may stay silent while a request is outstanding; a prewarm's
        /// progress events count as speaking.
        public var requestTimeout: Duration
        /// Documents to compute from locally when the daemon is unavailable; `nil`: no
        /// fallback, lookups fail with ``CGLClientError/Code/daemonUnavailable``.
        public var fallback: LocalFallback?
        /// Idle connections kept for the next calls (default 4). Concurrent calls beyond
        /// it open connections of their own, closed when they end.
        public var maximumIdleConnections: Int
        /// The most lookups sent in one `lookupBatch` request (default 1 000, the daemon's
        /// default `limits.maxBatchItems`); a longer batch goes as several, pipelined.
        public var maximumBatchItems: Int

        /// A configuration.
        ///
        /// - Parameters:
        ///   - socketPath: The daemon's socket; by default ``defaultSocketPath``.
        ///   - connectTimeout: Default 2 s.
        ///   - requestTimeout: Default 30 s.
        ///   - fallback: Local documents to compute from when the daemon is unavailable.
        ///   - maximumIdleConnections: Idle connections kept; default 4.
        ///   - maximumBatchItems: Lookups per `lookupBatch` request; default 1 000.
        public init(socketPath: String = CGLClient.defaultSocketPath, connectTimeout: Duration = .seconds(2),
                    requestTimeout: Duration = .seconds(30), fallback: LocalFallback? = nil, maximumIdleConnections: Int = 4,
                    maximumBatchItems: Int = 1000) {
            self.socketPath = socketPath
            self.connectTimeout = connectTimeout
            self.requestTimeout = requestTimeout
            self.fallback = fallback
            self.maximumIdleConnections = max(0, maximumIdleConnections)
            self.maximumBatchItems = max(1, maximumBatchItems)
        }
    }

    /// Where the daemon is expected: `CGLD_SOCKET` when set; else the socket of the daemon's
    /// default configuration, `.cgld/cgld.sock` (relative to the working directory), when it
    /// exists; else the system daemon's `/run/cgld/cgld.sock` when that exists; else
    /// `.cgld/cgld.sock`.
    public static var defaultSocketPath: String {
        defaultSocketPath(environment: ProcessInfo.processInfo.environment) { FileManager.default.fileExists(atPath: $0) }
    }

    /// The socket of a daemon started from this folder with its default configuration.
    public static let localSocketPath = ".cgld/cgld.sock"
    /// The socket of the system daemon (`systemd/cgld.socket`).
    public static let systemSocketPath = "/run/cgld/cgld.sock"

    /// ``defaultSocketPath`` for `environment`, with `exists` telling which sockets exist.
    static func defaultSocketPath(environment: [String: String], exists: (String) -> Bool) -> String {
        if let path = environment["CGLD_SOCKET"], !path.isEmpty { return path }
        if !exists(localSocketPath), exists(systemSocketPath) { return systemSocketPath }
        return localSocketPath
    }
}
