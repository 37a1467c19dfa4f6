public import CGLWire
public import Foundation

// The synchronous calls, one per request of the protocol.
extension CGLClient {
    /// Checks that the daemon answers.
    ///
    /// - Returns: The daemon's version and how long it has been running, in seconds.
    public func ping() throws(CGLClientError) -> (serverVersion: String, uptime: Double) {
        let response = try send(.ping)
        guard case .pong(let version, let uptime) = response else { throw unexpected(response, for: "ping") }
        return (version, uptime)
    }

    /// Registers (or replaces) the scheme a document describes.
    ///
    /// - Parameter document: The bytes of the document's JSON text, as read from its file.
    /// - Throws: ``CGLClientError/Code/daemon`` with `invalidDocument` and every issue;
    ///   ``CGLClientError/Code/documentTooLarge`` before sending a document the daemon
    ///   would refuse.
    public func register(_ document: Data) throws(CGLClientError) -> WireRegistration {
        let response = try send(.register(document: Array(document)))
        guard case .registered(let registration) = response else { throw unexpected(response, for: "register") }
        return registration
    }

    /// Removes a scheme and its snapshots.
    ///
    /// - Returns: Whether a scheme had that name.
    public func unregister(_ name: String) throws(CGLClientError) -> Bool {
        let response = try send(.unregister(name: name))
        guard case .unregistered(_, let existed) = response else { throw unexpected(response, for: "unregister") }
        return existed
    }

    /// Every registered scheme, in ascending order of name.
    public func list() throws(CGLClientError) -> [WireSchemeInfo] {
        let response = try send(.list)
        guard case .schemes(let schemes) = response else { throw unexpected(response, for: "list") }
        return schemes
    }

    /// The snapshot of a scheme in an environment, with where the daemon found it.
    ///
    /// When the daemon is unavailable and the configuration has a ``LocalFallback``, the
    /// snapshot is computed here from the fallback's document (its source is `computed`).
    ///
    /// - Throws: ``CGLClientError/Code/daemon`` with `notFound` or `invalidEnvironment`;
    ///   ``CGLClientError/Code/daemonUnavailable`` without a fallback.
    public func lookup(scheme: String, environment: WireEnvironmentRequest) throws(CGLClientError) -> WireSnapshot {
        do throws(CGLClientError) {
            let response = try send(.lookup(scheme: scheme, environment: environment))
            guard case .snapshot(let snapshot) = response else { throw unexpected(response, for: "lookup") }
            return snapshot
        } catch where error.isDaemonUnavailable {
            guard let fallback = configuration.fallback else { throw error }
            return try fallback.snapshot(scheme: scheme, environment: environment, socketPath: configuration.socketPath)
        }
    }

    /// Many lookups pipelined on the connection: all are sent at once and answered in any
    /// order; the results come back in request order.
    ///
    /// - Throws: `CGLClientError` when the connection fails; a lookup the daemon refuses
    ///   is a failed result, not a thrown error.
    public func lookups(_ requests: [(scheme: String, environment: WireEnvironmentRequest)]) throws(CGLClientError) -> [Result<WireSnapshot, CGLClientError>] {
        let responses = try send(requests.map { WireRequest.lookup(scheme: $0.scheme, environment: $0.environment) })
        return responses.map { response in
            switch response {
            case .snapshot(let snapshot): .success(snapshot)
            case .error(let error): .failure(.daemon(error, socketPath: configuration.socketPath))
            default: .failure(unexpected(response, for: "lookup"))
            }
        }
    }

    /// Computes and stores snapshots ahead of lookups.
    ///
    /// - Parameters:
    ///   - schemes: The schemes; empty for every registered one.
    ///   - profiles: The profiles; empty for those the daemon is configured to prewarm.
    ///   - progress: Given each progress event, on the calling thread (do not call the
    ///     client from it).
    /// - Throws: ``CGLClientError/Code/daemon`` with `notFound` or `invalidEnvironment`
    ///   naming the first unknown name (nothing was done).
    public func prewarm(schemes: [String] = [], profiles: [String] = [],
                        progress: (WirePrewarmProgress) -> Void = { _ in }) throws(CGLClientError) -> WirePrewarmSummary {
        let response = try send(.prewarm(schemes: schemes, profiles: profiles)) { event in
            if case .prewarmProgress(let value) = event { progress(value) }
        }
        guard case .prewarmFinished(let summary) = response else { throw unexpected(response, for: "prewarm") }
        return summary
    }

    /// The daemon's counters (`docs/protocol.md`, "stats").
    public func stats() throws(CGLClientError) -> WireStats {
        let response = try send(.stats)
        guard case .stats(let stats) = response else { throw unexpected(response, for: "stats") }
        return stats
    }
}
