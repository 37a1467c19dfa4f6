internal import Cassowary
package import Foundation

/// A system of linear equations over numbered elements, independent of live objects: what
/// `LinearLayoutBlock` compiles to, and what document validation checks.
///
/// Every element has four unknowns in one shared space: `x`, `y`, `width`, `height`. A
/// *solved* element's unknowns are free; a *constant* element's (laid out before, or fixed)
/// are pinned to values given when the system runs. A solved element whose position or
/// size no equation determines falls back on defaults: its intrinsic size (as in Auto
/// Layout: it resists growing at priority 250 and shrinking at 750) and position 0 in its
/// parent's space (weaker than any priority).
package struct EquationSystem: Sendable {
    /// `coefficient · element.attribute`.
    package struct Term: Sendable, Hashable {
        package var element: Int
        package var attribute: LayoutAttribute
        package var coefficient: Double

        package init(element: Int, attribute: LayoutAttribute, coefficient: Double) {
            self.element = element
            self.attribute = attribute
            self.coefficient = coefficient
        }
    }

    /// `Σ terms + constant  relation  0`, at a priority 1…1000.
    package struct Equation: Sendable {
        package var terms: [Term]
        package var constant: Double
        package var relation: LinearConstraint.Relation
        package var priority: Double

        package init(terms: [Term], constant: Double, relation: LinearConstraint.Relation, priority: Double) {
            self.terms = terms
            self.constant = constant
            self.relation = relation
            self.priority = priority
        }

        /// Whether the equation mentions leading or trailing.
        package var mentionsReadingDirection: Bool {
            terms.contains { $0.attribute == .leading || $0.attribute == .trailing }
        }

        /// Whether it relates leading or trailing with left or right.
        package var mixesDirections: Bool {
            mentionsReadingDirection && terms.contains { $0.attribute == .left || $0.attribute == .right }
        }
    }

    /// Where a solved element's parent space has its origin.
    package enum Origin: Sendable {
        /// At the origin of the shared space (a root's children).
        case zero
        /// At a solved element's position less its bounds origin.
        case solved(element: Int, boundsOrigin: CGPoint)
        /// Given when the system runs.
        case given
    }

    package struct Element: Sendable {
        package var isSolved: Bool
        /// Distance from the top to the first baseline.
        package var baselineOffset: Double
        /// For a solved element: its parent space's origin.
        package var origin: Origin

        package init(isSolved: Bool, baselineOffset: Double = 0, origin: Origin = .given) {
            self.isSolved = isSolved
            self.baselineOffset = baselineOffset
            self.origin = origin
        }
    }

    package var elements: [Element]
    package var equations: [Equation]

    package init(elements: [Element], equations: [Equation]) {
        self.elements = elements
        self.equations = equations
    }

    /// Whether an equation mentions leading or trailing (so the system depends on direction).
    package var dependsOnDirection: Bool {
        equations.contains(where: \.mentionsReadingDirection)
    }

    /// Why an equation was left out of the system.
    package struct Rejection: Sendable {
        package enum Reason: Sendable {
            /// A required equation cannot hold together with `conflicts` (indices of required
            /// equations added before it): the smallest such set found.
            case unsatisfiable(conflicts: [Int])
            /// The priority is not a number in 1…1000.
            case invalidPriority
            /// The equation relates leading or trailing with left or right, which has no
            /// meaning in both directions (Auto Layout refuses it too).
            case mixedDirections
        }

        package var equation: Int
        package var reason: Reason
    }
}

// MARK: Building the solver

/// The unknowns and parameters of a system, shared by its solvers for both directions.
struct EquationVariables: Sendable {
    struct Unknowns: Sendable {
        var x: Variable, y: Variable, width: Variable, height: Variable
    }

    /// Per element.
    var unknowns: [Unknowns]
    /// Per solved element with a `.given` origin: the origin's parameters.
    var origins: [Int: (x: Variable, y: Variable)]
    /// Per solved element: the parameters of its intrinsic size.
    var intrinsicSizes: [Int: (width: Variable, height: Variable)]
}

