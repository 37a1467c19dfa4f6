import CGLWire
import Logging
import NIOCore

/// The requests of one connection that are answered later (computing, the store, a
/// prewarm), each a child task of the connection's own task group: when the connection
/// ends, the work still running is cancelled; at shutdown, the group is awaited.
///
/// The connection's handler submits from its event loop; ``run(handler:channel:logger:answered:)``
/// runs on the connection's task (a child of the listener's).
struct ConnectionWork: Sendable {
    private let requests: AsyncStream<(requestID: UInt32, pending: PendingRequest)>
    private let continuation: AsyncStream<(requestID: UInt32, pending: PendingRequest)>.Continuation

    init() {
        (requests, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    /// Queues a request to run (the connection bounds how many are in flight).
    func submit(_ pending: PendingRequest, requestID: UInt32) {
        continuation.yield((requestID, pending))
    }

    /// No more requests: ``run(handler:channel:logger:answered:)`` returns once those
    /// started are over, and cancels them first (their answers can no longer be written).
    func finish() {
        continuation.finish()
    }

    /// Runs every request submitted, each on a task of its own, until ``finish()``.
    ///
    /// - Parameter answered: Called (on the channel's event loop) after each request's
    ///   answer was written, or could not be.
    func run(handler: RequestHandler, channel: any Channel, logger: Logger, answered: @escaping @Sendable () -> Void) async {
        await withDiscardingTaskGroup { group in
            for await (requestID, pending) in requests {
                group.addTask {
                    // The final answer's write is not awaited here: the task ends with it, and
                    // the connection hears that the request was answered once the socket took
                    // the bytes (or could not), on its own event loop. Waiting here would cost
                    // two more trips between the threads for every request that was computed.
                    let output = AnswerOutput(
                        send: { frame in
                            channel.writeAndFlush(ByteBuffer(bytes: frame)).whenComplete { result in
                                if case .failure(let error) = result {
                                    logger.debug("An answer could not be written; the client left", metadata: ["cgl.error": "\(error)"])
                                }
                                answered()
                            }
                        },
                        notify: { frame in channel.writeAndFlush(ByteBuffer(bytes: frame), promise: nil) })
                    await handler.perform(pending, requestID: requestID, output: output)
                }
            }
            group.cancelAll()
        }
    }
}
