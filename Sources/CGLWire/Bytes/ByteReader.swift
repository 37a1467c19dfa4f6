#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the protocol's primitive fields from a byte slice, front to back.
///
/// Every read checks the bytes left before touching them and throws
/// ``WireDecodingError`` instead of trapping, so no input can crash a decoder. Counts are
/// checked against the bytes left before anything is allocated for them, so a forged count
/// of four billion costs nothing.
///
/// A reader works on the raw bytes of its input, which it may use only inside
/// ``reading(_:strings:_:)``: fields are loaded straight from memory, with no per-field
/// trip through the slice's storage (the decoding of every answer a client receives).
struct ByteReader {
    private let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte.
    private var index = 0

    /// Strings of the connection's previous message, reused when they come again.
    private let strings: WireStringCache?

    private init(_ bytes: UnsafeRawBufferPointer, strings: WireStringCache?) {
        self.bytes = bytes
        self.strings = strings
        strings?.startMessage()
    }

    /// Runs `body` with a reader of `bytes`, valid only during the call.
    static func reading<Value>(_ bytes: ArraySlice<UInt8>, strings: WireStringCache? = nil,
                               _ body: (inout ByteReader) throws(WireDecodingError) -> Value) throws(WireDecodingError) -> Value {
        // `withUnsafeBytes` rethrows untyped errors: the typed one travels in a `Result`.
        let result = bytes.withUnsafeBytes { raw in
            var reader = ByteReader(raw, strings: strings)
            return Result { () throws(WireDecodingError) in try body(&reader) }
        }
        return try result.get()
    }

    /// Runs `body` with a reader of raw `bytes` (valid for the whole call).
    static func reading<Value>(raw bytes: UnsafeRawBufferPointer, strings: WireStringCache? = nil,
                               _ body: (inout ByteReader) throws(WireDecodingError) -> Value) throws(WireDecodingError) -> Value {
        var reader = ByteReader(bytes, strings: strings)
        return try body(&reader)
    }

    /// Matches the strings that follow against the cache from its first place again: each
    /// answer of a batch repeats the strings of the one before it (the scheme's name and
    /// hash, its element ids), as consecutive messages do.
    func restartStringPlaces() {
        strings?.startMessage()
    }

    /// How far the reader is from the start of its input, for error messages.
    var offset: Int { index }

    /// The bytes not read yet.
    var remaining: Int { bytes.count - index }

    // Field names are autoclosures: they name the field in an error message, and building
    // them (often by interpolation) for every field read would cost more than the read.

    /// Takes `count` bytes, or throws `truncated` naming `field`. The bytes are valid only
    /// as long as the reader.
    mutating func readBytes(_ count: Int, _ field: @autoclosure () -> String) throws(WireDecodingError) -> UnsafeRawBufferPointer {
        try need(count, field())
        defer { index += count }
        return UnsafeRawBufferPointer(rebasing: bytes[index ..< index + count])
    }

    /// Throws `truncated` unless `count` bytes are left.
    private func need(_ count: Int, _ field: @autoclosure () -> String) throws(WireDecodingError) {
        guard count <= remaining else {
            throw WireDecodingError(code: .truncated, message: "\(field()) needs \(count) bytes but only \(remaining) are left", offset: offset)
        }
    }

    /// A big-endian integer, loaded in one piece rather than byte by byte.
    private mutating func readInteger<Value: FixedWidthInteger>(_ type: Value.Type, _ field: @autoclosure () -> String) throws(WireDecodingError) -> Value {
        let size = MemoryLayout<Value>.size
        try need(size, field())
        defer { index += size }
        return Value(bigEndian: bytes.loadUnaligned(fromByteOffset: index, as: Value.self))
    }

    mutating func readUInt8(_ field: @autoclosure () -> String) throws(WireDecodingError) -> UInt8 {
        try readInteger(UInt8.self, field())
    }

    mutating func readUInt16(_ field: @autoclosure () -> String) throws(WireDecodingError) -> UInt16 {
        try readInteger(UInt16.self, field())
    }

    mutating func readUInt32(_ field: @autoclosure () -> String) throws(WireDecodingError) -> UInt32 {
        try readInteger(UInt32.self, field())
    }

    mutating func readUInt64(_ field: @autoclosure () -> String) throws(WireDecodingError) -> UInt64 {
        try readInteger(UInt64.self, field())
    }

    /// An IEEE-754 binary64, big-endian. Any bit pattern is accepted (NaN and infinities
    /// included): whether a number makes sense is for the receiver of the message to say.
    mutating func readDouble(_ field: @autoclosure () -> String) throws(WireDecodingError) -> Double {
        Double(bitPattern: try readUInt64(field()))
    }

    /// A u8 flag followed by a double when the flag is 1.
    mutating func readOptionalDouble(_ field: @autoclosure () -> String) throws(WireDecodingError) -> Double? {
        try readBool(field()) ? try readDouble(field()) : nil
    }