/// The solver of a system for one direction.
struct BuiltEquationSystem: Sendable {
    var solver: Solver
    var rejections: [EquationSystem.Rejection]
}

extension EquationSystem {
    /// Pins constants and parameters: stronger than any priority, yet not required, as the
    /// solver wants of edit variables.
    static let pinned = Strength(weight: Strength.required.weight - 1)
    /// Position 0 in the parent's space: below priority 1.
    static let positionDefault = Strength(weight: 1e-4)
    /// Not growing past the intrinsic size: priority 250, as Auto Layout's content hugging.
    static let hugging = Strength.priority(250)
    /// Not shrinking below it: priority 750, as Auto Layout's compression resistance.
    static let compressionResistance = Strength.priority(750)

    /// The equations the solver would leave out for `direction`, and why.
    package func rejections(direction: LayoutDirection) -> [Rejection] {
        build(direction: direction, variables: makeVariables()).rejections
    }

    /// The unknowns and parameters, to share between `build(direction:variables:)` calls.
    func makeVariables() -> EquationVariables {
        var origins: [Int: (x: Variable, y: Variable)] = [:]
        var intrinsicSizes: [Int: (width: Variable, height: Variable)] = [:]
        for (index, element) in elements.enumerated() where element.isSolved {
            intrinsicSizes[index] = (Variable("e\(index).intrinsicWidth"), Variable("e\(index).intrinsicHeight"))
            if case .given = element.origin { origins[index] = (Variable("e\(index).originX"), Variable("e\(index).originY")) }
        }
        let unknowns = elements.indices.map { index in
            EquationVariables.Unknowns(x: Variable("e\(index).x"), y: Variable("e\(index).y"),
                                       width: Variable("e\(index).width"), height: Variable("e\(index).height"))
        }
        return EquationVariables(unknowns: unknowns, origins: origins, intrinsicSizes: intrinsicSizes)
    }

    /// Builds the solver for `direction`, leaving out (and reporting) equations that cannot be added.
    func build(direction: LayoutDirection, variables: EquationVariables) -> BuiltEquationSystem {
        var solver = Solver()
        let unknowns = variables.unknowns
        // Edit variables and optional constraints cannot fail: `try?` only satisfies the types.
        for (index, element) in elements.enumerated() {
            let own = unknowns[index]
            guard element.isSolved, let intrinsic = variables.intrinsicSizes[index] else {
                for variable in [own.x, own.y, own.width, own.height] { try? solver.addEditVariable(variable, strength: Self.pinned) }
                continue
            }
            try? solver.addEditVariable(intrinsic.width, strength: Self.pinned)
            try? solver.addEditVariable(intrinsic.height, strength: Self.pinned)
            // Auto Layout's defaults: content hugging at 250, compression resistance at 750.
            try? solver.add((own.width <= intrinsic.width) ~ Self.hugging)
            try? solver.add((own.height <= intrinsic.height) ~ Self.hugging)
            try? solver.add((own.width >= intrinsic.width) ~ Self.compressionResistance)
            try? solver.add((own.height >= intrinsic.height) ~ Self.compressionResistance)
            switch element.origin {
            case .zero:
                try? solver.add((own.x == 0) ~ Self.positionDefault)
                try? solver.add((own.y == 0) ~ Self.positionDefault)
            case .solved(let parent, let boundsOrigin):
                try? solver.add((own.x == unknowns[parent].x - boundsOrigin.x) ~ Self.positionDefault)
                try? solver.add((own.y == unknowns[parent].y - boundsOrigin.y) ~ Self.positionDefault)
            case .given:
                guard let origin = variables.origins[index] else { continue }
                try? solver.addEditVariable(origin.x, strength: Self.pinned)
                try? solver.addEditVariable(origin.y, strength: Self.pinned)
                try? solver.add((own.x == origin.x) ~ Self.positionDefault)
                try? solver.add((own.y == origin.y) ~ Self.positionDefault)
            }
        }
        var rejections: [Rejection] = []
        var added: [(index: Int, constraint: Constraint)] = []
        for (index, equation) in equations.enumerated() {
            guard equation.priority.isFinite, (1...1000).contains(equation.priority) else {
                rejections.append(Rejection(equation: index, reason: .invalidPriority))
                continue
            }
            guard !equation.mixesDirections else {
                rejections.append(Rejection(equation: index, reason: .mixedDirections))
                continue
            }
            let constraint = self.constraint(equation, unknowns: unknowns, direction: direction)
            do {
                try solver.add(constraint)
                added.append((index, constraint))
            } catch {
                let required = added.filter { equations[$0.index].priority >= 1000 }
                rejections.append(Rejection(equation: index, reason: .unsatisfiable(conflicts: conflicts(with: constraint, among: required))))
            }
        }
        return BuiltEquationSystem(solver: solver, rejections: rejections)
    }

