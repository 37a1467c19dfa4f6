/// The scanning both expression grammars share: ASCII bytes, a position, numbers.
///
/// The grammars are ASCII, so scanning works on UTF-8 bytes and stops at the first byte that
/// is not ASCII: every offset it reports is also a character offset.
struct ByteScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var isAtEnd: Bool { index >= bytes.count }

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    func hasPrefix(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[index + $0] == prefix.utf8Start[$0] }
    }

    mutating func skipSpaces() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    /// A finite number, optionally signed (`allowSign`), with an optional fraction and exponent.
    mutating func readNumber(allowSign: Bool = true) throws(ExpressionParser.SyntaxError) -> Double {
        let start = index
        if allowSign, peek() == UInt8(ascii: "-") || peek() == UInt8(ascii: "+") { index += 1 }
        var digits = 0
        while let byte = peek(), Self.isDigit(byte) { index += 1; digits += 1 }
        if peek() == UInt8(ascii: "."), index + 1 < bytes.count, Self.isDigit(bytes[index + 1]) {
            index += 1
            while let byte = peek(), Self.isDigit(byte) { index += 1; digits += 1 }
        }
        if digits > 0, peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "-") || peek() == UInt8(ascii: "+") { index += 1 }
            while let byte = peek(), Self.isDigit(byte) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard digits > 0, let value = Double(text) else {
            index = start
            throw error("expected a number, found '\(rawToken())'")
        }
        guard value.isFinite else {
            index = start
            throw error("the number \(text) is not finite")
        }
        return value
    }

    /// The text up to the next delimiter, to quote in an error.
    func rawToken(delimiters: String = " ,()+:") -> String {
        var end = index
        while end < bytes.count, !delimiters.utf8.contains(bytes[end]) { end += 1 }
        return String(decoding: bytes[index..<max(end, min(index + 1, bytes.count))], as: UTF8.self)
    }

    /// The character starting at a byte offset, for messages.
    func character(at offset: Int) -> Character {
        String(decoding: bytes[offset...], as: UTF8.self).first ?? " "
    }

    func error(_ message: String, at offset: Int? = nil) -> ExpressionParser.SyntaxError {
        ExpressionParser.SyntaxError(message: message, offset: offset ?? index)
    }
}
