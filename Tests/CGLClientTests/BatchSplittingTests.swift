import CGLBridge
@testable import CGLClient
import CGLDocument
import CGLayout
import CGLWire
import Testing

/// A batch goes as `lookupBatch` frames of at most the configured number of lookups and of
/// at most 4 MiB each, in order.
@Suite struct BatchSplittingTests {
    private func encodedLengths(_ requests: [LookupRequest]) -> [Int] {
        requests.map { request in
            var bytes: [UInt8] = []
            request.encode(requestID: 1, version: 2, into: &bytes)
            return bytes.count
        }
    }

    /// The lookups a request carries, read back from the frame it sends.
    private func lookups(sentBy request: LookupRequest) throws -> [WireLookup] {
        var bytes: [UInt8] = []
        request.encode(requestID: 1, version: 2, into: &bytes)
        var parser = FrameParser()
        parser.feed(bytes)
        switch try WireRequest(frame: try #require(try parser.next())) {
        case .lookupBatch(let lookups): return lookups
        case .lookup(let lookup): return [lookup]
        default: return []
        }
    }

    @Test func aPageOfLongTextsGoesAsSeveralFrames() throws {
        let client = CGLClient(socketPath: "/nonexistent.sock")
        let text = String(repeating: "a long post ", count: 8_000)  // 96 000 bytes
        let batch = (0 ..< 100).map { Lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .text(text + "\($0)")]) }
        let requests = client.batchRequests(batch)
        #expect(requests.count == 3)
        #expect(encodedLengths(requests).allSatisfy { $0 <= 4 * 1024 * 1024 + 1024 })
        // Every lookup once, in order.
        let lookups = try requests.flatMap(lookups(sentBy:))
        #expect(lookups == batch.map(\.wire))
    }

    @Test func aBatchGoesAsFramesOfTheConfiguredCount() throws {
        let client = CGLClient(configuration: .init(socketPath: "/nonexistent.sock", maximumBatchItems: 7))
        let requests = client.batchRequests((0 ..< 20).map { Lookup("toolbar", in: .profile("p\($0)")) })
        #expect(requests.map(\.count) == [7, 7, 6])
        #expect(try requests.map { try lookups(sentBy: $0).count } == [7, 7, 6])
    }

    @Test func theSizeCountedIsTheSizeEncoded() {
        let content = WireContent(entries: [.init(slot: "body", value: .text("héllo")), .init(slot: "hasBadge", value: .flag(true)),
                                            .init(slot: "photo", value: .size(width: 1, height: 2))])
        let lookups = [
            WireLookup(scheme: "feed-cell", environment: .profile("phone-portrait"), content: content),
            WireLookup(scheme: "x", environment: .profile("p", direction: .rightToLeft), textScale: 1.5),
            WireLookup(scheme: "", environment: .explicit(.init(width: 1, height: 2, scale: 3))),
            WireLookup(scheme: "y", environment: .explicit(.init(width: 1, height: 2)), content: content),
        ]
        for lookup in lookups {
            var bytes: [UInt8] = []
            WireRequest.lookupBatch([lookup]).encode(requestID: 1, into: &bytes)
            // A frame of one lookup: the header (9) and the count (4), then the lookup.
            #expect(lookup.encodedSize == bytes.count - 13, "\(lookup)")
        }
    }

    /// A lookup is laid out when made: changed afterwards, it sends its new values.
    @Test func aLookupChangedAfterItWasMadeSendsItsNewValues() throws {
        var lookup = Lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .text("first")])
        let before = lookup.encoded
        lookup.content = ["body": .text("second"), "hasBadge": true]
        lookup.textScale = 1.5
        lookup.environment = .profile("tablet", direction: .rightToLeft)
        lookup.scheme = "photo-feed"
        #expect(lookup.encoded != before)
        #expect(try lookups(sentBy: .single(lookup)) == [lookup.wire])
        #expect(lookup.wire == WireLookup(scheme: "photo-feed", environment: .profile("tablet", direction: .rightToLeft), textScale: 1.5,
                                          content: WireContent(entries: [.init(slot: "body", value: .text("second")),
                                                                         .init(slot: "hasBadge", value: .flag(true))])))
        // Equal lookups are equal whatever order their content was written in.
        let again = Lookup("photo-feed", in: .profile("tablet", direction: .rightToLeft), content: ["hasBadge": true, "body": .text("second")],
                           textScale: 1.5)
        #expect(again == lookup && again.hashValue == lookup.hashValue && again.encoded == lookup.encoded)
    }

    /// A lookup goes by its reference once answered (its copies too: the caller's page), and
    /// in full again once changed; a batch sent `inFull` carries no reference.
    @Test func aLookupGoesByReferenceOnceAnsweredAndInFullOnceChanged() throws {
        var lookup = Lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .text("a post")])
        let copy = lookup
        #expect(lookup.encoding.referenceToSend() == nil)
        copy.encoding.answered()
        let reference = try #require(lookup.encoding.referenceToSend())
        #expect(reference == WireLookupReference(lookupBytes: lookup.encoded) && copy.encoding.referenceToSend() == reference)

        func items(_ request: LookupRequest) throws -> [WireLookupItem] {
            var bytes: [UInt8] = []
            request.encode(requestID: 1, version: 4, into: &bytes)
            guard case .lookupBatchWithReferences(let items) = try bytes.withUnsafeBytes({ try WireRequest.decode(frame: $0, version: 4) }).request else {
                Issue.record("not a batch with references")
                return []
            }
            return items
        }
        let page = [lookup, Lookup("feed-cell", in: .profile("phone-portrait"))]
        #expect(try items(.batch(page[...])) == [.reference(reference), .lookup(page[1].wire)])
        #expect(try items(.batch(page[...], inFull: true)) == [.lookup(lookup.wire), .lookup(page[1].wire)])
        // Version 3 has no references: the same page as a lookupBatch, in full.
        var version3: [UInt8] = []
        LookupRequest.batch(page[...]).encode(requestID: 1, version: 3, into: &version3)
        #expect(try version3.withUnsafeBytes({ try WireRequest.decode(frame: $0, version: 3) }).request == .lookupBatch(page.map(\.wire)))

        // Unknown to a daemon: in full once, then by reference; unknown again: in full twice.
        copy.encoding.referenceUnknown()
        #expect(lookup.encoding.referenceToSend() == nil && lookup.encoding.referenceToSend() == reference)
        copy.encoding.referenceUnknown()
        #expect(lookup.encoding.referenceToSend() == nil && lookup.encoding.referenceToSend() == nil && lookup.encoding.referenceToSend() == reference)

        lookup.content = ["body": .text("another post")]
        #expect(lookup.encoding.referenceToSend() == nil && copy.encoding.referenceToSend() == reference)
        // A lookup no longer than a reference always goes in full.
        let tiny = Lookup("a", in: .profile("p"))
        tiny.encoding.answered()
        #expect(tiny.encoded.count <= WireLookupReference.size && tiny.encoding.referenceToSend() == nil)
    }
}
