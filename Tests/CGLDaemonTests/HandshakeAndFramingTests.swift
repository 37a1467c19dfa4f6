@testable import CGLDaemon
import CGLWire
import Logging
import NIOCore
import NIOEmbedded
import Testing

/// The first two handlers of a connection's pipeline, on an embedded channel (no socket):
/// the hello answered and the handler gone, then frames cut from the bytes however they
/// arrive (`docs/protocol.md` §3, §4, §9).
@Suite struct HandshakeAndFramingTests {
    /// What reached the end of the pipeline: frames, and whether the hello was accepted.
    final class Collector: ChannelInboundHandler, @unchecked Sendable {  // touched only on the embedded loop
        typealias InboundIn = ByteBuffer
        var frames: [[UInt8]] = []
        var accepted = false
        var errors: [WireDecodingError] = []

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            frames.append(Array(unwrapInboundIn(data).readableBytesView))
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if event is HandshakeHandler.Accepted { accepted = true }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            if let error = error as? WireDecodingError { errors.append(error) }
        }
    }

    private func pipeline(maximumFrameSize: UInt32 = 1024) throws -> (EmbeddedChannel, Collector) {
        let collector = Collector()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([
            HandshakeHandler(maximumFrameSize: maximumFrameSize),
            WireFrameDecoder(maximumFrameSize: maximumFrameSize, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }),
            collector,
        ])
        return (channel, collector)
    }

    private func hello(version: UInt16 = 1) -> [UInt8] {
        var bytes: [UInt8] = []
        Handshake.ClientHello(version: version).encode(into: &bytes)
        return bytes
    }

    private func frame(_ request: WireRequest, id: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        request.encode(requestID: id, into: &bytes)
        return bytes
    }

    private func written(_ channel: EmbeddedChannel) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { bytes += buffer.readableBytesView }
        return bytes
    }

    @Test func helloAndFramesInOneChunkAreAllDelivered() throws {
        let (channel, collector) = try pipeline()
        try channel.writeInbound(ByteBuffer(bytes: hello() + frame(.ping, id: 1) + frame(.list, id: 2)))
        #expect(try Handshake.ServerHello(decoding: try written(channel)) == Handshake.ServerHello(version: 1, status: .ok, maximumFrameSize: 1024))
        #expect(collector.accepted)
        #expect(collector.frames == [frame(.ping, id: 1), frame(.list, id: 2)])
        // The handshake handler left the pipeline once done.
        #expect(throws: (any Error).self) { try channel.pipeline.syncOperations.handler(type: HandshakeHandler.self) }
        _ = try channel.finish()
    }

    @Test func bytesArrivingOneAtATimeMakeTheSameFrames() throws {
        let (channel, collector) = try pipeline()
        let expected = [frame(.unregister(name: "a"), id: 7), frame(.ping, id: 8)]
        for byte in hello() + expected.joined() { try channel.writeInbound(ByteBuffer(bytes: [byte])) }
        #expect(collector.frames == expected)
        _ = try channel.finish()
    }

    /// Reads that end inside a frame, after whole ones, in a large read buffer: the start is
    /// kept until the rest arrives.
    @Test func aFrameSplitAcrossReadsAfterWholeOnesIsDelivered() throws {
        let (channel, collector) = try pipeline(maximumFrameSize: 1 << 20)
        let large = frame(.register(document: [UInt8](repeating: 0x20, count: 5000)), id: 3)
        let frames = [frame(.ping, id: 1), frame(.list, id: 2), large]
        let stream = hello() + frames.joined()
        var buffer = channel.allocator.buffer(capacity: 64 * 1024)
        buffer.writeBytes(stream.prefix(stream.count - 4000))
        try channel.writeInbound(buffer)
        #expect(collector.frames == Array(frames.prefix(2)))
        try channel.writeInbound(ByteBuffer(bytes: stream.suffix(4000)))
        #expect(collector.frames == frames)
        _ = try channel.finish()
    }

    @Test func aHelloWithoutTheMagicIsClosedUnanswered() throws {
        let (channel, collector) = try pipeline()
        try channel.writeInbound(ByteBuffer(bytes: Array("GET / HTTP/1.1\r\n".utf8)))
        #expect(try written(channel).isEmpty)
        #expect(!channel.isActive && !collector.accepted && collector.frames.isEmpty)
    }

    @Test func anUnsupportedVersionIsAnsweredThenClosed() throws {
        let (channel, collector) = try pipeline()
        try channel.writeInbound(ByteBuffer(bytes: hello(version: 9) + frame(.ping, id: 1)))
        let decoded = try Handshake.ServerHello(decoding: try written(channel))
        #expect(decoded.status == .unsupportedVersion && decoded.version == Handshake.currentVersion)
        #expect(!channel.isActive && collector.frames.isEmpty)
    }

    @Test func aFrameTooShortIsAnErrorAfterTheFramesBeforeIt() throws {
        let (channel, collector) = try pipeline()
        _ = try? channel.writeInbound(ByteBuffer(bytes: hello() + frame(.ping, id: 1) + [0, 0, 0, 2, 1, 1]))
        #expect(collector.frames == [frame(.ping, id: 1)])
        #expect(collector.errors.map(\.code) == [.frameTooShort])
        _ = try? channel.finish()
    }

    @Test func aFrameTooLargeIsAnErrorNamingItsRequest() throws {
        let (channel, collector) = try pipeline()
        _ = try? channel.writeInbound(ByteBuffer(bytes: hello() + [0, 0, 0x10, 0, 0x02, 0, 0, 0, 42]))
        #expect(collector.errors.first?.code == .frameTooLarge && collector.errors.first?.requestID == 42)
        #expect(collector.frames.isEmpty)
        _ = try? channel.finish()
    }
}