    /// The solver's form of an equation.
    ///
    /// Right-to-left, an equation of leading and trailing edges holds in the mirrored axis,
    /// as in Auto Layout: `inner.leading == outer.leading + 4` puts `inner` 4 points inside
    /// `outer`'s right edge. So leading becomes `−right`, trailing `−left`, and a centre in
    /// the same equation `−centerX`; widths do not change.
    private func constraint(_ equation: Equation, unknowns: [EquationVariables.Unknowns], direction: LayoutDirection) -> Constraint {
        var expression = Cassowary.Expression(constant: equation.constant)
        let mirrored = direction == .rightToLeft && equation.mentionsReadingDirection
        for term in equation.terms {
            let own = unknowns[term.element]
            var k = term.coefficient
            var attribute = term.attribute
            if mirrored {
                switch attribute {
                case .leading: attribute = .right; k = -k
                case .trailing: attribute = .left; k = -k
                case .centerX: k = -k
                default: break
                }
            } else if attribute == .leading {
                attribute = .left
            } else if attribute == .trailing {
                attribute = .right
            }
            switch attribute {
            case .left: expression.terms.append(Cassowary.Term(own.x, coefficient: k))
            case .top: expression.terms.append(Cassowary.Term(own.y, coefficient: k))
            case .width: expression.terms.append(Cassowary.Term(own.width, coefficient: k))
            case .height: expression.terms.append(Cassowary.Term(own.height, coefficient: k))
            case .right:
                expression.terms += [Cassowary.Term(own.x, coefficient: k), Cassowary.Term(own.width, coefficient: k)]
            case .bottom:
                expression.terms += [Cassowary.Term(own.y, coefficient: k), Cassowary.Term(own.height, coefficient: k)]
            case .centerX:
                expression.terms += [Cassowary.Term(own.x, coefficient: k), Cassowary.Term(own.width, coefficient: k / 2)]
            case .centerY:
                expression.terms += [Cassowary.Term(own.y, coefficient: k), Cassowary.Term(own.height, coefficient: k / 2)]
            case .baseline:
                expression.terms.append(Cassowary.Term(own.y, coefficient: k))
                expression.constant += k * elements[term.element].baselineOffset
            case .leading, .trailing:
                break  // resolved above
            }
        }
        let relation: Constraint.Relation = switch equation.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        return Constraint(expression, relation, strength: .priority(equation.priority))
    }

    /// The smallest set of `candidates` that cannot hold together with `failing`, by the
    /// deletion filter: drop each candidate whose absence keeps the set unsatisfiable.
    private func conflicts(with failing: Constraint, among candidates: [(index: Int, constraint: Constraint)]) -> [Int] {
        var kept = candidates
        var position = 0
        while position < kept.count {
            var trial = kept
            trial.remove(at: position)
            if Self.isSatisfiable(trial.map(\.constraint) + [failing]) {
                position += 1
            } else {
                kept = trial
            }
        }
        return kept.map(\.index)
    }

    private static func isSatisfiable(_ constraints: [Constraint]) -> Bool {
        var solver = Solver()
        for constraint in constraints {
            do { try solver.add(constraint) } catch { return false }
        }
        return true
    }
}
