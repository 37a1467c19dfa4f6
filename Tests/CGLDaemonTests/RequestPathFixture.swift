@testable import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLStore
import CGLWire
import Foundation
import Logging
import NIOCore
import Synchronization

/// The daemon's request path without a socket: a store in memory, two compute threads and
/// the parts ``RequestPath`` wires as `Daemon` serves them.
final class RequestPathFixture: Sendable {
    let store: SQLiteSchemeStore
    let pool: ComputePool
    let path: RequestPath
    let handler: RequestHandler
    var counters: DaemonCounters { path.counters }
    var registry: SchemeRegistry { path.registry }
    var snapshots: SnapshotService { path.snapshots }
    var resolver: EnvironmentResolver { path.resolver }
    var prewarmer: Prewarmer { path.prewarmer }

    static let logger = Logger(label: "cgld-test") { _ in SwiftLogNoOpLogHandler() }

    /// A fixture with the example documents `schemes` registered.
    init(schemes: [String] = [], hotCacheBytes: Int = 64 << 20, documentLimits: SchemeDocument.Limits = SchemeDocument.Limits(),
         computeBudget: ComputeBudget = .unbounded, validationBudget: ComputeBudget = .unbounded) async throws {
        store = try SQLiteSchemeStore(location: .inMemory)
        pool = ComputePool(width: 2)
        var configuration = DaemonConfiguration(cacheMemoryBytes: hotCacheBytes)
        configuration.limits.document = documentLimits
        path = RequestPath(store: store, pool: pool, profiles: .defaults, configuration: configuration, budget: computeBudget,
                           validationBudget: validationBudget, logger: Self.logger)
        handler = path.handler(isStopping: { false }, logger: Self.logger)
        for name in schemes { _ = try await registry.register(Array(try exampleDocument(name))) }
    }

    /// Runs `body` with a fixture, and shuts it down whether `body` returned or threw.
    static func with(schemes: [String] = [], hotCacheBytes: Int = 64 << 20, documentLimits: SchemeDocument.Limits = SchemeDocument.Limits(),
                     computeBudget: ComputeBudget = .unbounded, validationBudget: ComputeBudget = .unbounded,
                     _ body: (RequestPathFixture) async throws -> Void) async throws {
        let fixture = try await RequestPathFixture(schemes: schemes, hotCacheBytes: hotCacheBytes, documentLimits: documentLimits,
                                                   computeBudget: computeBudget, validationBudget: validationBudget)
        do {
            try await body(fixture)
        } catch {
            await fixture.shutdown()
            throw error
        }
        await fixture.shutdown()
    }

    func shutdown() async {
        await pool.shutdown()
        try? await store.close()
    }

    /// What the handler answered at once, as responses with their ids, and what it left
    /// pending. Lookups go by their bytes, as a connection hands them over.
    func handle(_ request: WireRequest, id: UInt32 = 1) throws -> (answers: [(UInt32, WireResponse)], pending: PendingRequest?) {
        var answers = AnswerBuffer()
        let pending: PendingRequest?
        switch request {
        case .lookup, .lookupBatch, .lookupBatchWithReferences:
            var frame: [UInt8] = []
            request.encode(requestID: id, into: &frame)
            pending = try frame.withUnsafeBytes { bytes in
                guard let lookups = WireLookupFrame(frame: bytes, version: Handshake.currentVersion) else {
                    throw WireDecodingError(code: .badValue, message: "the lookups' walk declined an encoded \(request.kind)", offset: 0)
                }
                return try handler.lookups(lookups, version: Handshake.currentVersion, into: &answers)
            }
        default:
            pending = handler.handle(request, requestID: id, into: &answers)
        }
        var bytes: [UInt8] = []
        answers.flush { bytes = Array($0.readableBytesView) }
        return (try Self.responses(bytes), pending)
    }

    /// The frames `perform` sends for a pending request, as responses with their ids.
    func perform(_ pending: PendingRequest, id: UInt32 = 1) async throws -> [(UInt32, WireResponse)] {
        let sent = SentFrames()
        await handler.perform(pending, requestID: id, output: AnswerOutput(send: { sent.append($0) }, notify: { sent.append($0) }))
        return try Self.responses(sent.bytes)
    }

    /// Every frame of `bytes`, decoded.
    static func responses(_ bytes: [UInt8]) throws -> [(UInt32, WireResponse)] {
        var parser = FrameParser(maximumFrameSize: .max)
        parser.feed(bytes)
        var responses: [(UInt32, WireResponse)] = []
        while let frame = try parser.next() { responses.append((frame.requestID, try WireResponse(frame: frame))) }
        return responses
    }
}

/// Frames sent, from any task.
final class SentFrames: Sendable {
    private let frames = Mutex<[UInt8]>([])
    func append(_ frame: [UInt8]) { frames.withLock { $0 += frame } }
    var bytes: [UInt8] { frames.withLock { $0 } }
}
