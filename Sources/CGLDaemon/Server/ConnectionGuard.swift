import NIOCore

/// Closes connections that cost without using: one that sends no hello in time, and one
/// that stays silent for the idle timeout while none of its requests is being answered.
///
/// A channel handler, because the timers belong to the channel's event loop; it reads the
/// number of requests in flight from the connection's ``ConnectionActivity``.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let helloTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    private let activity: ConnectionActivity
    private var bytesSeen = 0
    private var lastRead = NIODeadline.now()
    private var helloTimer: Scheduled<Void>?
    private var idleTimer: RepeatedTask?

    init(helloTimeout: Duration, idleTimeout: Duration, activity: ConnectionActivity) {
        self.helloTimeout = TimeAmount(helloTimeout)
        self.idleTimeout = TimeAmount(idleTimeout)
        self.activity = activity
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        let loop = context.eventLoop
        let bound = NIOLoopBound(self, eventLoop: loop)
        helloTimer = loop.scheduleTask(in: helloTimeout) {
            if bound.value.bytesSeen < 8 { channel.close(promise: nil) }
        }
        // Checked a few times per timeout, so that a connection closes at most a fraction late.
        let period = TimeAmount.nanoseconds(max(idleTimeout.nanoseconds / 4, 1_000_000))
        idleTimer = loop.scheduleRepeatedTask(initialDelay: period, delay: period) { _ in
            let handler = bound.value
            if handler.activity.requestsInFlight == 0, NIODeadline.now() - handler.lastRead >= handler.idleTimeout {
                channel.close(promise: nil)
            }
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        helloTimer?.cancel()
        idleTimer?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        bytesSeen += unwrapInboundIn(data).readableBytes
        lastRead = .now()
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        helloTimer?.cancel()
        idleTimer?.cancel()
        context.fireChannelInactive()
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
