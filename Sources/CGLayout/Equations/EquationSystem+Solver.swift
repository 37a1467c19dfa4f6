internal import Cassowary
import Foundation

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
    /// The unknowns computed from the solver's solution rather than solved.
    var peeled: EquationPeeling
    /// Every constraint of the system but the edits: the equations (peeled or not) and the
    /// defaults. What the solution is optimal for, to check it.
    var constraints: [Constraint]
    /// The elements whose origin parameters are edit variables of this solver: those with a
    /// `.given` origin whose position the equations leave open.
    var originEdits: Set<Int>
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
    ///
    /// Only required equations can fail, and only against required equations added before
    /// them (constants and defaults are pinned below required), so the check builds a solver
    /// of the required equations alone: what `build(direction:variables:)` rejects, at a
    /// fraction of its cost.
    package func rejections(direction: LayoutDirection) -> [Rejection] {
        let unknowns = makeUnknowns()
        var rejections: [Rejection] = []
        var required: [(index: Int, constraint: Constraint)] = []
        for (index, equation) in equations.enumerated() {
            if let reason = invalidity(of: equation) {
                rejections.append(Rejection(equation: index, reason: reason))
            } else if equation.priority >= 1000 {
                required.append((index, constraint(equation, unknowns: unknowns, direction: direction)))
            }
        }
        // An equation with an unknown no other one mentions cannot conflict: peeled, a
        // chain's positions stay out of the solver, whose rows would hold every width
        // before them (660 MB at 4 000 elements).
        var variables: Set<Variable> = []
        for (_, constraint) in required { variables.formUnion(constraint.expression.terms.map(\.variable)) }
        let peeled = EquationPeeling(equations: required.map { ($0.constraint.expression, $0.constraint.relation == .equal) },
                                     otherConstraints: [], peelable: variables)
        var solver = Solver()
        var added: [(index: Int, constraint: Constraint)] = []
        var adds = 0
        for (position, (index, constraint)) in required.enumerated() where !peeled.peeledEquations.contains(position) {
            // Cancelled, it stops between adds; its caller discards the result.
            adds += 1
            if adds & 31 == 0, LayoutCancellation.checkpoint() != nil { break }
            add(constraint, equation: index, to: &solver, required: &added, rejections: &rejections)
        }
        return rejections.sorted { $0.equation < $1.equation }
    }

    /// The unknowns and parameters, to share between `build(direction:variables:)` calls.
    func makeVariables() -> EquationVariables {
        var origins: [Int: (x: Variable, y: Variable)] = [:]
        var intrinsicSizes: [Int: (width: Variable, height: Variable)] = [:]
        for (index, element) in elements.enumerated() where element.isSolved {
            intrinsicSizes[index] = (Variable("e\(index).intrinsicWidth"), Variable("e\(index).intrinsicHeight"))
            if case .given = element.origin { origins[index] = (Variable("e\(index).originX"), Variable("e\(index).originY")) }
        }
        return EquationVariables(unknowns: makeUnknowns(), origins: origins, intrinsicSizes: intrinsicSizes)
    }

    /// Per solved element, whether the `accepted` equations leave its horizontal and
    /// vertical positions open, so that they fall back to position 0 in the parent's space.
    ///
    /// Sizes count as known: the intrinsic size's defaults always decide what the equations
    /// leave of them. (Which positions are open then does not depend on the direction:
    /// leading and trailing differ by a size.)
    private func openPositions(accepted: Set<Int>) -> [Int: (x: Bool, y: Bool)] {
        let fixed = fixedUnknowns(knownSizes: Set(elements.indices), among: accepted)
        var open: [Int: (x: Bool, y: Bool)] = [:]
        for (index, element) in elements.enumerated() where element.isSolved {
            open[index] = (x: !fixed.fixes(index * 4), y: !fixed.fixes(index * 4 + 1))
        }
        return open
    }

    /// Every element's four unknowns.
    private func makeUnknowns() -> [EquationVariables.Unknowns] {
        elements.indices.map { index in
            EquationVariables.Unknowns(x: Variable("e\(index).x"), y: Variable("e\(index).y"),
                                       width: Variable("e\(index).width"), height: Variable("e\(index).height"))
        }
    }

    /// What the solver gets besides the equations, in order.
    private enum DefaultStep {
        case edit(Variable)
        case constraint(Constraint)
    }

    /// Builds the solver for `direction`, leaving out (and reporting) equations that cannot
    /// be added, and peeling the unknowns that one equation alone decides.
    ///
    /// The equations come first: added before the defaults, their variables are still free,
    /// so each equation is solved for one of them directly. Added after, every variable is
    /// basic in a default's row and most equations need phase one, whose pivots rewrite the
    /// tableau: a cost that grows with the scheme (`docs/performance.md`, "Documents of
    /// linear equations").
    ///
    /// - Parameter peeling: Whether to take out the unknowns one equation decides (tests
    ///   turn it off to compare with the plain solve).
    func build(direction: LayoutDirection, variables: EquationVariables, peeling: Bool = true) -> BuiltEquationSystem {
        let unknowns = variables.unknowns
        // What the solver will leave out, found first (on the required equations alone,
        // cheaply), so that what decides the defaults below is what the solver holds: an
        // equation left out fixes nothing.
        var rejections = self.rejections(direction: direction)
        let rejected = Set(rejections.map(\.equation))
        let candidates = equations.indices.filter { !rejected.contains($0) }.map { index in
            (index: index, constraint: constraint(equations[index], unknowns: unknowns, direction: direction))
        }
        let (defaults, originEdits) = defaultSteps(variables, openPositions: openPositions(accepted: Set(candidates.map(\.index))),
                                                   fixedSizes: sizesFixedByRequiredEquations(candidates.map(\.constraint), unknowns: unknowns))
        var peelable: Set<Variable> = []
        for (index, element) in elements.enumerated() where element.isSolved {
            let own = unknowns[index]
            peelable.formUnion([own.x, own.y, own.width, own.height])
        }
        let peeled = EquationPeeling(
            equations: candidates.map { ($0.constraint.expression, $0.constraint.relation == .equal) },
            otherConstraints: defaults.compactMap { if case .constraint(let constraint) = $0 { constraint.expression } else { nil } },
            peelable: peeling ? peelable : [])
        var solver = Solver()
        var required: [(index: Int, constraint: Constraint)] = []
        // A cancelled build stops between adds; its caller discards the result
        // (`LayoutCancellation`).
        var added = 0
        func mayGoOn() -> Bool {
            added += 1
            return added & 31 != 0 || LayoutCancellation.checkpoint() == nil
        }
        for (position, (index, constraint)) in candidates.enumerated() where !peeled.peeledEquations.contains(position) {
            guard mayGoOn() else { break }
            add(constraint, equation: index, to: &solver, required: &required, rejections: &rejections)
        }
        // Edit variables and optional constraints cannot fail: `try?` only satisfies the types.
        for step in defaults {
            guard mayGoOn() else { break }
            switch step {
            case .edit(let variable): try? solver.addEditVariable(variable, strength: Self.pinned)
            case .constraint(let constraint): try? solver.add(constraint)
            }
        }
        rejections.sort { $0.equation < $1.equation }
        let left = Set(rejections.map(\.equation))
        let constraints = candidates.filter { !left.contains($0.index) }.map(\.constraint)
            + defaults.compactMap { if case .constraint(let constraint) = $0 { constraint } else { nil } }
        return BuiltEquationSystem(solver: solver, rejections: rejections, peeled: peeled, constraints: constraints, originEdits: originEdits)
    }

    /// The edit variables of the constants and parameters, and the defaults of the solved
    /// elements: the intrinsic size (Auto Layout's content hugging at 250 and compression
    /// resistance at 750) and, where the equations leave it open, position 0 in the
    /// parent's space.
    ///
    /// A size the required equations fix (from constants alone) gets no content defaults:
    /// they could not move it, and without them it can be peeled.
    private func defaultSteps(_ variables: EquationVariables, openPositions: [Int: (x: Bool, y: Bool)],
                              fixedSizes: Set<Variable>) -> (steps: [DefaultStep], originEdits: Set<Int>) {
        let unknowns = variables.unknowns
        var steps: [DefaultStep] = []
        var originEdits: Set<Int> = []
        for (index, element) in elements.enumerated() {
            let own = unknowns[index]
            guard element.isSolved, let intrinsic = variables.intrinsicSizes[index] else {
                steps += [own.x, own.y, own.width, own.height].map(DefaultStep.edit)
                continue
            }
            steps += [.edit(intrinsic.width), .edit(intrinsic.height)]
            if !fixedSizes.contains(own.width) {
                steps += [.constraint((own.width <= intrinsic.width) ~ Self.hugging),
                          .constraint((own.width >= intrinsic.width) ~ Self.compressionResistance)]
            }
            if !fixedSizes.contains(own.height) {
                steps += [.constraint((own.height <= intrinsic.height) ~ Self.hugging),
                          .constraint((own.height >= intrinsic.height) ~ Self.compressionResistance)]
            }
            let open = openPositions[index] ?? (true, true)
            let origin: (x: Cassowary.Expression, y: Cassowary.Expression)
            switch element.origin {
            case .zero:
                origin = (Cassowary.Expression(constant: 0), Cassowary.Expression(constant: 0))
            case .solved(let parent, let boundsOrigin):
                origin = (unknowns[parent].x - boundsOrigin.x, unknowns[parent].y - boundsOrigin.y)
            case .given:
                // Parameters only where a default reads them: each is a row of the tableau.
                guard open.x || open.y, let parameters = variables.origins[index] else { continue }
                steps += [.edit(parameters.x), .edit(parameters.y)]
                originEdits.insert(index)
                origin = (Cassowary.Expression(parameters.x), Cassowary.Expression(parameters.y))
            }
            if open.x { steps.append(.constraint((own.x == origin.x) ~ Self.positionDefault)) }
            if open.y { steps.append(.constraint((own.y == origin.y) ~ Self.positionDefault)) }
        }
        return (steps, originEdits)
    }

    /// The sizes of solved elements that the required equalities among `constraints` fix,
    /// whatever the optional constraints say: the constants decide them. In the direction
    /// the constraints were made for, as mirroring changes which sizes an equation relates.
    private func sizesFixedByRequiredEquations(_ constraints: [Constraint], unknowns: [EquationVariables.Unknowns]) -> Set<Variable> {
        var columns: [Variable: Int] = [:]
        for (index, element) in elements.enumerated() where element.isSolved {
            let own = unknowns[index]
            for (offset, variable) in [own.x, own.y, own.width, own.height].enumerated() { columns[variable] = index * 4 + offset }
        }
        var elimination = SparseElimination()
        for constraint in constraints where constraint.strength.isRequired && constraint.relation == .equal {
            elimination.add(constraint.expression.terms.compactMap { term in columns[term.variable].map { ($0, term.coefficient) } })
        }
        var fixed: Set<Variable> = []
        for (index, element) in elements.enumerated() where element.isSolved {
            if elimination.fixes(index * 4 + 2) { fixed.insert(unknowns[index].width) }
            if elimination.fixes(index * 4 + 3) { fixed.insert(unknowns[index].height) }
        }
        return fixed
    }

    /// Why an equation is left out whatever the others say, if it is.
    private func invalidity(of equation: Equation) -> Rejection.Reason? {
        guard equation.priority.isFinite, (1...1000).contains(equation.priority) else { return .invalidPriority }
        return equation.mixesDirections ? .mixedDirections : nil
    }

    /// Adds an equation's constraint, or records why it cannot hold with the required
    /// equations added before it (`required`, which it joins if it is required).
    private func add(_ constraint: Constraint, equation index: Int, to solver: inout Solver,
                     required: inout [(index: Int, constraint: Constraint)], rejections: inout [Rejection]) {
        do {
            try solver.add(constraint)
            if constraint.strength.isRequired { required.append((index, constraint)) }
        } catch {
            rejections.append(Rejection(equation: index, reason: .unsatisfiable(conflicts: conflicts(with: constraint, among: required))))
        }
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

    /// A smallest set of `candidates` that cannot hold together with `failing`: Junker's
    /// QuickXplain, which finds a conflict of `m` constraints among `n` in about
    /// `2m·log(n/m)` satisfiability checks (the deletion filter takes `n`).
    ///
    /// Only candidates connected to `failing` through shared variables can take part, so
    /// the search runs on those. Each check solves a set again, so past
    /// ``maximumExplanationAdds`` constraint adds in all (or once the work is cancelled) it
    /// gives up and the conflict goes unexplained (an empty set): a conflict that takes a
    /// thousand equations to state says little more than "these equations" anyway, and one
    /// bad equation must not hold a thread for minutes. The count, not the clock, bounds it,
    /// so that the same document always gets the same explanation.
    private func conflicts(with failing: Constraint, among candidates: [(index: Int, constraint: Constraint)]) -> [Int] {
        var budget = Self.maximumExplanationAdds
        func unsatisfiable(_ constraints: [(index: Int, constraint: Constraint)]) -> Bool? {
            budget -= constraints.count + 1
            guard budget > 0, LayoutCancellation.checkpoint() == nil else { return nil }
            return !Self.isSatisfiable(constraints.map(\.constraint) + [failing])
        }
        typealias Candidates = [(index: Int, constraint: Constraint)]
        /// The part of `pool` that, with `background`, cannot hold with `failing`; `nil`
        /// once the budget ran out.
        func explain(_ background: Candidates, added: Bool, _ pool: Candidates) -> Candidates? {
            if added {
                guard let conflict = unsatisfiable(background) else { return nil }
                if conflict { return [] }
            }
            if pool.count <= 1 { return pool }
            let half = pool.count / 2
            let (first, second) = (Array(pool[..<half]), Array(pool[half...]))
            guard let fromSecond = explain(background + first, added: !first.isEmpty, second),
                  let fromFirst = explain(background + fromSecond, added: !fromSecond.isEmpty, first) else { return nil }
            return fromFirst + fromSecond
        }
        let connected = Self.connected(to: failing, among: candidates)
        guard let conflict = explain([], added: false, connected) else { return [] }
        return conflict.map(\.index).sorted()
    }

    /// How many constraint adds explaining one conflict may take: a few tenths of a
    /// second in a release build.
    static let maximumExplanationAdds = 100_000

    /// The candidates that share a variable with `failing`, directly or through others.
    private static func connected(to failing: Constraint, among candidates: [(index: Int, constraint: Constraint)]) -> [(index: Int, constraint: Constraint)] {
        var holders: [Variable: [Int]] = [:]
        for (position, candidate) in candidates.enumerated() {
            for term in candidate.constraint.expression.terms { holders[term.variable, default: []].append(position) }
        }
        var reached = Set<Int>()
        var seen = Set(failing.expression.terms.map(\.variable))
        var frontier = Array(seen)
        while let variable = frontier.popLast() {
            for position in holders[variable] ?? [] where reached.insert(position).inserted {
                for term in candidates[position].constraint.expression.terms where seen.insert(term.variable).inserted {
                    frontier.append(term.variable)
                }
            }
        }
        return reached.sorted().map { candidates[$0] }
    }

    private static func isSatisfiable(_ constraints: [Constraint]) -> Bool {
        var solver = Solver()
        for constraint in constraints {
            do { try solver.add(constraint) } catch { return false }
        }
        return true
    }
}
