// A server answers most lookups from encoded payloads it keeps in memory. Decoding and
// re-encoding a snapshot for each answer only to change where it came from would waste
// the point of caching bytes, so the source sits at a fixed offset and is patched in place.

extension WireSnapshot {
    /// The offset of the source byte in an encoded snapshot payload.
    public static let sourceOffset = 0

    /// The offset of the source byte in a complete `snapshot` frame (after the 9-byte
    /// frame header).
    public static let sourceOffsetInFrame = WireFrame.headerSize + sourceOffset

    /// Decodes a payload written by ``encode(into:)``.
    ///
    /// - Throws: `WireDecodingError` when the bytes are not exactly one snapshot.
    public init(payload: [UInt8]) throws(WireDecodingError) {
        try self.init(payload: payload[...])
    }

    /// Overwrites the source byte of an encoded snapshot payload, leaving every other byte
    /// as it was.
    ///
    /// - Parameters:
    ///   - source: Where the snapshot was found for this answer.
    ///   - payload: A payload written by ``encode(into:)``, or a slice starting where one
    ///     starts (such as `frame[WireSnapshot.sourceOffsetInFrame...]`).
    /// - Precondition: `payload` is not empty (an empty payload is no snapshot).
    public static func patchSource<Bytes: MutableCollection<UInt8>>(_ source: Source, inPayload payload: inout Bytes) {
        let index = payload.index(payload.startIndex, offsetBy: sourceOffset, limitedBy: payload.endIndex)
        guard let index, index != payload.endIndex else {
            preconditionFailure("an empty payload has no source byte to patch")
        }
        payload[index] = source.rawValue
    }

    /// The source recorded in an encoded snapshot payload.
    ///
    /// - Throws: `WireDecodingError` when the payload is empty or the byte is no source.
    public static func source(inPayload payload: ArraySlice<UInt8>) throws(WireDecodingError) -> Source {
        try ByteReader.reading(payload) { reader throws(WireDecodingError) in try reader.readEnum(Source.self, "the snapshot's source") }
    }

    /// Appends a complete `snapshot` frame built from a cached payload: the frame header,
    /// the payload copied once, and the source byte set to `source`.
    ///
    /// - Parameters:
    ///   - payload: A payload written by ``encode(into:)``, whatever source it recorded.
    ///   - source: Where the snapshot was found for this answer.
    ///   - requestID: The id of the `lookup` this answers.
    ///   - buffer: Where the frame is appended.
    /// - Precondition: `payload` is not empty.
    public static func encodeFrame<Bytes: Collection<UInt8>>(payload: Bytes, source: Source, requestID: UInt32, into buffer: inout [UInt8]) {
        let start = buffer.count
        WireFrame.encode(kind: WireResponse.Kind.snapshot.rawValue, requestID: requestID, payload: payload, into: &buffer)
        patchSource(source, inPayload: &buffer[(start + WireFrame.headerSize)...])
    }
}
