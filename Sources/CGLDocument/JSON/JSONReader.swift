import Foundation

/// Reads JSON text into `JSONValue`s with positions (RFC 8259, strictly: no comments, no
/// trailing commas, no NaN or Infinity).
///
/// Nesting is limited, so that hostile input cannot exhaust the stack; numbers that do not
/// fit a `Double` are an error rather than infinity.
package struct JSONReader {
    /// What went wrong and where.
    package struct SyntaxError: Error, Sendable, Equatable {
        package var message: String
        package var position: TextPosition
    }

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var index = 0
    private var line = 1
    /// The column of `bytes[index]`, in characters: continuation bytes of UTF-8 do not count.
    private var column = 1

    /// Parses `bytes` as one JSON value.
    ///
    /// - Throws: `SyntaxError` at the first problem.
    package static func parse(_ bytes: [UInt8], maximumDepth: Int = 256) throws(SyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, maximumDepth: maximumDepth)
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    // MARK: Values

    private mutating func readValue(depth: Int) throws(SyntaxError) -> JSONValue {
        let position = self.position
        guard let byte = peek() else { throw error("the document ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return JSONValue(.object(try readObject(depth: depth + 1)), at: position)
        case UInt8(ascii: "["): return JSONValue(.array(try readArray(depth: depth + 1)), at: position)
        case UInt8(ascii: "\""): return JSONValue(.string(try readString()), at: position)
        case UInt8(ascii: "t"): try readLiteral("true"); return JSONValue(.bool(true), at: position)
        case UInt8(ascii: "f"): try readLiteral("false"); return JSONValue(.bool(false), at: position)
        case UInt8(ascii: "n"): try readLiteral("null"); return JSONValue(.null, at: position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONValue(.number(try readNumber()), at: position)
        case UInt8(ascii: "N"), UInt8(ascii: "I"): throw error("NaN and Infinity are not JSON numbers; use a finite number")
        default: throw error("unexpected character '\(Character(Unicode.Scalar(byte)))' where a value was expected")
        }
    }

    private mutating func readObject(depth: Int) throws(SyntaxError) -> [JSONMember] {
        guard depth <= maximumDepth else { throw error("the document is nested deeper than \(maximumDepth) levels") }
        advance()  // {
        var members: [JSONMember] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            advance()
            return members
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            let key = try readString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after the member name \"\(key)\"") }
            advance()
            skipWhitespace()
            members.append(JSONMember(key: key, value: try readValue(depth: depth)))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"): advance(); return members
            case nil: throw error("the document ends inside an object; expected ',' or '}'")
            default: throw error("expected ',' or '}' after a member")
            }
        }
    }

    private mutating func readArray(depth: Int) throws(SyntaxError) -> [JSONValue] {
        guard depth <= maximumDepth else { throw error("the document is nested deeper than \(maximumDepth) levels") }
        advance()  // [
        var values: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            advance()
            return values
        }
        while true {
            skipWhitespace()
            values.append(try readValue(depth: depth))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"): advance(); return values
            case nil: throw error("the document ends inside an array; expected ',' or ']'")
            default: throw error("expected ',' or ']' after an element")
            }
        }
    }

    private mutating func readLiteral(_ literal: String) throws(SyntaxError) {
        for expected in literal.utf8 {
            guard peek() == expected else { throw error("expected '\(literal)'") }
            advance()
        }
    }

    private mutating func readNumber() throws(SyntaxError) -> Double {
        let start = index
        if peek() == UInt8(ascii: "-") { advance() }
        guard let first = peek(), isDigit(first) else { throw error("expected a digit") }
        advance()
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            advance()
            guard let next = peek(), isDigit(next) else { throw error("expected a digit after the decimal point") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            advance()
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { advance() }
            guard let next = peek(), isDigit(next) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("the number \(text) is too large") }
        return value
    }

    private mutating func readString() throws(SyntaxError) -> String {
        advance()  // "
        // Most strings have no escapes: take them in one piece.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let string = try text(index..<end)
            while index <= end { advance() }
            return string
        }
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ reader: inout JSONReader, _ end: Int) throws(SyntaxError) { scalars.append(contentsOf: try reader.text(run..<end).unicodeScalars) }
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                try flush(&self, index)
                advance()
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush(&self, index)
                advance()
                scalars.append(try readEscape())
                run = index
            case 0..<0x20:
                throw error("a control character inside a string; escape it (\\n, \\t, \\u00XX)")
            default:
                advance()
            }
        }
        throw error("the document ends inside a string; add the closing '\"'")
    }

    /// The text of `range`, inside a string whose reading is at `range.lowerBound`.
    ///
    /// - Throws: `SyntaxError` at the first byte that is not UTF-8 (a stray byte, an
    ///   encoded surrogate, an overlong form): JSON text is UTF-8 (RFC 8259 §8.1), and
    ///   replacing such bytes with U+FFFD would register a text the sender never wrote.
    private func text(_ range: Range<Int>) throws(SyntaxError) -> String {
        if let text = String(validating: bytes[range], as: UTF8.self) { return text }
        var codec = UTF8()
        var iterator = bytes[range].makeIterator()
        var offset = range.lowerBound
        decoding: while true {
            switch codec.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput, .error: break decoding
            }
        }
        // The string holds no line break (control characters are refused), so the bad
        // byte's column is counted from the reading position, before or after it.
        let between = bytes[min(index, offset) ..< max(index, offset)].count { $0 & 0xC0 != 0x80 }
        let column = index <= offset ? self.column + between : self.column - between
        let byte = String(bytes[offset], radix: 16, uppercase: true)
        throw SyntaxError(message: "the byte 0x\(byte) inside a string is not UTF-8 (a stray byte, an encoded surrogate or an overlong form); save the document as UTF-8",
                          position: TextPosition(line: line, column: column))
    }

    private mutating func readEscape() throws(SyntaxError) -> Unicode.Scalar {
        guard let byte = peek() else { throw error("the document ends inside an escape sequence") }
        advance()
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try readUnicodeEscape()
        default: throw error("unknown escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func readUnicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
        let high = try readHex4()
        if (0xD800..<0xDC00).contains(high) {
            // A surrogate pair spells one scalar above U+FFFF.
            guard peek() == UInt8(ascii: "\\") else { throw error("an unpaired surrogate in a \\u escape") }
            advance()
            guard peek() == UInt8(ascii: "u") else { throw error("an unpaired surrogate in a \\u escape") }
            advance()
            let low = try readHex4()
            guard (0xDC00..<0xE000).contains(low),
                  let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
                throw error("an invalid surrogate pair in a \\u escape")
            }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("an unpaired surrogate in a \\u escape") }
        return scalar
    }

    private mutating func readHex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = hexValue(byte) else { throw error("expected four hexadecimal digits after \\u") }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    // MARK: Scanning

    private var position: TextPosition { TextPosition(line: line, column: column) }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { advance() }
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { advance() }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(message: message, position: position)
    }
}
