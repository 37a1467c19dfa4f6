import CGLWire
import Testing

@Suite struct WireSnapshotTests {
    /// A frame from a kept payload is, byte for byte, the frame of the snapshot with the
    /// answer's source and id, whatever source the payload was encoded with.
    @Test(arguments: WireSnapshot.Source.allCases)
    func aFrameFromAnEncodedSnapshotIsTheFrameOfTheSnapshot(source: WireSnapshot.Source) throws {
        for sample in [WireSamples.feedCell, WireSamples.extremeSnapshot] {
            let encoded = EncodedSnapshot(sample)
            var frame: [UInt8] = [0xEE]
            encoded.appendFrame(requestID: 77, source: source, named: sample.scheme, to: &frame)
            var snapshot = sample
            snapshot.source = source
            var expected: [UInt8] = [0xEE]
            WireResponse.snapshot(snapshot).encode(requestID: 77, into: &expected)
            #expect(frame == expected)
            #expect(encoded.frameSize(named: sample.scheme) == expected.count - 1)
            // The payload kept is untouched by answering.
            #expect(try WireSnapshot(payload: encoded.payload) == sample)
        }
    }

    @Test func writingIntoRawMemoryFillsExactlyTheFrame() throws {
        let encoded = EncodedSnapshot(WireSamples.feedCell)
        var memory = [UInt8](repeating: 0xAA, count: encoded.frameSize(named: "feed-cell") + 3)
        let written = memory.withUnsafeMutableBytes { encoded.writeFrame(requestID: 5, source: .store, named: "feed-cell", into: $0) }
        #expect(written == encoded.frameSize(named: "feed-cell"))
        #expect(memory.suffix(3) == [0xAA, 0xAA, 0xAA])
        var parser = FrameParser()
        parser.feed(memory.prefix(written))
        let frame = try #require(try parser.next())
        var expected = WireSamples.feedCell
        expected.source = .store
        #expect(frame.requestID == 5)
        #expect(try WireResponse(frame: frame) == .snapshot(expected))
    }

    /// Two names with one content share a payload: the frame for another name carries
    /// that name, and every other byte of the snapshot.
    @Test func anotherNameIsWrittenInAndEverythingElseKept() throws {
        let encoded = EncodedSnapshot(WireSamples.feedCell)
        #expect(encoded.names("feed-cell") && !encoded.names("feed"))
        var expected = WireSamples.feedCell
        expected.source = .store
        for name in ["a-longer-second-name", "", "Ω≈ç√", "feed-cell"] {
            expected.scheme = name
            var frame: [UInt8] = []
            encoded.appendFrame(requestID: 9, source: .store, named: name, to: &frame)
            var direct: [UInt8] = []
            WireResponse.snapshot(expected).encode(requestID: 9, into: &direct)
            #expect(frame == direct)
            #expect(encoded.frameSize(named: name) == direct.count)
        }
    }

    @Test func aStoredPayloadMustHoldASourceAndAName() {
        #expect(EncodedSnapshot(storedPayload: []) == nil)
        #expect(EncodedSnapshot(storedPayload: [0, 0, 0, 0, 9, 0x61]) == nil)
        #expect(EncodedSnapshot(storedPayload: [0, 0, 0, 0, 1, 0x61])?.names("a") == true)
        #expect(EncodedSnapshot(storedPayload: EncodedSnapshot(WireSamples.feedCell).payload) == EncodedSnapshot(WireSamples.feedCell))
    }

    @Test func theFrameLimitCountsTheHeaderAndTheName() {
        let encoded = EncodedSnapshot(WireSamples.feedCell)
        let length = UInt32(encoded.frameSize(named: "feed-cell") - 4)
        #expect(encoded.fitsInFrame(named: "feed-cell", maximumLength: length))
        #expect(!encoded.fitsInFrame(named: "feed-cell", maximumLength: length - 1))
        #expect(!encoded.fitsInFrame(named: "feed-cell-longer", maximumLength: length))
    }

    @Test func aPayloadIsExactlyOneSnapshot() throws {
        var payload: [UInt8] = []
        WireSamples.feedCell.encode(into: &payload)
        #expect(try WireSnapshot(payload: payload) == WireSamples.feedCell)
        let error = #expect(throws: WireDecodingError.self) { try WireSnapshot(payload: payload + [0]) }
        #expect(error?.code == .trailingBytes)
    }

    @Test func elementsAreFoundById() {
        #expect(WireSamples.feedCell["avatar"]?.inRoot == WireRect(x: 20, y: 20, width: 44, height: 44))
        #expect(WireSamples.feedCell["nope"] == nil)
    }
}
