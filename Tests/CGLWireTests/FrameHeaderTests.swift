import CGLTestSupport
import CGLWire
import Testing

/// Peeking at a stream's unread bytes for a frame, and decoding a request in place.
@Suite struct FrameHeaderTests {
    private func peek(_ bytes: [UInt8], maximum: UInt32 = 1024) throws(WireDecodingError) -> WireFrame.Header? {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(WireDecodingError) in try WireFrame.Header.peek(raw, maximumFrameSize: maximum) }
        }
        return try result.get()
    }

    @Test func aHeaderIsKnownOnceItsNineBytesAreThere() throws {
        var frame: [UInt8] = []
        WireRequest.unregister(name: "abc").encode(requestID: 0x0102_0304, into: &frame)
        for count in 0 ..< 9 { #expect(try peek(Array(frame.prefix(count))) == nil) }
        let header = try #require(try peek(Array(frame.prefix(9))))
        #expect(header == WireFrame.Header(length: UInt32(frame.count - 4), kind: 0x03, requestID: 0x0102_0304))
        #expect(header.frameSize == frame.count && header.payloadSize == frame.count - 9)
    }

    @Test func aShortLengthFailsAsSoonAsItIsReadAndALongOneNamesItsRequest() throws {
        let short = #expect(throws: WireDecodingError.self) { try peek([0, 0, 0, 4]) }
        #expect(short?.code == .frameTooShort)
        #expect(try peek([0, 0, 4, 1, 0x02, 0, 0]) == nil)  // too long, but the id is not there yet
        let long = #expect(throws: WireDecodingError.self) { try peek([0, 0, 4, 1, 0x02, 0, 0, 0, 42]) }
        #expect(long?.code == .frameTooLarge && long?.requestID == 42 && long?.kind == 0x02)
    }

    @Test(arguments: WireSamples.requests)
    func decodingInPlaceIsDecodingACopiedFrame(request: WireRequest) throws {
        var bytes: [UInt8] = []
        request.encode(requestID: 77, into: &bytes)
        let decoded = try bytes.withUnsafeBytes { raw in
            Result { () throws(WireDecodingError) in try WireRequest.decode(frame: raw) }
        }.get()
        #expect(decoded.requestID == 77 && decoded.request == request)
    }

    @Test func decodingInPlaceRefusesTheReservedIDAndBytesThatAreNotOneFrame() {
        var bytes: [UInt8] = []
        WireRequest.ping.encode(requestID: 0, into: &bytes)
        func decode(_ bytes: [UInt8]) -> WireDecodingError? {
            let result = bytes.withUnsafeBytes { raw in
                Result { () throws(WireDecodingError) in try WireRequest.decode(frame: raw) }
            }
            if case .failure(let error) = result { return error }
            return nil
        }
        #expect(decode(bytes)?.code == .reservedRequestID)
        #expect(decode(bytes + [0])?.code == .truncated)
        #expect(decode(Array(bytes.prefix(8)))?.code == .truncated)
    }

    @Test func theLargestDocumentFillsTheFrame() {
        let largest = WireRequest.largestDocument(maximumFrameSize: 1024)
        var bytes: [UInt8] = []
        WireRequest.register(document: [UInt8](repeating: 0x20, count: largest)).encode(requestID: 1, into: &bytes)
        #expect(WireFrame.length(ofFrameAt: 0, in: bytes) == 1024)
        #expect(WireRequest.largestDocument(maximumFrameSize: 5) == 0)
    }
}
