import CGLayout

/// Parses the equations of `docs/format.md` §1.6: `title.width == 0.5 * $root.width - 4 ~ 750`.
///
/// ```
/// equation  := sum relation sum ['~' number]
/// relation  := '==' | '<=' | '>='
/// sum       := product (('+' | '-') product)*
/// product   := unary (('*' | '/') unary)*
/// unary     := ('-' | '+') unary | number | reference | '(' sum ')'
/// reference := id '.' attribute
/// ```
///
/// Ids may contain `.` and `-`, so a reference is the longest `id.attribute` whose id is
/// declared: in `a.width-8` the reference is `a.width`, in `top-bar.height` it is
/// `top-bar.height`.
struct EquationParser {
    /// A syntax or reference error, at a character offset from 0.
    struct Failure: Error, Sendable {
        var message: String
        var hint: String?
        var offset: Int
    }

    indirect enum Node: Sendable {
        case number(Double)
        case reference(id: String, attribute: LayoutAttribute, offset: Int)
        case negate(Node)
        case binary(Character, Node, Node, offset: Int)
    }

    struct Parsed: Sendable {
        var lhs: Node
        var relation: LinearConstraint.Relation
        var rhs: Node
        /// The priority written after `~`, if any, and where.
        var priority: (value: Double, offset: Int)?
    }

    private var scanner: ByteScanner
    private let isDeclared: (String) -> Bool
    private let declaredIDs: [String]

    /// The element ids references may name (with `$root`, `$safeArea`), to share between
    /// the equations of a document.
    struct Vocabulary: Sendable {
        let ids: [String]
        let known: Set<String>

        init(_ ids: [String]) {
            self.ids = ids
            known = Set(ids)
        }
    }

    /// Parses `text`; `ids` are the element ids references may name (with `$root`, `$safeArea`).
    static func parse(_ text: String, ids: [String]) throws(Failure) -> Parsed {
        try parse(text, vocabulary: Vocabulary(ids))
    }

    /// Parses `text`, whose references may name the ids of `vocabulary`.
    static func parse(_ text: String, vocabulary: Vocabulary) throws(Failure) -> Parsed {
        let known = vocabulary.known
        var parser = EquationParser(scanner: ByteScanner(text), isDeclared: { known.contains($0) }, declaredIDs: vocabulary.ids)
        return try parser.readEquation()
    }

    private init(scanner: ByteScanner, isDeclared: @escaping (String) -> Bool, declaredIDs: [String]) {
        self.scanner = scanner
        self.isDeclared = isDeclared
        self.declaredIDs = declaredIDs
    }

