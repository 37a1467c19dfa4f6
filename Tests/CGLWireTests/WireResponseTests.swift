import CGLTestSupport
import CGLWire
import Testing

@Suite struct WireResponseTests {
    @Test(arguments: WireSamples.responses)
    func roundTripsThroughAFrame(response: WireResponse) throws {
        var bytes: [UInt8] = []
        response.encode(requestID: 42, into: &bytes)
        var parser = FrameParser()
        parser.feed(bytes)
        let frame = try #require(try parser.next())
        #expect(frame.kind == response.kind.rawValue)
        #expect(frame.requestID == 42)
        #expect(try WireResponse(frame: frame) == response)
    }

    @Test func notANumberSurvivesBitForBit() throws {
        let payload = WireSamples.payload(of: WireSamples.nanResponse)
        let decoded = try WireResponse(kind: WireResponse.Kind.snapshot.rawValue, payload: payload[...])
        #expect(WireSamples.payload(of: decoded) == payload)
        guard case .snapshot(let snapshot) = decoded else {
            Issue.record("decoded \(decoded)")
            return
        }
        #expect(snapshot.environment.width.isNaN)
        #expect(snapshot.environment.scale?.isSignalingNaN == true)
        #expect(snapshot.environment.height.sign == .minus)
    }

    @Test func goldenBytes() {
        var bytes: [UInt8] = []
        WireResponse.unregistered(name: "a", existed: true).encode(requestID: 3, into: &bytes)
        #expect(hexString(bytes) == hexString(hexBytes("0000000b 83 00000003  00000001 61  01")))

        bytes = []
        let summary = WirePrewarmSummary(computed: 1, alreadyCached: 2, failed: 3, seconds: -2, cancelled: 4)
        WireResponse.prewarmFinished(summary).encode(requestID: 9, into: &bytes)
        #expect(hexString(bytes) == hexString(hexBytes("0000001d 87 00000009  00000001 00000002 00000003 c000000000000000 00000004")))
        // Version 2 has no `cancelled`: those pairs count as failed.
        bytes = []
        WireResponse.prewarmFinished(summary).encode(requestID: 9, version: 2, into: &bytes)
        #expect(hexString(bytes) == hexString(hexBytes("00000019 87 00000009  00000001 00000002 00000007 c000000000000000")))

        bytes = []
        let issue = WireIssue(severity: .warning, code: "c", pointer: "/p", message: "m", hint: nil, line: 2, column: 5)
        WireResponse.error(WireError(code: .invalidDocument, message: "x", issues: [issue])).encode(requestID: 1, into: &bytes)
        #expect(hexString(bytes) == hexString(hexBytes("""
            0000002d ff 00000001  0002 00000001 78  00000001
            01 00000001 63 00000002 2f70 00000001 6d 00000000 00000002 00000005
            """)))
    }

    @Test func emptyTextNormalisesToNone() {
        #expect(WireEnvironment(width: 1, height: 1, profile: "").profile == nil)
        #expect(WireIssue(severity: .error, code: "c", pointer: "", message: "m", hint: "").hint == nil)
    }

    @Test func onlyProgressIsNotFinal() {
        for response in WireSamples.responses {
            #expect(response.isFinal == (response.kind != .prewarmProgress))
        }
    }

    @Test func unknownErrorCodesDecodeAndPrintTheirNumber() throws {
        let error = WireError(code: WireError.Code(rawValue: 4711), message: "new")
        #expect(error.code.description == "code 4711")
        #expect(WireError.Code.notFound.description == "notFound")
        #expect(WireError.Code.unsupportedVersion.rawValue == 9)
        var bytes: [UInt8] = []
        WireResponse.error(error).encodePayload(into: &bytes)
        #expect(try WireResponse(kind: 0xFF, payload: bytes[...]) == .error(error))
    }

    @Test func statsAreLookedUpByKey() {
        let stats = WireStats(entries: [.init(key: WireStats.Key.hitRate, value: 0.5), .init(key: "hitRate", value: 1)])
        #expect(stats[WireStats.Key.hitRate] == 0.5)
        #expect(stats["nope"] == nil)
        #expect(WireStats.Key.all.count == 13)
        #expect(Set(WireStats.Key.all).count == 13)
    }
}
