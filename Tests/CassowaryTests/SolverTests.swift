import Cassowary
import Testing

/// Known-answer tests: small systems whose solution is known exactly.
@Suite struct SolverTests {
    @Test func singleEquality() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add(x == 20)
        #expect(isClose(solver.value(of: x), 20))
    }

    @Test func equalityBetweenTwoVariables() throws {
        let x = Variable("x"), y = Variable("y")
        var solver = Solver()
        try solver.add(x + 2 == y + 10)
        try solver.add(x == 20)
        #expect(isClose(solver.value(of: x), 20))
        #expect(isClose(solver.value(of: y), 12))
    }

    /// kiwi's SimplexTest: maximise -2x1 + 7x2 + 4x3 by pulling z up with a weak edit.
    /// (Southampton MA230 exam, 1998; optimum x = (13, 3, 11), z = 39.)
    @Test func maximisationThroughAWeakEdit() throws {
        let x1 = Variable("x1"), x2 = Variable("x2"), x3 = Variable("x3"), z = Variable("z")
        var solver = Solver()
        try solver.add(x1 >= 0)
        try solver.add(x2 >= 0)
        try solver.add(x3 >= 0)
        try solver.add(2 * x1 - 5 * x2 <= 11)
        try solver.add(-x1 + 3 * x2 + x3 == 7)
        try solver.add(x1 - 8 * x2 + 4 * x3 >= 33)
        try solver.add(z == -2 * x1 + 7 * x2 + 4 * x3)
        try solver.addEditVariable(z, strength: .weak)
        try solver.suggestValue(z, 1e6)
        #expect(isClose(solver.value(of: x1), 13))
        #expect(isClose(solver.value(of: x2), 3))
        #expect(isClose(solver.value(of: x3), 11))
        #expect(isClose(solver.value(of: z), 39))
    }

    /// The midpoint example of the Cassowary paper, with weak stays on both ends.
    @Test(arguments: [
        (suggested: 50.0, left: 0.0, mid: 50.0, right: 100.0),
        (suggested: 2.0, left: 0.0, mid: 5.0, right: 10.0),     // xl ≥ 0, xr ≥ xl + 10 bound the mid at 5
        (suggested: 90.0, left: 80.0, mid: 90.0, right: 100.0), // xr ≤ 100 moves the left end
        (suggested: 30.0, left: 0.0, mid: 30.0, right: 60.0),
    ])
    func midpoint(_ expected: (suggested: Double, left: Double, mid: Double, right: Double)) throws {
        let xl = Variable("xl"), xm = Variable("xm"), xr = Variable("xr")
        var solver = Solver()
        try solver.add(xm == (xl + xr) / 2)
        try solver.add(xl + 10 <= xr)
        try solver.add(xr <= 100)
        try solver.add(xl >= 0)
        try solver.add((xl == 0) ~ .weak)
        try solver.add((xr == 100) ~ .weak)
        try solver.addEditVariable(xm, strength: .strong)
        try solver.suggestValue(xm, expected.suggested)
        #expect(isClose(solver.value(of: xl), expected.left))
        #expect(isClose(solver.value(of: xm), expected.mid))
        #expect(isClose(solver.value(of: xr), expected.right))
    }

    /// The example in `Solver`'s documentation.
    @Test func documentedExample() throws {
        let left = Variable("left"), mid = Variable("mid"), right = Variable("right")
        var solver = Solver()
        try solver.add(mid == (left + right) / 2)
        try solver.add(left + 10 <= right)
        try solver.add(right <= 100)
        try solver.add(left >= 0)
        try solver.addEditVariable(mid, strength: .strong)
        try solver.suggestValue(mid, 2)
        #expect(isClose(solver.value(of: left), 0))
        #expect(isClose(solver.value(of: right), 10))
        #expect(isClose(solver.value(of: mid), 5))
    }

    /// SwiftyLayout-style: `aWidth == 0.5 * bWidth - 4`.
    @Test(arguments: [200.0, 96.0, 0.0, 1000.0])
    func proportionalWidth(bWidth: Double) throws {
        let a = Variable("aWidth"), b = Variable("bWidth")
        var solver = Solver()
        try solver.add(a == 0.5 * b - 4)
        try solver.add(b == bWidth)
        #expect(isClose(solver.value(of: a), bWidth / 2 - 4))
    }

    /// An aspect ratio `w * 3 == h * 4` with a fixed width.
    @Test(arguments: [400.0, 120.0, 1.5])
    func aspectRatio(width: Double) throws {
        let w = Variable("w"), h = Variable("h")
        var solver = Solver()
        try solver.add(w * 3 == h * 4)
        try solver.add(w == width)
        #expect(isClose(solver.value(of: h), width * 3 / 4))
    }

    /// A 750 preference loses to a required constraint and beats a 250 one.
    @Test func prioritiesOrderPreferences() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x == 100) ~ 750)
        try solver.add((x == 50) ~ 250)
        #expect(isClose(solver.value(of: x), 100))
        let cap: Constraint = x <= 80
        try solver.add(cap)
        #expect(isClose(solver.value(of: x), 80))
        try solver.remove(cap)
        #expect(isClose(solver.value(of: x), 100))
    }

    /// With strengths 1000× apart, one stronger preference outweighs several weaker ones.
    @Test func oneStrongPreferenceBeatsSeveralWeakOnes() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add(x == 10 ~ .priority(750))
        for _ in 0..<5 { try solver.add(x == 50 ~ .priority(500)) }
        #expect(isClose(solver.value(of: x), 10))
    }

    @Test func inequalityOverridesAWeakPreference() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add(x >= 10)
        try solver.add((x <= 5) ~ .weak)
        #expect(isClose(solver.value(of: x), 10))
    }

    @Test func removingAConstraintRestoresTheWeakerAnswer() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x == 10) ~ .weak)
        let strong = (x == 20) ~ .strong
        try solver.add(strong)
        #expect(isClose(solver.value(of: x), 20))
        #expect(solver.contains(strong))
        try solver.remove(strong)
        #expect(!solver.contains(strong))
        #expect(isClose(solver.value(of: x), 10))
    }

    /// A required equality between variables that are all basic already can only be added
    /// through an artificial variable (phase one).
    @Test func requiredEqualityThroughAnArtificialVariable() throws {
        let x = Variable("x"), y = Variable("y")
        var solver = Solver()
        try solver.add(x >= 10)
        try solver.add(y == x + 5)
        try solver.add(x == 15)
        #expect(isClose(solver.value(of: x), 15))
        #expect(isClose(solver.value(of: y), 20))
    }

    @Test func redundantRequiredEqualityIsAccepted() throws {
        let x = Variable("x"), y = Variable("y")
        var solver = Solver()
        try solver.add(x == 10)
        try solver.add(y == x)
        try solver.add(y == 10)  // implied by the two above
        #expect(isClose(solver.value(of: y), 10))
    }

    @Test func valueOfAnUnknownVariableIsZero() {
        let solver = Solver()
        #expect(solver.value(of: Variable("never added")) == 0)
    }

    @Test func valueOfAnExpression() throws {
        let x = Variable("x"), y = Variable("y")
        var solver = Solver()
        try solver.add(x == 3)
        try solver.add(y == 4)
        #expect(isClose(solver.value(of: 2 * x + y - 1), 9))
    }

    @Test func resetEmptiesTheSolver() throws {
        let x = Variable("x")
        var solver = Solver()
        let c: Constraint = x == 5
        try solver.add(c)
        try solver.addEditVariable(x, strength: .weak)
        solver.reset()
        #expect(!solver.contains(c))
        #expect(!solver.hasEditVariable(x))
        #expect(solver.value(of: x) == 0)
        #expect(solver.dump() == Solver().dump())
        try solver.add(c)  // no duplicate any more
        #expect(isClose(solver.value(of: x), 5))
    }

    /// `Solver` is a value: a copy evolves independently.
    @Test func copiesAreIndependent() throws {
        let x = Variable("x")
        var original = Solver()
        try original.add((x == 1) ~ .weak)
        var copy = original
        try copy.add(x == 2)
        #expect(isClose(original.value(of: x), 1))
        #expect(isClose(copy.value(of: x), 2))
    }

    @Test func dumpShowsEverySection() throws {
        let x = Variable("width"), y = Variable("height")
        var solver = Solver()
        try solver.add(x >= 10)
        try solver.add((y == 2 * x) ~ .medium)
        try solver.addEditVariable(x, strength: .strong)
        try solver.suggestValue(x, 40)
        let dump = solver.dump()
        for title in ["Objective", "Tableau", "Infeasible", "Variables", "Edit Variables", "Constraints"] {
            #expect(dump.contains("\(title)\n\(String(repeating: "-", count: title.count))\n"))
        }
        #expect(dump.contains("width = v1 = 40.0"))
        #expect(dump.contains("height = v"))
        #expect(dump.contains("width suggested 40.0"))
        #expect(dump.contains("1.0 * height + -2.0 * width + 0.0 == 0 | medium"))
    }
}
