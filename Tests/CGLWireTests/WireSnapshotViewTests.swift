import CGLTestSupport
import CGLWire
import Testing

/// A snapshot read in place says what the decoded snapshot says, field by field, and is
/// refused where decoding is.
@Suite struct WireSnapshotViewTests {
    static let snapshots = [WireSamples.feedCell, WireSamples.contentCell, WireSamples.scrollingCell, WireSamples.extremeSnapshot]

    static func payload(_ snapshot: WireSnapshot, version: UInt16) -> [UInt8] {
        var payload: [UInt8] = []
        snapshot.encode(version: version, into: &payload)
        return payload
    }

    @Test(arguments: snapshots)
    func everyFieldReadsAsDecoded(snapshot: WireSnapshot) throws {
        for version in Handshake.supportedVersions {
            let payload = Self.payload(snapshot, version: version)
            let decoded = try WireSnapshot(payload: payload[...], version: version)
            let view = try WireSnapshotView(payload: payload, version: version)
            #expect(view.snapshot == decoded)
            #expect(view.source == decoded.source)
            #expect(view.scheme == decoded.scheme && view.hash == decoded.hash && view.engine == decoded.engine)
            #expect(view.environment == decoded.environment)
            #expect(view.size == decoded.size)
            #expect(view.contentDigest == decoded.contentDigest)
            #expect(view.elementCount == decoded.elements.count)
            #expect(view.elementOffsets().enumerated().map { view.element(at: $1, index: $0) } == decoded.elements)
            for element in decoded.elements {
                #expect(view.element(id: element.id) == decoded[element.id])
            }
            #expect(view.element(id: "no such element") == nil)
            var frames: [WireRect] = []
            view.forEachFrame { id, frame in
                #expect(String(decoding: id, as: UTF8.self) == decoded.elements[frames.count].id)
                frames.append(frame)
                return true
            }
            #expect(frames == decoded.elements.map(\.frame))
        }
    }

    /// In the middle of a larger buffer (a batch's answer), a view reads its own bytes only.
    @Test func aViewReadsItsRangeOfASharedBuffer() throws {
        let first = Self.payload(WireSamples.feedCell, version: 2)
        let second = Self.payload(WireSamples.contentCell, version: 2)
        let shared = [0xAA, 0xBB] + first + second
        let one = try WireSnapshotView(shared, range: 2 ..< 2 + first.count, version: 2)
        let two = try WireSnapshotView(shared, range: 2 + first.count ..< shared.count, version: 2)
        #expect(one.snapshot == WireSamples.feedCell && two.snapshot == WireSamples.contentCell)
        #expect(Array(one.payload) == first)
    }

    @Test(arguments: snapshots)
    func everyTruncationAndTrailingByteIsRefused(snapshot: WireSnapshot) {
        for version: UInt16 in [2, Handshake.currentVersion] {
            let payload = Self.payload(snapshot, version: version)
            for count in 0 ..< payload.count {
                #expect(throws: WireDecodingError.self, "cut at \(count)") { try WireSnapshotView(payload: Array(payload[..<count]), version: version) }
            }
            #expect(throws: WireDecodingError.self) { try WireSnapshotView(payload: payload + [0], version: version) }
        }
    }

    /// Version 5's scroll sizes read by element, in place, as decoded; none before it.
    @Test func scrollSizesReadByElement() throws {
        let payload = Self.payload(WireSamples.extremeSnapshot, version: 5)
        let view = try WireSnapshotView(payload: payload, version: 5)
        for (index, element) in WireSamples.extremeSnapshot.elements.enumerated() {
            #expect(view.scrollSize(ofElement: index) == element.scrollSize)
            #expect(view.element(id: element.id)?.scrollSize == element.scrollSize)
        }
        #expect(WireSamples.extremeSnapshot.elements.contains { $0.scrollSize != nil })
        let older = try WireSnapshotView(payload: Self.payload(WireSamples.extremeSnapshot, version: 4), version: 4)
        #expect(older.elementOffsets().indices.allSatisfy { older.scrollSize(ofElement: $0) == nil })
    }

