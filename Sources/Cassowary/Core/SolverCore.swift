/// The incremental simplex behind ``Solver``: kiwi's `SolverImpl`, after Badros, Borning
/// and Stuckey, "The Cassowary Linear Arithmetic Constraint Solving Algorithm" (2001).
///
/// Every constraint becomes one tableau row `basic = constant + Σ coefficient·symbol`.
/// Inequalities get a slack symbol (≥ 0), non-required constraints error symbols (≥ 0)
/// weighted by their strength in the objective, required equalities a dummy symbol (fixed
/// at 0) that marks their row. The tableau is kept optimal after every call, so a
/// variable's value is simply its row's constant (0 when it is not basic).
///
/// All state is in value types (arrays and hash maps), so a copy of the core is an
/// independent solver. A failed add leaves the core exactly as before: a phase-one
/// attempt is undone through the tableau's journal (see ``add(_:)``).
struct SolverCore: Sendable {
    /// The symbols through which a constraint is found again in the tableau.
    struct Tag: Sendable {
        /// The slack, first error, or dummy symbol: its row, or its column, is the constraint.
        var marker: Symbol
        /// The second error symbol of a non-required constraint, or `.invalid`.
        var other: Symbol = .invalid
    }

    /// A variable the solver has seen, with its external symbol.
    struct KnownVariable: Sendable {
        let variable: Variable
        let symbol: Symbol
    }

    /// A constraint in the solver, with its tag.
    struct KnownConstraint: Sendable {
        let constraint: Constraint
        let tag: Tag
    }

    /// An edit variable: its `variable == constant` constraint and the last suggestion.
    struct EditInfo: Sendable {
        var tag: Tag
        var constraint: Constraint
        var constant: Double
    }

    var tableau = Tableau()
    /// Σ strength·error, rewritten in parametric symbols; minimised by ``optimize(_:)``.
    var objective = Row()
    /// The phase-one objective while a row is added through an artificial variable.
    var artificial: Row?
    /// Restricted rows that may have gone negative, for ``dualOptimize()``.
    var infeasibleRows: [Symbol] = []
    /// By `Variable.id`, in order of first use (so in symbol order).
    var variables = IdentityMap<KnownVariable>()
    /// By `Constraint.id`.
    var constraints = IdentityMap<KnownConstraint>()
    var edits: [Variable: EditInfo] = [:]
    var nextSymbolID = 1

    /// Adds `constraint`, keeping the tableau optimal; on failure the core is unchanged.
    mutating func add(_ constraint: Constraint) throws(SolverError) {
        guard constraints.index(of: constraint.id) == nil else { throw .duplicate(constraint) }
        let firstNewID = nextSymbolID
        var (row, tag) = makeRow(for: constraint)
        var subject = chooseSubject(row, tag)

        // No subject and only dummies: the row says `0 = constant` in terms of required
        // equalities alone. A zero constant means the constraint is redundant, and its own
        // dummy may become basic; any other constant contradicts required constraints.
        if subject.isInvalid && row.cells.allSatisfy(\.symbol.isDummy) {
            guard isNearZero(row.constant) else {
                forgetSymbols(from: firstNewID)
                throw .unsatisfiable(constraint)
            }
            subject = tag.marker
        }

        if subject.isInvalid {
            // Phase one with an artificial variable. Its pivots rewrite part of the
            // tableau, so record what they change, to restore it if the constraint turns
            // out unsatisfiable: kiwi leaves that tableau changed, we promise to leave the
            // solver as it was. A zero constant needs no record: the artificial variable
            // starts at its minimum, zero, so phase one cannot fail.
            let undo = isNearZero(row.constant) ? nil : (objective: objective, infeasible: infeasibleRows.count)
            if undo != nil { tableau.beginJournal() }
            guard addWithArtificialVariable(row) else {
                if let undo {
                    tableau.rollBack()
                    objective = undo.objective
                    infeasibleRows.removeSubrange(undo.infeasible...)  // phase one only appends
                }
                forgetSymbols(from: firstNewID)
                throw .unsatisfiable(constraint)
            }
            tableau.commitJournal()
        } else {
            row.solve(for: subject)
            substitute(subject, with: row)
            tableau.insert(row, basic: subject)
        }
        constraints.insert(KnownConstraint(constraint: constraint, tag: tag), for: constraint.id)

        // Optimising after each add keeps the tableau optimal at all times (values can be
        // read at any moment) and does less work overall on the smaller systems.
        optimize(.main)
    }

    /// Removes `constraint`, keeping the tableau optimal.
    mutating func remove(_ constraint: Constraint) throws(SolverError) {
        guard let tag = constraints.removeValue(for: constraint.id)?.tag else { throw .unknown(constraint) }

        // Take the constraint's errors out of the objective *before* pivoting: the
        // substitutions below would otherwise carry them into the objective's new form.
        removeErrors(of: tag, strength: constraint.strength)

        // The marker's row is the constraint: if the marker is basic, drop its row. If not,
        // pivot it into the basis first (choosing the row so that the remaining rows stay
        // feasible), then drop that row.
        if let slot = tableau.slot(of: tag.marker) {
            _ = tableau.remove(at: slot)
        } else if let slot = markerLeavingSlot(for: tag.marker) {
            var (leaving, row) = tableau.remove(at: slot)
            row.solve(for: tag.marker, insteadOf: leaving)
            substitute(tag.marker, with: row)
        } else {
            // The marker is in no row: its column vanished, so has the constraint's effect.
            assertionFailure("the marker of \(constraint) is in no row")
        }
        // As in kiwi, the tag's other symbol (a second error, or a slack's error) is not
        // eliminated from rows that still mention it; it is out of the objective. The
        // property tests remove and re-add constraints to check that this is harmless.
        optimize(.main)
    }

    /// The current value of `variable`: its row's constant, or 0 when it is not basic.
    func value(of variable: Variable) -> Double {
        guard let symbol = variables[variable.id]?.symbol, let slot = tableau.slot(of: symbol) else { return 0 }
        return tableau.rows[slot].constant
    }

    /// A fresh symbol; ids are never reused, as in kiwi.
    mutating func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        defer { nextSymbolID += 1 }
        return Symbol(id: nextSymbolID, kind: kind)
    }

    /// Gives back the symbol ids a failed add reserved, so that a later dump is as before.
    ///
    /// No variable needs forgetting: a failing row has no external symbol, and a variable
    /// first seen in this constraint would be in the row as an external symbol (it is not
    /// basic, so nothing substitutes it away; terms near zero register no variable).
    private mutating func forgetSymbols(from firstID: Int) {
        nextSymbolID = firstID
    }

    /// Subtracts `strength`·error for each error symbol of the tag from the objective.
    private mutating func removeErrors(of tag: Tag, strength: Strength) {
        for marker in [tag.marker, tag.other] where marker.kind == .error {
            if let slot = tableau.slot(of: marker) {
                objective.add(tableau.rows[slot], times: -strength.weight)
            } else {
                objective.insert(marker, -strength.weight)
            }
        }
    }
}
