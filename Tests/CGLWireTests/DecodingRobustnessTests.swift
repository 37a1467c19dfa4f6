import CGLTestSupport
import CGLWire
import Testing

/// No input may trap a decoder: every malformation ends in a `WireDecodingError`.
@Suite struct DecodingRobustnessTests {
    @Test(arguments: WireSamples.requests)
    func everyTruncationOfARequestThrows(request: WireRequest) {
        let payload = WireSamples.payload(of: request)
        for count in 0 ..< payload.count {
            let error = #expect(throws: WireDecodingError.self) { try WireRequest(kind: request.kind.rawValue, payload: payload[..<count]) }
            #expect(error?.code == .truncated, "cut at \(count)")
            #expect(error?.kind == request.kind.rawValue)
        }
        let error = #expect(throws: WireDecodingError.self) { try WireRequest(kind: request.kind.rawValue, payload: (payload + [0])[...]) }
        #expect(error?.code == .trailingBytes)
    }

    @Test(arguments: WireSamples.responses + [WireSamples.nanResponse])
    func everyTruncationOfAResponseThrows(response: WireResponse) {
        let payload = WireSamples.payload(of: response)
        for count in 0 ..< payload.count {
            let error = #expect(throws: WireDecodingError.self) { try WireResponse(kind: response.kind.rawValue, payload: payload[..<count]) }
            #expect(error?.code == .truncated, "cut at \(count)")
        }
        let error = #expect(throws: WireDecodingError.self) { try WireResponse(kind: response.kind.rawValue, payload: (payload + [1, 2])[...]) }
        #expect(error?.code == .trailingBytes)
    }

    @Test func unknownKindsAreBadRequests() {
        let requestKinds = Set(WireRequest.Kind.allCases.map(\.rawValue))
        let responseKinds = Set(WireResponse.Kind.allCases.map(\.rawValue))
        for kind in UInt8.min ... UInt8.max {
            if !requestKinds.contains(kind) {
                let frame = WireFrame(kind: kind, requestID: 31)
                let error = #expect(throws: WireDecodingError.self) { try WireRequest(frame: frame) }
                #expect(error?.code == .unknownKind)
                #expect(error?.kind == kind)
                #expect(error?.requestID == 31)
                #expect(error?.protocolError.code == .badRequest)
                #expect(error?.isFatalToConnection == false)
            }
            if !responseKinds.contains(kind) {
                #expect(throws: WireDecodingError.self) { try WireResponse(kind: kind, payload: []) }
            }
        }
    }