    private mutating func readEquation() throws(Failure) -> Parsed {
        let lhs = try readSum()
        scanner.skipSpaces()
        let relation: LinearConstraint.Relation
        if scanner.hasPrefix("==") { relation = .equal } else if scanner.hasPrefix("<=") { relation = .lessThanOrEqual } else if scanner.hasPrefix(">=") {
            relation = .greaterThanOrEqual
        } else if scanner.isAtEnd {
            throw failure("an equation needs a relation: '==', '<=' or '>='", hint: "such as 'title.left == avatar.right + 8'")
        } else if scanner.peek() == UInt8(ascii: "=") || scanner.peek() == UInt8(ascii: "<") || scanner.peek() == UInt8(ascii: ">") {
            throw failure("unknown relation '\(scanner.rawToken(delimiters: " 0123456789$_"))'", hint: "write '==', '<=' or '>='")
        } else {
            throw failure("unexpected '\(scanner.character(at: scanner.index))'; expected an operator or a relation")
        }
        scanner.index += 2
        let rhs = try readSum()
        scanner.skipSpaces()
        var priority: (Double, Int)?
        if scanner.peek() == UInt8(ascii: "~") {
            scanner.index += 1
            scanner.skipSpaces()
            let offset = scanner.index
            do { priority = (try scanner.readNumber(allowSign: true), offset) } catch { throw Failure(message: error.message, hint: "write a priority such as '~ 750'", offset: error.offset) }
            scanner.skipSpaces()
        }
        guard scanner.isAtEnd else {
            if [UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">")].contains(scanner.peek() ?? 0) {
                throw failure("an equation has one relation", hint: "write each relation as its own equation")
            }
            throw failure("unexpected '\(scanner.character(at: scanner.index))'")
        }
        return Parsed(lhs: lhs, relation: relation, rhs: rhs, priority: priority)
    }

    private mutating func readSum() throws(Failure) -> Node {
        var node = try readProduct()
        while true {
            scanner.skipSpaces()
            guard let byte = scanner.peek(), byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else { return node }
            let offset = scanner.index
            scanner.index += 1
            node = .binary(Character(UnicodeScalar(byte)), node, try readProduct(), offset: offset)
        }
    }

    private mutating func readProduct() throws(Failure) -> Node {
        var node = try readUnary()
        while true {
            scanner.skipSpaces()
            guard let byte = scanner.peek(), byte == UInt8(ascii: "*") || byte == UInt8(ascii: "/") else { return node }
            let offset = scanner.index
            scanner.index += 1
            node = .binary(Character(UnicodeScalar(byte)), node, try readUnary(), offset: offset)
        }
    }

    private mutating func readUnary() throws(Failure) -> Node {
        scanner.skipSpaces()
        guard let byte = scanner.peek() else { throw failure("expected a number, a reference or '(', but the equation ends here") }
        switch byte {
        case UInt8(ascii: "-"):
            scanner.index += 1
            return .negate(try readUnary())
        case UInt8(ascii: "+"):
            scanner.index += 1
            return try readUnary()
        case UInt8(ascii: "("):
            let open = scanner.index
            scanner.index += 1
            let inner = try readSum()
            scanner.skipSpaces()
            guard scanner.peek() == UInt8(ascii: ")") else { throw failure("missing ')' to close the '(' at character \(open + 1)") }
            scanner.index += 1
            return inner
        case _ where ByteScanner.isDigit(byte) || byte == UInt8(ascii: "."):
            do { return .number(try scanner.readNumber(allowSign: false)) } catch { throw Failure(message: error.message, offset: error.offset) }
        case _ where ByteScanner.isNameStart(byte):
            return try readReference()
        default:
            throw failure("expected a number, a reference or '(', found '\(scanner.character(at: scanner.index))'")
        }
    }

    /// The longest `id.attribute` at the scanner whose id is declared.
    private mutating func readReference() throws(Failure) -> Node {
        let start = scanner.index
        var end = start
        while end < scanner.bytes.count, ByteScanner.isNameCharacter(scanner.bytes[end]) { end += 1 }
        let run = Array(scanner.bytes[start..<end])
        var best: (length: Int, id: String, attribute: LayoutAttribute)?
        for dot in run.indices where run[dot] == UInt8(ascii: ".") {
            let id = String(decoding: run[..<dot], as: UTF8.self)
            guard isDeclared(id) else { continue }
            for attribute in LayoutAttribute.allCases {
                let name = Array(attribute.rawValue.utf8)
                let stop = dot + 1 + name.count
                // The attribute ends the run, or an operator ('-') follows it.
                guard stop <= run.count, Array(run[(dot + 1)..<stop]) == name, stop == run.count || run[stop] == UInt8(ascii: "-") else { continue }
                if stop > best?.length ?? 0 { best = (stop, id, attribute) }
            }
        }
        if let best {
            scanner.index = start + best.length
            return .reference(id: best.id, attribute: best.attribute, offset: start)
        }
        throw diagnose(String(decoding: run, as: UTF8.self), at: start)
    }

    /// Why `text` is no reference: an unknown attribute of a declared element, an unknown
    /// element, or no attribute at all.
    private func diagnose(_ text: String, at offset: Int) -> Failure {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let attributes = LayoutAttribute.allCases.map(\.rawValue)
        for count in stride(from: parts.count - 1, through: 1, by: -1) {
            let id = parts[..<count].joined(separator: ".")
            guard isDeclared(id) else { continue }
            let attribute = parts[count...].joined(separator: ".").split(separator: "-").first.map(String.init) ?? ""
            return Failure(message: "unknown attribute '\(attribute)' of '\(id)'", hint: hint(for: attribute, among: attributes), offset: offset)
        }
        guard parts.count > 1 else {
            return Failure(message: "'\(text)' is not a reference", hint: "write element.attribute, such as 'title.left'", offset: offset)
        }
        let id = parts.dropLast().joined(separator: ".")
        return Failure(message: "no element has the id '\(id)'",
                       hint: suggestion(for: id, among: declaredIDs).map { "did you mean '\($0)'?" } ?? "declare it in 'elements'", offset: offset)
    }

    private func failure(_ message: String, hint: String? = nil) -> Failure {
        Failure(message: message, hint: hint, offset: scanner.index)
    }
}
