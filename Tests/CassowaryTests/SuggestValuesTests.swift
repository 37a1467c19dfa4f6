import CGLTestSupport
import Cassowary
import Testing

/// `suggestValues`: many edits, one dual simplex, the optimum of suggesting each in turn.
@Suite struct SuggestValuesTests {
    /// A random system with an edit variable on each variable, each at its own strength (so
    /// that the optimum stays unique), and random rounds of suggestions for random subsets,
    /// some of them unchanged: after every round, the batch, one suggestion at a time and
    /// a fresh solver holding each suggestion as a constraint agree.
    @Test(arguments: Array(UInt64(1)...150))
    func aBatchEqualsOneSuggestionAtATimeAndAFreshSolve(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let system = RandomSystem(using: &random)
        let strengths = system.variables.map { _ in RandomSystem.randomStrength(.strong, using: &random) }
        var batched = Solver(), sequential = Solver()
        for constraint in system.all {
            try batched.add(constraint)
            try sequential.add(constraint)
        }
        for (variable, strength) in zip(system.variables, strengths) {
            try batched.addEditVariable(variable, strength: strength)
            try sequential.addEditVariable(variable, strength: strength)
        }
        var current = system.variables.map { _ in 0.0 }
        for round in 0..<6 {
            var suggestions: [(Variable, Double)] = []
            for (index, variable) in system.variables.enumerated() where Bool.random(using: &random) {
                // A third of them keep their value: an unchanged suggestion is free and harmless.
                if Int.random(in: 0..<3, using: &random) > 0 { current[index] = Double(Int.random(in: -80...80, using: &random)) }
                suggestions.append((variable, current[index]))
            }
            try batched.suggestValues(suggestions)
            for (variable, value) in suggestions { try sequential.suggestValue(variable, value) }
            var fresh = Solver()
            for constraint in system.all { try fresh.add(constraint) }
            for (index, variable) in system.variables.enumerated() { try fresh.add((variable == current[index]) ~ strengths[index]) }
            for variable in system.variables {
                let expected = fresh.value(of: variable)
                #expect(isClose(batched.value(of: variable), expected, within: 1e-5), "seed \(seed), round \(round), \(variable)")
                #expect(isClose(sequential.value(of: variable), expected, within: 1e-5), "seed \(seed), round \(round), \(variable)")
            }
        }
    }

    /// A batch naming a variable that is not an edit variable throws before moving any.
    @Test func anUnknownVariableMovesNothing() throws {
        let x = Variable("x"), y = Variable("y"), stranger = Variable("stranger")
        var solver = Solver()
        try solver.add(x + y == 10)
        try solver.addEditVariable(x, strength: .strong)
        try solver.suggestValues([(x, 3)])
        #expect(isClose(solver.value(of: y), 7))
        #expect(throws: SolverError.self) { try solver.suggestValues([(x, 6), (stranger, 1)]) }
        #expect(isClose(solver.value(of: x), 3))
        #expect(isClose(solver.value(of: y), 7))
        // The same variable twice: the last value holds, as one at a time.
        try solver.suggestValues([(x, 6), (x, 1)])
        #expect(isClose(solver.value(of: x), 1))
        #expect(isClose(solver.value(of: y), 9))
    }
}
