// A server answers most lookups from encoded payloads it keeps (``EncodedSnapshot``).
// Decoding and re-encoding a snapshot for each answer only to change where it came from
// would waste the point of caching bytes, so the source sits at a fixed offset.

extension WireSnapshot {
    /// The offset of the source byte in an encoded snapshot payload.
    static let sourceOffset = 0

    /// Decodes a payload written by ``encode(into:)``.
    ///
    /// - Throws: `WireDecodingError` when the bytes are not exactly one snapshot.
    public init(payload: [UInt8]) throws(WireDecodingError) {
        try self.init(payload: payload[...])
    }
}
