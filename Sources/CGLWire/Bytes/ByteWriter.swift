/// Appends the protocol's primitive fields to a byte array: big-endian integers,
/// IEEE-754 doubles, length-prefixed UTF-8 strings.
///
/// The writer fills memory of its own, each field a store at the end (appending to an
/// array field by field costs a capacity and uniqueness check per byte, a visible part of
/// computing a snapshot under `perf`), and ``append(to:capacity:_:)`` copies what it wrote to
/// the caller's array at once.
struct ByteWriter: ~Copyable {
    /// Bound to `UInt8`; fields are stored into it as raw bytes (`storeBytes`).
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The bytes written so far.
    private(set) var count = 0

    private init(capacity: Int) {
        self.capacity = capacity
        storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// Lets `body` append to `buffer` through a writer.
    ///
    /// - Parameter capacity: The bytes `body` is expected to write (more is fine).
    static func append(to buffer: inout [UInt8], capacity: Int = 512, _ body: (inout ByteWriter) -> Void) {
        var writer = ByteWriter(capacity: max(16, capacity))
        body(&writer)
        writer.copy(to: &buffer)
    }

    /// Appends what was written to `buffer`, while the storage is certainly alive.
    private borrowing func copy(to buffer: inout [UInt8]) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: storage, count: count))
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        grow(toHold: count + extra)
    }

    private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        larger.update(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = newCapacity
    }

    /// Appends raw bytes.
    mutating func write(raw bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(storage + count).copyMemory(from: base, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func write(_ value: UInt8) {
        reserve(1)
        storage[count] = value
        count += 1
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

    /// A big-endian integer, most significant byte first.
    @inline(__always)
    private mutating func writeInteger<Value: FixedWidthInteger>(_ value: Value) {
        let size = MemoryLayout<Value>.size
        reserve(size)
        UnsafeMutableRawPointer(storage).storeBytes(of: value.bigEndian, toByteOffset: count, as: Value.self)
        count += size
    }

    mutating func write(_ value: Bool) {
        write(UInt8(value ? 1 : 0))
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
        let offset = count
        write(UInt32(0))
        return offset
    }

    /// Fills the length reserved at `offset` with the bytes written since.
    mutating func fillLength(at offset: Int) {
        patch(UInt32(count - offset - 4), at: offset)
    }

    /// Overwrites the u32 written at `offset`.
    mutating func patch(_ value: UInt32, at offset: Int) {
        precondition(offset >= 0 && offset + 4 <= count, "no u32 was written at \(offset)")
        UnsafeMutableRawPointer(storage).storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt32.self)
    }

    /// A u32 byte length, then the bytes.
    mutating func write<Bytes: Collection<UInt8>>(byteString: Bytes) {
        write(count: byteString.count)
        write(bytes: byteString)
    }

    /// Appends the bytes of a collection, copied at once when they are contiguous.
    mutating func write<Bytes: Collection<UInt8>>(bytes: Bytes) {
        let copied: Void? = bytes.withContiguousStorageIfAvailable { write(raw: UnsafeRawBufferPointer($0)) }
        guard copied == nil else { return }
        reserve(bytes.count)
        for byte in bytes { write(byte) }
    }

    /// A u32 byte length, then the string's UTF-8.
    mutating func write(_ string: String) {
        // Native strings are contiguous UTF-8: one copy of their storage (a bridged or
        // small string is made contiguous first).
        var string = string
        string.withUTF8 { utf8 in
            write(count: utf8.count)
            write(raw: UnsafeRawBufferPointer(utf8))
        }
    }

    mutating func write<Value: RawRepresentable<UInt8>>(_ value: Value) {
        write(value.rawValue)
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
