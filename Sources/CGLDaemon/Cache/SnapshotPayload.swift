import CGLWire

/// Edits of encoded snapshot payloads.
///
/// The cache key is the scheme's content hash, which does not cover its name: two names
/// registered with the same content share their snapshots. The payload carries the name of
/// the scheme it was computed for, so an answer for another name gets its own name spliced
/// in, without decoding the rest.
enum SnapshotPayload {
    /// `payload` with its scheme name set to `name`; the same array when it already is.
    ///
    /// The name is the string right after the source byte (`docs/protocol.md` §7).
    static func naming(_ name: String, in payload: [UInt8]) -> [UInt8] {
        let start = WireSnapshot.sourceOffset + 1
        guard payload.count >= start + 4 else { return payload }
        let length = payload[start ..< start + 4].reduce(0) { $0 << 8 | Int($1) }
        let end = start + 4 + length
        guard end <= payload.count else { return payload }
        // Compared in place: the usual case (the name it was computed for) allocates nothing.
        guard !payload[start + 4 ..< end].elementsEqual(name.utf8) else { return payload }
        let wanted = Array(name.utf8)
        var renamed: [UInt8] = []
        renamed.reserveCapacity(payload.count - length + wanted.count)
        renamed += payload[..<start]
        withUnsafeBytes(of: UInt32(wanted.count).bigEndian) { renamed += $0 }
        renamed += wanted
        renamed += payload[end...]
        return renamed
    }
}
