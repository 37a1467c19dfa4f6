import CGLWire
import Logging
import NIOCore

/// One client connection, on its event loop: reads its stream through a ``WireSession``,
/// answers what can be answered at once (`ping`, lookups found in memory) right there, in
/// one write per read, and gives every other request a task of its own, whose answer is
/// written back whenever it is ready (pipelining: answers in any order).
///
/// Answering on the event loop is what keeps a warm lookup near the cost of the socket
/// itself: no hop to Swift's cooperative pool and back for a read or a write.
///
/// It reads nothing until ``start(peer:)`` gives it its peer's credentials; every request is
/// then decided against the authorization policy in force, and a refused one is answered
/// `unauthorized` without closing the connection. At graceful shutdown (``drain()``) it
/// reads no more, and closes once its requests in flight are answered.
///
/// It also closes connections that cost without using: one whose hello is not accepted
/// within the hello timeout, and one silent for the idle timeout with nothing in flight.
final class Connection: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let handler: RequestHandler
    private let authorization: LiveAuthorization
    private let limits: DaemonConfiguration.Limits
    private let logger: Logger
    private var session: WireSession
    /// Answers to write at the end of the current read burst; reused once written.
    private var output: ByteBuffer
    /// Scratch space for answers encoded as arrays.
    private var scratch: [UInt8] = []
    /// Requests answered by tasks, not yet written.
    private var inFlight = 0
    /// Who is at the other end; nil until ``start(peer:)``.
    private var peer: PeerCredentials?
    /// The peer's access under the policy of `generation` (nil: none).
    private var access: (generation: UInt64, granted: Authorization.Access?)?
    private var isDraining = false
    private var isClosing = false
    private let helloTimeout: TimeAmount
    private var idleWatch: IdleWatch
    private var helloTimer: Scheduled<Void>?
    private var idleTimer: RepeatedTask?
    /// The handler's place in the pipeline, for ``drain()``, which comes from outside it.
    private var context: ChannelHandlerContext?

    init(handler: RequestHandler, authorization: LiveAuthorization, limits: DaemonConfiguration.Limits, logger: Logger) {
        self.handler = handler
        self.authorization = authorization
        self.limits = limits
        self.logger = logger
        session = WireSession(maximumFrameSize: limits.maximumFrameSize)
        output = ByteBuffer()
        helloTimeout = TimeAmount(limits.helloTimeout)
        idleWatch = IdleWatch(timeout: limits.idleTimeout)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopTimers()
        self.context = nil
    }

    /// The hello and idle timeouts, counted from when the daemon starts reading: a slow
    /// credentials lookup on a busy host must not cut off a client that sent in time.
    private func startTimers(_ context: ChannelHandlerContext) {
        let channel = context.channel
        let loop = context.eventLoop
        let bound = NIOLoopBound(self, eventLoop: loop)
        helloTimer = loop.scheduleTask(in: helloTimeout) {
            if !bound.value.session.isOpen { channel.close(promise: nil) }
        }
        let period = idleWatch.period
        idleTimer = loop.scheduleRepeatedTask(initialDelay: period, delay: period) { _ in
            let connection = bound.value
            if connection.idleWatch.check(busy: connection.inFlight > 0) { channel.close(promise: nil) }
        }
    }

    private func stopTimers() {
        helloTimer?.cancel()
        idleTimer?.cancel()
        helloTimer = nil
        idleTimer = nil
    }

    /// Starts reading, now that the peer is known, and the timeouts with it. Call on the
    /// event loop.
    func start(peer: PeerCredentials) {
        self.peer = peer
        guard let context, !isDraining, !isClosing else { return }
        startTimers(context)
        do {
            try context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: true)
        } catch {
            logger.debug("A connection closed before it was read", metadata: ["cgl.error": "\(error)"])
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isDraining, !isClosing else { return }
        idleWatch.noteInput()
        let buffer = unwrapInboundIn(data)
        var mustClose = false
        buffer.withUnsafeReadableBytes { bytes in
            session.receive(bytes) { action in
                switch action {
                case .send(let bytes):
                    output.writeBytes(bytes)
                case .request(let frame):
                    dispatch(frame, context: context)
                case .close:
                    // Closed after `receive` returns: closing may call back into this
                    // handler, which must not find the session in the middle of a change.
                    mustClose = true
                }
            }
        }
        if mustClose {
            flush(context)
            isClosing = true
            context.close(promise: nil)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flush(context)
        context.fireChannelReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if session.hasPartialInput { logger.debug("A client left in the middle of a frame") }
        isClosing = true
        stopTimers()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.debug("A connection failed", metadata: ["cgl.error": "\(error)"])
        context.close(promise: nil)
    }

    /// Graceful shutdown: no more requests; close once the ones in flight are answered.
    /// Call on the event loop.
    func drain() {
        guard let context else { return }
        isDraining = true
        flush(context)
        if inFlight == 0 { context.close(promise: nil) }
    }

    private func flush(_ context: ChannelHandlerContext) {
        guard output.readableBytes > 0 else { return }
        context.writeAndFlush(wrapOutboundOut(output), promise: nil)
        // Written at once in the usual case, the buffer is ours alone again and is reused
        // (`clear()` gives it new storage when NIO still holds it). A large one is let go.
        if output.capacity <= Self.reusedOutputCapacity {
            output.clear()
        } else {
            output = ByteBuffer()
        }
    }

    /// The largest output buffer kept between bursts.
    private static let reusedOutputCapacity = 64 * 1024

    /// Appends what `encode` writes into an array (the encoders' form).
    private func append(_ encode: (inout [UInt8]) -> Void) {
        scratch.removeAll(keepingCapacity: true)
        encode(&scratch)
        output.writeBytes(scratch)
    }

    /// Decodes a request and answers it at once, or starts a task for it.
    private func dispatch(_ frame: WireFrame, context: ChannelHandlerContext) {
        let request: WireRequest
        do {
            request = try WireRequest(frame: frame)
        } catch {
            // A malformed request costs only itself: answer it and keep reading (§9).
            append { ResponseEncoder.append(error.protocolError, requestID: frame.requestID, to: &$0) }
            return
        }
        if let refusal = refusal(of: request) {
            append { ResponseEncoder.append(refusal, requestID: frame.requestID, to: &$0) }
            return
        }
        if case .lookup(let name, let environment) = request, let payload = handler.cachedPayload(name, environment) {
            writeSnapshot(payload, requestID: frame.requestID)
            return
        }
        var answered = false
        append { answered = self.handler.answerAtOnce(request, requestID: frame.requestID, into: &$0) }
        if answered { return }
        guard inFlight < limits.maximumRequestsInFlight else {
            append {
                ResponseEncoder.append(WireError(code: .busy, message: "this connection has \(limits.maximumRequestsInFlight) requests in flight; wait for answers before sending more"),
                                       requestID: frame.requestID, to: &$0)
            }
            return
        }
        inFlight += 1
        let handler = self.handler
        let channel = context.channel
        let loop = context.eventLoop
        let bound = NIOLoopBound((self, context), eventLoop: loop)
        Task {
            await handler.answer(request, requestID: frame.requestID) { bytes in
                // Written in order: each write is queued on the loop before the next is made.
                try? await channel.writeAndFlush(ByteBuffer(bytes: bytes))
            }
            loop.execute {
                let (connection, context) = bound.value
                connection.requestAnswered(context: context)
            }
        }
    }

    /// The `unauthorized` error when the peer may not make `request` (logged); nil when it may.
    private func refusal(of request: WireRequest) -> WireError? {
        guard let peer else {
            // Not reachable: reading starts with the peer known. Refuse rather than trust.
            return WireError(code: .unauthorized, message: "cgld does not know who this connection's peer is yet")
        }
        let generation = authorization.generation
        if access?.generation != generation {
            let (current, policy) = authorization.versioned()
            access = (current, policy.access(of: peer))
        }
        if let granted = access?.granted, granted >= Authorization.access(for: request.kind) { return nil }
        // Decided again on the policy itself: it may have changed since `access` was read.
        guard let refusal = authorization.current.check(request, peer: peer) else { return nil }
        Authorization.logDenial(of: request.kind, to: peer, logger: logger)
        return refusal
    }

    /// A snapshot frame from a cached payload, straight into the output: the warm lookup's
    /// one copy of the payload.
    private func writeSnapshot(_ payload: [UInt8], requestID: UInt32) {
        output.reserveCapacity(minimumWritableBytes: payload.count + WireFrame.headerSize)
        output.writeInteger(UInt32(payload.count + Int(WireFrame.minimumLength)))
        output.writeInteger(WireResponse.Kind.snapshot.rawValue)
        output.writeInteger(requestID)
        let sourceIndex = output.writerIndex + WireSnapshot.sourceOffset
        output.writeBytes(payload)
        output.setInteger(WireSnapshot.Source.memory.rawValue, at: sourceIndex)
    }

    private func requestAnswered(context: ChannelHandlerContext) {
        inFlight -= 1
        if isDraining, inFlight == 0 { context.close(promise: nil) }
    }
}
