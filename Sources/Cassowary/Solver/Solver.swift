/// A Cassowary constraint solver: add linear constraints of various strengths, suggest
/// values for edit variables, read the optimal values.
///
/// ```swift
/// let left = Variable("left"), mid = Variable("mid"), right = Variable("right")
/// var solver = Solver()
/// try solver.add(mid == (left + right) / 2)
/// try solver.add(left + 10 <= right)
/// try solver.add(right <= 100)
/// try solver.add(left >= 0)
/// try solver.addEditVariable(mid, strength: .strong)
/// try solver.suggestValue(mid, 2)
/// solver.value(of: left)   // 0
/// solver.value(of: right)  // 10
/// ```
///
/// Required constraints hold exactly; the others are satisfied as well as their
/// strengths allow (see ``Strength``). The solver is incremental (Badros, Borning and
/// Stuckey's simplex, as in kiwi): each add, remove or suggestion re-optimises from the
/// previous solution, so editing a value in a loop is cheap.
///
/// `Solver` is a value: a copy is an independent solver (copying is cheap until one of
/// them changes), and it can move between tasks. It is not meant to be shared by several
/// tasks at once — each mutation needs exclusive access, which Swift enforces.
public struct Solver: Sendable {
    private var core = SolverCore()

    /// Creates an empty solver.
    public init() {}

    /// Adds a constraint and re-solves.
    /// - Parameter constraint: The constraint to add.
    /// - Throws: `SolverError` with code `.duplicateConstraint` if it was added already,
    ///   or `.unsatisfiableConstraint` if it is required and conflicts with the required
    ///   constraints already added; the solver is then unchanged.
    public mutating func add(_ constraint: Constraint) throws(SolverError) {
        try core.add(constraint)
    }

    /// Removes a constraint and re-solves.
    /// - Parameter constraint: A constraint added earlier (the same value, or a copy).
    /// - Throws: `SolverError` with code `.unknownConstraint` if it is not in the solver.
    public mutating func remove(_ constraint: Constraint) throws(SolverError) {
        try core.remove(constraint)
    }

    /// Whether the constraint has been added (and not removed).
    /// - Parameter constraint: The constraint to look for.
    public func contains(_ constraint: Constraint) -> Bool {
        core.constraints.index(of: constraint.id) != nil
    }

    /// Makes a variable editable: ``suggestValue(_:_:)`` then pulls it towards values.
    ///
    /// The suggestion starts at 0, held with the given strength.
    /// - Parameters:
    ///   - variable: The variable to edit.
    ///   - strength: How strongly suggestions pull; `.strong` is usual. Not required.
    /// - Throws: `SolverError` with code `.duplicateEditVariable` if it is an edit
    ///   variable already, or `.badRequiredStrength` if `strength` is required.
    public mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        try core.addEditVariable(variable, strength: strength)
    }

    /// Stops editing a variable, removing its suggestion.
    /// - Parameter variable: An edit variable.
    /// - Throws: `SolverError` with code `.unknownEditVariable` if it is not one.
    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        try core.removeEditVariable(variable)
    }

    /// Whether the variable is an edit variable.
    /// - Parameter variable: The variable to look for.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        core.edits[variable] != nil
    }

    /// Suggests a value for an edit variable and re-solves (with the dual simplex, which
    /// starts from the previous solution).
    /// - Parameters:
    ///   - variable: An edit variable.
    ///   - value: The value it should take, as far as its strength allows.
    /// - Throws: `SolverError` with code `.unknownEditVariable` if it is not one.
    public mutating func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        try core.suggestValue(variable, value)
    }

    /// Suggests values for several edit variables and re-solves once, at the end.
    ///
    /// The solution is optimal for all the suggestions, as after suggesting each in turn
    /// (where several solutions are optimal, it may be another of them), but the dual
    /// simplex runs once rather than once per suggestion, and the constants move in one pass
    /// over the tableau: moving many edit variables together (a layout's container size and
    /// its items' intrinsic sizes) costs little more than moving one. A value equal to the
    /// variable's current suggestion costs nothing.
    /// - Parameter suggestions: Edit variables and the values they should take.
    /// - Throws: `SolverError` with code `.unknownEditVariable` if one of the variables is
    ///   not an edit variable; no suggestion is then applied.
    public mutating func suggestValues(_ suggestions: some Collection<(Variable, Double)>) throws(SolverError) {
        try core.suggestValues(suggestions)
    }

    /// The value of a variable in the current solution; 0 for a variable the solver has
    /// never seen, or one left free by every constraint.
    ///
    /// The solver keeps its solution current after every call, so there is no
    /// `updateVariables()` step: this reads it on demand, at the cost of one hash lookup.
    /// - Parameter variable: Any variable.
    public func value(of variable: Variable) -> Double {
        core.value(of: variable)
    }

    /// The value of an expression in the current solution.
    /// - Parameter expression: Any linear expression.
    public func value(of expression: Expression) -> Double {
        expression.terms.reduce(expression.constant) { $0 + $1.coefficient * core.value(of: $1.variable) }
    }

    /// Removes every constraint, edit variable and variable, as a new solver.
    public mutating func reset() {
        core = SolverCore()
    }

    /// The internal state, for debugging: the objective, the tableau rows, the infeasible
    /// rows, the variables with their symbols and values, the edit variables and the
    /// constraints, in the layout of kiwi's `debug.h`.
    public func dump() -> String {
        core.dump()
    }
}
