// Relations that build constraints, as kiwi's symbolics.h does: `2 * x + 10 <= y`,
// `x == y - 4`, `x * 3 == y * 4`. Each moves everything to the left side
// (`lhs - rhs relation 0`) and makes a required constraint; use `~` to weaken it.
//
// `Variable == Variable` also exists as `Equatable`'s `Bool`; the expected type picks the
// overload, so `solver.add(x == y)` builds a constraint while `if x == y` compares.

/// `lhs - rhs relation 0`, required.
func relate(_ lhs: Expression, _ relation: Constraint.Relation, _ rhs: Expression) -> Constraint {
    Constraint(lhs - rhs, relation)
}

// MARK: - ==

/// Required: the expression is equal to the expression.
public func == (lhs: Expression, rhs: Expression) -> Constraint { relate(lhs, .equal, rhs) }
/// Required: the expression is equal to the term.
public func == (lhs: Expression, rhs: Term) -> Constraint { relate(lhs, .equal, rhs.expression) }
/// Required: the expression is equal to the variable.
public func == (lhs: Expression, rhs: Variable) -> Constraint { relate(lhs, .equal, rhs.expression) }
/// Required: the expression is equal to the constant.
public func == (lhs: Expression, rhs: Double) -> Constraint { relate(lhs, .equal, Expression(constant: rhs)) }
/// Required: the term is equal to the expression.
public func == (lhs: Term, rhs: Expression) -> Constraint { relate(lhs.expression, .equal, rhs) }
/// Required: the term is equal to the term.
public func == (lhs: Term, rhs: Term) -> Constraint { relate(lhs.expression, .equal, rhs.expression) }
/// Required: the term is equal to the variable.
public func == (lhs: Term, rhs: Variable) -> Constraint { relate(lhs.expression, .equal, rhs.expression) }
/// Required: the term is equal to the constant.
public func == (lhs: Term, rhs: Double) -> Constraint { relate(lhs.expression, .equal, Expression(constant: rhs)) }
/// Required: the variable is equal to the expression.
public func == (lhs: Variable, rhs: Expression) -> Constraint { relate(lhs.expression, .equal, rhs) }
/// Required: the variable is equal to the term.
public func == (lhs: Variable, rhs: Term) -> Constraint { relate(lhs.expression, .equal, rhs.expression) }
/// Required: the variable is equal to the variable.
public func == (lhs: Variable, rhs: Variable) -> Constraint { relate(lhs.expression, .equal, rhs.expression) }
/// Required: the variable is equal to the constant.
public func == (lhs: Variable, rhs: Double) -> Constraint { relate(lhs.expression, .equal, Expression(constant: rhs)) }
/// Required: the constant is equal to the expression.
public func == (lhs: Double, rhs: Expression) -> Constraint { relate(Expression(constant: lhs), .equal, rhs) }
/// Required: the constant is equal to the term.
public func == (lhs: Double, rhs: Term) -> Constraint { relate(Expression(constant: lhs), .equal, rhs.expression) }
/// Required: the constant is equal to the variable.
public func == (lhs: Double, rhs: Variable) -> Constraint { relate(Expression(constant: lhs), .equal, rhs.expression) }

// MARK: - <=

