extension SolverCore {
    /// The symbol of `variable`, registering an external symbol the first time.
    mutating func symbol(for variable: Variable) -> Symbol {
        if let known = variables[variable.id] { return known.symbol }
        let symbol = makeSymbol(.external)
        variables.insert(KnownVariable(variable: variable, symbol: symbol), for: variable.id)
        return symbol
    }

    /// The row `0 = constant + Σ …` for `constraint`, in parametric symbols only, with the
    /// slack, error or dummy symbols that track it; the constant made non-negative.
    mutating func makeRow(for constraint: Constraint) -> (Row, Tag) {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        // A basic variable must not appear in another row: replace it by its own row.
        for term in expression.terms where !isNearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if let slot = tableau.slot(of: symbol) {
                row.add(tableau.rows[slot], times: term.coefficient)
            } else {
                row.insert(symbol, term.coefficient)
            }
        }
        let tag = addMarkers(to: &row, for: constraint)
        // A positive constant lets `chooseSubject` pick a slack or error symbol with a
        // negative coefficient, whose row then starts feasible (basic = constant ≥ 0).
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// Adds the symbols that turn the relation into an equation and record violations.
    private mutating func addMarkers(to row: inout Row, for constraint: Constraint) -> Tag {
        let weight = constraint.strength.weight
        let required = constraint.strength.isRequired
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // expression + slack = 0 with slack ≥ 0 says expression ≤ 0 (the sign flips for ≥).
            // A non-required one gets an error, slack - error, so the violation is paid for.
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            var tag = Tag(marker: makeSymbol(.slack))
            row.insert(tag.marker, sign)
            if !required {
                tag.other = makeSymbol(.error)
                row.insert(tag.other, -sign)
                objective.insert(tag.other, weight)
            }
            return tag
        case .equal where !required:
            // expression = plus - minus, both ≥ 0 and both weighted: |violation| is paid for.
            let tag = Tag(marker: makeSymbol(.error), other: makeSymbol(.error))
            row.insert(tag.marker, -1)
            row.insert(tag.other, 1)
            objective.insert(tag.marker, weight)
            objective.insert(tag.other, weight)
            return tag
        case .equal:
            // A dummy is fixed at zero: it never enters the basis, but it marks the row.
            let tag = Tag(marker: makeSymbol(.dummy))
            row.insert(tag.marker)
            return tag
        }
    }

    /// The symbol to solve a new row for, or `.invalid` when only phase one can add it.
    ///
    /// An external symbol is unrestricted, so any value the row gives it is feasible. A
    /// slack or error symbol of this very constraint is fresh (in no other row) and, with
    /// a negative coefficient and the constant made non-negative, gets a value ≥ 0.
    func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
        if let cell = row.cells.first(where: { $0.symbol.isExternal }) { return cell.symbol }
        for symbol in [tag.marker, tag.other] where symbol.isSlackOrError {
            if row.coefficient(for: symbol) < 0 { return symbol }
        }
        return .invalid
    }

    /// Adds `row` by minimising an artificial variable equal to it (phase one of the
    /// two-phase simplex); returns whether the row could be satisfied.
    mutating func addWithArtificialVariable(_ row: Row) -> Bool {
        // art = row, art ≥ 0 (the constant is ≥ 0, so this row is feasible). The row can
        // hold exactly when art can be driven to zero while every row stays feasible.
        let art = makeSymbol(.slack)
        tableau.insert(row, basic: art)
        artificial = row
        optimize(.artificial)
        let success = isNearZero(artificial?.constant ?? 0)
        artificial = nil

        // If art is still basic (at zero when successful), pivot any restricted symbol
        // in for it, so that art leaves the basis and its column can be deleted.
        if let slot = tableau.slot(of: art) {
            var (_, artRow) = tableau.remove(at: slot)
            if artRow.cells.isEmpty { return success }
            guard let entering = artRow.cells.first(where: { $0.symbol.isSlackOrError })?.symbol else {
                return false
            }
            artRow.solve(for: entering, insteadOf: art)
            substitute(entering, with: artRow)
            tableau.insert(artRow, basic: entering)
        }
        // art is parametric now; setting it to zero (deleting its column) imposes the row.
        tableau.removeEverywhere(art)
        objective.remove(art)
        return success
    }
}
