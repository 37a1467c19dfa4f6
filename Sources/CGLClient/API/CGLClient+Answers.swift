import CGLWire

// What each answer means, shared by the async and the blocking calls.
extension CGLClient {
    func pong(_ response: WireResponse) throws(CGLClientError) -> (serverVersion: String, uptime: Double) {
        guard case .pong(let version, let uptime) = response else { throw unexpected(response, for: "ping") }
        return (version, uptime)
    }

    func registration(_ response: WireResponse) throws(CGLClientError) -> Registration {
        guard case .registered(let registration) = response else { throw unexpected(response, for: "register") }
        return Registration(registration)
    }

    func existed(_ response: WireResponse) throws(CGLClientError) -> Bool {
        guard case .unregistered(_, let existed) = response else { throw unexpected(response, for: "unregister") }
        return existed
    }

    func schemes(_ response: WireResponse) throws(CGLClientError) -> [SchemeInfo] {
        guard case .schemes(let schemes) = response else { throw unexpected(response, for: "list") }
        return schemes.map(SchemeInfo.init)
    }

    func snapshot(_ response: WireResponse) throws(CGLClientError) -> Snapshot {
        guard case .snapshot(let snapshot) = response else { throw unexpected(response, for: "lookup") }
        return Snapshot(snapshot)
    }

    /// A lookup's answer as a result: a refusal fails that lookup alone.
    func lookupResult(_ response: WireResponse) -> Result<Snapshot, CGLClientError> {
        switch response {
        case .snapshot(let snapshot): .success(Snapshot(snapshot))
        case .error(let error): .failure(.daemon(error, socketPath: configuration.socketPath))
        default: .failure(unexpected(response, for: "lookup"))
        }
    }

    func summary(_ response: WireResponse) throws(CGLClientError) -> PrewarmSummary {
        guard case .prewarmFinished(let summary) = response else { throw unexpected(response, for: "prewarm") }
        return PrewarmSummary(summary)
    }

    func stats(_ response: WireResponse) throws(CGLClientError) -> Stats {
        guard case .stats(let stats) = response else { throw unexpected(response, for: "stats") }
        return Stats(stats)
    }

    /// The local fallback's snapshot when the daemon is unavailable; `error` otherwise.
    func fallback(for error: CGLClientError, scheme: String, environment: Environment) throws(CGLClientError) -> Snapshot {
        guard error.isDaemonUnavailable, let fallback = configuration.fallback else { throw error }
        do throws(LocalFallback.Failure) {
            return try fallback.snapshot(scheme: scheme, environment: environment)
        } catch {
            throw CGLClientError(code: .fallbackFailed, message: "cgld is unavailable and the local fallback \(error.message)",
                                 socketPath: configuration.socketPath)
        }
    }
}

/// One lookup of a batch (``CGLClient/lookups(_:)``).
public struct Lookup: Sendable, Hashable {
    /// The scheme's name.
    public var scheme: String
    /// The environment.
    public var environment: Environment

    /// A lookup.
    public init(scheme: String, environment: Environment) {
        self.scheme = scheme
        self.environment = environment
    }

    var request: WireRequest { .lookup(scheme: scheme, environment: environment.request) }
}
