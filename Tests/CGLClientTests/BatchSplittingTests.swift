@testable import CGLClient
import CGLDocument
import CGLWire
import Testing

/// A batch goes as `lookupBatch` frames of at most the configured number of lookups and of
/// at most 4 MiB each, in order.
@Suite struct BatchSplittingTests {
    private func encodedLengths(_ requests: [WireRequest]) -> [Int] {
        requests.map { request in
            var bytes: [UInt8] = []
            request.encode(requestID: 1, into: &bytes)
            return bytes.count
        }
    }

    @Test func aPageOfLongTextsGoesAsSeveralFrames() {
        let client = CGLClient(socketPath: "/nonexistent.sock")
        let text = String(repeating: "a long post ", count: 8_000)  // 96 000 bytes
        let batch = (0 ..< 100).map { Lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .text(text + "\($0)")]) }
        let requests = client.batchRequests(batch)
        #expect(requests.count == 3)
        #expect(encodedLengths(requests).allSatisfy { $0 <= 4 * 1024 * 1024 + 1024 })
        // Every lookup once, in order.
        let lookups = requests.flatMap { request -> [WireLookup] in
            if case .lookupBatch(let lookups) = request { return lookups }
            return []
        }
        #expect(lookups == batch.map(\.wire))
    }

    @Test func aBatchGoesAsFramesOfTheConfiguredCount() {
        let client = CGLClient(configuration: .init(socketPath: "/nonexistent.sock", maximumBatchItems: 7))
        let requests = client.batchRequests((0 ..< 20).map { Lookup("toolbar", in: .profile("p\($0)")) })
        let counts = requests.map { request -> Int in
            if case .lookupBatch(let lookups) = request { return lookups.count }
            return 0
        }
        #expect(counts == [7, 7, 6])
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
}
