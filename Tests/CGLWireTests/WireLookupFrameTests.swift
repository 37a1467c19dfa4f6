import CGLTestSupport
import CGLWire
import Testing

/// A lookup frame walked by its lengths (``WireLookupFrame``) says what the full decoder
/// says: the same lookups, cut at the same places; and where the walk and the decoding of
/// its items succeed, so does the full decoder, with the same lookups.
@Suite struct WireLookupFrameTests {
    static let lookupRequests = WireSamples.requests.filter { $0.kind == .lookup || $0.kind == .lookupBatch }

    /// The lookups of `frame` as the view gives them, each decoded alone; nil when the
    /// view refuses the frame or a lookup does not walk or decode.
    static func walked(_ frame: [UInt8], version: UInt16) -> (requestID: UInt32, lookups: [WireLookup])? {
        frame.withUnsafeBytes { bytes in
            guard let view = WireLookupFrame(frame: bytes, version: version) else { return nil }
            var lookups: [WireLookup] = []
            do throws(WireDecodingError) {
                try view.forEachLookup { index, item throws(WireDecodingError) in
                    #expect(index == lookups.count)
                    lookups.append(try WireLookup(item: item, version: version))
                }
            } catch {
                return nil
            }
            return (view.requestID, lookups)
        }
    }

    /// The lookups the full decoder finds in `frame`; nil when it refuses it.
    static func decoded(_ frame: [UInt8], version: UInt16) -> (requestID: UInt32, lookups: [WireLookup])? {
        let decoded = frame.withUnsafeBytes { try? WireRequest.decode(frame: $0, version: version) }
        switch decoded?.request {
        case .lookup(let lookup)?: return (decoded!.requestID, [lookup])
        case .lookupBatch(let lookups)?: return (decoded!.requestID, lookups)
        default: return nil
        }
    }

    static func bytes(_ lookups: [WireLookup]) -> [UInt8] {
        var bytes: [UInt8] = []
        WireRequest.lookupBatch(lookups).encode(requestID: 1, into: &bytes)
        return bytes
    }

    @Test(arguments: lookupRequests)
    func theWalkFindsTheLookupsEncoded(request: WireRequest) throws {
        for version in Handshake.supportedVersions where request.isExpressible(in: version) {
            var frame: [UInt8] = []
            request.encode(requestID: 77, version: version, into: &frame)
            let walked = try #require(Self.walked(frame, version: version), "version \(version)")
            #expect(walked.requestID == 77)
            switch request {
            case .lookup(let lookup): #expect(walked.lookups == [lookup])
            case .lookupBatch(let lookups): #expect(walked.lookups == lookups)
            default: Issue.record("not a lookup: \(request)")
            }
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
            let walked = Self.walked(variant, version: Handshake.currentVersion)
            let decoded = Self.decoded(variant, version: Handshake.currentVersion)
            if let walked {
                // Compared as bytes: a changed byte may make a NaN, which is not equal to itself.
                #expect(decoded?.requestID == walked.requestID && decoded.map { Self.bytes($0.lookups) } == Self.bytes(walked.lookups),
                        "seed \(seed): \(variant)")
            }
            if decoded != nil, decoded!.requestID != 0 {
                #expect(walked != nil, "seed \(seed): the decoder accepts what the walk refuses: \(variant)")
            }
        }
    }

    @Test func otherFramesAreNotLookups() {
        for request in WireSamples.requests where request.kind != .lookup && request.kind != .lookupBatch {
            var frame: [UInt8] = []
            request.encode(requestID: 3, into: &frame)
            #expect(Self.walked(frame, version: Handshake.currentVersion) == nil, "\(request)")
        }
        // A batch on a version 1 connection, which has no batches, is the full decoder's to refuse.
        var batch: [UInt8] = []
        WireRequest.lookupBatch([]).encode(requestID: 3, into: &batch)
        #expect(Self.walked(batch, version: 1) == nil)
    }
}
