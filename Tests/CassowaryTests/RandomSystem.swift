import Cassowary


/// A random feasible system built around a known solution: required constraints that the
/// known point satisfies, and preferences (one per variable, plus a few more) with random
/// targets and random, distinct weights, so that the optimum is unique.
struct RandomSystem {
    let variables: [Variable]
    let knownPoint: [Double]
    let required: [Constraint]
    let preferences: [Constraint]
    var all: [Constraint] { required + preferences }

    init<G: RandomNumberGenerator>(using random: inout G) {
        let count = Int.random(in: 3...8, using: &random)
        variables = (0..<count).map { Variable("x\($0)") }
        knownPoint = (0..<count).map { _ in Double(Int.random(in: -50...50, using: &random)) }
        var required: [Constraint] = []
        for _ in 0..<Int.random(in: 2...10, using: &random) {
            let expression = Self.randomExpression(of: variables, using: &random)
            let atKnownPoint = Self.value(of: expression, at: knownPoint, variables)
            let margin = Bool.random(using: &random) ? 0 : Double.random(in: 0...10, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0: required.append(expression == atKnownPoint)
            case 1, 2: required.append(expression <= atKnownPoint + margin)
            default: required.append(expression >= atKnownPoint - margin)
            }
        }
        self.required = required
        var preferences = variables.map { variable in
            (variable == Double.random(in: -100...100, using: &random)) ~ Self.randomStrength(.weak, using: &random)
        }
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let expression = Self.randomExpression(of: variables, using: &random)
            let target = Double.random(in: -100...100, using: &random)
            let strength = Self.randomStrength(.medium, using: &random)
            preferences.append(Bool.random(using: &random) ? (expression == target) ~ strength : (expression <= target) ~ strength)
        }
        self.preferences = preferences
    }

    /// 1–3 distinct variables with nonzero coefficients in -5…5.
    static func randomExpression<G: RandomNumberGenerator>(of variables: [Variable], using random: inout G) -> Expression {
        let chosen = variables.shuffled(using: &random).prefix(Int.random(in: 1...min(3, variables.count), using: &random))
        return Expression(chosen.map { variable in
            var coefficient = 0
            while coefficient == 0 { coefficient = Int.random(in: -5...5, using: &random) }
            return Term(variable, coefficient: Double(coefficient))
        })
    }

    /// `base` times a random factor in 1…10.
    static func randomStrength<G: RandomNumberGenerator>(_ base: Strength, using random: inout G) -> Strength {
        Strength(weight: base.weight * Double.random(in: 1...10, using: &random))
    }

    static func value(of expression: Expression, at point: [Double], _ variables: [Variable]) -> Double {
        expression.terms.reduce(expression.constant) { sum, term in
            sum + term.coefficient * point[variables.firstIndex(of: term.variable)!]
        }
    }

    /// How far `constraint` is from holding at `point` (0 when it holds).
    func violation(of constraint: Constraint, at point: [Double]) -> Double {
        let value = Self.value(of: constraint.expression, at: point, variables)
        switch constraint.relation {
        case .equal: return abs(value)
        case .lessThanOrEqual: return max(0, value)
        case .greaterThanOrEqual: return max(0, -value)
        }
    }

    /// The objective the solver minimises: Σ weight · violation over the preferences.
    func weightedError(at point: [Double]) -> Double {
        preferences.reduce(0) { $0 + $1.strength.weight * violation(of: $1, at: point) }
    }
}
