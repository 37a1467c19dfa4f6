public import Foundation
import CGLWire

// The calls for code that cannot suspend (a `layoutSubviews`, a render thread): the same
// exchanges, blocking the calling thread while the daemon answers. Each uses a connection
// of its own, so a blocked call never holds up another. Do not call them from Swift's
// cooperative pool (an `async` context): use the async calls there.
extension CGLClient {
    /// Checks that the daemon answers.
    public func ping() throws(CGLClientError) -> (serverVersion: String, uptime: Double) {
        try pong(try send(.ping))
    }

    /// Registers a document.
    public func register(_ document: Data) throws(CGLClientError) -> Registration {
        try registration(try send(.register(document: Array(document))))
    }

    /// Removes a scheme.
    public func unregister(_ name: String) throws(CGLClientError) -> Bool {
        try existed(try send(.unregister(name: name)))
    }

    /// Every registered scheme, in ascending order of name.
    public func list() throws(CGLClientError) -> [SchemeInfo] {
        try schemes(try send(.list))
    }

    /// The snapshot of a scheme in an environment.
    public func lookup(scheme: String, environment: Environment) throws(CGLClientError) -> Snapshot {
        do throws(CGLClientError) {
            return try snapshot(try send(.lookup(scheme: scheme, environment: environment.request)))
        } catch {
            return try fallback(for: error, scheme: scheme, environment: environment)
        }
    }

    /// Many lookups pipelined on one connection, in one round trip.
    public func lookups(_ lookups: [Lookup]) throws(CGLClientError) -> [Result<Snapshot, CGLClientError>] {
        try send(lookups.map(\.request)).map(lookupResult)
    }

    /// Computes and stores snapshots ahead of lookups; `progress` is called on this thread.
    public func prewarm(schemes: [String] = [], profiles: [String] = [],
                        progress: (PrewarmProgress) -> Void = { _ in }) throws(CGLClientError) -> PrewarmSummary {
        try summary(try send(.prewarm(schemes: schemes, profiles: profiles)) { event in
            if case WireResponse.prewarmProgress(let value) = event { progress(PrewarmProgress(value)) }
        })
    }

    /// The daemon's counters.
    public func stats() throws(CGLClientError) -> Stats {
        try stats(try send(.stats))
    }
}
