import CGLTestSupport
import CGLWire
import Testing

@Suite struct HandshakeTests {
    @Test func clientHelloBytes() throws {
        var bytes: [UInt8] = []
        Handshake.ClientHello().encode(into: &bytes)
        #expect(bytes == [0x43, 0x47, 0x4C, 0x44, 0x00, 0x06, 0x00, 0x00])
        #expect(bytes.count == Handshake.ClientHello.size)
        #expect(try Handshake.ClientHello(decoding: bytes) == Handshake.ClientHello(version: 6, flags: 0))
    }

    @Test func serverHelloBytes() throws {
        let hello = Handshake.ServerHello(version: 1, status: .ok, maximumFrameSize: WireFrame.defaultMaximumSize)
        var bytes: [UInt8] = []
        hello.encode(into: &bytes)
        #expect(bytes == [0x43, 0x47, 0x4C, 0x44, 0x00, 0x01, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00])
        #expect(try Handshake.ServerHello(decoding: bytes) == hello)
        #expect(hello.isAccepted)
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt16])
    func theServerAcceptsEveryVersionItSpeaks(version: UInt16) {
        let answer = Handshake.answer(to: Handshake.ClientHello(version: version, flags: 0xFFFF), maximumFrameSize: 1_000)
        #expect(answer == Handshake.ServerHello(version: version, status: .ok, maximumFrameSize: 1_000))
    }

    @Test(arguments: [0, 7, 0xFFFF] as [UInt16])
    func theServerRefusesOtherVersionsNamingItsNewest(version: UInt16) {
        let answer = Handshake.answer(to: Handshake.ClientHello(version: version))
        #expect(answer.status == .unsupportedVersion)
        #expect(answer.version == 6)
        #expect(!answer.isAccepted)
        #expect(answer.maximumFrameSize == WireFrame.defaultMaximumSize)
    }

    @Test func aServerOfSeveralVersionsAnswersWithItsNewest() {
        let answer = Handshake.answer(to: Handshake.ClientHello(version: 9), supportedVersions: 1 ... 3)
        #expect(answer.version == 3)
        #expect(Handshake.answer(to: Handshake.ClientHello(version: 2), supportedVersions: 1 ... 3).status == .ok)
    }

    @Test func unknownStatusesAreRefusals() throws {
        let hello = try Handshake.ServerHello(decoding: hexBytes("43474c44 0001 0007 00000010"))
        #expect(hello.status.rawValue == 7)
        #expect(hello.status.description == "status 7")
        #expect(!hello.isAccepted)
    }

    @Test func badMagicIsRefused() {
        let error = #expect(throws: WireDecodingError.self) { try Handshake.ClientHello(decoding: Array("GET /HTT".utf8)) }
        #expect(error?.code == .badMagic)
        #expect(error?.isFatalToConnection == true)
        #expect(throws: WireDecodingError.self) { try Handshake.ServerHello(decoding: hexBytes("43474c45 0001 0000 00000010")) }
    }

    @Test func wrongSizesAreRefused() {
        var bytes: [UInt8] = []
        Handshake.ClientHello().encode(into: &bytes)
        for count in 0 ..< bytes.count {
            let error = #expect(throws: WireDecodingError.self) { try Handshake.ClientHello(decoding: bytes[..<count]) }
            #expect(error?.code == .truncated)
        }
        let error = #expect(throws: WireDecodingError.self) { try Handshake.ClientHello(decoding: bytes + [0]) }
        #expect(error?.code == .trailingBytes)

        var server: [UInt8] = []
        Handshake.ServerHello(version: 1, status: .ok, maximumFrameSize: 5).encode(into: &server)
        for count in 0 ..< server.count {
            #expect(throws: WireDecodingError.self) { try Handshake.ServerHello(decoding: server[..<count]) }
        }
    }
}
