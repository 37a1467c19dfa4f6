/// Parses expression strings of scheme documents.
///
/// ```
/// expression := term ('+' term)*
/// term       := name ['(' [argument (',' argument)*] ')']
/// argument   := [name ':'] value
/// value      := number ['...' number] | term
/// name       := [A-Za-z_$][A-Za-z0-9_$.-]*
/// ```
struct ExpressionParser {
    /// What is wrong with an expression and where (a character offset from 0).
    struct SyntaxError: Error, Sendable, Equatable {
        var message: String
        var offset: Int
    }

    // The grammar is ASCII, so the parser works on UTF-8 bytes. It stops at the first byte
    // that is not ASCII, so every offset it reports is also a character offset.
    private let bytes: [UInt8]
    private var index = 0

    /// Parses `text` as one expression.
    static func parse(_ text: String) throws(SyntaxError) -> Expression {
        var parser = ExpressionParser(bytes: Array(text.utf8))
        let expression = try parser.readExpression()
        parser.skipSpaces()
        guard parser.index == parser.bytes.count else {
            throw parser.error("unexpected '\(parser.character(at: parser.index))'; terms are joined with '+'")
        }
        return expression
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func readExpression() throws(SyntaxError) -> Expression {
        var terms = [try readTerm()]
        while true {
            skipSpaces()
            guard peek() == UInt8(ascii: "+") else { return Expression(terms: terms) }
            index += 1
            terms.append(try readTerm())
        }
    }

    private mutating func readTerm() throws(SyntaxError) -> Term {
        skipSpaces()
        let offset = index
        guard let first = peek() else { throw error("expected a term, but the expression ends here") }
        guard isNameStart(first) else {
            if isDigit(first) || first == UInt8(ascii: "-") { throw error("expected a term such as left(\(readRawToken())) where a number stands") }
            throw error("expected a term, found '\(character(at: index))'")
        }
        let name = readName()
        skipSpaces()
        guard peek() == UInt8(ascii: "(") else { return Term(name: name, arguments: nil, offset: offset) }
        index += 1
        var arguments: [Argument] = []
        skipSpaces()
        if peek() == UInt8(ascii: ")") {
            index += 1
            return Term(name: name, arguments: arguments, offset: offset)
        }
        while true {
            arguments.append(try readArgument())
            skipSpaces()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: ")"): index += 1; return Term(name: name, arguments: arguments, offset: offset)
            case nil: throw error("missing ')' to close '\(name)('")
            default: throw error("expected ',' or ')' in the arguments of '\(name)', found '\(character(at: index))'")
            }
        }
    }

    private mutating func readArgument() throws(SyntaxError) -> Argument {
        skipSpaces()
        let offset = index
        if let first = peek(), isNameStart(first) {
            let start = index
            let name = readName()
            skipSpaces()
            if peek() == UInt8(ascii: ":") {
                index += 1
                return Argument(label: name, value: try readValue(), offset: offset)
            }
            index = start
        }
        return Argument(label: nil, value: try readValue(), offset: offset)
    }

    private mutating func readValue() throws(SyntaxError) -> Value {
        skipSpaces()
        guard let first = peek() else { throw error("expected a value, but the expression ends here") }
        if isNameStart(first) { return .term(try readTerm()) }
        if first == UInt8(ascii: ")") || first == UInt8(ascii: ",") { throw error("expected a value before '\(character(at: index))'") }
        let start = index
        let lower = try readNumber()
        skipSpaces()
        guard hasPrefix("...") else {
            if hasPrefix("..<") { throw error("half-open ranges are not accepted; write a closed range such as 10...30") }
            return .number(lower)
        }
        index += 3
        skipSpaces()
        let upper = try readNumber()
        guard lower <= upper else {
            index = start
            throw error("the range \(formatNumber(lower))...\(formatNumber(upper)) is empty; write the smaller bound first")
        }
        return .range(lower, upper)
    }

    private mutating func readNumber() throws(SyntaxError) -> Double {
        let start = index
        if peek() == UInt8(ascii: "-") || peek() == UInt8(ascii: "+") { index += 1 }
        var digits = 0
        while let byte = peek(), isDigit(byte) { index += 1; digits += 1 }
        if peek() == UInt8(ascii: "."), index + 1 < bytes.count, isDigit(bytes[index + 1]) {
            index += 1
            while let byte = peek(), isDigit(byte) { index += 1; digits += 1 }
        }
        if digits > 0, peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "-") || peek() == UInt8(ascii: "+") { index += 1 }
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard digits > 0, let value = Double(text) else {
            index = start
            throw error("expected a number, found '\(readRawToken())'")
        }
        guard value.isFinite else {
            index = start
            throw error("the number \(text) is not finite")
        }
        return value
    }

    // MARK: Scanning

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func hasPrefix(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[index + $0] == prefix.utf8Start[$0] }
    }

    private mutating func skipSpaces() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private func isNameStart(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    private func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private mutating func readName() -> String {
        let start = index
        while let byte = peek(), isNameCharacter(byte) {
            // A '.' starting '...' ends the name.
            if byte == UInt8(ascii: "."), hasPrefix("...") { break }
            index += 1
        }
        // A name does not end in '.' or '-'.
        while index > start + 1, bytes[index - 1] == UInt8(ascii: ".") || bytes[index - 1] == UInt8(ascii: "-") { index -= 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The text up to the next delimiter, to quote in an error.
    private func readRawToken() -> String {
        var end = index
        while end < bytes.count, !" ,()+:".utf8.contains(bytes[end]) { end += 1 }
        return String(decoding: bytes[index..<max(end, min(index + 1, bytes.count))], as: UTF8.self)
    }

    /// The character starting at a byte offset, for messages.
    private func character(at offset: Int) -> Character {
        String(decoding: bytes[offset...], as: UTF8.self).first ?? " "
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(message: message, offset: index)
    }
}
