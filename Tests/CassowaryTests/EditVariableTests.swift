import Cassowary
import Testing

/// Edit variables: suggestions re-solve incrementally to what a fresh solve would give.
@Suite struct EditVariableTests {
    /// Three views in a row inside a container. The widths prefer 100, 150 and 200 at
    /// priorities 250, 500 and 700, so when space runs short the weakest gives way first,
    /// and all of them before the container's (strong, 750) edit: the optimum is unique,
    /// and an incremental and a fresh solve must agree.
    struct Row {
        let container = Variable("container")
        let lefts = (0..<3).map { Variable("left\($0)") }
        let widths = (0..<3).map { Variable("width\($0)") }
        var all: [Variable] { [container] + lefts + widths }

        var constraints: [Constraint] {
            var result: [Constraint] = []
            for index in 0..<3 {
                let previousEnd = index == 0 ? Expression() : lefts[index - 1] + widths[index - 1]
                result.append(lefts[index] == previousEnd + 8)
                result.append(widths[index] >= 10)
                result.append((widths[index] == 100 + 50 * Double(index)) ~ [250, 500, 700][index])
            }
            result.append(lefts[2] + widths[2] + 8 <= container)
            return result
        }

        /// A fresh solver with the container's width required.
        func freshSolution(width: Double) throws -> [Double] {
            var solver = Solver()
            for constraint in constraints { try solver.add(constraint) }
            try solver.add(container == width)
            return all.map(solver.value(of:))
        }
    }

    @Test func containerResizedAHundredTimesMatchesFreshSolves() throws {
        let row = Row()
        var solver = Solver()
        for constraint in row.constraints { try solver.add(constraint) }
        try solver.addEditVariable(row.container, strength: .strong)
        // Widths jump up and down over 80…679, crossing every regime: all preferences
        // met, the first view squeezed, the second, the third down to its minimum.
        for step in 0..<100 {
            let width = 80 + Double((step * 37) % 600)
            try solver.suggestValue(row.container, width)
            let incremental = row.all.map(solver.value(of:))
            let fresh = try row.freshSolution(width: width)
            for (index, (a, b)) in zip(incremental, fresh).enumerated() {
                #expect(isClose(a, b), "step \(step), width \(width), \(row.all[index])")
            }
        }
    }

    @Test func squeezingFollowsPriorities() throws {
        let row = Row()
        var solver = Solver()
        for constraint in row.constraints { try solver.add(constraint) }
        try solver.addEditVariable(row.container, strength: .strong)
        try solver.suggestValue(row.container, 400)  // 32 of gaps + 450 wanted: 82 short
        #expect(row.widths.map(solver.value(of:)).enumerated().allSatisfy { isClose($1, [18, 150, 200][$0]) })
        try solver.suggestValue(row.container, 300)  // 182 short: the first at its minimum
        #expect(row.widths.map(solver.value(of:)).enumerated().allSatisfy { isClose($1, [10, 58, 200][$0]) })
    }

    /// Suggestions past both bounds, in turn: each of the edit's two error symbols becomes
    /// basic, and later suggestions must move the right one.
    @Test func suggestionsBeyondBothBoundsAreClamped() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add(x >= 0)
        try solver.add(x <= 100)
        try solver.addEditVariable(x, strength: .strong)
        for suggestion in [150.0, 120, 130, -50, -20, -80, 50, 250, 99, -1, 0, 100, 101, 42] {
            try solver.suggestValue(x, suggestion)
            #expect(isClose(solver.value(of: x), min(max(suggestion, 0), 100)), "suggested \(suggestion)")
        }
    }

    @Test func addingAndRemovingAnEditVariable() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x == 10) ~ .weak)
        #expect(!solver.hasEditVariable(x))
        try solver.addEditVariable(x, strength: .strong)
        #expect(solver.hasEditVariable(x))
        try solver.suggestValue(x, 42)
        #expect(isClose(solver.value(of: x), 42))
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
        #expect(isClose(solver.value(of: x), 10))
        try solver.addEditVariable(x, strength: .medium)  // allowed again
        try solver.suggestValue(x, -3)
        #expect(isClose(solver.value(of: x), -3))
    }

    @Test func twoEditVariablesAtOnce() throws {
        let width = Variable("width"), height = Variable("height"), area = Variable("perimeter")
        var solver = Solver()
        try solver.add(area == 2 * width + 2 * height)
        try solver.addEditVariable(width, strength: .strong)
        try solver.addEditVariable(height, strength: .strong)
        for (w, h) in [(3.0, 4.0), (10, 1), (0, 0), (7.5, 2.25)] {
            try solver.suggestValue(width, w)
            try solver.suggestValue(height, h)
            #expect(isClose(solver.value(of: area), 2 * w + 2 * h))
        }
    }

    /// A weaker edit cannot override a stronger preference; a stronger one can.
    @Test func editStrengthCompetesWithPreferences() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x == 10) ~ .medium)
        try solver.addEditVariable(x, strength: .weak)
        try solver.suggestValue(x, 99)
        #expect(isClose(solver.value(of: x), 10))
        try solver.removeEditVariable(x)
        try solver.addEditVariable(x, strength: .strong)
        try solver.suggestValue(x, 99)
        #expect(isClose(solver.value(of: x), 99))
    }
}
