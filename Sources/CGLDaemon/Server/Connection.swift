import CGLWire
import Logging
import NIOCore
import Synchronization

/// The last handler of a connection's pipeline (after ``HandshakeHandler`` and
/// ``WireFrameDecoder``): takes each request frame, decides it against the authorization
/// policy, and lets the ``RequestHandler`` resolve it once. What the handler answers at
/// once (`ping`, lookups found in memory, failures) is written at the end of the read
/// burst, in one write, on the event loop; what it returns pending goes to the
/// connection's ``ConnectionWork``, whose answers are written whenever they are ready
/// (pipelining: answers in any order).
///
/// Answering on the event loop is what keeps a warm lookup near the cost of the socket
/// itself: no hop to Swift's cooperative pool and back, and no allocation.
///
/// It reads nothing until ``start(peer:)`` gives it its peer's credentials. At graceful
/// shutdown (``drain()``) it takes no more requests, and closes once those in flight are
/// answered. What it does about each event (reading, admitting a request, closing) is
/// decided by its ``ConnectionStateMachine``; the handler performs it.
final class Connection: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let handler: RequestHandler
    private let maximumRequestsInFlight: Int
    private let maximumRequestsInFlightTotal: Int
    private let logger: Logger
    let work: ConnectionWork
    private var access: PeerAccess
    private var state: ConnectionStateMachine
    private var timers: ConnectionTimers
    private var answers = AnswerBuffer()
    /// The protocol version the handshake chose.
    private var version = Handshake.currentVersion
    /// The handler's place in the pipeline, for ``start(peer:)`` and ``drain()``, which
    /// come from outside it.
    private var context: ChannelHandlerContext?

    init(handler: RequestHandler, authorization: LiveAuthorization, limits: DaemonConfiguration.Limits, logger: Logger) {
        self.handler = handler
        maximumRequestsInFlight = limits.maximumRequestsInFlight
        maximumRequestsInFlightTotal = limits.maximumRequestsInFlightTotal
        self.logger = logger
        work = ConnectionWork()
        access = PeerAccess(authorization: authorization, logger: logger)
        let idleWatch = IdleWatch(timeout: limits.idleTimeout)
        state = ConnectionStateMachine(maximumRequestsInFlight: limits.maximumRequestsInFlight, idleWatch: idleWatch)
        timers = ConnectionTimers(helloTimeout: limits.helloTimeout, idlePeriod: idleWatch.period)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timers.stop()
        self.context = nil
    }

    /// Starts reading, now that the peer is known, and the timeouts with it. Call on the
    /// event loop.
    func start(peer: PeerCredentials) {
        access.identify(peer)
        guard let context else { return }
        perform(state.peerIdentified(), context)
    }

    /// Backpressure: requests are read while the client reads its answers. Past
    /// `limits.maxUnreadAnswerBytes` of answers unwritten the channel turns unwritable and
    /// reading stops (the client's writes then wait in its socket); it resumes once half were
    /// written. Answers computed meanwhile still go out.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        setReading(state.writabilityChanged(isWritable: context.channel.isWritable), context)
        context.fireChannelWritabilityChanged()
    }

    /// Reads, or stops reading, the socket.
    private func setReading(_ reading: Bool, _ context: ChannelHandlerContext) {
        do {
            try context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: reading)
        } catch {
            logger.debug("A connection closed before it was read", metadata: ["cgl.error": "\(error)"])
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let accepted = event as? HandshakeHandler.Accepted {
            version = accepted.version
            state.helloWasAccepted()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard state.frameArrived() else { return }
        unwrapInboundIn(data).withUnsafeReadableBytes { frame in received(frame) }
    }

    /// Decodes a request frame in place and dispatches it; lookups go by their bytes, and
    /// are decoded only when they were not seen before.
    private func received(_ frame: UnsafeRawBufferPointer) {
        if let lookups = WireLookupFrame(frame: frame, version: version), dispatch(lookups) { return }
        do throws(WireDecodingError) {
            let (requestID, request) = try WireRequest.decode(frame: frame, version: version)
            dispatch(request, requestID: requestID)
        } catch {
            // A malformed request costs only itself: answer it and keep reading (§9).
            answers.append(error.protocolError, requestID: error.requestID ?? 0)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flush(context)
        context.fireChannelReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        state.closed()
        timers.stop()
        work.finish()
        context.fireChannelInactive()
    }

    /// A frame with an unacceptable length (from ``WireFrameDecoder``): answered, after the
    /// answers of the frames before it, then closed; any other failure closes.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let wasOpen = state.failed()
        if let error = error as? WireDecodingError, error.isFatalToConnection, wasOpen {
            let requestID = error.code == .frameTooLarge ? error.requestID ?? 0 : 0
            answers.append(error.protocolError, requestID: requestID)
            flush(context)
        } else {
            logger.debug("A connection failed", metadata: ["cgl.error": "\(error)"])
        }
        context.close(promise: nil)
    }

    /// How long a draining connection waits, at a time, to answer what it has in flight and
    /// have its client read it (``ConnectionStateMachine/drainTimerFired()`` decides whether to
    /// wait again): computations are cancelled at shutdown, so what remains is a client that
    /// does not read, or a loaded machine.
    static let drainTimeout = TimeAmount.seconds(2)

    /// Graceful shutdown: no more requests; close once the ones in flight are answered,
    /// and at the latest after ``drainTimeout``. Call on the event loop.
    func drain() {
        guard let context else { return }
        perform(state.drain(), context)
    }

    /// One pending request answered (or abandoned). Call on the event loop.
    func requestAnswered() {
        DaemonCounters.decrement(handler.counters.requestsInFlight)
        let action = state.requestAnswered()
        if let context { perform(action, context) }
    }

    /// Does what the state machine decided.
    private func perform(_ action: ConnectionStateMachine.Action, _ context: ChannelHandlerContext) {
        switch action {
        case .none:
            return
        case .startServing(let reading):
            let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
            timers.start(on: context.eventLoop,
                         helloFired: { bound.value.timerFired { $0.helloTimerFired() } },
                         idleCheck: { bound.value.timerFired { $0.idleTimerFired() } })
            setReading(reading, context)
        case .flushAndClose:
            flush(context)
            context.close(promise: nil)
        case .flushAndAwaitAnswers:
            flush(context)
            startDrainTimer(context)
        case .extendDrain:
            startDrainTimer(context)
        case .close:
            context.close(promise: nil)
        case .closeUnread(let inFlight):
            logger.notice("Closed a connection at shutdown whose answers were not all read in time",
                          metadata: ["cgl.requests.inFlight": "\(inFlight)"])
            context.close(promise: nil)
        }
    }

    private func startDrainTimer(_ context: ChannelHandlerContext) {
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        timers.startDrain(on: context.eventLoop, in: Self.drainTimeout) { bound.value.timerFired { $0.drainTimerFired() } }
    }

    /// A timer fired: what the state machine decides about it, performed.
    private func timerFired(_ event: (inout ConnectionStateMachine) -> ConnectionStateMachine.Action) {
        let action = event(&state)
        if let context { perform(action, context) }
    }

    /// Dispatches a lookup or a batch by its bytes; false when one of its lookups does not
    /// decode, or the peer may not look up: nothing was answered, and the full path (decode,
    /// then authorize) answers as for any request.
    private func dispatch(_ lookups: WireLookupFrame) -> Bool {
        guard access.allows(lookups.hasReferences ? .lookupBatchWithReferences : lookups.isBatch ? .lookupBatch : .lookup) else { return false }
        let pending: PendingRequest?
        do throws(WireDecodingError) {
            pending = try handler.lookups(lookups, version: version, into: &answers)
        } catch {
            return false
        }
        if let pending { submit(pending, requestID: lookups.requestID) }
        return true
    }

    private func dispatch(_ request: WireRequest, requestID: UInt32) {
        if let refusal = access.refusal(of: request.kind) {
            answers.append(refusal, requestID: requestID)
            return
        }
        guard let pending = handler.handle(request, requestID: requestID, version: version, into: &answers) else { return }
        submit(pending, requestID: requestID)
    }

    private func submit(_ pending: PendingRequest, requestID: UInt32) {
        let (counters, total) = (handler.counters, maximumRequestsInFlightTotal)
        // Counted for all connections too; answered busy past the daemon's bound.
        let admission = state.admitRequest {
            guard counters.requestsInFlight.add(1, ordering: .relaxed).newValue <= total else {
                DaemonCounters.decrement(counters.requestsInFlight)
                return false
            }
            return true
        }
        switch admission {
        case .admitted: break
        case .connectionBusy:
            answers.append(WireError(code: .busy, message: "this connection has \(maximumRequestsInFlight) requests in flight (limits.maxRequestsInFlight); wait for answers before sending more"),
                           requestID: requestID)
            return
        case .daemonBusy:
            answers.append(WireError(code: .busy, message: "cgld has \(total) requests in flight from all its clients (limits.maxRequestsInFlightTotal); retry once some are answered"),
                           requestID: requestID)
            return
        }
        if case .batch(let items, let version) = pending, let context, completeDirectly(items, requestID: requestID, version: version, on: context.eventLoop) { return }
        work.submit(pending, requestID: requestID)
    }

    /// Completes a batch's misses on the compute threads and answers from the event loop,
    /// without a task (``RequestHandler/completeDirectly(_:done:)``); false when the batch
    /// must take the connection's tasks.
    private func completeDirectly(_ items: [BatchItem], requestID: UInt32, version: UInt16, on eventLoop: any EventLoop) -> Bool {
        let bound = NIOLoopBound(self, eventLoop: eventLoop)
        return handler.completeDirectly(items) { completed in
            eventLoop.execute { bound.value.answer(completed, requestID: requestID, version: version) }
        }
    }

    /// Writes the answer of a batch completed by the compute threads, counted answered once
    /// the socket took it (as a task's answer is: a drain must not close before, and a client
    /// that does not read keeps it in flight). Call on the event loop.
    private func answer(_ items: [BatchItem], requestID: UInt32, version: UInt16) {
        guard let context, state.phase != .closed else {
            requestAnswered()
            return
        }
        if !answers.appendFound(items, requestID: requestID, version: version) {
            answers.append { RequestHandler.snapshotsFrame(items, requestID: requestID, version: version, reusing: $0) }
        }
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        answers.flush { bytes in
            context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in bound.value.requestAnswered() }
        }
    }

    private func flush(_ context: ChannelHandlerContext) {
        answers.flush { bytes in context.writeAndFlush(wrapOutboundOut(bytes), promise: nil) }
    }
}
