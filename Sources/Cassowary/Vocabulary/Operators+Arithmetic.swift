// Arithmetic that builds terms and expressions from variables and numbers, as kiwi's
// symbolics.h does: `2 * x`, `x / 2`, `-x`, `x + y - 4`, `(left + right) / 2`.
// Multiplying two variables is deliberately absent: the solver is linear.

extension Variable {
    /// `1 * self` as an expression.
    var expression: Expression { Expression(self) }
}

extension Term {
    /// `self` as an expression.
    var expression: Expression { Expression(self) }
}

// MARK: - Scaling

/// `coefficient * variable`.
public func * (coefficient: Double, variable: Variable) -> Term { Term(variable, coefficient: coefficient) }
/// `variable * coefficient`.
public func * (variable: Variable, coefficient: Double) -> Term { Term(variable, coefficient: coefficient) }
/// `variable / divisor`.
public func / (variable: Variable, divisor: Double) -> Term { Term(variable, coefficient: 1 / divisor) }
/// `-1 * variable`.
public prefix func - (variable: Variable) -> Term { Term(variable, coefficient: -1) }

/// The term with its coefficient multiplied.
public func * (coefficient: Double, term: Term) -> Term { Term(term.variable, coefficient: term.coefficient * coefficient) }
/// The term with its coefficient multiplied.
public func * (term: Term, coefficient: Double) -> Term { coefficient * term }
/// The term with its coefficient divided.
public func / (term: Term, divisor: Double) -> Term { (1 / divisor) * term }
/// The term with its coefficient negated.
public prefix func - (term: Term) -> Term { -1 * term }

/// Every term and the constant multiplied.
public func * (coefficient: Double, expression: Expression) -> Expression {
    Expression(expression.terms.map { coefficient * $0 }, constant: expression.constant * coefficient)
}
/// Every term and the constant multiplied.
public func * (expression: Expression, coefficient: Double) -> Expression { coefficient * expression }
/// Every term and the constant divided.
public func / (expression: Expression, divisor: Double) -> Expression { (1 / divisor) * expression }
/// Every term and the constant negated.
public prefix func - (expression: Expression) -> Expression { -1 * expression }

// MARK: - Sums

/// The sum of two expressions.
public func + (lhs: Expression, rhs: Expression) -> Expression {
    Expression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
}
/// The expression plus a term.
public func + (lhs: Expression, rhs: Term) -> Expression {
    Expression(lhs.terms + CollectionOfOne(rhs), constant: lhs.constant)
}
/// The expression plus a variable.
public func + (lhs: Expression, rhs: Variable) -> Expression { lhs + Term(rhs) }
/// The expression plus a constant.
public func + (lhs: Expression, rhs: Double) -> Expression { Expression(lhs.terms, constant: lhs.constant + rhs) }
/// The term plus an expression.
public func + (lhs: Term, rhs: Expression) -> Expression { rhs + lhs }
/// The sum of two terms.
public func + (lhs: Term, rhs: Term) -> Expression { Expression([lhs, rhs]) }
/// The term plus a variable.
public func + (lhs: Term, rhs: Variable) -> Expression { Expression([lhs, Term(rhs)]) }
/// The term plus a constant.
public func + (lhs: Term, rhs: Double) -> Expression { Expression([lhs], constant: rhs) }
/// The variable plus an expression.
public func + (lhs: Variable, rhs: Expression) -> Expression { rhs + lhs }
/// The variable plus a term.
public func + (lhs: Variable, rhs: Term) -> Expression { Expression([Term(lhs), rhs]) }
/// The sum of two variables.
public func + (lhs: Variable, rhs: Variable) -> Expression { Expression([Term(lhs), Term(rhs)]) }
/// The variable plus a constant.
public func + (lhs: Variable, rhs: Double) -> Expression { Expression([Term(lhs)], constant: rhs) }
/// The constant plus an expression.
public func + (lhs: Double, rhs: Expression) -> Expression { rhs + lhs }
/// The constant plus a term.
public func + (lhs: Double, rhs: Term) -> Expression { rhs + lhs }
/// The constant plus a variable.
public func + (lhs: Double, rhs: Variable) -> Expression { rhs + lhs }

// MARK: - Differences

/// The difference of two expressions.
public func - (lhs: Expression, rhs: Expression) -> Expression { lhs + -rhs }
/// The expression minus a term.
public func - (lhs: Expression, rhs: Term) -> Expression { lhs + -rhs }
/// The expression minus a variable.
public func - (lhs: Expression, rhs: Variable) -> Expression { lhs + -rhs }
/// The expression minus a constant.
public func - (lhs: Expression, rhs: Double) -> Expression { lhs + -rhs }
/// The term minus an expression.
public func - (lhs: Term, rhs: Expression) -> Expression { lhs + -rhs }
/// The difference of two terms.
public func - (lhs: Term, rhs: Term) -> Expression { lhs + -rhs }
/// The term minus a variable.
public func - (lhs: Term, rhs: Variable) -> Expression { lhs + -rhs }
/// The term minus a constant.
public func - (lhs: Term, rhs: Double) -> Expression { lhs + -rhs }
/// The variable minus an expression.
public func - (lhs: Variable, rhs: Expression) -> Expression { lhs + -rhs }
/// The variable minus a term.
public func - (lhs: Variable, rhs: Term) -> Expression { lhs + -rhs }
/// The difference of two variables.
public func - (lhs: Variable, rhs: Variable) -> Expression { lhs + -rhs }
/// The variable minus a constant.
public func - (lhs: Variable, rhs: Double) -> Expression { lhs + -rhs }
/// The constant minus an expression.
public func - (lhs: Double, rhs: Expression) -> Expression { lhs + -rhs }
/// The constant minus a term.
public func - (lhs: Double, rhs: Term) -> Expression { lhs + -rhs }
/// The constant minus a variable.
public func - (lhs: Double, rhs: Variable) -> Expression { lhs + -rhs }
