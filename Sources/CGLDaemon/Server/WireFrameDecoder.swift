import CGLWire
import Logging
import NIOCore

/// Cuts a connection's bytes into frames: each frame goes down the pipeline as a slice of
/// the bytes read (no copy), delimited by `CGLWire`'s ``WireFrame/Header``.
///
/// A length below 5 or above the maximum is thrown as the `WireDecodingError` that names
/// it, after every frame before it; the stream cannot be followed past it.
struct WireFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    let maximumFrameSize: UInt32
    let logger: Logger

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let maximum = maximumFrameSize
        let header = try buffer.withUnsafeReadableBytes { bytes in try WireFrame.Header.peek(bytes, maximumFrameSize: maximum) }
        guard let header, let frame = buffer.readSlice(length: header.frameSize) else { return .needMoreData }
        context.fireChannelRead(wrapInboundOut(frame))
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        if buffer.readableBytes > 0 { logger.debug("A client left in the middle of a frame") }
        return .needMoreData
    }
}
