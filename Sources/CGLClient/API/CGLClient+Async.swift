public import CGLWire
import Dispatch
public import Foundation

// The same calls for async code. Each runs the blocking call on the client's own serial
// dispatch queue, so that waiting for the daemon never holds a thread of Swift's
// cooperative pool (on Linux that pool *is* the global concurrent queue: blocking work sent
// to `DispatchQueue.global()` would starve every task of the process, an in-process daemon
// included).
extension CGLClient {
    /// Checks that the daemon answers; see ``ping()``.
    public func ping() async throws(CGLClientError) -> (serverVersion: String, uptime: Double) {
        try await offloaded { () throws(CGLClientError) in try self.ping() }
    }

    /// Registers a document; see ``register(_:)``.
    public func register(_ document: Data) async throws(CGLClientError) -> WireRegistration {
        try await offloaded { () throws(CGLClientError) in try self.register(document) }
    }

    /// Removes a scheme; see ``unregister(_:)``.
    public func unregister(_ name: String) async throws(CGLClientError) -> Bool {
        try await offloaded { () throws(CGLClientError) in try self.unregister(name) }
    }

    /// Every registered scheme; see ``list()``.
    public func list() async throws(CGLClientError) -> [WireSchemeInfo] {
        try await offloaded { () throws(CGLClientError) in try self.list() }
    }

    /// A snapshot; see ``lookup(scheme:environment:)``.
    public func lookup(scheme: String, environment: WireEnvironmentRequest) async throws(CGLClientError) -> WireSnapshot {
        try await offloaded { () throws(CGLClientError) in try self.lookup(scheme: scheme, environment: environment) }
    }

    /// Pipelined lookups; see ``lookups(_:)``.
    public func lookups(_ requests: [(scheme: String, environment: WireEnvironmentRequest)]) async throws(CGLClientError) -> [Result<WireSnapshot, CGLClientError>] {
        let requests = requests.map { LookupRequest(scheme: $0.scheme, environment: $0.environment) }
        return try await offloaded { () throws(CGLClientError) in try self.lookups(requests.map { ($0.scheme, $0.environment) }) }
    }

    /// Prewarms; see ``prewarm(schemes:profiles:progress:)``.
    public func prewarm(schemes: [String] = [], profiles: [String] = [],
                        progress: @escaping @Sendable (WirePrewarmProgress) -> Void = { _ in }) async throws(CGLClientError) -> WirePrewarmSummary {
        try await offloaded { () throws(CGLClientError) in try self.prewarm(schemes: schemes, profiles: profiles, progress: progress) }
    }

    /// The daemon's counters; see ``stats()``.
    public func stats() async throws(CGLClientError) -> WireStats {
        try await offloaded { () throws(CGLClientError) in try self.stats() }
    }

    private func offloaded<T: Sendable>(_ body: @escaping @Sendable () throws(CGLClientError) -> T) async throws(CGLClientError) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, CGLClientError>, Never>) in
            callQueue.async {
                continuation.resume(returning: Result { () throws(CGLClientError) -> T in try body() })
            }
        }
        return try result.get()
    }
}

/// A lookup's arguments as a Sendable value (tuples of them cross tasks poorly).
private struct LookupRequest: Sendable {
    var scheme: String
    var environment: WireEnvironmentRequest
}
