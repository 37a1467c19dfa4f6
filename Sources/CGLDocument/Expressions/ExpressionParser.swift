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

    private let characters: [Character]
    private var index = 0

    /// Parses `text` as one expression.
    static func parse(_ text: String) throws(SyntaxError) -> Expression {
        var parser = ExpressionParser(characters: Array(text))
        let expression = try parser.readExpression()
        parser.skipSpaces()
        guard parser.index == parser.characters.count else {
            throw parser.error("unexpected '\(parser.characters[parser.index])'; terms are joined with '+'")
        }
        return expression
    }

    private init(characters: [Character]) {
        self.characters = characters
    }

    private mutating func readExpression() throws(SyntaxError) -> Expression {
        var terms = [try readTerm()]
        while true {
            skipSpaces()
            guard peek() == "+" else { return Expression(terms: terms) }
            index += 1
            terms.append(try readTerm())
        }
    }

    private mutating func readTerm() throws(SyntaxError) -> Term {
        skipSpaces()
        let offset = index
        guard let first = peek() else { throw error("expected a term, but the expression ends here") }
        guard isNameStart(first) else {
            if first.isNumber || first == "-" { throw error("expected a term such as left(\(readRawToken())) where a number stands") }
            throw error("expected a term, found '\(first)'")
        }
        let name = readName()
        skipSpaces()
        guard peek() == "(" else { return Term(name: name, arguments: nil, offset: offset) }
        index += 1
        var arguments: [Argument] = []
        skipSpaces()
        if peek() == ")" {
            index += 1
            return Term(name: name, arguments: arguments, offset: offset)
        }
        while true {
            arguments.append(try readArgument())
            skipSpaces()
            switch peek() {
            case ",": index += 1
            case ")": index += 1; return Term(name: name, arguments: arguments, offset: offset)
            case nil: throw error("missing ')' to close '\(name)('")
            case let other?: throw error("expected ',' or ')' in the arguments of '\(name)', found '\(other)'")
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
            if peek() == ":" {
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
        let lower = try readNumber()
        skipSpaces()
        guard hasPrefix("...") else {
            if hasPrefix("..<") { throw error("half-open ranges are not accepted; write a closed range such as 10...30") }
            return .number(lower)
        }
        index += 3
        skipSpaces()
        let upper = try readNumber()
        guard lower <= upper else { throw error("the range \(formatNumber(lower))...\(formatNumber(upper)) is empty; write the smaller bound first") }
        return .range(lower, upper)
    }

    private mutating func readNumber() throws(SyntaxError) -> Double {
        let start = index
        if peek() == "-" || peek() == "+" { index += 1 }
        var digits = 0
        while let character = peek(), character.isASCII, character.isNumber { index += 1; digits += 1 }
        if peek() == ".", index + 1 < characters.count, characters[index + 1].isASCII, characters[index + 1].isNumber {
            index += 1
            while let character = peek(), character.isASCII, character.isNumber { index += 1; digits += 1 }
        }
        if digits > 0, peek() == "e" || peek() == "E" {
            index += 1
            if peek() == "-" || peek() == "+" { index += 1 }
            while let character = peek(), character.isASCII, character.isNumber { index += 1 }
        }
        let text = String(characters[start..<index])
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

    private func peek() -> Character? { index < characters.count ? characters[index] : nil }

    private func hasPrefix(_ prefix: String) -> Bool {
        let prefix = Array(prefix)
        return index + prefix.count <= characters.count && Array(characters[index..<index + prefix.count]) == prefix
    }

    private mutating func skipSpaces() {
        while let character = peek(), character == " " || character == "\t" { index += 1 }
    }

    private func isNameStart(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character == "_" || character == "$")
    }

    private func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "_$.-".contains(character))
    }

    private mutating func readName() -> String {
        let start = index
        while let character = peek(), isNameCharacter(character) {
            // A '.' starting '...' ends the name.
            if character == ".", hasPrefix("...") { break }
            index += 1
        }
        // A name does not end in '.' or '-'.
        while index > start + 1, characters[index - 1] == "." || characters[index - 1] == "-" { index -= 1 }
        return String(characters[start..<index])
    }

    /// The characters up to the next delimiter, to quote in an error.
    private func readRawToken() -> String {
        var end = index
        while end < characters.count, !" ,()+:".contains(characters[end]) { end += 1 }
        return String(characters[index..<max(end, min(index + 1, characters.count))])
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(message: message, offset: index)
    }
}
