import CGLWire
import Testing

@Suite struct WireSnapshotTests {
    @Test(arguments: WireSnapshot.Source.allCases)
    func patchingTheSourceChangesOnlyThatByte(source: WireSnapshot.Source) throws {
        var payload: [UInt8] = []
        WireSamples.feedCell.encode(into: &payload)
        let original = payload
        WireSnapshot.patchSource(source, inPayload: &payload)
        #expect(payload.count == original.count)
        for index in payload.indices where index != WireSnapshot.sourceOffset {
            #expect(payload[index] == original[index])
        }
        #expect(payload[WireSnapshot.sourceOffset] == source.rawValue)
        #expect(try WireSnapshot.source(inPayload: payload[...]) == source)
        var expected = WireSamples.feedCell
        expected.source = source
        #expect(try WireSnapshot(payload: payload) == expected)
    }

    @Test func aFrameFromACachedPayloadIsTheFrameOfTheSnapshot() throws {
        var cached: [UInt8] = []
        WireSamples.extremeSnapshot.encode(into: &cached)
        for source in WireSnapshot.Source.allCases {
            var frame: [UInt8] = [0xEE]
            WireSnapshot.encodeFrame(payload: cached, source: source, requestID: 77, into: &frame)
            var snapshot = WireSamples.extremeSnapshot
            snapshot.source = source
            var expected: [UInt8] = [0xEE]
            WireResponse.snapshot(snapshot).encode(requestID: 77, into: &expected)
            #expect(frame == expected)
            #expect(frame[1 + WireSnapshot.sourceOffsetInFrame] == source.rawValue)
        }
        #expect(cached[WireSnapshot.sourceOffset] == WireSamples.extremeSnapshot.source.rawValue)
    }

    @Test func patchingInsideAFrameInPlace() throws {
        var frame: [UInt8] = []
        WireResponse.snapshot(WireSamples.feedCell).encode(requestID: 1, into: &frame)
        let original = frame
        WireSnapshot.patchSource(.computed, inPayload: &frame[WireSnapshot.sourceOffsetInFrame...])
        #expect(zip(frame, original).enumerated().filter { $1.0 != $1.1 }.map(\.offset) == [WireSnapshot.sourceOffsetInFrame])
    }

    @Test func aPayloadIsExactlyOneSnapshot() throws {
        var payload: [UInt8] = []
        WireSamples.feedCell.encode(into: &payload)
        #expect(try WireSnapshot(payload: payload) == WireSamples.feedCell)
        let error = #expect(throws: WireDecodingError.self) { try WireSnapshot(payload: payload + [0]) }
        #expect(error?.code == .trailingBytes)
        #expect(throws: WireDecodingError.self) { try WireSnapshot.source(inPayload: [3]) }
        #expect(throws: WireDecodingError.self) { try WireSnapshot.source(inPayload: []) }
    }

    @Test func elementsAreFoundById() {
        #expect(WireSamples.feedCell["avatar"]?.inRoot == WireRect(x: 20, y: 20, width: 44, height: 44))
        #expect(WireSamples.feedCell["nope"] == nil)
    }
}
