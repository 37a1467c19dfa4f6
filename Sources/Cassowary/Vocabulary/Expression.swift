/// A linear expression: a sum of ``Term``s plus a constant.
///
/// Expressions come out of the operators (`2 * x + 10`, `(left + right) / 2`). As with
/// ``Term``, there is no `Equatable` conformance: `==` between expressions always builds
/// a ``Constraint``.
public struct Expression: Sendable, CustomStringConvertible {
    /// The summands, in the order they were written; a variable may appear more than once.
    public var terms: [Term]

    /// The constant summand.
    public var constant: Double

    /// Creates `terms[0] + terms[1] + … + constant`.
    /// - Parameters:
    ///   - terms: The summands.
    ///   - constant: The constant summand; 0 by default.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Creates the expression `1 * variable`.
    /// - Parameter variable: The unknown.
    public init(_ variable: Variable) {
        self.init([Term(variable)])
    }

    /// Creates the expression made of one term.
    /// - Parameter term: The summand.
    public init(_ term: Term) {
        self.init([term])
    }

    /// The same expression with each variable appearing once (coefficients added up, in
    /// the order of first appearance), as the solver expects.
    func reduced() -> Expression {
        guard terms.count > 1 else { return self }
        var merged: [Term] = []
        merged.reserveCapacity(terms.count)
        // Small expressions (the usual case) merge by linear search; long ones use an
        // index so that reduction stays linear.
        var position: [Variable: Int] = [:]
        let indexed = terms.count > 8
        for term in terms {
            let existing = indexed ? position[term.variable] : merged.firstIndex { $0.variable == term.variable }
            if let existing {
                merged[existing].coefficient += term.coefficient
            } else {
                if indexed { position[term.variable] = merged.count }
                merged.append(term)
            }
        }
        return Expression(merged, constant: constant)
    }

    /// `2.0 * x + -1.0 * y + 10.0`; the constant is always written.
    public var description: String {
        (terms.map(\.description) + ["\(constant)"]).joined(separator: " + ")
    }
}
