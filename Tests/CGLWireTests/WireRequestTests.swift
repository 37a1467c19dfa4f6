import CGLTestSupport
import CGLWire
import Testing

@Suite struct WireRequestTests {
    @Test(arguments: WireSamples.requests)
    func roundTripsThroughAFrame(request: WireRequest) throws {
        var bytes: [UInt8] = []
        request.encode(requestID: 0xDEAD_BEEF, into: &bytes)
        var parser = FrameParser()
        parser.feed(bytes)
        let frame = try #require(try parser.next())
        #expect(frame.kind == request.kind.rawValue)
        #expect(frame.requestID == 0xDEAD_BEEF)
        #expect(frame.payload == WireSamples.payload(of: request))
        #expect(try WireRequest(frame: frame) == request)
        #expect(try parser.next() == nil)
    }

    @Test func theReservedIDZeroIsRefused() throws {
        let error = #expect(throws: WireDecodingError.self) { try WireRequest(frame: WireFrame(kind: 0x01, requestID: 0)) }
        #expect(error?.code == .reservedRequestID && error?.requestID == 0 && error?.protocolError.code == .badRequest)
        #expect(error?.isFatalToConnection == false)
    }

    @Test func encodingAppendsToWhatIsThere() throws {
        var bytes: [UInt8] = [0xAA]
        WireRequest.ping.encode(requestID: 1, into: &bytes)
        WireRequest.unregister(name: "a").encode(requestID: 2, into: &bytes)
        #expect(bytes == [0xAA] + hexBytes("00000005 01 00000001") + hexBytes("0000000a 03 00000002 00000001 61"))
    }

    @Test func goldenBytes() {
        var bytes: [UInt8] = []
        WireRequest.lookup(scheme: "ab", environment: .profile("p", direction: .rightToLeft)).encode(requestID: 7, into: &bytes)
        #expect(hexString(bytes) == hexString(hexBytes("00000012 05 00000007  00000002 6162  00 00000001 70 02")))

        bytes = []
        WireRequest.lookup(scheme: "", environment: .explicit(.init(width: 390, height: 844, scale: 3, direction: .rightToLeft,
                                                                     verticalSizeClass: .compact))).encode(requestID: 1, into: &bytes)
        #expect(hexString(bytes) == hexString(hexBytes("""
            00000046 05 00000001  00000000  01  4078600000000000 408a600000000000  01 4008000000000000  02 00 01
            0000000000000000 0000000000000000 0000000000000000 0000000000000000
            """)))

        bytes = []
        WireRequest.prewarm(schemes: ["s"], profiles: []).encode(requestID: 0x0102_0304, into: &bytes)
        #expect(hexString(bytes) == hexString(hexBytes("00000012 06 01020304  00000001 00000001 73  00000000")))
    }

    @Test func aDocumentIsCarriedAsBytesNotCheckedAsText() throws {
        let document: [UInt8] = [0x7B, 0xFF, 0x7D]
        let request = try WireRequest(kind: WireRequest.Kind.register.rawValue, payload: [0, 0, 0, 3] + document[...])
        #expect(request == .register(document: document))
    }

    @Test(arguments: WireRequest.Kind.allCases)
    func kindsAreTheProtocolsNumbers(kind: WireRequest.Kind) {
        let expected: [WireRequest.Kind: UInt8] = [.ping: 1, .register: 2, .unregister: 3, .list: 4, .lookup: 5, .prewarm: 6, .stats: 7]
        #expect(kind.rawValue == expected[kind])
    }
}
