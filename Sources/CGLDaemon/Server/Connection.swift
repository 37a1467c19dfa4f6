import CGLWire
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// One client connection: reads its stream through a ``WireSession``, answers what can be
/// answered at once in one write per read, and gives every other request a task of its
/// own, so that answers come back in whatever order they are ready (pipelining).
///
/// It ends when the client closes, when the protocol requires it, or at graceful shutdown;
/// then it waits for its requests in flight to be answered before closing.
struct Connection {
    let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
    let activity: ConnectionActivity
    let handler: RequestHandler
    let limits: DaemonConfiguration.Limits
    let logger: Logger

    func run() async {
        do {
            try await channel.executeThenClose { inbound, outbound in
                let tasks = RequestTasks()
                await serve(inbound, ResponseWriter(outbound), tasks)
                await tasks.waitForAll()
            }
        } catch {
            logger.debug("A connection ended with an error", metadata: ["cgl.error": "\(error)"])
        }
    }

    private func serve(_ inbound: NIOAsyncChannelInboundStream<ByteBuffer>, _ writer: ResponseWriter, _ tasks: RequestTasks) async {
        var session = WireSession(maximumFrameSize: limits.maximumFrameSize)
        do {
            for try await buffer in inbound.cancelOnGracefulShutdown() {
                var batch: [UInt8] = []
                for action in session.receive(buffer.readableBytesView) {
                    switch action {
                    case .send(let bytes):
                        batch += bytes
                    case .request(let frame):
                        dispatch(frame, into: &batch, writer: writer, tasks: tasks)
                    case .close:
                        await writer.write(batch)
                        return
                    }
                }
                if !batch.isEmpty { await writer.write(batch) }
            }
        } catch {
            logger.debug("A connection's input failed", metadata: ["cgl.error": "\(error)"])
        }
        if session.hasPartialInput { logger.debug("A client left in the middle of a frame") }
    }

    /// Decodes a request and answers it at once, or starts a task for it.
    private func dispatch(_ frame: WireFrame, into batch: inout [UInt8], writer: ResponseWriter, tasks: RequestTasks) {
        let request: WireRequest
        do {
            request = try WireRequest(frame: frame)
        } catch {
            // A malformed request costs only itself: answer it and keep reading (§9).
            ResponseEncoder.append(error.protocolError, requestID: frame.requestID, to: &batch)
            return
        }
        if handler.answerAtOnce(request, requestID: frame.requestID, into: &batch) { return }
        guard activity.requestsInFlight < limits.maximumRequestsInFlight else {
            ResponseEncoder.append(WireError(code: .busy, message: "this connection has \(limits.maximumRequestsInFlight) requests in flight; wait for answers before sending more"),
                                   requestID: frame.requestID, to: &batch)
            return
        }
        activity.begin()
        let handler = self.handler
        let activity = self.activity
        tasks.start {
            await handler.answer(request, requestID: frame.requestID) { bytes in await writer.write(bytes) }
            activity.end()
        }
    }
}

/// The connection's output, shared by its request tasks.
struct ResponseWriter: Sendable {
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>

    init(_ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) {
        self.outbound = outbound
    }

    /// Writes `bytes`; a client that left is not an error worth reporting.
    func write(_ bytes: [UInt8]) async {
        guard !bytes.isEmpty else { return }
        try? await outbound.write(ByteBuffer(bytes: bytes))
    }
}

/// The tasks answering one connection's requests. They are unstructured so that the end of
/// the input (or a graceful shutdown cancelling the read loop) does not cancel them; the
/// connection waits for all of them before it closes.
final class RequestTasks: Sendable {
    private let tasks = Mutex<(next: Int, running: [Int: Task<Void, Never>])>((0, [:]))

    func start(_ work: @escaping @Sendable () async -> Void) {
        tasks.withLock { state in
            let id = state.next
            state.next += 1
            state.running[id] = Task { [weak self] in
                await work()
                self?.finished(id)
            }
        }
    }

    private func finished(_ id: Int) {
        tasks.withLock { _ = $0.running.removeValue(forKey: id) }
    }

    /// Returns once every task started so far (and any they lead to) has finished.
    func waitForAll() async {
        while let task = tasks.withLock({ $0.running.values.first }) {
            await task.value
        }
    }
}
