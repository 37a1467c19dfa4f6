public import Foundation
import CGLWire

// The calls, one per request of the protocol. Each suspends while the daemon answers,
// holding no thread; the blocking variants are in CGLClient+Blocking.swift.
extension CGLClient {
    /// Checks that the daemon answers.
    ///
    /// - Returns: The daemon's version and how long it has been running, in seconds.
    public func ping() async throws(CGLClientError) -> (serverVersion: String, uptime: Double) {
        try pong(try await send(.ping))
    }

    /// Registers (or replaces) the scheme a document describes.
    ///
    /// - Parameter document: The bytes of the document's JSON text, as read from its file.
    /// - Throws: ``CGLClientError/Code/daemon`` with `invalidDocument` and every issue;
    ///   ``CGLClientError/Code/documentTooLarge`` before sending a document the daemon
    ///   would refuse.
    public func register(_ document: Data) async throws(CGLClientError) -> Registration {
        try registration(try await send(.register(document: Array(document))))
    }

    /// Removes a scheme and its snapshots.
    ///
    /// - Returns: Whether a scheme had that name.
    public func unregister(_ name: String) async throws(CGLClientError) -> Bool {
        try existed(try await send(.unregister(name: name)))
    }

    /// Every registered scheme, in ascending order of name.
    public func list() async throws(CGLClientError) -> [SchemeInfo] {
        try schemes(try await send(.list))
    }

    /// The snapshot of a scheme in an environment, with where the daemon found it.
    ///
    /// When the daemon is unavailable and the configuration has a ``LocalFallback``, the
    /// snapshot is computed here from the fallback's documents (its source is `computed`).
    ///
    /// - Throws: ``CGLClientError/Code/daemon`` with `notFound` or `invalidEnvironment`;
    ///   ``CGLClientError/Code/daemonUnavailable`` without a fallback.
    public func lookup(scheme: String, environment: Environment) async throws(CGLClientError) -> Snapshot {
        do throws(CGLClientError) {
            return try snapshot(try await send(.lookup(scheme: scheme, environment: environment.request)))
        } catch {
            return try fallback(for: error, scheme: scheme, environment: environment)
        }
    }

    /// Many lookups pipelined on one connection: all are sent at once and answered in any
    /// order; the results come back in request order.
    ///
    /// - Throws: `CGLClientError` when the connection fails; a lookup the daemon refuses
    ///   is a failed result, not a thrown error.
    public func lookups(_ lookups: [Lookup]) async throws(CGLClientError) -> [Result<Snapshot, CGLClientError>] {
        try await send(lookups.map(\.request)).map(lookupResult)
    }

    /// Computes and stores snapshots ahead of lookups. A prewarm identical to one running
    /// joins it (`docs/protocol.md` §5).
    ///
    /// - Parameters:
    ///   - schemes: The schemes; empty for every registered one.
    ///   - profiles: The profiles; empty for every profile the daemon has.
    ///   - progress: Given each progress event (do not call the client from it).
    /// - Throws: ``CGLClientError/Code/daemon`` with `notFound` or `invalidEnvironment`
    ///   naming the first unknown name (nothing was done).
    public func prewarm(schemes: [String] = [], profiles: [String] = [],
                        progress: (PrewarmProgress) -> Void = { _ in }) async throws(CGLClientError) -> PrewarmSummary {
        try summary(try await send(.prewarm(schemes: schemes, profiles: profiles)) { event in
            if case WireResponse.prewarmProgress(let value) = event { progress(PrewarmProgress(value)) }
        })
    }

    /// The daemon's counters (`docs/protocol.md`, "stats").
    public func stats() async throws(CGLClientError) -> Stats {
        try stats(try await send(.stats))
    }
}
