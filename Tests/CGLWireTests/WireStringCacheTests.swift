import CGLWire
import Testing

@Suite struct WireStringCacheTests {
    private func frame(_ response: WireResponse, id: UInt32 = 1) -> WireFrame {
        var bytes: [UInt8] = []
        response.encode(requestID: id, into: &bytes)
        var parser = FrameParser()
        parser.feed(bytes)
        return try! parser.next()!
    }

    @Test func everyResponseDecodesTheSameWithTheCacheInAnyOrder() throws {
        let cache = WireStringCache()
        // Each response after every other one, so that each is decoded against a cache
        // filled by a different message, and again by itself.
        var sequence: [WireResponse] = []
        for first in WireSamples.responses {
            for second in WireSamples.responses { sequence += [first, second, second] }
        }
        for response in sequence {
            #expect(try WireResponse(frame: frame(response), strings: cache) == response)
        }
    }

    @Test func aRepeatedSnapshotKeepsItsStringsAndASmallerOneReplacesTheirStart() throws {
        let cache = WireStringCache()
        let snapshot = WireResponse.snapshot(WireSamples.feedCell)
        _ = try WireResponse(frame: frame(snapshot), strings: cache)
        // The scheme, hash, engine, profile, two element ids and the (empty) content digest.
        #expect(cache.count == 7)
        #expect(try WireResponse(frame: frame(snapshot, id: 2), strings: cache) == snapshot)
        #expect(cache.count == 7)
        let pong = WireResponse.pong(serverVersion: "0.1.0", uptime: 1)
        #expect(try WireResponse(frame: frame(pong), strings: cache) == pong)
        #expect(cache.count == 7)
    }

    /// Each answer of a batch is matched against the one before it: a page of one scheme's
    /// cells decodes its names and ids once, however many cells it holds.
    @Test func theAnswersOfABatchReuseEachOthersStrings() throws {
        let cache = WireStringCache()
        let batch = WireResponse.snapshots(Array(repeating: .snapshot(WireSamples.feedCell), count: 1000))
        #expect(try WireResponse(frame: frame(batch), strings: cache) == batch)
        // The places of one answer, not of a thousand.
        #expect(cache.count == 7)
        #expect(try WireResponse(frame: frame(batch, id: 2), strings: cache) == batch)
    }

    @Test func invalidUTF8IsRefusedWhateverTheCacheHolds() throws {
        let cache = WireStringCache()
        let valid = WireResponse.unregistered(name: "é", existed: true)
        _ = try WireResponse(frame: frame(valid), strings: cache)
        var payload = WireSamples.payload(of: valid)
        // The name's two bytes (C3 A9) become an invalid sequence of the same length.
        let index = try #require(payload.firstIndex(of: 0xC3))
        payload[index] = 0xFF
        #expect(throws: WireDecodingError.self) {
            try WireResponse(kind: WireResponse.Kind.unregistered.rawValue, payload: payload[...], strings: cache)
        }
    }

    @Test func theCacheKeepsNoMoreThanItsCapacity() throws {
        let cache = WireStringCache(capacity: 3)
        _ = try WireResponse(frame: frame(.snapshot(WireSamples.extremeSnapshot)), strings: cache)
        #expect(cache.count == 3)
        #expect(try WireResponse(frame: frame(.snapshot(WireSamples.extremeSnapshot)), strings: cache) == .snapshot(WireSamples.extremeSnapshot))
    }
}
