/// A reading direction, as the protocol numbers it.
///
/// `0` is not a direction: where the protocol allows "none" (a profile's own direction),
/// the Swift type is `WireDirection?` and `nil` travels as `0`.
public enum WireDirection: UInt8, Sendable, Hashable, CaseIterable {
    /// Left to right (`ltr`).
    case leftToRight = 1
    /// Right to left (`rtl`).
    case rightToLeft = 2

    /// The document spelling: `ltr` or `rtl`.
    public var name: String { self == .leftToRight ? "ltr" : "rtl" }
}

/// A size class, as the protocol numbers it.
///
/// `0` is not a size class: where the protocol allows "derive it from the size", the Swift
/// type is `WireSizeClass?` and `nil` travels as `0`.
public enum WireSizeClass: UInt8, Sendable, Hashable, CaseIterable {
    /// Compact: below 600 points when derived from a dimension.
    case compact = 1
    /// Regular: 600 points or more when derived from a dimension.
    case regular = 2

    /// The size class derived from a dimension: regular from 600 points.
    public init(dimension: Double) {
        self = dimension >= 600 ? .regular : .compact
    }

    /// The document spelling: `compact` or `regular`.
    public var name: String { self == .compact ? "compact" : "regular" }
}

extension ByteWriter {
    /// A u8 that is the value's raw value, or 0 for none.
    mutating func write<Value: RawRepresentable<UInt8>>(optional value: Value?) {
        write(value?.rawValue ?? 0)
    }
}

extension ByteReader {
    /// A u8 that is 0 (none) or one of `Value`'s raw values.
    mutating func readOptionalEnum<Value: RawRepresentable<UInt8>>(_ type: Value.Type, _ field: @autoclosure () -> String) throws(WireDecodingError) -> Value? {
        let start = offset
        let raw = try readUInt8(field())
        guard raw != 0 else { return nil }
        guard let value = Value(rawValue: raw) else {
            throw WireDecodingError(code: .badValue, message: "\(field()) is \(raw), which is not a known value", offset: start)
        }
        return value
    }
}
