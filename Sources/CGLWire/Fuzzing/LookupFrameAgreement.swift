/// The first parser of every lookup (``WireLookupFrame``) as the fuzzers and the tests see it:
/// it is `package`, and so out of reach of the fuzz package (`Fuzz/`), a package of its own.
///
/// The daemon reads a `lookup` or a batch by walking its lengths (``WireLookupFrame``) and
/// decodes only the lookups it has not seen (``WireLookup/init(item:version:)``); the full
/// decoder (``WireRequest/decode(frame:version:)``) reads the same frame field by field. Both
/// read bytes from an untrusted peer, and they must agree.
@_spi(Fuzzing)
public enum LookupFrameAgreement {
    /// What the first parser reads in `frame` (one whole frame, header included) in protocol
    /// `version`: the request id and every lookup, each decoded alone; nil when it declines
    /// the frame (no lookup request), its walk fails or one of its lookups does not decode.
    public static func firstParserReading(frame: UnsafeRawBufferPointer, version: UInt16) -> (requestID: UInt32, lookups: [WireLookupItem])? {
        guard let walked = WireLookupFrame(frame: frame, version: version) else { return nil }
        var lookups: [WireLookupItem] = []
        do throws(WireDecodingError) {
            try walked.forEachItem { index, item throws(WireDecodingError) in
                precondition(index == lookups.count, "the walk gave lookup \(index) after \(lookups.count)")
                switch item {
                case .reference(let reference): lookups.append(.reference(reference))
                case .lookup(let bytes): lookups.append(.lookup(try WireLookup(item: bytes, version: version)))
                }
            }
        } catch {
            return nil
        }
        precondition(walked.count == lookups.count, "the walk counted \(walked.count) lookups and gave \(lookups.count)")
        return (walked.requestID, lookups)
    }

    /// What the full decoder reads in `frame`: the request id and the lookups; nil when it
    /// refuses the frame or it is no lookup request.
    public static func fullDecoderReading(frame: UnsafeRawBufferPointer, version: UInt16) -> (requestID: UInt32, lookups: [WireLookupItem])? {
        guard let decoded = try? WireRequest.decode(frame: frame, version: version) else { return nil }
        switch decoded.request {
        case .lookup(let lookup): return (decoded.requestID, [.lookup(lookup)])
        case .lookupBatch(let lookups): return (decoded.requestID, lookups.map { .lookup($0) })
        case .lookupBatchWithReferences(let lookups): return (decoded.requestID, lookups)
        default: return nil
        }
    }

    /// How the first parser and the full decoder disagree about `frame` in `version`; nil
    /// when they agree: both read the same request id and lookups, or both refuse the frame.
    public static func disagreement(frame: UnsafeRawBufferPointer, version: UInt16) -> String? {
        let first = firstParserReading(frame: frame, version: version)
        let full = fullDecoderReading(frame: frame, version: version)
        switch (first, full) {
        case (nil, nil): return nil
        case (let first?, nil): return "the first parser read \(first.lookups.count) lookups from a frame the full decoder refuses"
        case (nil, let full?): return "the full decoder read \(full.lookups.count) lookups from a frame the first parser refuses"
        case (let first?, let full?):
            guard first.requestID == full.requestID else { return "the request ids differ: \(first.requestID) and \(full.requestID)" }
            // Compared as bytes: a lookup may hold a NaN, which is not equal to itself.
            guard encoded(first.lookups) == encoded(full.lookups) else { return "the lookups differ:\n\(first.lookups)\n\(full.lookups)" }
            return nil
        }
    }

    private static func encoded(_ lookups: [WireLookupItem]) -> [UInt8] {
        var bytes: [UInt8] = []
        WireRequest.lookupBatchWithReferences(lookups).encode(requestID: 1, into: &bytes)
        return bytes
    }
}
