import Crypto

extension Content {
    /// `sha256:` of the canonical JSON form (``canonicalJSON``), computed without building it:
    /// the key of the snapshots laid out for this content.
    public var digest: String {
        let digest = SHA256.hash(data: CanonicalContent.canonicalBytes(of: values))
        // Formatted in place: a daemon takes it on every lookup with content.
        return String(unsafeUninitializedCapacity: 7 + 64) { buffer in
            for (index, byte) in "sha256:".utf8.enumerated() { buffer[index] = byte }
            var index = 7
            for byte in digest {
                buffer[index] = CanonicalContent.hexDigit(byte >> 4)
                buffer[index + 1] = CanonicalContent.hexDigit(byte & 0xF)
                index += 2
            }
            return index
        }
    }
}
