import CGLWire
import Logging
import NIOCore

/// Cuts a connection's bytes into frames: each frame goes down the pipeline as a slice of
/// the bytes read (no copy), delimited by `CGLWire`'s ``WireFrame/Header``.
///
/// A length below 5 or above the maximum is fired as the `WireDecodingError` that names
/// it (`errorCaught`), after every frame before it; the stream cannot be followed past it,
/// so nothing more is read.
///
/// A handler of its own rather than NIO's `ByteToMessageHandler`: the same cutting with
/// less machinery per frame, measured on pipelined lookups (a thousand frames per read).
final class WireFrameDecoder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let maximumFrameSize: UInt32
    private let logger: Logger
    /// The bytes of a frame that has not fully arrived.
    private var partial: ByteBuffer?
    private var hasFailed = false

    init(maximumFrameSize: UInt32, logger: Logger) {
        self.maximumFrameSize = maximumFrameSize
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !hasFailed else { return }
        var bytes = unwrapInboundIn(data)
        if var earlier = partial {
            partial = nil
            earlier.writeBuffer(&bytes)
            bytes = earlier
        }
        let maximum = maximumFrameSize
        while bytes.readableBytes > 0 {
            let peeked = bytes.withUnsafeReadableBytes { raw in
                Result { () throws(WireDecodingError) in try WireFrame.Header.peek(raw, maximumFrameSize: maximum) }
            }
            switch peeked {
            case .failure(let error):
                hasFailed = true
                context.fireErrorCaught(error)
                return
            case .success(let header):
                guard let header, let frame = bytes.readSlice(length: header.frameSize) else {
                    keep(bytes)
                    return
                }
                context.fireChannelRead(wrapInboundOut(frame))
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if partial != nil { logger.debug("A client left in the middle of a frame") }
        partial = nil
        context.fireChannelInactive()
    }

    /// Keeps the start of an incomplete frame until its other bytes arrive; copied out when
    /// it is a small part of a large read buffer, which would otherwise stay alive for it.
    private func keep(_ bytes: ByteBuffer) {
        if bytes.readableBytes * 4 < bytes.capacity {
            var copy = ByteBuffer()
            copy.reserveCapacity(bytes.readableBytes)
            var rest = bytes
            copy.writeBuffer(&rest)
            partial = copy
        } else {
            partial = bytes
        }
    }
}
