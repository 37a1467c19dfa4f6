import Cassowary
import Testing

/// Each error code: the code, the input it carries, the message, and an unchanged solver.
@Suite struct SolverErrorTests {
    let x = Variable("x"), y = Variable("y")

    /// A solver with a few constraints of each kind and an edit variable, mid-edit.
    func populatedSolver() throws -> Solver {
        var solver = Solver()
        try solver.add(x >= 10)
        try solver.add(y == x + 5)
        try solver.add((x == 40) ~ .weak)
        try solver.add((y <= 30) ~ .medium)
        try solver.addEditVariable(y, strength: .strong)
        try solver.suggestValue(y, 25)
        return solver
    }

    /// Runs `body`, which must throw `code`, and checks that the solver did not change.
    func expectUnchanged(_ solver: inout Solver, code: SolverError.Code,
                         _ body: (inout Solver) throws -> Void) throws -> SolverError {
        let dump = solver.dump()
        let values = [solver.value(of: x), solver.value(of: y)]
        var caught: (any Error)?
        do { try body(&solver) } catch { caught = error }
        let error = try #require(caught as? SolverError)
        #expect(error.code == code)
        #expect(error.description == "\(code): \(error.message)")
        #expect(solver.dump() == dump)
        #expect([solver.value(of: x), solver.value(of: y)] == values)
        return error
    }

    /// Contradicting a required equality: the row is all dummies with a nonzero constant.
    @Test func unsatisfiableEquality() throws {
        var solver = try populatedSolver()
        let conflict: Constraint = y == x + 6
        let error = try expectUnchanged(&solver, code: .unsatisfiableConstraint) { try $0.add(conflict) }
        #expect(error.constraint == conflict)
        #expect(error.variable == nil)
        #expect(error.message.contains(conflict.description))
        #expect(!solver.contains(conflict))
    }

    /// Contradicting a required inequality: only phase one (an artificial variable, which
    /// pivots the whole tableau) can tell, and the solver must still be left as it was.
    @Test func unsatisfiableInequalityThroughPhaseOne() throws {
        var solver = try populatedSolver()
        let conflict: Constraint = x <= 5
        let error = try expectUnchanged(&solver, code: .unsatisfiableConstraint) { try $0.add(conflict) }
        #expect(error.constraint == conflict)
        // The solver still works, and a satisfiable constraint is accepted afterwards.
        try solver.add(x <= 12)
        #expect(isClose(solver.value(of: x), 12))
    }

    @Test func duplicateConstraint() throws {
        var solver = try populatedSolver()
        let c: Constraint = x <= 100
        try solver.add(c)
        let error = try expectUnchanged(&solver, code: .duplicateConstraint) { try $0.add(c) }
        #expect(error.constraint == c)
        #expect(error.message.contains("already been added"))
    }

    @Test func unknownConstraint() throws {
        var solver = try populatedSolver()
        let c: Constraint = x <= 100
        let error = try expectUnchanged(&solver, code: .unknownConstraint) { try $0.remove(c) }
        #expect(error.constraint == c)
        #expect(error.message.contains("not in the solver"))
        // Removing twice fails the second time.
        try solver.add(c)
        try solver.remove(c)
        _ = try expectUnchanged(&solver, code: .unknownConstraint) { try $0.remove(c) }
    }

    @Test func duplicateEditVariable() throws {
        var solver = try populatedSolver()
        let error = try expectUnchanged(&solver, code: .duplicateEditVariable) {
            try $0.addEditVariable(y, strength: .weak)
        }
        #expect(error.variable == y)
        #expect(error.constraint == nil)
        #expect(error.message.contains("y"))
    }

    @Test(arguments: ["suggest", "remove"])
    func unknownEditVariable(operation: String) throws {
        var solver = try populatedSolver()
        let error = try expectUnchanged(&solver, code: .unknownEditVariable) { solver in
            if operation == "suggest" { try solver.suggestValue(x, 3) } else { try solver.removeEditVariable(x) }
        }
        #expect(error.variable == x)
        #expect(error.message.contains("not an edit variable"))
    }

    @Test(arguments: [Strength.required, .priority(1000), Strength(weight: 1e12)])
    func badRequiredStrength(strength: Strength) throws {
        var solver = try populatedSolver()
        let error = try expectUnchanged(&solver, code: .badRequiredStrength) {
            try $0.addEditVariable(x, strength: strength)
        }
        #expect(error.variable == x)
        #expect(!solver.hasEditVariable(x))
        #expect(error.message.contains("cannot be required"))
    }

    /// The methods throw `SolverError` itself (typed throws), so no cast is needed.
    @Test func errorsAreTyped() throws {
        var solver = try populatedSolver()
        do {
            try solver.add(x <= 0)
            Issue.record("x <= 0 contradicts x >= 10")
        } catch {
            let typed: SolverError = error
            #expect(typed.code == .unsatisfiableConstraint)
        }
    }

    @Test func codesHaveStableNames() {
        let names = [SolverError.Code.unsatisfiableConstraint, .duplicateConstraint, .unknownConstraint,
                     .duplicateEditVariable, .unknownEditVariable, .badRequiredStrength].map(\.description)
        #expect(names == ["unsatisfiableConstraint", "duplicateConstraint", "unknownConstraint",
                          "duplicateEditVariable", "unknownEditVariable", "badRequiredStrength"])
        #expect(Set(names).count == 6)
    }
}
