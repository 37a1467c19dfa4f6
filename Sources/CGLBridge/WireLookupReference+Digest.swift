import CGLWire
import Crypto

extension WireLookupReference {
    /// The reference of a lookup: the SHA-256 of its bytes as `lookupBatch` carries them
    /// (``WireLookup/encoded()``), which client and server compute alike.
    package init(lookupBytes bytes: UnsafeRawBufferPointer) {
        // A SHA-256 digest is 32 bytes: the reference is made.
        self = SHA256.hash(data: bytes).withUnsafeBytes { WireLookupReference($0)! }
    }

    /// The reference of a lookup laid out as `lookupBatch` carries it.
    package init(lookupBytes bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { WireLookupReference(lookupBytes: $0) }
    }
}
