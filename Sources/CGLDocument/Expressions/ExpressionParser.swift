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

    private var scanner: ByteScanner
    private var bytes: [UInt8] { scanner.bytes }
    private var index: Int {
        get { scanner.index }
        set { scanner.index = newValue }
    }

    /// Parses `text` as one expression.
    static func parse(_ text: String) throws(SyntaxError) -> Expression {
        var parser = ExpressionParser(scanner: ByteScanner(text))
        let expression = try parser.readExpression()
        parser.skipSpaces()
        guard parser.scanner.isAtEnd else {
            throw parser.error("unexpected '\(parser.character(at: parser.index))'; terms are joined with '+'")
        }
        return expression
    }

    private init(scanner: ByteScanner) {
        self.scanner = scanner
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

    private mutating func readNumber() throws(SyntaxError) -> Double { try scanner.readNumber() }

    // MARK: Scanning

    private func peek() -> UInt8? { scanner.peek() }
    private func hasPrefix(_ prefix: StaticString) -> Bool { scanner.hasPrefix(prefix) }
    private mutating func skipSpaces() { scanner.skipSpaces() }
    private func isDigit(_ byte: UInt8) -> Bool { ByteScanner.isDigit(byte) }
    private func isNameStart(_ byte: UInt8) -> Bool { ByteScanner.isNameStart(byte) }
    private func isNameCharacter(_ byte: UInt8) -> Bool { ByteScanner.isNameCharacter(byte) }
    private func readRawToken() -> String { scanner.rawToken() }
    private func character(at offset: Int) -> Character { scanner.character(at: offset) }
    private func error(_ message: String) -> SyntaxError { scanner.error(message) }

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
}
