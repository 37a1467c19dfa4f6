import CGLayout

/// `Σ coefficient · id.attribute + constant`: an equation side after arithmetic.
struct LinearForm: Sendable {
    struct Term: Sendable {
        var id: String
        var attribute: LayoutAttribute
        var coefficient: Double
        /// Where the reference is written.
        var offset: Int
    }

    var terms: [Term] = []
    var constant: Double = 0

    func scaled(by factor: Double) -> LinearForm {
        LinearForm(terms: terms.map { Term(id: $0.id, attribute: $0.attribute, coefficient: $0.coefficient * factor, offset: $0.offset) },
                   constant: constant * factor)
    }

    static func + (lhs: LinearForm, rhs: LinearForm) -> LinearForm {
        LinearForm(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }
}

extension EquationParser.Node {
    /// The side as a linear form; a product of two attributes, or a division by one, is an
    /// error (equations are linear).
    func linearForm() throws(EquationParser.Failure) -> LinearForm {
        switch self {
        case .number(let value):
            return LinearForm(constant: value)
        case .reference(let id, let attribute, let offset):
            return LinearForm(terms: [LinearForm.Term(id: id, attribute: attribute, coefficient: 1, offset: offset)])
        case .negate(let inner):
            return try inner.linearForm().scaled(by: -1)
        case .binary(let operation, let left, let right, let offset):
            let a = try left.linearForm()
            let b = try right.linearForm()
            switch operation {
            case "+": return a + b
            case "-": return a + b.scaled(by: -1)
            case "*":
                if a.terms.isEmpty { return b.scaled(by: a.constant) }
                if b.terms.isEmpty { return a.scaled(by: b.constant) }
                throw EquationParser.Failure(message: "'\(canonical)' multiplies two attributes; equations must be linear",
                                             hint: "multiply attributes by numbers only", offset: offset)
            default:
                guard b.terms.isEmpty else {
                    throw EquationParser.Failure(message: "'\(canonical)' divides by an attribute; equations must be linear",
                                                 hint: "divide by numbers only", offset: offset)
                }
                guard b.constant != 0 else {
                    throw EquationParser.Failure(message: "'\(canonical)' divides by zero", offset: offset)
                }
                return a.scaled(by: 1 / b.constant)
            }
        }
    }

    /// The side re-printed: one space around operators, the fewest parentheses.
    var canonical: String { printed(within: 0) }

    private var precedence: Int {
        switch self {
        case .number, .reference: 4
        case .negate: 3
        case .binary(let operation, _, _, _): operation == "+" || operation == "-" ? 1 : 2
        }
    }

    private func printed(within context: Int) -> String {
        let text: String
        switch self {
        case .number(let value): text = formatNumber(value)
        case .reference(let id, let attribute, _): text = "\(id).\(attribute.rawValue)"
        case .negate(let inner): text = "-" + inner.printed(within: 3)
        case .binary(let operation, let left, let right, _):
            let level = precedence
            // The right operand of '-' and '/' keeps parentheses of its own level.
            let rightContext = operation == "-" || operation == "/" ? level + 1 : level
            text = "\(left.printed(within: level)) \(operation) \(right.printed(within: rightContext))"
        }
        return precedence < context ? "(\(text))" : text
    }
}

extension EquationParser.Parsed {
    /// `lhs relation rhs [~ p]` re-printed.
    var canonical: String {
        var text = "\(lhs.canonical) \(relation.rawValue) \(rhs.canonical)"
        if let priority { text += " ~ \(formatNumber(priority.value))" }
        return text
    }
}
