/// An expression of a scheme document as parsed: one or more terms joined by `+`.
///
/// ```
/// left(between: 10...30) + center(0)     x terms
/// right.limit(inner)                      a v1 anchor
/// width.scaled(card.width, 0.5)          an anchors-API relation
/// ```
/// Offsets are character offsets in the source string, for error messages.
struct Expression: Sendable, Hashable {
    var terms: [Term]

    /// The expression printed canonically: `name(label: value, value) + name`, numbers in
    /// their shortest round-trip form. Equal expressions print equally, whatever the spacing
    /// of their source.
    var canonical: String { terms.map(\.canonical).joined(separator: " + ") }
}

/// `name` or `name(arguments)`; the name may contain dots (`left.align`, `avatar.right`).
struct Term: Sendable, Hashable {
    var name: String
    /// `nil` when the term has no parentheses.
    var arguments: [Argument]?
    var offset: Int

    var canonical: String {
        guard let arguments else { return name }
        return name + "(" + arguments.map(\.canonical).joined(separator: ", ") + ")"
    }
}

/// `value` or `label: value`.
struct Argument: Sendable, Hashable {
    var label: String?
    var value: Value
    var offset: Int

    var canonical: String {
        guard let label else { return value.canonical }
        return label + ": " + value.canonical
    }
}

/// An argument's value.
indirect enum Value: Sendable, Hashable {
    case number(Double)
    /// `a...b`.
    case range(Double, Double)
    case term(Term)

    var canonical: String {
        switch self {
        case .number(let value): formatNumber(value)
        case .range(let lower, let upper): formatNumber(lower) + "..." + formatNumber(upper)
        case .term(let term): term.canonical
        }
    }

    /// A short description of the kind of value, for error messages.
    var kindDescription: String {
        switch self {
        case .number: "a number"
        case .range: "a range"
        case .term: "a name"
        }
    }
}
