/// A lookup named by the SHA-256 of its bytes, in place of the lookup itself (protocol
/// version 4, `lookupBatchWithReferences`): a lookup a server has seen in full before,
/// sent again as 32 bytes rather than its content (`docs/protocol.md`, §5).
///
/// The digest is of the lookup's fields exactly as `lookupBatch` carries them in versions
/// 2 to 4 (``WireLookup/encoded()``). Computing it is the client's part (this module has
/// no SHA-256); the server keeps the lookups it was sent in full under theirs.
public struct WireLookupReference: Sendable, Hashable, CustomStringConvertible {
    /// The bytes a reference takes on the wire.
    public static let size = 32

    // The digest's bytes in four words, loaded and stored in the machine's order: equal
    // digests make equal words, and the bytes come back out as they went in.
    @usableFromInline
    let words: (UInt64, UInt64, UInt64, UInt64)

    /// The reference whose digest is `bytes`; nil unless they are exactly 32.
    public init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count == Self.size else { return nil }
        words = (bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                 bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
    }

    /// The reference whose digest is `bytes`; nil unless they are exactly 32.
    public init?(_ bytes: some Sequence<UInt8>) {
        guard let reference = Array(bytes).withUnsafeBytes({ WireLookupReference($0) }) else { return nil }
        self = reference
    }

    /// The digest's 32 bytes.
    public var bytes: [UInt8] {
        withUnsafeBytes(of: words) { Array($0) }
    }

    /// `sha256:` and the digest in lowercase hex, as messages name it.
    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        var text = Array("sha256:".utf8)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    public static func == (first: WireLookupReference, second: WireLookupReference) -> Bool {
        first.words == second.words
    }

    /// One word: a digest's bits are uniform, so 64 of them place it as well as 256, and a
    /// client cannot choose a lookup's digest (nor, `Hasher` being seeded, where it goes).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
    }

    /// Appends the digest's 32 bytes to `buffer`.
    @inlinable
    public func append(to buffer: inout [UInt8]) {
        withUnsafeBytes(of: words) { buffer.append(contentsOf: $0) }
    }

    func write(to writer: inout ByteWriter) {
        withUnsafeBytes(of: words) { writer.write(raw: $0) }
    }
}

/// One lookup of a `lookupBatchWithReferences` (version 4): in full, or by the reference
/// of a lookup sent in full before.
public enum WireLookupItem: Sendable, Hashable {
    /// The lookup itself; the server keeps it under its reference.
    case lookup(WireLookup)
    /// The SHA-256 of a lookup sent in full before (``WireLookupReference``).
    case reference(WireLookupReference)

    /// The byte that tells the two apart on the wire, before the item's bytes.
    public enum Form: UInt8, Sendable, Hashable {
        /// The lookup's fields follow.
        case lookup = 0
        /// 32 bytes of digest follow.
        case reference = 1
    }

    /// The fewest bytes an item takes: a form byte and the smaller of a lookup and a
    /// reference.
    static var minimumEncodedSize: Int { 1 + min(WireLookup.minimumEncodedSize, WireLookupReference.size) }

    func write(to writer: inout ByteWriter, version: UInt16) {
        switch self {
        case .lookup(let lookup):
            writer.write(Form.lookup)
            lookup.write(to: &writer, version: version)
        case .reference(let reference):
            writer.write(Form.reference)
            reference.write(to: &writer)
        }
    }

    init(from reader: inout ByteReader, version: UInt16) throws(WireDecodingError) {
        switch try reader.readEnum(Form.self, "the form of a lookup (0: in full, 1: by reference)") {
        case .lookup: self = .lookup(try WireLookup(from: &reader, version: version))
        case .reference:
            // 32 bytes were read: the reference is made.
            self = .reference(WireLookupReference(try reader.readBytes(WireLookupReference.size, "a lookup's reference"))!)
        }
    }
}
