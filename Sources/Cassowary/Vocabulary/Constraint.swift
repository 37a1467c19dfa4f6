/// A linear relation between expressions, with a strength: `expression relation 0`.
///
/// Build constraints with the operators — `2 * x + 10 <= y`, `x == y - 4`,
/// `x * 3 == y * 4` — and set their strength with `~`: `(x == 100) ~ .weak`,
/// `(x == 100) ~ 750`, `(x == 100) ~ .priority(750)`. The default is ``Strength/required``.
///
/// A constraint is a value with an identity, like a ``Variable``: copies are the same
/// constraint (that is what ``Solver/remove(_:)`` and ``Solver/contains(_:)`` look for),
/// while two constraints built alike are different ones. Changing the strength makes a
/// new constraint.
public struct Constraint: Hashable, Sendable, CustomStringConvertible {
    /// How the expression compares with zero.
    public enum Relation: Hashable, Sendable, CustomStringConvertible {
        /// `expression <= 0`.
        case lessThanOrEqual
        /// `expression == 0`.
        case equal
        /// `expression >= 0`.
        case greaterThanOrEqual

        /// `<=`, `==` or `>=`.
        public var description: String {
            switch self {
            case .lessThanOrEqual: "<="
            case .equal: "=="
            case .greaterThanOrEqual: ">="
            }
        }
    }

    /// The identity that equality and hashing use.
    let id: Int

    /// The left side minus the right side, each variable appearing once.
    public let expression: Expression

    /// How ``expression`` compares with zero.
    public let relation: Relation

    /// Required, or the weight of a violation.
    public let strength: Strength

    /// Creates the constraint `expression relation 0`.
    /// - Parameters:
    ///   - expression: The left side minus the right side; repeated variables are merged.
    ///   - relation: How the expression compares with zero.
    ///   - strength: Required (the default) or the weight of a violation.
    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required) {
        self.id = Identity.next()
        self.expression = expression.reduced()
        self.relation = relation
        self.strength = strength
    }

    /// A new constraint with the same relation and the given strength.
    /// - Parameter strength: The strength of the new constraint.
    public func withStrength(_ strength: Strength) -> Constraint {
        Constraint(expression, relation, strength: strength)
    }

    /// Whether both values are the same constraint (copies of one another).
    public static func == (lhs: Constraint, rhs: Constraint) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// `2.0 * x + -1.0 * y + 10.0 <= 0 | required`.
    public var description: String {
        "\(expression) \(relation) 0 | \(strength)"
    }
}

/// The precedence of `~`: just below comparisons, so `x == 100 ~ .weak` needs no
/// parentheses, and above `&&`, `||`, `?:` and `=`.
precedencegroup StrengthPrecedence {
    associativity: left
    lowerThan: ComparisonPrecedence
    higherThan: LogicalConjunctionPrecedence
}

infix operator ~ : StrengthPrecedence

/// The constraint with the given strength: `(x == 100) ~ .weak`.
/// - Parameters:
///   - constraint: The relation to keep.
///   - strength: The strength of the new constraint.
public func ~ (constraint: Constraint, strength: Strength) -> Constraint {
    constraint.withStrength(strength)
}

/// The constraint with the strength of an Auto Layout priority: `(x == 100) ~ 750`.
/// - Parameters:
///   - constraint: The relation to keep.
///   - priority: 1…1000, mapped by ``Strength/priority(_:)``.
public func ~ (constraint: Constraint, priority: Double) -> Constraint {
    constraint.withStrength(.priority(priority))
}

/// The constraint with the strength of an Auto Layout priority: `(x == 100) ~ 750`.
/// - Parameters:
///   - constraint: The relation to keep.
///   - priority: 1…1000, mapped by ``Strength/priority(_:)``.
public func ~ (constraint: Constraint, priority: Int) -> Constraint {
    constraint.withStrength(.priority(Double(priority)))
}
