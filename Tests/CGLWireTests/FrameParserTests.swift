import CGLTestSupport
import CGLWire
import Testing

@Suite struct FrameParserTests {
    /// Frames of assorted sizes: empty, tiny, a payload longer than one typical chunk.
    static let frames: [WireFrame] = [
        WireFrame(kind: 0x01, requestID: 1),
        WireFrame(kind: 0x85, requestID: .max, payload: [0]),
        WireFrame(kind: 0x02, requestID: 0, payload: Array(repeating: 0xAB, count: 300)),
        WireFrame(kind: 0xFF, requestID: 0x0102_0304, payload: Array(0 ... 255)),
        WireFrame(kind: 0x00, requestID: 7),
    ]

    static var stream: [UInt8] {
        var bytes: [UInt8] = []
        for frame in frames { frame.encode(into: &bytes) }
        return bytes
    }

    /// Feeds `chunks` one after the other and collects every frame returned.
    static func parse(_ chunks: [ArraySlice<UInt8>], maximumFrameSize: UInt32 = WireFrame.defaultMaximumSize) throws -> [WireFrame] {
        var parser = FrameParser(maximumFrameSize: maximumFrameSize)
        var frames: [WireFrame] = []
        for chunk in chunks {
            parser.feed(chunk)
            while let frame = try parser.next() { frames.append(frame) }
        }
        #expect(!parser.hasPartialFrame)
        return frames
    }

    @Test func splitAtEveryByteBoundary() throws {
        let stream = Self.stream
        for split in 0 ... stream.count {
            #expect(try Self.parse([stream[..<split], stream[split...]]) == Self.frames, "split at \(split)")
        }
    }

    @Test func splitAtEveryPairOfBoundariesOfAFrame() throws {
        var stream: [UInt8] = []
        WireFrame(kind: 0x05, requestID: 9, payload: [1, 2, 3, 4, 5, 6]).encode(into: &stream)
        for first in 0 ... stream.count {
            for second in first ... stream.count {
                let frames = try Self.parse([stream[..<first], stream[first ..< second], stream[second...]])
                #expect(frames == [WireFrame(kind: 0x05, requestID: 9, payload: [1, 2, 3, 4, 5, 6])])
            }
        }
    }

    @Test func oneByteAtATime() throws {
        let stream = Self.stream
        #expect(try Self.parse(stream.indices.map { stream[$0 ... $0] }) == Self.frames)
    }

    @Test func randomChunks() throws {
        var random = SplitMix64(state: 11)
        let stream = Self.stream
        for _ in 0 ..< 200 {
            var chunks: [ArraySlice<UInt8>] = []
            var start = 0
            while start < stream.count {
                let end = min(stream.count, start + Int.random(in: 0 ... 40, using: &random))
                chunks.append(stream[start ..< end])
                start = end
            }
            #expect(try Self.parse(chunks) == Self.frames)
        }
    }

    @Test func manyFramesInOneChunk() throws {
        var stream: [UInt8] = []
        let frames = (0 ..< 5_000).map { WireFrame(kind: UInt8($0 % 256), requestID: UInt32($0), payload: Array(repeating: UInt8($0 % 7), count: $0 % 11)) }
        for frame in frames { frame.encode(into: &stream) }
        #expect(try Self.parse([stream[...]]) == frames)
    }

    @Test func aLargePayloadArrivingInChunks() throws {
        let payload = (0 ..< 4 * 1024 * 1024).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var stream: [UInt8] = []
        WireFrame(kind: 0x02, requestID: 5, payload: payload).encode(into: &stream)
        let chunks = stride(from: 0, to: stream.count, by: 65_536).map { stream[$0 ..< min($0 + 65_536, stream.count)] }
        let frames = try Self.parse(chunks)
        #expect(frames.count == 1)
        #expect(frames.first?.payload == payload)
    }

    @Test func aTruncatedFrameWaitsForTheRest() throws {
        var parser = FrameParser()
        let stream = Self.stream
        let firstTwo = Self.frames[0].length + 4 + Self.frames[1].length + 4
        parser.feed(stream[..<(firstTwo + 50)])
        #expect(try parser.next() == Self.frames[0])
        #expect(try parser.next() == Self.frames[1])
        #expect(try parser.next() == nil)
        #expect(try parser.next() == nil)
        #expect(parser.hasPartialFrame)
        #expect(!parser.hasFailed)
        parser.feed(stream[(firstTwo + 50)...])
        #expect(try parser.next() == Self.frames[2])
        #expect(try parser.next() == Self.frames[3])
        #expect(try parser.next() == Self.frames[4])
        #expect(!parser.hasPartialFrame)
    }

    @Test func aFrameOfExactlyTheLimitPasses() throws {
        var stream: [UInt8] = []
        WireFrame(kind: 0x02, requestID: 1, payload: Array(repeating: 1, count: 95)).encode(into: &stream)
        #expect(try Self.parse([stream[...]], maximumFrameSize: 100).count == 1)
    }

    @Test func aFrameOverTheLimitFailsAfterTheFramesBeforeIt() throws {
        var parser = FrameParser(maximumFrameSize: 100)
        var stream: [UInt8] = []
        WireFrame(kind: 0x01, requestID: 1).encode(into: &stream)
        WireFrame(kind: 0x02, requestID: 2, payload: Array(repeating: 1, count: 96)).encode(into: &stream)
        WireFrame(kind: 0x01, requestID: 3).encode(into: &stream)
        parser.feed(stream)
        #expect(try parser.next()?.requestID == 1)
        let error = try #require(throws: WireDecodingError.self) { try parser.next() }
        #expect(error.code == .frameTooLarge)
        #expect(error.kind == 0x02)
        #expect(error.requestID == 2)
        #expect(error.isFatalToConnection)
        #expect(error.protocolError.code == .tooLarge)
        #expect(parser.hasFailed)
        // Failed for good: later bytes are ignored and the error comes back.
        parser.feed(stream)
        #expect(throws: WireDecodingError.self) { try parser.next() }
    }

    @Test func anOversizedLengthIsReportedOnlyOnceTheHeaderIsComplete() throws {
        var parser = FrameParser(maximumFrameSize: 100)
        parser.feed([0x7F, 0xFF, 0xFF, 0xFF, 0x02, 0x00, 0x00])
        #expect(try parser.next() == nil)
        parser.feed([0x00, 0x2A])
        let error = try #require(throws: WireDecodingError.self) { try parser.next() }
        #expect(error.code == .frameTooLarge)
        #expect(error.requestID == 42)
    }

    @Test(arguments: 0 ... 4 as ClosedRange<UInt32>)
    func aLengthBelowFiveFailsAtOnce(length: UInt32) throws {
        var parser = FrameParser()
        parser.feed([0, 0, 0, UInt8(length)])
        let error = try #require(throws: WireDecodingError.self) { try parser.next() }
        #expect(error.code == .frameTooShort)
        #expect(error.requestID == nil)
        #expect(error.protocolError.code == .badRequest)
    }

    @Test func feedsFromRawMemoryAndFromNonContiguousSequences() throws {
        let stream = Self.stream
        var parser = FrameParser()
        stream.withUnsafeBytes { parser.feed($0) }
        var fromRaw: [WireFrame] = []
        while let frame = try parser.next() { fromRaw.append(frame) }
        #expect(fromRaw == Self.frames)

        var lazyParser = FrameParser()
        lazyParser.feed(stream.lazy.map { $0 })
        var fromLazy: [WireFrame] = []
        while let frame = try lazyParser.next() { fromLazy.append(frame) }
        #expect(fromLazy == Self.frames)
    }
}
