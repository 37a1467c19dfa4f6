import CGLTestSupport
import Cassowary
import Foundation
import Testing

@testable import CGLayout

/// What makes equations blocks fast must not change what they compute: peeling the unknowns
/// one equation decides, starting every run from a solver primed with other values, and
/// suggesting every value in one batch reach an optimum of the plain solve — every equation
/// in the solver, each value suggested in turn from scratch.
///
/// Optima are compared by the objective (the weighted violations) rather than by the
/// frames: where defaults tie (two free positions one equation relates), either frame is
/// optimal, and which one the simplex lands on depends on its path.
@Suite struct EquationSolveEquivalenceTests {
    /// A random system of 2–10 elements: constants, and solved elements whose parent space
    /// is the shared one, a constant's (given) or another solved element's; equations over
    /// random attributes with coefficients and constants off round numbers, chains among
    /// them so that there is something to peel, half of them required and the others at
    /// distinct priorities off 250 and 750, so that one optimum wins.
    static func randomSystem(_ random: inout SplitMix64) -> EquationSystem {
        let count = Int.random(in: 2...10, using: &random)
        var elements: [EquationSystem.Element] = []
        for index in 0..<count {
            if index > 0 && Int.random(in: 0..<4, using: &random) == 0 {
                elements.append(EquationSystem.Element(isSolved: false, baselineOffset: Double.random(in: 0...20, using: &random)))
                continue
            }
            let solvedBefore = elements.indices.filter { elements[$0].isSolved }
            let origin: EquationSystem.Origin = switch Int.random(in: 0..<3, using: &random) {
            case 0: .zero
            case 1 where !solvedBefore.isEmpty:
                .solved(element: solvedBefore.randomElement(using: &random)!, boundsOrigin: CGPoint(x: Double.random(in: -5...5, using: &random), y: 0))
            default: .given
            }
            elements.append(EquationSystem.Element(isSolved: true, baselineOffset: Double.random(in: 0...20, using: &random), origin: origin))
        }
        let attributes: [LayoutAttribute] = [.left, .right, .top, .bottom, .width, .height, .centerX, .centerY, .leading, .trailing, .baseline]
        func coefficient() -> Double { Double.random(in: 0.3...1.7, using: &random) * (Bool.random(using: &random) ? 1 : -1) }
        var equations: [EquationSystem.Equation] = []
        for _ in 0..<Int.random(in: 1...16, using: &random) {
            let priority = Bool.random(using: &random) ? 1000 : Double.random(in: 1...999, using: &random)
            if Int.random(in: 0..<3, using: &random) == 0 && count >= 2 {
                // A chain link: b.left == a.right + gap (or top/bottom).
                let a = Int.random(in: 0..<count, using: &random), b = Int.random(in: 0..<count, using: &random)
                let horizontal = Bool.random(using: &random)
                equations.append(EquationSystem.Equation(
                    terms: [EquationSystem.Term(element: b, attribute: horizontal ? .left : .top, coefficient: 1),
                            EquationSystem.Term(element: a, attribute: horizontal ? .right : .bottom, coefficient: -1)],
                    constant: -Double.random(in: 0...20, using: &random), relation: .equal, priority: priority))
                continue
            }
            let terms = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                EquationSystem.Term(element: Int.random(in: 0..<count, using: &random), attribute: attributes.randomElement(using: &random)!,
                                    coefficient: coefficient())
            }
            let relation: LinearConstraint.Relation = [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &random)!
            equations.append(EquationSystem.Equation(terms: terms, constant: Double.random(in: -300...300, using: &random),
                                                     relation: relation, priority: priority))
        }
        return EquationSystem(elements: elements, equations: equations)
    }

    /// A value for every edit variable of `variables`: constants' frames, intrinsic sizes,
    /// origins, in a fixed order.
    static func editValues(_ system: EquationSystem, _ variables: EquationVariables, _ random: inout SplitMix64) -> [(Variable, Double)] {
        var values: [(Variable, Double)] = []
        for index in system.elements.indices {
            if system.elements[index].isSolved {
                let intrinsic = variables.intrinsicSizes[index]!
                values += [(intrinsic.width, Double.random(in: 0...200, using: &random)), (intrinsic.height, Double.random(in: 0...200, using: &random))]
                if let origin = variables.origins[index] {
                    values += [(origin.x, Double.random(in: -50...50, using: &random)), (origin.y, Double.random(in: -50...50, using: &random))]
                }
            } else {
                let own = variables.unknowns[index]
                values += [(own.x, Double.random(in: 0...300, using: &random)), (own.y, Double.random(in: 0...300, using: &random)),
                           (own.width, Double.random(in: 0...300, using: &random)), (own.height, Double.random(in: 0...300, using: &random))]
            }
        }
        return values
    }

    /// The weighted violations of the system's constraints and of the edits at `values`,
    /// and the largest violation of a required constraint, with each variable's value read
    /// by `value`.
    static func cost(_ built: BuiltEquationSystem, edits: [(Variable, Double)], value: (Variable) -> Double) -> (objective: Double, required: Double) {
        func violation(_ constraint: Constraint) -> Double {
            let amount = constraint.expression.terms.reduce(constraint.expression.constant) { $0 + $1.coefficient * value($1.variable) }
            switch constraint.relation {
            case .equal: return abs(amount)
            case .lessThanOrEqual: return max(0, amount)
            case .greaterThanOrEqual: return max(0, -amount)
            }
        }
        var objective = 0.0, required = 0.0
        for constraint in built.constraints {
            if constraint.strength.isRequired { required = max(required, violation(constraint)) } else { objective += constraint.strength.weight * violation(constraint) }
        }
        for (variable, suggestion) in edits { objective += EquationSystem.pinned.weight * abs(value(variable) - suggestion) }
        return (objective, required)
    }

    @Test(arguments: Array(UInt64(1)...400))
    func peeledPrimedAndBatchedSolvesAreOptimalForThePlainSolve(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let system = Self.randomSystem(&random)
        let variables = system.makeVariables()
        let primer = Self.editValues(system, variables, &random)
        let rounds = (0..<3).map { _ in Self.editValues(system, variables, &random) }
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let fast = system.build(direction: direction, variables: variables)
            let plain = system.build(direction: direction, variables: variables, peeling: false)
            #expect(fast.rejections.map(\.equation) == plain.rejections.map(\.equation), "seed \(seed), \(direction)")
            #expect(fast.originEdits == plain.originEdits)
            // Origins only where a position default reads them: those the solver has.
            func usable(_ values: [(Variable, Double)]) -> [(Variable, Double)] { values.filter { fast.solver.hasEditVariable($0.0) } }
            var primed = fast.solver
            try primed.suggestValues(usable(primer))
            for (round, all) in rounds.enumerated() {
                let values = usable(all)
                var solver = primed
                try solver.suggestValues(values)
                var reference = plain.solver
                for (variable, value) in values { try reference.suggestValue(variable, value) }
                let expected = Self.cost(plain, edits: values) { reference.value(of: $0) }
                withUnsafeTemporaryAllocation(of: Double.self, capacity: fast.peeled.unknowns.count) { peeledValues in
                    fast.peeled.compute(from: solver, into: peeledValues)
                    let got = Self.cost(plain, edits: values) { fast.peeled.value(of: $0, in: solver, peeled: peeledValues) }
                    let context = "seed \(seed), \(direction), round \(round)"
                    #expect(got.required <= 1e-6 * max(1, expected.required), "\(context): a required constraint is off by \(got.required)")
                    #expect(abs(got.objective - expected.objective) <= 1e-3 + 1e-7 * expected.objective,
                            "\(context): objective \(got.objective), the plain solve's \(expected.objective)")
                }
            }
        }
    }

    /// The chain the issue measured, 400 elements: the positions and heights leave the
    /// solver, and the frames are those the equations give in closed form (the widths
    /// approach 10; each element's intrinsic width of 2 only pulls at priority 250).
    @Test func aLongChainIsPeeledAndExact() {
        let count = 400
        var elements = [EquationSystem.Element(isSolved: false)]  // the root, a constant
        elements += (0..<count).map { _ in EquationSystem.Element(isSolved: true, origin: .zero) }
        func term(_ element: Int, _ attribute: LayoutAttribute, _ coefficient: Double = 1) -> EquationSystem.Term {
            EquationSystem.Term(element: element, attribute: attribute, coefficient: coefficient)
        }
        var equations = [
            EquationSystem.Equation(terms: [term(1, .left), term(0, .left, -1)], constant: 0, relation: .equal, priority: 1000),
            EquationSystem.Equation(terms: [term(1, .top)], constant: -4, relation: .equal, priority: 1000),
            EquationSystem.Equation(terms: [term(1, .width), term(0, .width, -0.25)], constant: 0, relation: .equal, priority: 1000),
            EquationSystem.Equation(terms: [term(1, .height)], constant: -20, relation: .equal, priority: 1000),
        ]
        for i in 2...count {
            equations += [
                EquationSystem.Equation(terms: [term(i, .left), term(i - 1, .right, -1)], constant: -1, relation: .equal, priority: 1000),
                EquationSystem.Equation(terms: [term(i, .top), term(i - 1, .top, -1)], constant: -0.5, relation: .equal, priority: 1000),
                EquationSystem.Equation(terms: [term(i, .width), term(i - 1, .width, -0.5)], constant: -5, relation: .equal, priority: 750),
                EquationSystem.Equation(terms: [term(i, .height), term(i - 1, .height, -1)], constant: 0, relation: .equal, priority: 1000),
                EquationSystem.Equation(terms: [term(i, .width)], constant: -3, relation: .greaterThanOrEqual, priority: 1000),
            ]
        }
        let system = EquationSystem(elements: elements, equations: equations)
        let variables = system.makeVariables()
        let built = system.build(direction: .leftToRight, variables: variables)
        #expect(built.rejections.isEmpty)
        // Every position and height is peeled (two per element), and nothing else.
        #expect(built.peeled.unknowns.count == 3 * count)
        var solver = built.solver
        let root = variables.unknowns[0]
        var values: [(Variable, Double)] = [(root.x, 0), (root.y, 0), (root.width, 400), (root.height, 800)]
        for index in 1...count {
            let intrinsic = variables.intrinsicSizes[index]!
            values += [(intrinsic.width, 2), (intrinsic.height, 20)]
        }
        try? solver.suggestValues(values)
        var x = 0.0, y = 4.0, width = 100.0
        withUnsafeTemporaryAllocation(of: Double.self, capacity: built.peeled.unknowns.count) { peeled in
            built.peeled.compute(from: solver, into: peeled)
            for index in 1...count {
                let own = variables.unknowns[index]
                func value(_ variable: Variable) -> Double { built.peeled.value(of: variable, in: solver, peeled: peeled) }
                #expect(abs(value(own.x) - x) < 1e-4 && abs(value(own.y) - y) < 1e-4, "element \(index): \(value(own.x)), \(value(own.y)) for \(x), \(y)")
                #expect(abs(value(own.width) - width) < 1e-4 && abs(value(own.height) - 20) < 1e-4, "element \(index): \(value(own.width)) × \(value(own.height)) for \(width)")
                x += width + 1
                y += 0.5
                width = 0.5 * width + 5
            }
        }
    }
}
