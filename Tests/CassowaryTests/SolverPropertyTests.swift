import CGLTestSupport
import Cassowary
import Testing

/// Random feasible systems around a known solution (see `RandomSystem`), 300 seeds.
@Suite struct SolverPropertyTests {
    static let seeds: [UInt64] = Array(1...300)

    func solve(_ constraints: [Constraint], for system: RandomSystem) throws -> (Solver, [Double]) {
        var solver = Solver()
        for constraint in constraints { try solver.add(constraint) }
        return (solver, system.variables.map(solver.value(of:)))
    }

    func expectRequiredHold(_ system: RandomSystem, at point: [Double], _ context: String) {
        for constraint in system.required {
            #expect(system.violation(of: constraint, at: point) <= tolerance, "\(context): \(constraint)")
        }
    }

    @Test(arguments: seeds)
    func requiredHoldAndTheOptimumIsReproducible(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let system = RandomSystem(using: &random)
        var (solver, solution) = try solve(system.all, for: system)

        // Every required constraint holds, and the solution is at least as good as the
        // known feasible point (the optimum can only be better).
        expectRequiredHold(system, at: solution, "seed \(seed)")
        let scale = max(1, system.weightedError(at: system.knownPoint))
        #expect(system.weightedError(at: solution) <= system.weightedError(at: system.knownPoint) + 1e-9 * scale,
                "seed \(seed)")

        // Remove a random half in random order; the remaining required ones still hold.
        let removed = Set(system.all.indices.shuffled(using: &random).prefix(system.all.count / 2))
        for index in removed.shuffled(using: &random) { try solver.remove(system.all[index]) }
        let partial = system.variables.map(solver.value(of:))
        for constraint in system.required where solver.contains(constraint) {
            #expect(system.violation(of: constraint, at: partial) <= tolerance, "seed \(seed) after removal")
        }

        // Re-adding them in their original order gives the same (unique) optimum.
        for index in removed.sorted() { try solver.add(system.all[index]) }
        let readded = system.variables.map(solver.value(of:))
        #expect(zip(readded, solution).allSatisfy { isClose($0, $1) }, "seed \(seed): \(readded) vs \(solution)")

        // So does a fresh solver given the constraints in another order.
        let (_, shuffled) = try solve(system.all.shuffled(using: &random), for: system)
        #expect(zip(shuffled, solution).allSatisfy { isClose($0, $1) }, "seed \(seed): \(shuffled) vs \(solution)")
    }

    /// Removing every constraint and adding them back, several times over, lands on the
    /// same optimum each time (the lingering symbols kiwi's removal leaves do no harm).
    @Test(arguments: seeds.prefix(50))
    func repeatedRemovalAndReAddition(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let system = RandomSystem(using: &random)
        var (solver, solution) = try solve(system.all, for: system)
        for _ in 0..<3 {
            for constraint in system.all.shuffled(using: &random) { try solver.remove(constraint) }
            #expect(system.variables.allSatisfy { solver.value(of: $0) == 0 })
            for constraint in system.all { try solver.add(constraint) }
            let again = system.variables.map(solver.value(of:))
            #expect(zip(again, solution).allSatisfy { isClose($0, $1) }, "seed \(seed)")
            solution = again
        }
    }

    /// Random required constraints around the current solution, many of them
    /// unsatisfiable. A failed add must leave no trace at all: the final dump (symbols,
    /// rows, objective, everything) equals that of a solver that only ever saw the adds
    /// that succeeded, in the same order.
    @Test func failedAddsLeaveNoTrace() throws {
        var failures = 0, successes = 0
        for seed in Self.seeds.prefix(100) {
            var random = SplitMix64(seed: seed)
            let system = RandomSystem(using: &random)
            var (solver, _) = try solve(system.all, for: system)
            var accepted: [Constraint] = []
            for _ in 0..<12 {
                let expression = RandomSystem.randomExpression(of: system.variables, using: &random)
                let current = solver.value(of: expression)
                let offset = Double(Int.random(in: 1...20, using: &random))
                let candidate: Constraint = switch Int.random(in: 0..<3, using: &random) {
                case 0: expression == current + offset
                case 1: expression <= current - offset
                default: expression >= current + offset
                }
                let before = solver.dump()
                do {
                    try solver.add(candidate)
                    accepted.append(candidate)
                    successes += 1
                } catch {
                    #expect(error.code == .unsatisfiableConstraint)
                    #expect(solver.dump() == before, "seed \(seed)")
                    failures += 1
                }
            }
            var replay = Solver()
            for constraint in system.all + accepted { try replay.add(constraint) }
            #expect(replay.dump() == solver.dump(), "seed \(seed)")
        }
        // Both outcomes must be common, or the test proves little.
        #expect(failures > 100 && successes > 100, "\(failures) failures, \(successes) successes")
    }
}
