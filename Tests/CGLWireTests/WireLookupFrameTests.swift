import CGLTestSupport
@_spi(Fuzzing) import CGLWire
import Testing

/// A lookup frame walked by its lengths (``WireLookupFrame``) says what the full decoder
/// says: the same lookups, cut at the same places; and where the walk and the decoding of
/// its items succeed, so does the full decoder, with the same lookups
/// (``LookupFrameAgreement``, which `Fuzz/run wire` also checks).
@Suite struct WireLookupFrameTests {
    static let lookupRequests = WireSamples.requests.filter { [.lookup, .lookupBatch, .lookupBatchWithReferences].contains($0.kind) }

    /// The lookups of `frame` as the view gives them, each decoded alone; nil when the
    /// view refuses the frame or a lookup does not walk or decode.
    static func walked(_ frame: [UInt8], version: UInt16) -> (requestID: UInt32, lookups: [WireLookupItem])? {
        frame.withUnsafeBytes { LookupFrameAgreement.firstParserReading(frame: $0, version: version) }
    }

    /// The lookups `request` carries; nil when it is no lookup request.
    static func items(of request: WireRequest) -> [WireLookupItem]? {
        switch request {
        case .lookup(let lookup): [.lookup(lookup)]
        case .lookupBatch(let lookups): lookups.map { .lookup($0) }
        case .lookupBatchWithReferences(let items): items
        default: nil
        }
    }

    @Test(arguments: lookupRequests)
    func theWalkFindsTheLookupsEncoded(request: WireRequest) throws {
        for version in Handshake.supportedVersions where request.isExpressible(in: version) {
            var frame: [UInt8] = []
            request.encode(requestID: 77, version: version, into: &frame)
            let walked = try #require(Self.walked(frame, version: version), "version \(version)")
            #expect(walked.requestID == 77)
            #expect(walked.lookups == Self.items(of: request))
        }
    }

    /// Every frame cut short (its length field kept true to the bytes) and every frame with a
    /// byte changed: the walk agrees with the full decoder whenever it accepts.
    @Test(arguments: lookupRequests)
    func theWalkNeverAcceptsWhatTheDecoderRefuses(request: WireRequest) throws {
        let seed = UInt64.random(in: 0 ... .max)
        print("WireLookupFrameTests seed \(seed)")
        var generator = SplitMix64(seed: seed)
        var frame: [UInt8] = []
        request.encode(requestID: 9, into: &frame)
        var variants: [[UInt8]] = (WireFrame.headerSize ..< frame.count).map { count in
            var cut = Array(frame[..<count])
            withUnsafeBytes(of: UInt32(count - 4).bigEndian) { cut.replaceSubrange(0 ..< 4, with: $0) }
            return cut
        }
        for _ in 0 ..< 400 {
            var changed = frame
            let index = Int.random(in: 4 ..< changed.count, using: &generator)
            changed[index] = [0, 1, 2, 3, 0xFF, UInt8.random(in: 0 ... 255, using: &generator)].randomElement(using: &generator)!
            variants.append(changed)
        }
        for variant in variants {
            for version in Handshake.supportedVersions {
                let disagreement = variant.withUnsafeBytes { LookupFrameAgreement.disagreement(frame: $0, version: version) }
                #expect(disagreement == nil, "seed \(seed), version \(version): \(variant)")
            }
        }
    }

    @Test func otherFramesAreNotLookups() {
        for request in WireSamples.requests where Self.items(of: request) == nil {
            var frame: [UInt8] = []
            request.encode(requestID: 3, into: &frame)
            #expect(Self.walked(frame, version: Handshake.currentVersion) == nil, "\(request)")
        }
        // A batch on a version 1 connection, which has no batches, is the full decoder's to refuse.
        var batch: [UInt8] = []
        WireRequest.lookupBatch([]).encode(requestID: 3, into: &batch)
        #expect(Self.walked(batch, version: 1) == nil)
        // Nor has version 3 lookups by reference.
        var referencing: [UInt8] = []
        WireRequest.lookupBatchWithReferences([]).encode(requestID: 3, into: &referencing)
        #expect(Self.walked(referencing, version: 3) == nil)
        #expect(Self.walked(referencing, version: 4)?.lookups == [])
    }
}
