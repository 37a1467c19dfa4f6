import CGLBridge
public import CGLDocument
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

    /// The requests of a batch: `lookupBatch`es of at most the configured number of lookups,
    /// and of at most 4 MiB each (half what a daemon accepts by default), so that a page of
    /// long texts goes as several frames rather than one the daemon would refuse.
    func batchRequests(_ batch: [Lookup]) -> [WireRequest] {
        let most = max(1, configuration.maximumBatchItems)
        var requests: [WireRequest] = []
        var current: [WireLookup] = []
        var bytes = 0
        for lookup in batch {
            let wire = lookup.wire
            let size = wire.encodedSize
            if !current.isEmpty, current.count == most || bytes + size > Self.batchFrameBudget {
                requests.append(.lookupBatch(current))
                current = []
                bytes = 0
            }
            current.append(wire)
            bytes += size
        }
        if !current.isEmpty { requests.append(.lookupBatch(current)) }
        return requests
    }

    /// The bytes of lookups one `lookupBatch` frame carries at most.
    static let batchFrameBudget = 4 * 1024 * 1024

    /// The answers of a batch's requests, one result per lookup: a request refused whole (a
    /// batch over the daemon's limit) fails each of its lookups.
    func batchResults(_ requests: [WireRequest], _ responses: [WireResponse]) throws(CGLClientError) -> [Result<Snapshot, CGLClientError>] {
        var results: [Result<Snapshot, CGLClientError>] = []
        for (request, response) in zip(requests, responses) {
            guard case .lookupBatch(let lookups) = request else { continue }
            let expected = lookups.count
            switch response {
            case .snapshots(let answers) where answers.count == expected:
                for answer in answers {
                    switch answer {
                    case .snapshot(let snapshot): results.append(.success(Snapshot(snapshot)))
                    case .failure(let error): results.append(.failure(.daemon(error, socketPath: configuration.socketPath)))
                    }
                }
            case .error(let error):
                let failure = CGLClientError.daemon(error, socketPath: configuration.socketPath)
                results += repeatElement(.failure(failure), count: expected)
            default:
                throw CGLClientError(code: .protocolViolation, message: "cgld answered a lookupBatch of \(expected) with \(Self.describe(response))",
                                     socketPath: configuration.socketPath)
            }
        }
        return results
    }

    private static func describe(_ response: WireResponse) -> String {
        if case .snapshots(let answers) = response { return "\(answers.count) answers" }
        return "\(response.kind)"
    }

    /// The local fallback's snapshot when the daemon is unavailable; `error` otherwise.
    func fallback(for error: CGLClientError, _ lookup: Lookup) throws(CGLClientError) -> Snapshot {
        guard error.isDaemonUnavailable, let fallback = configuration.fallback else { throw error }
        do throws(LocalFallback.Failure) {
            return try fallback.snapshot(lookup.scheme, in: lookup.environment, content: lookup.content, textScale: lookup.textScale)
        } catch {
            throw CGLClientError(code: .fallbackFailed, message: "cgld is unavailable and the local fallback \(error.message)",
                                 socketPath: configuration.socketPath)
        }
    }

    /// The local fallback's snapshots of a batch when the daemon is unavailable; `error`
    /// otherwise.
    func fallback(for error: CGLClientError, _ batch: [Lookup]) throws(CGLClientError) -> [Result<Snapshot, CGLClientError>] {
        guard error.isDaemonUnavailable, configuration.fallback != nil else { throw error }
        return batch.map { lookup in
            Result { () throws(CGLClientError) in try fallback(for: error, lookup) }
        }
    }
}

/// One lookup of a batch (``CGLClient/lookup(_:)-([Lookup])``).
///
/// ```swift
/// Lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .text(post.body), "hasBadge": false])
/// ```
public struct Lookup: Sendable, Hashable {
    /// The scheme's name.
    public var scheme: String
    /// The environment.
    public var environment: Environment
    /// Values of the scheme's slots; empty for the document's own content.
    public var content: Content
    /// The text scale replacing the environment's; nil keeps it.
    public var textScale: Double?

    /// A lookup.
    public init(_ scheme: String, in environment: Environment, content: Content = [:], textScale: Double? = nil) {
        self.scheme = scheme
        self.environment = environment
        self.content = content
        self.textScale = textScale
    }

    var wire: WireLookup {
        WireLookup(scheme: scheme, environment: environment.request, textScale: textScale, content: WireContent(content))
    }

    var request: WireRequest { .lookup(wire) }
}
