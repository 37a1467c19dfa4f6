import CGLDocument
import CGLStore
public import CGLWire
import Logging
import NIOCore

/// The server's work for a warm lookup, without a socket: the walk of the request's frame,
/// its keys resolved from its bytes, the hot cache's answers written into a connection's
/// buffer. For the regression gate of `Benchmarks/` (`HotPathGate warm-lookup`,
/// `warm-page`), which counts its instructions under callgrind: `cgld` itself does not run
/// under valgrind here, and this is the part of serving a warm lookup that is the daemon's
/// own (the rest is NIO reading and writing the socket).
///
/// The request path is the one ``Daemon`` serves (``RequestPath``), over a store in memory.
@_spi(Benchmarks)
public final class WarmLookupProbe {
    private let store: SQLiteSchemeStore
    private let pool: ComputePool
    private let handler: RequestHandler
    private let frame: [UInt8]
    private var answers = AnswerBuffer()

    private init(store: SQLiteSchemeStore, pool: ComputePool, handler: RequestHandler, frame: [UInt8]) {
        self.store = store
        self.pool = pool
        self.handler = handler
        self.frame = frame
    }

    /// A request path with `document` registered, and `request` (a `lookup` or a
    /// `lookupBatch`) computed and answered once, so that it is warm.
    ///
    /// - Throws: When the document is refused, or the request is no lookup or is not
    ///   answered from memory once computed.
    public static func make(document: [UInt8], request: WireRequest) async throws -> WarmLookupProbe {
        let logger = Logger(label: "cgld-probe") { _ in SwiftLogNoOpLogHandler() }
        let store = try SQLiteSchemeStore(location: .inMemory)
        let pool = ComputePool(width: 1)
        let path = RequestPath(store: store, pool: pool, profiles: .defaults, configuration: DaemonConfiguration(), budget: .unbounded,
                               logger: logger)
        _ = try await path.registry.register(document)
        var frame: [UInt8] = []
        request.encode(requestID: 1, into: &frame)
        let probe = WarmLookupProbe(store: store, pool: pool, handler: path.handler(isStopping: { false }, logger: logger), frame: frame)
        // Computed on the first pass; its keys remembered on the second; warm from the third.
        for _ in 0 ..< 3 {
            if let pending = try probe.lookups() {
                await probe.handler.perform(pending, requestID: 1, output: AnswerOutput(send: { _ in }, notify: { _ in }))
            }
            probe.answers.flush { _ in }
        }
        guard try probe.lookups() == nil else { throw ProbeError(message: "the \(request.kind) request is not answered from memory once computed") }
        probe.answers.flush { _ in }
        return probe
    }

    /// Answers the request again, from memory; the bytes of its answer.
    public func answer() -> Int {
        let pending: PendingRequest?
        do {
            pending = try lookups()
        } catch {
            fatalError("the probe's request no longer decodes: \(error)")
        }
        if pending != nil { fatalError("the probe's request is no longer answered from memory") }
        var count = 0
        answers.flush { count = $0.readableBytes }
        return count
    }

    /// Stops the compute thread and closes the store.
    public func shutdown() async {
        await pool.shutdown()
        try? await store.close()
    }

    private func lookups() throws -> PendingRequest? {
        try frame.withUnsafeBytes { bytes in
            guard let lookups = WireLookupFrame(frame: bytes, version: Handshake.currentVersion) else {
                throw ProbeError(message: "the request is no lookup")
            }
            return try handler.lookups(lookups, version: Handshake.currentVersion, into: &answers)
        }
    }
}

/// Why a probe could not be made.
@_spi(Benchmarks)
public struct ProbeError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
