import NIOCore
import NIOPosix

/// The SwiftNIO floor: the least a SwiftNIO server can do for a lookup's exchange — one
/// event loop, one handler that counts requests of `requestSize` bytes and answers each
/// with the same `responseSize` bytes (a shared buffer, never copied), written together
/// at the end of each read, as `cgld` does. No framing, no decoding, no cache, no
/// handshake. What it costs per request is what any SwiftNIO server costs before its own
/// work; `cgld` over it is what cgld's own work adds.
enum NIOFloor {
    static func serve(path: String, requestSize: Int, responseSize: Int) throws -> Never {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let response = ByteBuffer(repeating: 0x2A, count: responseSize)
        let channel = try ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Answerer(requestSize: requestSize, response: response))
                }
            }
            .bind(unixDomainSocketPath: path, cleanupExistingSocketFile: true)
            .wait()
        try channel.closeFuture.wait()
        fatalError("the NIO floor's listening socket closed")
    }

    final class Answerer: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let requestSize: Int
        let response: ByteBuffer
        /// Bytes received that do not make a whole request yet.
        var pending = 0

        init(requestSize: Int, response: ByteBuffer) {
            self.requestSize = requestSize
            self.response = response
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            pending += unwrapInboundIn(data).readableBytes
            while pending >= requestSize {
                pending -= requestSize
                context.write(wrapOutboundOut(response), promise: nil)
            }
        }

        func channelReadComplete(context: ChannelHandlerContext) {
            context.flush()
        }
    }
}
