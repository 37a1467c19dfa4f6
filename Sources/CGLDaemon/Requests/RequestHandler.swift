import CGLDocument
import CGLStore
import CGLWire
import CGLayout
import Foundation
import Logging
import Synchronization

/// Answers requests, from a decoded request to the bytes of its answer frames; knows
/// nothing of sockets, so it is tested without one.
///
/// A request is resolved once, on the connection's event loop, by
/// ``handle(_:requestID:into:)``: what can be answered without waiting (`ping`, a lookup
/// found in memory, any request that fails at once) is written into the connection's
/// answers there; the rest comes back as a ``PendingRequest``, which the connection runs on
/// a task of its own through ``perform(_:requestID:output:)``.
final class RequestHandler: Sendable {
    let registry: SchemeRegistry
    let snapshots: SnapshotService
    let resolver: EnvironmentResolver
    let prewarmer: Prewarmer
    let store: SQLiteSchemeStore
    let counters: DaemonCounters
    /// The mirror of the fleet's shared registry; nil on a single host.
    let fleet: RegistrySync?
    /// What the content of a lookup may hold (`limits.maxContentTextBytes`).
    let contentLimits: Content.Limits
    /// The most lookups one `lookupBatch` may ask for (`limits.maxBatchItems`).
    let maximumBatchItems: Int
    /// Recent lookups by their bytes, and the snapshot keys they resolved to.
    let lookupKeys: LookupKeys
    let startedAt: ContinuousClock.Instant
    let isStopping: @Sendable () -> Bool
    let logger: Logger
    /// The version `pong` reports.
    static let serverVersion = LayoutEngine.release

    init(registry: SchemeRegistry, snapshots: SnapshotService, resolver: EnvironmentResolver, prewarmer: Prewarmer,
         store: SQLiteSchemeStore, counters: DaemonCounters, fleet: RegistrySync? = nil,
         contentLimits: Content.Limits = Content.Limits(), maximumBatchItems: Int = 1000, isStopping: @escaping @Sendable () -> Bool, logger: Logger) {
        self.fleet = fleet
        self.registry = registry
        self.snapshots = snapshots
        self.resolver = resolver
        self.prewarmer = prewarmer
        self.store = store
        self.counters = counters
        self.contentLimits = contentLimits
        self.maximumBatchItems = maximumBatchItems
        lookupKeys = LookupKeys(limit: LookupKeys.limit(forCacheBytes: snapshots.hotCache.limit))
        self.startedAt = .now
        self.isStopping = isStopping
        self.logger = logger
    }

    var uptime: Double { (ContinuousClock.now - startedAt).seconds }

    /// Answers `request` into `answers` if that needs no waiting; else returns what is left
    /// to do, resolved.
    ///
    /// - Parameter version: The connection's protocol version, which lays out snapshots.
    func handle(_ request: WireRequest, requestID: UInt32, version: UInt16 = Handshake.currentVersion,
                into answers: inout AnswerBuffer) -> PendingRequest? {
        switch request {
        case .ping:
            answers.append(.pong(serverVersion: Self.serverVersion, uptime: uptime), requestID: requestID)
            return nil
        case .lookup, .lookupBatch, .lookupBatchWithReferences:
            // Lookups come by their bytes (``lookups(_:version:into:)``): a frame the full
            // decoder reads, the lookups' walk reads too (`LookupFrameAgreement`, fuzzed), so
            // a decoded lookup never gets here. Answered, not trapped, should one ever.
            logger.error("A decoded lookup request reached the general path", metadata: ["cgl.request.kind": "\(request.kind)"])
            answers.append(WireError(code: .internal, message: "cgld could not take this \(request.kind) request by its bytes; please report it"),
                           requestID: requestID)
            return nil
        case .register(let document):
            return .register(document: document)
        case .unregister(let name):
            return .unregister(name: name)
        case .list:
            return .list
        case .stats:
            return .stats
        case .prewarm(let schemes, let profiles, let content):
            return .prewarm(schemes: schemes, profiles: profiles, content: content, version: version)
        }
    }

    /// Carries out a pending request: its events through `output.notify`, then its final
    /// answer through `output.send`, exactly once (the request's own failures are answered).
    func perform(_ pending: PendingRequest, requestID: UInt32, output: AnswerOutput) async {
        var frame: [UInt8] = []
        do throws(RequestError) {
            switch pending {
            case .lookup(let name, let target, let version):
                try await lookup(name, target, version: version).appendFrame(requestID: requestID, version: version, to: &frame)
            case .batch(let items, let version):
                frame = Self.snapshotsFrame(await complete(items), requestID: requestID, version: version)
            case .list:
                append(.schemes(registry.all().map(\.info)), requestID: requestID, to: &frame)
            case .stats:
                let stats = try await stats(connectionsOpen: counters.connectionsOpen.load(ordering: .relaxed))
                append(.stats(stats), requestID: requestID, to: &frame)
            case .unregister(let name):
                append(.unregistered(name: name, existed: try await unregister(name)), requestID: requestID, to: &frame)
            case .register(let document):
                append(.registered(try await register(document)), requestID: requestID, to: &frame)
            case .prewarm(let schemes, let profiles, let content, let version):
                let summary = try await prewarm(schemes: schemes, profiles: profiles, content: content, requestID: requestID, notify: output.notify)
                WireResponse.prewarmFinished(summary).encode(requestID: requestID, version: version, into: &frame,
                                                             limit: WireResponse.maximumServerFrameLength)
            }
        } catch {
            frame.removeAll()
            append(.error(error.wireError), requestID: requestID, to: &frame)
        }
        output.send(frame)
    }

    /// Appends `response` as a frame no longer than a server may send.
    func append(_ response: WireResponse, requestID: UInt32, to frame: inout [UInt8]) {
        response.encode(requestID: requestID, into: &frame, limit: WireResponse.maximumServerFrameLength)
    }

    /// Removes a scheme; whether it existed.
    private func unregister(_ name: String) async throws(RequestError) -> Bool {
        let hash: String?
        do throws(RegistryError) {
            hash = try await registry.unregister(name)
        } catch {
            throw RequestError(error)
        }
        forgetSnapshots(ofReplaced: hash.map { [$0] } ?? [])
        logger.info("Unregistered a scheme", metadata: ["cgl.scheme": "\(name)", "cgl.existed": "\(hash != nil)"])
        return hash != nil
    }

    /// Drops from memory the snapshots of hashes no registered scheme has any more.
    func forgetSnapshots(ofReplaced hashes: [String]) {
        snapshots.hotCache.removeAll(schemeHashes: hashes, unlessRegisteredIn: registry)
    }

    private func register(_ document: [UInt8]) async throws(RequestError) -> WireRegistration {
        guard !isStopping() else { throw .shuttingDown }
        let registration: WireRegistration
        let replacedHashes: [String]
        do throws(RegistryError) {
            (registration, replacedHashes) = try await registry.register(document)
        } catch {
            throw RequestError(error)
        }
        forgetSnapshots(ofReplaced: replacedHashes)
        logger.info("Registered a scheme", metadata: ["cgl.scheme": "\(registration.name)", "cgl.hash": "\(registration.hash)",
                                                      "cgl.outcome": "\(registration.outcome.name)"])
        return registration
    }
}
