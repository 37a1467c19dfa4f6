/// A cursor that steps over bytes with plain loads and answers a fault with nil or false:
/// for the walks that check a layout on the hot path, where ``ByteReader`` (which names
/// each fault in its error) is taken only once a walk has failed.
///
/// A struct with mutating methods rather than functions nested in the walk: a nested
/// function's captured offset was boxed, and checked for exclusivity on every step.
package struct PlainCursor {
    private let bytes: UnsafeRawBufferPointer
    /// Where the next read starts.
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The bytes left after ``offset``.
    var remaining: Int { bytes.count &- offset }

    /// Steps over `count` bytes; false when fewer are left.
    @inline(__always)
    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= remaining else { return false }
        offset &+= count
        return true
    }

    /// The u8 at the offset, stepped over.
    @inline(__always)
    mutating func byte() -> UInt8? {
        guard remaining >= 1 else { return nil }
        offset &+= 1
        return bytes[offset &- 1]
    }

    /// The big-endian u32 at the offset, stepped over.
    @inline(__always)
    mutating func u32() -> Int? {
        guard remaining >= 4 else { return nil }
        offset &+= 4
        return Int(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset &- 4, as: UInt32.self)))
    }

    /// Steps over a u32 length and that many bytes.
    @inline(__always)
    mutating func string() -> Bool {
        guard let count = u32() else { return false }
        return skip(count)
    }

    /// Steps over a u32 length and that many bytes, which must be UTF-8.
    @inline(__always)
    mutating func utf8() -> Bool {
        guard let count = u32(), skip(count) else { return false }
        return Self.isUTF8(bytes, offset &- count ..< offset)
    }

    /// The high bit of every byte of a word.
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether `range` of `bytes` is UTF-8: ASCII (the usual case) checked a word at a
    /// time (``isASCII(_:_:)``), anything else decoded.
    ///
    /// - Precondition: `range` lies within `bytes`.
    package static func isUTF8(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        isASCII(bytes, range) || isUTF8Slowly(bytes, range)
    }

    /// Whether every byte in `range` of `bytes` is ASCII, with no loop over single bytes:
    /// the bytes after the last whole word are checked in the one word that ends where they
    /// end, the bytes before them masked off (the string's own, already checked, or its
    /// length and what precedes it, all within `bytes`).
    ///
    /// - Precondition: `range` lies within `bytes`.
    package static func isASCII(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        assert(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a range outside the bytes")
        var index = range.lowerBound
        let end = range.upperBound
        while end &- index >= 8 {
            guard word(bytes, at: index) & highBits == 0 else { return false }
            index &+= 8
        }
        let left = end &- index
        guard left > 0 else { return true }
        // Fewer than eight bytes before the end: no word ends there within `bytes`.
        guard end >= 8 else { return bytes[index ..< end].allSatisfy { $0 < 0x80 } }
        // Little-endian: the word's last `left` bytes are its high ones.
        let mask = highBits &<< UInt64((8 &- left) &* 8)
        return word(bytes, at: end &- 8) & mask == 0
    }

    /// The eight bytes at `offset` as a little-endian word.
    @inline(__always)
    private static func word(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Whether `range` of `bytes` is UTF-8, for strings past ASCII: decoded (which repairs)
    /// and compared with the bytes.
    ///
    /// Out of line: the walks rarely come here.
    @inline(never)
    private static func isUTF8Slowly(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        let utf8 = UnsafeRawBufferPointer(rebasing: bytes[range]).assumingMemoryBound(to: UInt8.self)
        let string = String(decoding: utf8, as: UTF8.self)
        return string.utf8.count == utf8.count && string.utf8.elementsEqual(utf8)
    }
}