    /// A view accepts exactly what the decoder accepts: random bytes changed in every
    /// sample, in both versions.
    @Test(arguments: snapshots)
    func theViewAcceptsWhatTheDecoderAccepts(snapshot: WireSnapshot) throws {
        let seed = UInt64.random(in: 0 ... .max)
        print("WireSnapshotViewTests seed \(seed)")
        var generator = SplitMix64(seed: seed)
        for version in Handshake.supportedVersions {
            let payload = Self.payload(snapshot, version: version)
            for _ in 0 ..< 500 {
                var changed = payload
                for _ in 0 ..< Int.random(in: 1 ... 3, using: &generator) {
                    let index = Int.random(in: 0 ..< changed.count, using: &generator)
                    changed[index] = [0, 1, 2, 3, 0x80, 0xC3, 0xFF, UInt8.random(in: 0 ... 255, using: &generator)].randomElement(using: &generator)!
                }
                let view = try? WireSnapshotView(payload: changed, version: version)
                let decoded = try? WireSnapshot(payload: changed[...], version: version)
                #expect((view == nil) == (decoded == nil), "seed \(seed), version \(version): \(changed)")
                // The plain walk alone, not rescued by the reader's walk after it.
                #expect(WireSnapshotView.plainWalkAccepts(changed, version: version) == (decoded != nil), "seed \(seed), version \(version)")
                if let view, let decoded {
                    // Compared re-encoded: a changed byte may make a NaN, not equal to itself.
                    #expect(Self.payload(view.snapshot, version: version) == Self.payload(decoded, version: version), "seed \(seed)")
                }
            }
        }
    }

    @Test func invalidUTF8AndUnknownValuesAreRefused() throws {
        var snapshot = WireSamples.feedCell
        snapshot.elements[1].id = "ava\u{E9}tar"
        let payload = Self.payload(snapshot, version: 2)
        // The é's two bytes become a lone continuation byte and an ASCII one.
        let index = try #require(payload.firstIndex(of: 0xC3))
        var broken = payload
        broken[index] = 0xA9
        broken[index + 1] = 0x41
        let error = #expect(throws: WireDecodingError.self) { try WireSnapshotView(payload: broken, version: 2) }
        #expect(error?.code == .invalidUTF8)
        #expect(throws: WireDecodingError.self) { try WireSnapshot(payload: broken[...], version: 2) }
        var badSource = payload
        badSource[0] = 9
        #expect(throws: WireDecodingError.self) { try WireSnapshotView(payload: badSource, version: 2) }
    }

    /// Every byte of a short string is checked: a byte past the ASCII range anywhere in an
    /// element's id, of any length up to eight, is refused as the decoder refuses it, and a
    /// valid two-byte character is accepted, whatever the id's neighbours.
    @Test func everyByteOfAShortIdIsChecked() throws {
        for length in 1 ... 8 {
            var snapshot = WireSamples.feedCell
            let id = String(repeating: "q", count: length)
            snapshot.elements[snapshot.elements.count - 1].id = id
            let payload = Self.payload(snapshot, version: 1)
            // Version 1 ends with the last element: its id, then its 64 bytes of frames.
            let start = payload.count - 64 - length
            #expect(Array(payload[start ..< start + length]) == Array(id.utf8))
            #expect(try WireSnapshotView(payload: payload, version: 1).snapshot == WireSnapshot(payload: payload[...], version: 1))
            for position in start ..< start + length {
                for byte: UInt8 in [0x80, 0xC3, 0xFF] {
                    var broken = payload
                    broken[position] = byte
                    #expect(throws: WireDecodingError.self, "length \(length), byte \(byte) at \(position - start)") {
                        try WireSnapshotView(payload: broken, version: 1)
                    }
                    #expect(throws: WireDecodingError.self) { try WireSnapshot(payload: broken[...], version: 1) }
                }
            }
            if length >= 2 {
                var accented = payload
                accented[start] = 0xC3
                accented[start + 1] = 0xA9
                #expect(try WireSnapshotView(payload: accented, version: 1).elementOffsets().count == snapshot.elements.count)
            }
        }
    }
}
