import Cassowary
import Testing

/// The constraint-building operators: what they build, and that overloads resolve.
@Suite struct OperatorTests {
    let x = Variable("x"), y = Variable("y")

    /// The coefficient of `variable` in the constraint's (reduced) expression.
    func coefficient(of variable: Variable, in constraint: Constraint) -> Double? {
        let matches = constraint.expression.terms.filter { $0.variable == variable }
        return matches.count == 1 ? matches[0].coefficient : nil
    }

    @Test func linearInequality() {
        let c = 2 * x + 10 <= y
        #expect(c.relation == .lessThanOrEqual)
        #expect(coefficient(of: x, in: c) == 2)
        #expect(coefficient(of: y, in: c) == -1)
        #expect(c.expression.constant == 10)
        #expect(c.strength == .required)
    }

    @Test func equalityWithADifference() {
        let c = x == y - 4
        #expect(c.relation == .equal)
        #expect(coefficient(of: x, in: c) == 1)
        #expect(coefficient(of: y, in: c) == -1)
        #expect(c.expression.constant == 4)
    }

    @Test func equalityOfTerms() {
        let c = x * 3 == y * 4
        #expect(coefficient(of: x, in: c) == 3)
        #expect(coefficient(of: y, in: c) == -4)
        #expect(c.expression.constant == 0)
    }

    @Test func greaterThanOrEqualWithAConstantOnTheLeft() {
        let c = 100 >= (x + y) / 2
        #expect(c.relation == .greaterThanOrEqual)
        #expect(coefficient(of: x, in: c) == -0.5)
        #expect(c.expression.constant == 100)
    }

    @Test func repeatedVariablesAreMerged() {
        let c = x + x - 0.5 * x + y == 3 * y
        #expect(c.expression.terms.count == 2)
        #expect(coefficient(of: x, in: c) == 1.5)
        #expect(coefficient(of: y, in: c) == -2)
    }

    @Test func longExpressionsAreMergedToo() {
        let variables = (0..<12).map { Variable("v\($0)") }
        let sum = variables.reduce(Expression()) { $0 + $1 } + variables.reduce(Expression()) { $0 + 2 * $1 }
        let c = sum == 0
        #expect(c.expression.terms.count == 12)
        #expect(c.expression.terms.allSatisfy { $0.coefficient == 3 })
        #expect(c.expression.terms.map(\.variable) == variables)
    }

    @Test func negationAndDivision() {
        let c = -x == -(y / 4) + -(2 * x - 1)
        #expect(coefficient(of: x, in: c) == 1)  // -x + 2x
        #expect(coefficient(of: y, in: c) == 0.25)
        #expect(c.expression.constant == -1)
    }

    /// `Variable` is `Equatable`, so `x == y` has two meanings; context decides.
    @Test func variableEqualityResolvesByContext() throws {
        var solver = Solver()
        try solver.add(x == y)  // a constraint
        try solver.add(y == 7)
        #expect(isClose(solver.value(of: x), 7))
        let same: Bool = x == y
        #expect(!same)
        #expect(x == x)
        #expect(x != y)
        let constraint: Constraint = x == y
        #expect(constraint.relation == .equal)
    }

    @Test func strengthOperatorBindsLooserThanComparison() {
        let weak = x == 100 ~ .weak
        #expect(weak.strength == .weak)
        #expect(((x == 100) ~ 750).strength == .strong)
        #expect(((x == 100) ~ 750.0).strength == .strong)
        let priority = 250
        #expect((x == 100 ~ priority).strength == .weak)
        #expect((x == 100 ~ .priority(500)).strength == .medium)
    }

    /// Constraints are identities: copies are equal, look-alikes are not, and changing the
    /// strength makes a new constraint.
    @Test func constraintIdentity() {
        let c = x == 1
        let copy = c
        #expect(copy == c)
        #expect((x == 1) != c)
        #expect(c.withStrength(.weak) != c)
        #expect(Set([c, copy]).count == 1)
    }

    @Test func descriptions() {
        #expect(x.description == "x")
        #expect(Variable().description.hasPrefix("var"))
        #expect((2 * x).description == "2.0 * x")
        #expect((2 * x + 1).description == "2.0 * x + 1.0")
        #expect(((x <= 3) ~ .weak).description == "1.0 * x + -3.0 <= 0 | weak")
    }
}
