internal import Cassowary

/// Unknowns that only one equation mentions, taken out of the solver and computed from its
/// solution: the presolve that keeps documents of chained equations at the solver's speed.
///
/// If an unknown `v` appears in a single equality and in no other constraint, any solution
/// of the rest extends to one that satisfies that equality exactly (by choosing `v`), at no
/// cost to the objective. So the equality and `v` can leave the solver, and `v` be computed
/// afterwards from the equality. Taking one out can leave another unknown with a single
/// equation, so peeling repeats: a chain `e[i].left == e[i-1].right + 1` peels from its end,
/// and the positions, whose rows would otherwise grow with the chain's length (every
/// position depends on every width before it), never enter the tableau.
///
/// A peeled equality cannot conflict with anything (its unknown absorbs it), so nothing the
/// solver would reject is peeled.
struct EquationPeeling: Sendable {
    /// Where a value is read: from the solver, or from an unknown peeled and computed.
    enum Operand: Sendable {
        case solver(Variable)
        case peeled(Int)
    }

    /// A peeled unknown: `constant + Σ coefficient · operand`.
    struct Unknown: Sendable {
        var variable: Variable
        var constant: Double
        var terms: [(operand: Operand, coefficient: Double)]
    }

    /// The peeled unknowns in the order to compute them: each reads only the solver and
    /// those before it.
    private(set) var unknowns: [Unknown] = []
    /// The equations peeled, by index into the equations given.
    private(set) var peeledEquations: Set<Int> = []
    /// Each peeled unknown's position in `unknowns`.
    private(set) var positions: [Variable: Int] = [:]

    private static let tolerance = 1e-9

    /// Peels `equations` (those with `isEquality` set may be peeled) among `otherConstraints`
    /// (defaults, edits: never peeled, but counted), taking out only the `peelable` variables.
    init(equations: [(expression: Cassowary.Expression, isEquality: Bool)], otherConstraints: [Cassowary.Expression], peelable: Set<Variable>) {
        var uses: [Variable: Int] = [:]
        var equationsOf: [Variable: [Int]] = [:]
        for (index, equation) in equations.enumerated() {
            for term in equation.expression.terms where abs(term.coefficient) > Self.tolerance {
                uses[term.variable, default: 0] += 1
                if equation.isEquality { equationsOf[term.variable, default: []].append(index) }
            }
        }
        for expression in otherConstraints {
            for term in expression.terms { uses[term.variable, default: 0] += 1 }
        }
        // Peeling order: a queue of equalities to look at, first in document order.
        var queue = equations.indices.filter { equations[$0].isEquality }
        var peeledOrder: [(equation: Int, variable: Variable, coefficient: Double)] = []
        var head = 0
        while head < queue.count {
            let index = queue[head]
            head += 1
            guard !peeledEquations.contains(index) else { continue }
            let terms = equations[index].expression.terms.filter { abs($0.coefficient) > Self.tolerance }
            guard let chosen = terms.first(where: { peelable.contains($0.variable) && uses[$0.variable] == 1 }) else { continue }
            peeledEquations.insert(index)
            peeledOrder.append((index, chosen.variable, chosen.coefficient))
            for term in terms where term.variable != chosen.variable {
                uses[term.variable, default: 0] -= 1
                // Down to one use: the equation that still holds it may peel now.
                if uses[term.variable] == 1 && peelable.contains(term.variable) {
                    queue += (equationsOf[term.variable] ?? []).filter { !peeledEquations.contains($0) }
                }
            }
        }
        // An unknown peeled later was still in the equations of those peeled before it:
        // compute in reverse.
        for (index, variable, coefficient) in peeledOrder.reversed() {
            let expression = equations[index].expression
            let terms = expression.terms.filter { $0.variable != variable && abs($0.coefficient) > Self.tolerance }.map { term in
                (operand: positions[term.variable].map(Operand.peeled) ?? .solver(term.variable), coefficient: -term.coefficient / coefficient)
            }
            positions[variable] = unknowns.count
            unknowns.append(Unknown(variable: variable, constant: -expression.constant / coefficient, terms: terms))
        }
    }

    /// Computes every peeled unknown from `solver`'s solution, into `values` (as many as
    /// there are unknowns).
    func compute(from solver: Solver, into values: UnsafeMutableBufferPointer<Double>) {
        for (index, unknown) in unknowns.enumerated() {
            var value = unknown.constant
            for (operand, coefficient) in unknown.terms {
                switch operand {
                case .solver(let variable): value += coefficient * solver.value(of: variable)
                case .peeled(let position): value += coefficient * values[position]
                }
            }
            values.initializeElement(at: index, to: value)
        }
    }

    /// The value of any unknown: computed (in `values`) if peeled, else the solver's.
    @inline(__always)
    func value(of variable: Variable, in solver: Solver, peeled values: UnsafeMutableBufferPointer<Double>) -> Double {
        if !positions.isEmpty, let position = positions[variable] { return values[position] }
        return solver.value(of: variable)
    }
}