    /// A u8 that must be 0 or 1.
    mutating func readBool(_ field: @autoclosure () -> String) throws(WireDecodingError) -> Bool {
        let start = offset
        switch try readUInt8(field()) {
        case 0: return false
        case 1: return true
        case let value: throw WireDecodingError(code: .badValue, message: "\(field()) is \(value); expected 0 or 1", offset: start)
        }
    }

    /// A u8 that must be one of `Value`'s raw values.
    mutating func readEnum<Value: RawRepresentable<UInt8>>(_ type: Value.Type, _ field: @autoclosure () -> String) throws(WireDecodingError) -> Value {
        let start = offset
        let raw = try readUInt8(field())
        guard let value = Value(rawValue: raw) else {
            throw WireDecodingError(code: .badValue, message: "\(field()) is \(raw), which is not a known value", offset: start)
        }
        return value
    }

    /// A u32 length and that many bytes, taken as they are (the `register` document); valid
    /// only as long as the reader.
    mutating func readByteString(_ field: @autoclosure () -> String) throws(WireDecodingError) -> UnsafeRawBufferPointer {
        let count = try readUInt32("the length of \(field())")
        return try readBytes(Int(count), field())
    }

    /// A u32 length and that many bytes of UTF-8.
    mutating func readString(_ field: @autoclosure () -> String) throws(WireDecodingError) -> String {
        let start = offset
        let raw = try readByteString(field())
        let utf8 = raw.assumingMemoryBound(to: UInt8.self)
        if let strings, let known = strings.reuse(utf8) { return known }
        // `String(decoding:)` is fast but repairs invalid input with U+FFFD, which always
        // changes the bytes; so the input was valid exactly when they come back unchanged.
        // (`String(validating:as:)` says the same, several times slower, being generic.)
        var string = String(decoding: utf8, as: UTF8.self)
        guard string.utf8.count == utf8.count, string.withUTF8({ Self.sameBytes($0, utf8) }) else {
            throw WireDecodingError(code: .invalidUTF8, message: "\(field()) is not valid UTF-8", offset: start)
        }
        strings?.remember(string)
        return string
    }

    /// A u32 length and that many bytes of UTF-8, checked but not made a `String` (a view
    /// reads it later); valid only as long as the reader.
    mutating func readUTF8(_ field: @autoclosure () -> String) throws(WireDecodingError) -> UnsafeRawBufferPointer {
        let start = offset
        let raw = try readByteString(field())
        // The same check as the plain walks', so that the two walks accept the same strings.
        guard PlainCursor.isUTF8(raw, raw.indices) else {
            throw WireDecodingError(code: .invalidUTF8, message: "\(field()) is not valid UTF-8", offset: start)
        }
        return raw
    }

    /// Whether two buffers of the same length hold the same bytes.
    static func sameBytes(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        guard let a = first.baseAddress, let b = second.baseAddress else { return true }
        return memcmp(a, b, first.count) == 0
    }

    /// A u32 count of items each at least `minimumSize` bytes long, checked against the
    /// bytes left so that callers may reserve capacity for it safely.
    mutating func readCount(_ field: @autoclosure () -> String, minimumSize: Int) throws(WireDecodingError) -> Int {
        let start = offset
        let count = Int(try readUInt32("the count of \(field())"))
        guard count <= remaining / max(minimumSize, 1) else {
            throw WireDecodingError(code: .truncated,
                                    message: "\(field()) counts \(count) items of at least \(minimumSize) bytes but only \(remaining) bytes are left",
                                    offset: start)
        }
        return count
    }

    /// A u32 count followed by that many values.
    mutating func readList<Value: WireCodable>(of type: Value.Type, _ field: @autoclosure () -> String) throws(WireDecodingError) -> [Value] {
        let count = try readCount(field(), minimumSize: Value.minimumEncodedSize)
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0 ..< count {
            values.append(try Value(from: &self))
        }
        return values
    }

    /// A u32 count followed by that many values, each read by `read` (values whose layout
    /// depends on the protocol version).
    mutating func readList<Value>(_ field: @autoclosure () -> String, minimumSize: Int,
                                  _ read: (inout ByteReader) throws(WireDecodingError) -> Value) throws(WireDecodingError) -> [Value] {
        let count = try readCount(field(), minimumSize: minimumSize)
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0 ..< count {
            values.append(try read(&self))
        }
        return values
    }

    /// A u32 count followed by that many strings.
    mutating func readStrings(_ field: @autoclosure () -> String) throws(WireDecodingError) -> [String] {
        let count = try readCount(field(), minimumSize: 4)
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0 ..< count {
            values.append(try readString(field()))
        }
        return values
    }

    /// Throws `trailingBytes` unless every byte was read: a message is exactly its fields,
    /// and bytes left over mean the two sides disagree about its layout.
    func finish(_ message: @autoclosure () -> String) throws(WireDecodingError) {
        guard remaining == 0 else {
            throw WireDecodingError(code: .trailingBytes, message: "\(remaining) bytes are left after the last field of \(message())", offset: offset)
        }
    }
}
