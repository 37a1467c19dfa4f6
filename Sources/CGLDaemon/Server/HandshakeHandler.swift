import CGLWire
import NIOCore

/// The first handler of a connection: reads the client's hello and answers it
/// (`docs/protocol.md` §3), then hands every later byte down the pipeline and leaves it.
///
/// A hello without the magic is closed unanswered; a refused version is answered, then
/// closed. Bytes sent right after an accepted hello, in the same read, are frames.
final class HandshakeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Sent down the pipeline once the hello is accepted: frames may flow, in `version`.
    struct Accepted: Sendable {
        let version: UInt16
    }

    private let maximumFrameSize: UInt32
    /// The versions accepted (``Daemon/Options/protocolVersions``).
    private let versions: ClosedRange<UInt16>
    private var hello: [UInt8] = []
    private var isDone = false

    init(maximumFrameSize: UInt32, versions: ClosedRange<UInt16> = Handshake.supportedVersions) {
        self.maximumFrameSize = maximumFrameSize
        self.versions = versions
        hello.reserveCapacity(Handshake.ClientHello.size)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isDone else {
            // Arrived while this handler is being removed: frames, for the next handler.
            context.fireChannelRead(data)
            return
        }
        var bytes = unwrapInboundIn(data)
        let taken = bytes.readBytes(length: min(Handshake.ClientHello.size - hello.count, bytes.readableBytes)) ?? []
        hello += taken
        guard hello.count == Handshake.ClientHello.size else { return }
        isDone = true
        guard let received = try? Handshake.ClientHello(decoding: hello) else {
            context.close(promise: nil)
            return
        }
        let answer = Handshake.answer(to: received, supportedVersions: versions, maximumFrameSize: maximumFrameSize)
        var encoded: [UInt8] = []
        answer.encode(into: &encoded)
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: encoded)), promise: nil)
        guard answer.isAccepted else {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(Accepted(version: answer.version))
        if bytes.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(bytes)) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    /// Whether the connection ended in the middle of a hello.
    var hasPartialHello: Bool { !isDone && !hello.isEmpty }
}