/// Required: the expression is at most the expression.
public func <= (lhs: Expression, rhs: Expression) -> Constraint { relate(lhs, .lessThanOrEqual, rhs) }
/// Required: the expression is at most the term.
public func <= (lhs: Expression, rhs: Term) -> Constraint { relate(lhs, .lessThanOrEqual, rhs.expression) }
/// Required: the expression is at most the variable.
public func <= (lhs: Expression, rhs: Variable) -> Constraint { relate(lhs, .lessThanOrEqual, rhs.expression) }
/// Required: the expression is at most the constant.
public func <= (lhs: Expression, rhs: Double) -> Constraint { relate(lhs, .lessThanOrEqual, Expression(constant: rhs)) }
/// Required: the term is at most the expression.
public func <= (lhs: Term, rhs: Expression) -> Constraint { relate(lhs.expression, .lessThanOrEqual, rhs) }
/// Required: the term is at most the term.
public func <= (lhs: Term, rhs: Term) -> Constraint { relate(lhs.expression, .lessThanOrEqual, rhs.expression) }
/// Required: the term is at most the variable.
public func <= (lhs: Term, rhs: Variable) -> Constraint { relate(lhs.expression, .lessThanOrEqual, rhs.expression) }
/// Required: the term is at most the constant.
public func <= (lhs: Term, rhs: Double) -> Constraint { relate(lhs.expression, .lessThanOrEqual, Expression(constant: rhs)) }
/// Required: the variable is at most the expression.
public func <= (lhs: Variable, rhs: Expression) -> Constraint { relate(lhs.expression, .lessThanOrEqual, rhs) }
/// Required: the variable is at most the term.
public func <= (lhs: Variable, rhs: Term) -> Constraint { relate(lhs.expression, .lessThanOrEqual, rhs.expression) }
/// Required: the variable is at most the variable.
public func <= (lhs: Variable, rhs: Variable) -> Constraint { relate(lhs.expression, .lessThanOrEqual, rhs.expression) }
/// Required: the variable is at most the constant.
public func <= (lhs: Variable, rhs: Double) -> Constraint { relate(lhs.expression, .lessThanOrEqual, Expression(constant: rhs)) }
/// Required: the constant is at most the expression.
public func <= (lhs: Double, rhs: Expression) -> Constraint { relate(Expression(constant: lhs), .lessThanOrEqual, rhs) }
/// Required: the constant is at most the term.
public func <= (lhs: Double, rhs: Term) -> Constraint { relate(Expression(constant: lhs), .lessThanOrEqual, rhs.expression) }
/// Required: the constant is at most the variable.
public func <= (lhs: Double, rhs: Variable) -> Constraint { relate(Expression(constant: lhs), .lessThanOrEqual, rhs.expression) }

// MARK: - >=

/// Required: the expression is at least the expression.
public func >= (lhs: Expression, rhs: Expression) -> Constraint { relate(lhs, .greaterThanOrEqual, rhs) }
/// Required: the expression is at least the term.
public func >= (lhs: Expression, rhs: Term) -> Constraint { relate(lhs, .greaterThanOrEqual, rhs.expression) }
/// Required: the expression is at least the variable.
public func >= (lhs: Expression, rhs: Variable) -> Constraint { relate(lhs, .greaterThanOrEqual, rhs.expression) }
/// Required: the expression is at least the constant.
public func >= (lhs: Expression, rhs: Double) -> Constraint { relate(lhs, .greaterThanOrEqual, Expression(constant: rhs)) }
/// Required: the term is at least the expression.
public func >= (lhs: Term, rhs: Expression) -> Constraint { relate(lhs.expression, .greaterThanOrEqual, rhs) }
/// Required: the term is at least the term.
public func >= (lhs: Term, rhs: Term) -> Constraint { relate(lhs.expression, .greaterThanOrEqual, rhs.expression) }
/// Required: the term is at least the variable.
public func >= (lhs: Term, rhs: Variable) -> Constraint { relate(lhs.expression, .greaterThanOrEqual, rhs.expression) }
/// Required: the term is at least the constant.
public func >= (lhs: Term, rhs: Double) -> Constraint { relate(lhs.expression, .greaterThanOrEqual, Expression(constant: rhs)) }
/// Required: the variable is at least the expression.
public func >= (lhs: Variable, rhs: Expression) -> Constraint { relate(lhs.expression, .greaterThanOrEqual, rhs) }
/// Required: the variable is at least the term.
public func >= (lhs: Variable, rhs: Term) -> Constraint { relate(lhs.expression, .greaterThanOrEqual, rhs.expression) }
/// Required: the variable is at least the variable.
public func >= (lhs: Variable, rhs: Variable) -> Constraint { relate(lhs.expression, .greaterThanOrEqual, rhs.expression) }
/// Required: the variable is at least the constant.
public func >= (lhs: Variable, rhs: Double) -> Constraint { relate(lhs.expression, .greaterThanOrEqual, Expression(constant: rhs)) }
/// Required: the constant is at least the expression.
public func >= (lhs: Double, rhs: Expression) -> Constraint { relate(Expression(constant: lhs), .greaterThanOrEqual, rhs) }
/// Required: the constant is at least the term.
public func >= (lhs: Double, rhs: Term) -> Constraint { relate(Expression(constant: lhs), .greaterThanOrEqual, rhs.expression) }
/// Required: the constant is at least the variable.
public func >= (lhs: Double, rhs: Variable) -> Constraint { relate(Expression(constant: lhs), .greaterThanOrEqual, rhs.expression) }
