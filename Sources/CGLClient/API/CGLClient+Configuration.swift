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
        /// What to lay out from locally when the daemon is unavailable (`CGLClientFallback`'s
        /// `LocalFallback`); `nil`: no fallback, lookups fail with
        /// ``CGLClientError/Code/daemonUnavailable``.
        public var fallback: (any SnapshotFallback)?
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
        ///   - fallback: What to lay out from when the daemon is unavailable.
        ///   - maximumIdleConnections: Idle connections kept; default 4.
        ///   - maximumBatchItems: Lookups per `lookupBatch` request; default 1 000.
        public init(socketPath: String = CGLClient.defaultSocketPath, connectTimeout: Duration = .seconds(2),
                    requestTimeout: Duration = .seconds(30), fallback: (any SnapshotFallback)? = nil, maximumIdleConnections: Int = 4,
                    maximumBatchItems: Int = 1000) {
            self.socketPath = socketPath
            self.connectTimeout = connectTimeout
            self.requestTimeout = requestTimeout
            self.fallback = fallback
            self.maximumIdleConnections = max(0, maximumIdleConnections)
            self.maximumBatchItems = max(1, maximumBatchItems)
        }
    }

    /// Where the daemon is expected, as `cglctl` looks for it: `CGLD_SOCKET` when set; else
    /// the first of these sockets that exists: `.cgld/cgld.sock` in the working directory (a
    /// daemon started here with its default configuration), `$XDG_RUNTIME_DIR/cgld/cgld.sock`
    /// (a daemon this user started in any folder links its socket there), the system
    /// daemon's `/run/cgld/cgld.sock`; when none does, `.cgld/cgld.sock` (and the error of a
    /// failed connection lists every place tried).
    public static var defaultSocketPath: String {
        defaultSocketPath(environment: ProcessInfo.processInfo.environment) { FileManager.default.fileExists(atPath: $0) }
    }

    /// The socket of a daemon started from this folder with its default configuration.
    public static let localSocketPath = ".cgld/cgld.sock"
    /// The socket of the system daemon (`systemd/cgld.socket`).
    public static let systemSocketPath = "/run/cgld/cgld.sock"

    /// The sockets looked for when `CGLD_SOCKET` is not set, in order.
    static func socketCandidates(environment: [String: String]) -> [String] {
        var candidates = [localSocketPath]
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { candidates.append(runtime + "/cgld/cgld.sock") }
        candidates.append(systemSocketPath)
        return candidates
    }

    /// ``defaultSocketPath`` for `environment`, with `exists` telling which sockets exist.
    static func defaultSocketPath(environment: [String: String], exists: (String) -> Bool) -> String {
        if let path = environment["CGLD_SOCKET"], !path.isEmpty { return path }
        return socketCandidates(environment: environment).first(where: exists) ?? localSocketPath
    }

    /// Where the search for a daemon looked, for the error of a connection to `path` that
    /// failed: nil unless `path` is what the search fell back on.
    static func searchDescription(failing path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard environment["CGLD_SOCKET"].map(\.isEmpty) ?? true, path == localSocketPath else { return nil }
        let places = socketCandidates(environment: environment)
        return "no cgld socket exists in any place a client looks: \(places.joined(separator: ", ")) (and CGLD_SOCKET is not set)"
    }
}
