/// Appends the protocol's primitive fields to a byte array: big-endian integers,
/// IEEE-754 doubles, length-prefixed UTF-8 strings.
///
/// The writer owns its array only while it writes: ``append(to:_:)`` swaps the caller's
/// buffer in and back out, so encoding appends in place, with no copy and no allocation
/// beyond the array's own growth.
struct ByteWriter {
    var bytes: [UInt8]

    /// Lets `body` append to `buffer` through a writer.
    static func append(to buffer: inout [UInt8], _ body: (inout ByteWriter) -> Void) {
        var writer = ByteWriter(bytes: [])
        // A swap, not a copy: the array's storage stays uniquely referenced, so appends
        // never trigger copy-on-write.
        swap(&writer.bytes, &buffer)
        body(&writer)
        swap(&writer.bytes, &buffer)
    }

    mutating func write(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func write(_ value: UInt16) {
        writeInteger(value)
    }

    mutating func write(_ value: UInt32) {
        writeInteger(value)
    }

    mutating func write(_ value: Double) {
        writeInteger(value.bitPattern)
    }

    /// A big-endian integer, most significant byte first. (Byte by byte measured as fast
    /// as copying the integer's memory, and needs no unsafe code.)
    private mutating func writeInteger<Value: FixedWidthInteger>(_ value: Value) {
        var shift = Value.bitWidth
        while shift > 0 {
            shift -= 8
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    mutating func write(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// A u8 flag, then the double when there is one.
    mutating func write(optional value: Double?) {
        write(value != nil)
        if let value { write(value) }
    }

    /// A count as a u32.
    ///
    /// Counts beyond `UInt32.max` cannot be expressed; no frame could hold them anyway
    /// (frames are at most 4 GiB), so such a count is a programming error.
    mutating func write(count: Int) {
        precondition(count >= 0 && count <= Int(UInt32.max), "a count of \(count) does not fit the protocol's u32")
        write(UInt32(count))
    }

    /// Reserves a u32 length to fill in once the bytes it counts are written; its offset.
    mutating func reserveLength() -> Int {
        let offset = bytes.count
        write(UInt32(0))
        return offset
    }

    /// Fills the length reserved at `offset` with the bytes written since.
    mutating func fillLength(at offset: Int) {
        let length = UInt32(bytes.count - offset - 4)
        withUnsafeBytes(of: length.bigEndian) { bytes.replaceSubrange(offset ..< offset + 4, with: $0) }
    }

    /// A u32 byte length, then the bytes.
    mutating func write<Bytes: Collection<UInt8>>(byteString: Bytes) {
        write(count: byteString.count)
        bytes.append(contentsOf: byteString)
    }

    /// A u32 byte length, then the string's UTF-8.
    mutating func write(_ string: String) {
        // `utf8.count` is O(1) for native strings and the append copies the UTF-8 storage
        // directly, so strings cost one copy.
        write(count: string.utf8.count)
        bytes.append(contentsOf: string.utf8)
    }

    mutating func write<Value: RawRepresentable<UInt8>>(_ value: Value) {
        bytes.append(value.rawValue)
    }

    mutating func write<Value: WireCodable>(_ value: Value) {
        value.write(to: &self)
    }

    /// A u32 count, then each value.
    mutating func write<Value: WireCodable>(list values: [Value]) {
        write(count: values.count)
        for value in values {
            value.write(to: &self)
        }
    }

    /// A u32 count, then each string.
    mutating func write(strings values: [String]) {
        write(count: values.count)
        for value in values {
            write(value)
        }
    }
}

/// A value with a fixed binary layout inside a payload.
protocol WireCodable {
    /// The fewest bytes an encoding can take, so that a decoder can check a list's count
    /// against the bytes left before allocating.
    static var minimumEncodedSize: Int { get }

    /// Appends the value's fields.
    func write(to writer: inout ByteWriter)

    /// Reads the value's fields.
    init(from reader: inout ByteReader) throws(WireDecodingError)
}
