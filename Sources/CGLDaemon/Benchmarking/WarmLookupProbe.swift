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
/// The request path is the one `Daemon` serves (`RequestPath`), over a store in memory; its
/// compute thread and store last as long as the process.
@_spi(Benchmarks)
public final class WarmLookupProbe {
    /// Why a probe could not be made.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong: the document refused, the request no lookup or not warm.
        public var message: String
        public var description: String { message }
    }

    private let handler: RequestHandler
    private let frame: [UInt8]
    private var answers = AnswerBuffer()

    private init(handler: RequestHandler, frame: [UInt8]) {
        self.handler = handler
        self.frame = frame
    }

    /// A request path with `document` registered, and `request` (a `lookup` or a
    /// `lookupBatch`) computed and answered once, so that it is warm.
    ///
    /// - Throws: ``Failure`` when the store cannot be made, the document is refused, or the
    ///   request is no lookup or is not answered from memory once computed.
    public static func make(document: [UInt8], request: WireRequest) async throws(Failure) -> WarmLookupProbe {
        let logger = Logger(label: "cgld-probe") { _ in SwiftLogNoOpLogHandler() }
        let store: SQLiteSchemeStore
        do {
            store = try SQLiteSchemeStore(location: .inMemory)
        } catch {
            throw Failure(message: "cannot open a store in memory: \(error)")
        }
        let pool = ComputePool(width: 1)
        do {
            return try await make(document: document, request: request, on: RequestPath(store: store, pool: pool, profiles: .defaults,
                                                                                   configuration: DaemonConfiguration(), budget: .unbounded,
                                                                                   logger: logger), logger: logger)
        } catch {
            await pool.shutdown()
            try? await store.close()
            throw error
        }
    }

    private static func make(document: [UInt8], request: WireRequest, on path: RequestPath, logger: Logger) async throws(Failure) -> WarmLookupProbe {
        do {
            _ = try await path.registry.register(document)
        } catch {
            throw Failure(message: "the document is refused: \(error)")
        }
        var frame: [UInt8] = []
        request.encode(requestID: 1, into: &frame)
        let probe = WarmLookupProbe(handler: path.handler(isStopping: { false }, logger: logger), frame: frame)
        // Computed on the first pass; its keys remembered on the second; warm from the third.
        for _ in 0 ..< 3 {
            if let pending = try probe.lookups() {
                await probe.handler.perform(pending, requestID: 1, output: AnswerOutput(send: { _ in }, notify: { _ in }))
            }
            probe.answers.flush { _ in }
        }
        guard try probe.lookups() == nil else { throw Failure(message: "the \(request.kind) request is not answered from memory once computed") }
        probe.answers.flush { _ in }
        return probe
    }

    /// Answers the request again, from memory; the length of its answer in bytes.
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

    private func lookups() throws(Failure) -> PendingRequest? {
        // The walk reads the frame in place: it is used within the frame's borrow, never after.
        let outcome = frame.withUnsafeBytes { bytes -> Result<PendingRequest?, Failure> in
            guard let lookups = WireLookupFrame(frame: bytes, version: Handshake.currentVersion) else {
                return .failure(Failure(message: "the request is no lookup"))
            }
            do {
                return .success(try handler.lookups(lookups, version: Handshake.currentVersion, into: &answers))
            } catch {
                return .failure(Failure(message: "the lookup does not decode: \(error)"))
            }
        }
        return try outcome.get()
    }
}
