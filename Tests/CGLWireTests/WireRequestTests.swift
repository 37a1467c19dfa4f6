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

    /// Version 1's layouts, which a server keeps speaking to version 1 clients.
    @Test func goldenBytesOfVersionOne() {
        var bytes: [UInt8] = []
        WireRequest.lookup(scheme: "ab", environment: .profile("p", direction: .rightToLeft)).encode(requestID: 7, version: 1, into: &bytes)
        #expect(hexString(bytes) == hexString(hexBytes("00000012 05 00000007  00000002 6162  00 00000001 70 02")))

        bytes = []
        WireRequest.lookup(scheme: "", environment: .explicit(.init(width: 390, height: 844, scale: 3, direction: .rightToLeft,
                                                                     verticalSizeClass: .compact))).encode(requestID: 1, version: 1, into: &bytes)
        #expect(hexString(bytes) == hexString(hexBytes("""
            00000046 05 00000001  00000000  01  4078600000000000 408a600000000000  01 4008000000000000  02 00 01
            0000000000000000 0000000000000000 0000000000000000 0000000000000000
            """)))

        bytes = []
        WireRequest.prewarm(schemes: ["s"], profiles: []).encode(requestID: 0x0102_0304, version: 1, into: &bytes)
        #expect(hexString(bytes) == hexString(hexBytes("00000012 06 01020304  00000001 00000001 73  00000000")))
    }

    /// Version 2 appends the text scale and the content to a lookup, and content items to
    /// a prewarm.
    @Test func goldenBytesOfVersionTwo() throws {
        var bytes: [UInt8] = []
        let content = WireContent(entries: [.init(slot: "b", value: .text("hi")), .init(slot: "p", value: .size(width: 2, height: 1)),
                                            .init(slot: "v", value: .flag(false))])
        let lookup = WireRequest.lookup(scheme: "ab", environment: .profile("p"), textScale: 1.5, content: content)
        lookup.encode(requestID: 7, into: &bytes)
        #expect(hexString(bytes) == hexString(hexBytes("""
            00000048 05 00000007  00000002 6162  00 00000001 70 00  01 3ff8000000000000
            00000003  00000001 62 01 00000002 6869  00000001 70 02 4000000000000000 3ff0000000000000  00000001 76 03 00
            """)))
        #expect(try bytes.withUnsafeBytes { try WireRequest.decode(frame: $0) }.request == lookup)

        bytes = []
        WireRequest.lookup(scheme: "ab", environment: .profile("p")).encode(requestID: 7, into: &bytes)
        #expect(hexString(bytes) == hexString(hexBytes("00000017 05 00000007  00000002 6162  00 00000001 70 00  00  00000000")))

        bytes = []
        let batch = WireRequest.lookupBatch([WireLookup(scheme: "a", environment: .profile("p")), WireLookup(scheme: "b", environment: .profile("p"))])
        batch.encode(requestID: 9, into: &bytes)
        #expect(hexString(bytes) == hexString(hexBytes("""
            0000002b 08 00000009  00000002
            00000001 61  00 00000001 70 00  00  00000000
            00000001 62  00 00000001 70 00  00  00000000
            """)))
        #expect(try bytes.withUnsafeBytes { try WireRequest.decode(frame: $0) }.request == batch)

        bytes = []
        WireRequest.prewarm(schemes: ["s"], profiles: [], content: [WireContent(entries: [.init(slot: "v", value: .flag(true))])])
            .encode(requestID: 0x0102_0304, into: &bytes)
        #expect(hexString(bytes) == hexString(hexBytes("""
            00000021 06 01020304  00000001 00000001 73  00000000  00000001 00000001 00000001 76 03 01
            """)))
    }

    @Test func aVersionOneConnectionRefusesABatchAsALaterVersionsKind() throws {
        var bytes: [UInt8] = []
        WireRequest.lookupBatch([]).encode(requestID: 3, into: &bytes)
        let error = #expect(throws: WireDecodingError.self) { try bytes.withUnsafeBytes { try WireRequest.decode(frame: $0, version: 1) } }
        #expect(error?.code == .laterVersion && error?.requestID == 3 && error?.protocolError.code == .unsupportedVersion)
        #expect(error?.message.contains("version 2") == true)
        #expect(!WireRequest.lookupBatch([]).isExpressible(in: 1))
        #expect(!WireRequest.lookup(scheme: "a", environment: .profile("p"), textScale: 2).isExpressible(in: 1))
        #expect(WireRequest.lookup(scheme: "a", environment: .profile("p")).isExpressible(in: 1))
    }

    @Test func aContentValueOfAnUnknownKindIsMalformed() throws {
        // A lookup of "a" with one slot "x" of kind 5.
        let payload = hexBytes("00000001 61  00 00000001 70 00  00  00000001 00000001 78 05")
        let error = #expect(throws: WireDecodingError.self) { try WireRequest(kind: 0x05, payload: payload[...]) }
        #expect(error?.code == .badValue && error?.message.contains("slot 'x'") == true)
    }

    @Test func aDocumentIsCarriedAsBytesNotCheckedAsText() throws {
        let document: [UInt8] = [0x7B, 0xFF, 0x7D]
        let request = try WireRequest(kind: WireRequest.Kind.register.rawValue, payload: [0, 0, 0, 3] + document[...])
        #expect(request == .register(document: document))
    }

    @Test(arguments: WireRequest.Kind.allCases)
    func kindsAreTheProtocolsNumbers(kind: WireRequest.Kind) {
        let expected: [WireRequest.Kind: UInt8] = [.ping: 1, .register: 2, .unregister: 3, .list: 4, .lookup: 5, .prewarm: 6, .stats: 7,
                                                    .lookupBatch: 8, .lookupBatchWithReferences: 9]
        #expect(kind.rawValue == expected[kind])
    }

    /// Lookups laid out beforehand make the very frame the request encodes.
    @Test(arguments: WireSamples.requests)
    func lookupsLaidOutBeforehandMakeTheSameFrame(request: WireRequest) {
        let lookups: [WireLookup], batch: Bool
        switch request {
        case .lookup(let lookup): (lookups, batch) = ([lookup], false)
        case .lookupBatch(let items): (lookups, batch) = (items, true)
        default: return
        }
        var expected: [UInt8] = [0xAA]
        request.encode(requestID: 0x0102_0304, version: Handshake.currentVersion, into: &expected)
        var bytes: [UInt8] = [0xAA]
        WireRequest.appendLookups(requestID: 0x0102_0304, lookups.map { $0.encoded() }, batch: batch, into: &bytes)
        #expect(hexString(bytes) == hexString(expected))
        for lookup in lookups { #expect(lookup.encoded().count == lookup.encodedSize) }
    }

    /// A batch with references laid out beforehand makes the very frame the request encodes.
    @Test func lookupsWithReferencesLaidOutBeforehandMakeTheSameFrame() throws {
        guard case .lookupBatchWithReferences(let items)? = WireSamples.requests.last(where: { $0.kind == .lookupBatchWithReferences }) else {
            Issue.record("no sample batch with references")
            return
        }
        let laidOut = items.map { item -> (encoded: [UInt8], reference: WireLookupReference?) in
            switch item {
            case .lookup(let lookup): (lookup.encoded(), nil)
            // What goes in the encoded bytes of a lookup sent by reference is not sent.
            case .reference(let reference): ([0xEE], reference)
            }
        }
        var expected: [UInt8] = [0xAA]
        WireRequest.lookupBatchWithReferences(items).encode(requestID: 0x0A0B_0C0D, version: Handshake.currentVersion, into: &expected)
        var bytes: [UInt8] = [0xAA]
        WireRequest.appendLookupsWithReferences(requestID: 0x0A0B_0C0D, laidOut, into: &bytes)
        #expect(hexString(bytes) == hexString(expected))
    }

    /// A lookup's form is 0 or 1; any other byte is refused, naming the lookup.
    @Test func aLookupOfAnUnknownFormIsRefused() {
        let payload = hexBytes("00000001 02") + [UInt8](repeating: 0, count: 32)
        let error = #expect(throws: WireDecodingError.self) { try WireRequest(kind: 0x09, payload: payload[...], version: 4) }
        #expect(error?.code == .badValue)
        // And version 3 has no such request.
        let refused = #expect(throws: WireDecodingError.self) { try WireRequest(kind: 0x09, payload: hexBytes("00000000")[...], version: 3) }
        #expect(refused?.code == .laterVersion)
    }
}

/// Texts in runs (content kind 4) exist from protocol version 6: carried and read back
/// there, refused before it by the encoder's check and by the decoder.
@Suite struct WireContentRunsTests {
    static let lookup = WireLookup(scheme: "a", environment: .profile("p"), content: WireSamples.runsContent)

    @Test func runsAreCarriedFromVersionSixOnly() throws {
        #expect(Self.lookup.isExpressible(in: 6) && !Self.lookup.isExpressible(in: 5) && !Self.lookup.isExpressible(in: 1))
        #expect(!WireRequest.prewarm(schemes: [], profiles: [], content: [WireSamples.runsContent]).isExpressible(in: 5))
        var frame: [UInt8] = []
        WireRequest.lookup(Self.lookup).encode(requestID: 1, version: 6, into: &frame)
        let decoded = try frame.withUnsafeBytes { try WireRequest.decode(frame: $0, version: 6) }
        #expect(decoded.request == .lookup(Self.lookup))
        // The same bytes on a version 5 connection: the kind is refused, naming the version.
        let error = #expect(throws: WireDecodingError.self) { try frame.withUnsafeBytes { try WireRequest.decode(frame: $0, version: 5) } }
        #expect(error?.code == .badValue && error?.message.contains("version 6") == true)
        // And the walk of a version 5 lookup frame refuses them too.
        #expect(WireLookupFrameTests.walked(frame, version: 5) == nil && WireLookupFrameTests.walked(frame, version: 6) != nil)
    }

    @Test func aRunOfAnUnknownKindOrNotUTF8IsMalformed() throws {
        // A lookup of "a" with one slot "x" of runs: one run of kind 3.
        let unknown = hexBytes("00000001 61  00 00000001 70 00  00  00000001 00000001 78 04 00000001 03 0000000000")
        let error = #expect(throws: WireDecodingError.self) { try WireRequest(kind: 0x05, payload: unknown[...], version: 6) }
        #expect(error?.code == .badValue && error?.message.contains("a run of the slot 'x'") == true)
        // A text run whose bytes are not UTF-8.
        let invalid = hexBytes("00000001 61  00 00000001 70 00  00  00000001 00000001 78 04 00000001 01 00000002 C328 00")
        let utf8 = #expect(throws: WireDecodingError.self) { try WireRequest(kind: 0x05, payload: invalid[...], version: 6) }
        #expect(utf8?.code == .invalidUTF8)
        // A count of runs past the bytes left is refused before anything is allocated for them.
        let counted = hexBytes("00000001 61  00 00000001 70 00  00  00000001 00000001 78 04 FFFFFFFF 01")
        #expect(#expect(throws: WireDecodingError.self) { try WireRequest(kind: 0x05, payload: counted[...], version: 6) }?.code == .truncated)
    }
}
