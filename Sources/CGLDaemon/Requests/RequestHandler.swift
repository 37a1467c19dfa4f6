import Synchronization
import CGLStore
import CGLWire
import CGLayout
import Foundation
import Logging

/// Answers requests: from a decoded request to the bytes of its answer frames. Knows
/// nothing of sockets, so it is tested without one.
///
/// Requests that can be answered without waiting (`ping`, lookups found in memory) are
/// answered by ``answerAtOnce(_:requestID:into:)`` on the connection's own task, which
/// batches their frames; the others by ``answer(_:requestID:send:)``.
final class RequestHandler: Sendable {
    let registry: SchemeRegistry
    let snapshots: SnapshotService
    let resolver: EnvironmentResolver
    let prewarmer: Prewarmer
    let store: any SchemeStore
    let counters: DaemonCounters
    let startedAt: ContinuousClock.Instant
    let isStopping: @Sendable () -> Bool
    let logger: Logger
    /// The version `pong` reports.
    static let serverVersion = LayoutEngine.release

    init(registry: SchemeRegistry, snapshots: SnapshotService, resolver: EnvironmentResolver, prewarmer: Prewarmer,
         store: any SchemeStore, counters: DaemonCounters, isStopping: @escaping @Sendable () -> Bool, logger: Logger) {
        self.registry = registry
        self.snapshots = snapshots
        self.resolver = resolver
        self.prewarmer = prewarmer
        self.store = store
        self.counters = counters
        self.startedAt = .now
        self.isStopping = isStopping
        self.logger = logger
    }

    var uptime: Double { (ContinuousClock.now - startedAt).seconds }

    /// Answers `request` now if that needs no waiting.
    ///
    /// - Returns: Whether it was answered (its frame appended to `buffer`).
    func answerAtOnce(_ request: WireRequest, requestID: UInt32, into buffer: inout [UInt8]) -> Bool {
        switch request {
        case .ping:
            ResponseEncoder.append(.pong(serverVersion: Self.serverVersion, uptime: uptime), requestID: requestID, to: &buffer)
            return true
        case .lookup(let name, let environment):
            return lookupAtOnce(name, environment, requestID: requestID, into: &buffer)
        default:
            return false
        }
    }

    /// Answers `request`, sending each frame (progress events, then the final answer).
    func answer(_ request: WireRequest, requestID: UInt32, send: @escaping @Sendable ([UInt8]) async -> Void) async {
        var buffer: [UInt8] = []
        do {
            switch request {
            case .ping:
                ResponseEncoder.append(.pong(serverVersion: Self.serverVersion, uptime: uptime), requestID: requestID, to: &buffer)
            case .list:
                ResponseEncoder.append(.schemes(registry.all().map(\.info)), requestID: requestID, to: &buffer)
            case .stats:
                let stats = try await stats(connectionsOpen: counters.connectionsOpen.load(ordering: .relaxed))
                ResponseEncoder.append(.stats(stats), requestID: requestID, to: &buffer)
            case .unregister(let name):
                ResponseEncoder.append(.unregistered(name: name, existed: try await unregister(name)), requestID: requestID, to: &buffer)
            case .register(let document):
                ResponseEncoder.append(.registered(try await register(document)), requestID: requestID, to: &buffer)
            case .lookup(let name, let environment):
                try await lookup(name, environment, requestID: requestID, into: &buffer)
            case .prewarm(let schemes, let profiles):
                let summary = try await prewarm(schemes: schemes, profiles: profiles, requestID: requestID, send: send)
                ResponseEncoder.append(.prewarmFinished(summary), requestID: requestID, to: &buffer)
            }
        } catch {
            ResponseEncoder.append(error.wireError, requestID: requestID, to: &buffer)
        }
        await send(buffer)
    }

    /// Removes a scheme; whether it existed.
    private func unregister(_ name: String) async throws(RequestError) -> Bool {
        let hash = try await registry.unregister(name)
        forgetSnapshots(ofReplaced: hash)
        logger.info("Unregistered a scheme", metadata: ["cgl.scheme": "\(name)", "cgl.existed": "\(hash != nil)"])
        return hash != nil
    }

    /// Drops from memory the snapshots of a hash no registered scheme has any more (the
    /// store dropped its own copies in the same transaction as the change).
    private func forgetSnapshots(ofReplaced hash: String?) {
        guard let hash, !registry.all().contains(where: { $0.hash == hash }) else { return }
        snapshots.hotCache.removeAll(schemeHash: hash)
    }

    private func register(_ document: [UInt8]) async throws(RequestError) -> WireRegistration {
        guard !isStopping() else { throw .shuttingDown }
        let (registration, replacedHash) = try await registry.register(document)
        forgetSnapshots(ofReplaced: replacedHash)
        logger.info("Registered a scheme", metadata: ["cgl.scheme": "\(registration.name)", "cgl.hash": "\(registration.hash)",
                                                      "cgl.outcome": "\(registration.outcome.name)"])
        return registration
    }
}