    @Test(arguments: [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x61, 0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x41]] as [[UInt8]])
    func invalidUTF8Throws(text: [UInt8]) {
        let string = [0, 0, 0, UInt8(text.count)] + text
        let unregister = #expect(throws: WireDecodingError.self) { try WireRequest(kind: 0x03, payload: string[...]) }
        #expect(unregister?.code == .invalidUTF8)
        #expect(unregister?.offset == 0)
        let lookup = #expect(throws: WireDecodingError.self) { try WireRequest(kind: 0x05, payload: (string + [0, 0, 0, 0, 0, 0])[...]) }
        #expect(lookup?.code == .invalidUTF8)
        let pong = #expect(throws: WireDecodingError.self) { try WireResponse(kind: 0x81, payload: (string + [UInt8](repeating: 0, count: 8))[...]) }
        #expect(pong?.code == .invalidUTF8)
    }

    @Test(arguments: [
        ("unregistered flag of 2", 0x83, "00000000 02"),
        ("registered outcome of 3", 0x82, "00000000 00000000 03 00000000"),
        ("environment form of 2", 0x05, "00000000 02"),
        ("direction override of 3", 0x05, "00000000 00 00000000 03"),
        ("explicit direction of 0", 0x05, "00000000 01 0000000000000000 0000000000000000 00 00 00 00"),
        ("scale flag of 9", 0x05, "00000000 01 0000000000000000 0000000000000000 09"),
        ("snapshot source of 3", 0x85, "03"),
    ] as [(String, UInt8, String)])
    func valuesOutsideTheirEnumerationThrow(name: String, kind: UInt8, hex: String) {
        let payload = hexBytes(hex)
        let decode: () throws -> Void = kind < 0x80
            ? { _ = try WireRequest(kind: kind, payload: payload[...]) }
            : { _ = try WireResponse(kind: kind, payload: payload[...]) }
        let error = #expect(throws: WireDecodingError.self, "\(name)") { try decode() }
        #expect(error?.code == .badValue, "\(name): \(String(describing: error))")
    }

    @Test func forgedCountsAllocateNothingAndThrow() {
        let counts = hexBytes("ffffffff ffffffff")
        #expect(throws: WireDecodingError.self) { try WireRequest(kind: 0x06, payload: counts[...]) }
        #expect(throws: WireDecodingError.self) { try WireRequest(kind: 0x02, payload: counts[...]) }
        #expect(throws: WireDecodingError.self) { try WireResponse(kind: 0x84, payload: counts[...]) }
        #expect(throws: WireDecodingError.self) { try WireResponse(kind: 0x88, payload: counts[...]) }
        #expect(throws: WireDecodingError.self) { try WireResponse(kind: 0xFF, payload: hexBytes("0001 00000000 ffffffff")[...]) }
    }

    @Test func randomPayloadsDecodeOrThrow() {
        var random = SplitMix64(state: 2024)
        for _ in 0 ..< 3_000 {
            let count = Int.random(in: 0 ... 48, using: &random)
            // Small values make counts and lengths plausible, so decoding gets past them.
            let payload = (0 ..< count).map { _ in UInt8.random(in: 0 ... 3, using: &random) * (Bool.random(using: &random) ? 1 : 85) }
            let kind = UInt8.random(in: 0 ... 255, using: &random)
            Self.decodeOrThrow(kind: kind, payload: payload)
        }
    }

    @Test func corruptedMessagesDecodeOrThrow() {
        var random = SplitMix64(state: 77)
        let samples = WireSamples.requests.map { ($0.kind.rawValue, WireSamples.payload(of: $0)) }
            + WireSamples.responses.map { ($0.kind.rawValue, WireSamples.payload(of: $0)) }
        for _ in 0 ..< 3_000 {
            var (kind, payload) = samples.randomElement(using: &random)!
            guard !payload.isEmpty else { continue }
            for _ in 0 ... Int.random(in: 0 ... 3, using: &random) {
                payload[Int.random(in: payload.indices, using: &random)] = UInt8.random(in: 0 ... 255, using: &random)
            }
            if Bool.random(using: &random) { payload.removeLast(Int.random(in: 0 ... payload.count, using: &random)) }
            Self.decodeOrThrow(kind: kind, payload: payload)
        }
    }

    @Test func randomStreamsParseOrThrow() {
        var random = SplitMix64(state: 5)
        for _ in 0 ..< 1_000 {
            var parser = FrameParser(maximumFrameSize: 64)
            let bytes = (0 ..< Int.random(in: 0 ... 80, using: &random)).map { _ in
                Bool.random(using: &random) ? 0 : UInt8.random(in: 0 ... 255, using: &random)
            }
            parser.feed(bytes)
            do {
                while let frame = try parser.next() {
                    Self.decodeOrThrow(kind: frame.kind, payload: frame.payload)
                }
            } catch {
                #expect(error.isFatalToConnection)
            }
            _ = try? Handshake.ClientHello(decoding: bytes)
            _ = try? Handshake.ServerHello(decoding: bytes)
        }
    }

    /// Decodes as both a request and a response; succeeding or throwing are both fine,
    /// and a success must re-encode to the same bytes.
    static func decodeOrThrow(kind: UInt8, payload: [UInt8]) {
        if let request = try? WireRequest(kind: kind, payload: payload[...]) {
            #expect(WireSamples.payload(of: request) == payload)
        }
        if let response = try? WireResponse(kind: kind, payload: payload[...]) {
            #expect(WireSamples.payload(of: response) == payload)
        }
    }
}
