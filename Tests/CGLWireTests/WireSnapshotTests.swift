import CGLTestSupport
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

    @Test func aStoredPayloadMustBeOneWholeSnapshot() {
        #expect(EncodedSnapshot(storedPayload: []) == nil)
        #expect(EncodedSnapshot(storedPayload: [0, 0, 0, 0, 9, 0x61]) == nil)
        let whole = EncodedSnapshot(WireSamples.feedCell).payload
        // A payload is walked field by field: one cut anywhere, or with a byte left over, is no snapshot.
        #expect(EncodedSnapshot(storedPayload: Array(whole.dropLast())) == nil)
        #expect(EncodedSnapshot(storedPayload: whole + [0]) == nil)
        #expect(EncodedSnapshot(storedPayload: whole)?.names(WireSamples.feedCell.scheme) == true)
        #expect(EncodedSnapshot(storedPayload: EncodedSnapshot(WireSamples.feedCell).payload) == EncodedSnapshot(WireSamples.feedCell))
    }

    /// A version 1 connection receives the same snapshot without version 2's fields: the
    /// text scale reads back as 1, the content digest as none.
    @Test func aVersionOneAnswerIsThePayloadWithoutItsTrailer() throws {
        let encoded = EncodedSnapshot(WireSamples.contentCell)
        var frame: [UInt8] = []
        encoded.appendFrame(requestID: 3, source: .memory, named: "other", version: 1, to: &frame)
        var expected = WireSamples.contentCell
        expected.scheme = "other"
        var direct: [UInt8] = []
        WireResponse.snapshot(expected).encode(requestID: 3, version: 1, into: &direct)
        #expect(frame == direct)
        #expect(encoded.frameSize(named: "other", version: 1) == direct.count)
        var parser = FrameParser()
        parser.feed(frame)
        let decoded = try WireResponse(frame: try #require(try parser.next()), version: 1)
        expected.environment.textScale = 1
        expected.contentDigest = nil
        #expect(decoded == .snapshot(expected))
        // The same payload, read back from a store, answers both versions alike.
        let stored = try #require(EncodedSnapshot(storedPayload: encoded.payload))
        var again: [UInt8] = []
        stored.appendFrame(requestID: 3, source: .memory, named: "other", version: 1, to: &again)
        #expect(again == direct)
    }

    /// A connection of versions 2 to 4 receives the snapshot without version 5's scroll
    /// sizes; version 5 receives them. From a kept payload and from one read back alike.
    @Test func anAnswerBeforeVersionFiveIsThePayloadWithoutItsScrollSizes() throws {
        let encoded = EncodedSnapshot(WireSamples.scrollingCell)
        let stored = try #require(EncodedSnapshot(storedPayload: encoded.payload))
        var renamed = WireSamples.scrollingCell
        renamed.scheme = "other"
        for version in Handshake.supportedVersions {
            var direct: [UInt8] = []
            WireResponse.snapshot(renamed).encode(requestID: 9, version: version, into: &direct)
            for kept in [encoded, stored] {
                var frame: [UInt8] = []
                kept.appendFrame(requestID: 9, source: .memory, named: "other", version: version, to: &frame)
                #expect(frame == direct, "version \(version)")
                #expect(kept.frameSize(named: "other", version: version) == direct.count)
            }
            var parser = FrameParser()
            parser.feed(direct)
            guard case .snapshot(let decoded) = try WireResponse(frame: try #require(try parser.next()), version: version) else {
                Issue.record("not a snapshot")
                continue
            }
            #expect(decoded.elements[0].scrollSize == (version >= 5 ? WireSize(width: 0, height: 812.5) : nil))
        }
    }

    /// Scroll sizes name elements in increasing order, each once, within the snapshot.
    @Test func aScrollSizeNamingNoElementIsRefused() {
        var payload: [UInt8] = []
        WireSamples.feedCell.encode(version: 5, into: &payload)
        let withoutList = Array(payload.dropLast(4))
        func entry(_ index: UInt32) -> [UInt8] {
            withUnsafeBytes(of: index.bigEndian, Array.init) + [UInt8](repeating: 0, count: 16)
        }
        for (entries, count) in [(entry(2), 1), (entry(1) + entry(0), 2), (entry(0) + entry(0), 2), (entry(UInt32.max), 1)] as [([UInt8], UInt32)] {
            let bad = withoutList + withUnsafeBytes(of: count.bigEndian, Array.init) + entries
            #expect(throws: WireDecodingError.self) { try WireSnapshot(payload: bad[...], version: 5) }
            #expect(throws: WireDecodingError.self) { try WireSnapshotView(payload: bad, version: 5) }
        }
        let good = withoutList + withUnsafeBytes(of: UInt32(2).bigEndian, Array.init) + entry(0) + entry(1)
        #expect((try? WireSnapshot(payload: good[...], version: 5))?.elements.allSatisfy { $0.scrollSize == WireSize.zero } == true)
    }

    /// The frame answering a batch holds each kept payload renamed and stamped, and each
    /// error, as `WireResponse.snapshots` encodes them.
    @Test func theBatchWriterWritesWhatTheEncoderWrites() throws {
        let error = WireError(code: .notFound, message: "no scheme is registered as 'x'")
        for version in UInt16(2) ... Handshake.currentVersion {
            var writer = SnapshotsFrameWriter(requestID: 12, count: 3, version: version)
            writer.append(EncodedSnapshot(WireSamples.scrollingCell), named: "cell", source: .store)
            writer.append(error)
            writer.append(EncodedSnapshot(WireSamples.feedCell), named: "feed-cell", source: .computed)
            let frame = writer.finish()
            var cell = WireSamples.scrollingCell
            (cell.scheme, cell.source) = ("cell", .store)
            var feed = WireSamples.feedCell
            feed.source = .computed
            var expected: [UInt8] = []
            WireResponse.snapshots([.snapshot(cell), .failure(error), .snapshot(feed)]).encode(requestID: 12, version: version, into: &expected)
            #expect(hexString(frame) == hexString(expected), "version \(version)")
        }
    }

    /// A frame of snapshots written straight into memory is the writer's frame, byte for
    /// byte, renamed or as stored, for every version with batches.
    @Test func aFrameOfSnapshotsWrittenInPlaceIsTheWritersFrame() throws {
        let answers = [(EncodedSnapshot(WireSamples.scrollingCell), "cell", WireSnapshot.Source.store),
                       (EncodedSnapshot(WireSamples.feedCell), "feed-cell", .memory), (EncodedSnapshot(WireSamples.extremeSnapshot), "", .computed)]
        for version in UInt16(2) ... Handshake.currentVersion {
            var writer = SnapshotsFrameWriter(requestID: 40, count: answers.count, version: version)
            for (snapshot, name, source) in answers { writer.append(snapshot, named: name, source: source) }
            let expected = writer.finish()
            let answersSize = answers.reduce(0) { $0 + SnapshotsFrameWriter.answerSize(of: $1.0, .asked($1.1), version: version) }
            let size = try #require(SnapshotsFrameWriter.frameSize(count: answers.count, answersSize: answersSize))
            var frame = [UInt8](repeating: 0xEE, count: size)
            let written = frame.withUnsafeMutableBytes { memory in
                var page = SnapshotsFrameWriter.PageWriter(requestID: 40, count: answers.count, answersSize: answersSize, version: version, into: memory)
                for (snapshot, name, source) in answers { page.append(snapshot, .asked(name), source: source) }
                return page.finish()
            }
            #expect(written == size && hexString(frame) == hexString(expected), "version \(version)")
            #expect(SnapshotsFrameWriter.frameSize(count: 3, answersSize: answersSize, limit: answersSize) == nil)
            // Under the name it was stored with, the payload goes as it is.
            let stored = answers[0].0
            let storedName = SnapshotsFrameWriter.Naming.asked(WireSamples.scrollingCell.scheme)
            let storedSize = SnapshotsFrameWriter.answerSize(of: stored, .asStored, version: version)
            #expect(storedSize == SnapshotsFrameWriter.answerSize(of: stored, storedName, version: version))
            func page(_ naming: SnapshotsFrameWriter.Naming) -> [UInt8] {
                var bytes = [UInt8](repeating: 0xEE, count: WireFrame.headerSize + 4 + storedSize)
                _ = bytes.withUnsafeMutableBytes { memory in
                    var page = SnapshotsFrameWriter.PageWriter(requestID: 41, count: 1, answersSize: storedSize, version: version, into: memory)
                    page.append(stored, naming, source: .memory)
                    return page.finish()
                }
                return bytes
            }
            #expect(page(.asStored) == page(storedName), "version \(version)")
        }
    }

    /// Past the 8 MiB a server may send, an item is answered `tooLarge` in its place, and
    /// every later item still gets its own answer.
    @Test func aBatchAnswerOverTheLimitAnswersTheItemsThatDoNotFitTooLarge() throws {
        let encoded = EncodedSnapshot(WireSamples.feedCell)
        let limit = 2 * encoded.payload.count + 600
        var writer = SnapshotsFrameWriter(requestID: 1, count: 4, version: Handshake.currentVersion, limit: limit)
        for _ in 0 ..< 4 { writer.append(encoded, named: "feed-cell", source: .memory) }
        let frame = writer.finish()
        #expect(frame.count - 4 <= limit)
        var parser = FrameParser()
        parser.feed(frame)
        guard case .snapshots(let answers) = try WireResponse(frame: try #require(try parser.next())) else {
            Issue.record("not a snapshots frame")
            return
        }
        #expect(answers.count == 4)
        let kinds = answers.map { answer -> String in
            if case .failure(let error) = answer { return "\(error.code)" }
            return "snapshot"
        }
        #expect(kinds.first == "snapshot" && kinds.last == "tooLarge", "\(kinds)")
    }

    /// A kept payload is reserved at its exact size: the cache counts what it holds.
    @Test func aPayloadIsEncodedAtItsExactSize() {
        for sample in [WireSamples.feedCell, WireSamples.contentCell, WireSamples.scrollingCell, WireSamples.extremeSnapshot] {
            let encoded = EncodedSnapshot(sample)
            var grown: [UInt8] = []
            sample.encode(into: &grown)
            #expect(encoded.payload == grown)
            #expect(encoded.payload.capacity - encoded.payload.count < 32, "\(encoded.payload.capacity) for \(encoded.payload.count)")
        }
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
