extension SolverCore {
    /// Makes `variable` editable: a non-required `variable == suggestion` constraint.
    mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        guard edits[variable] == nil else { throw .duplicateEdit(variable) }
        // A required edit could make a suggestion unsatisfiable, and the dual simplex
        // that applies suggestions relies on the edit's error symbols to stay feasible.
        guard !strength.isRequired else { throw .requiredEdit(variable) }
        let constraint = Constraint(Expression(variable), .equal, strength: strength)
        try add(constraint)  // cannot fail: a fresh, non-required constraint
        edits[variable] = EditInfo(tag: constraints[constraint.id]!.tag, constraint: constraint, constant: 0)
    }

    /// Removes the edit constraint of `variable`.
    mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let info = edits.removeValue(forKey: variable) else { throw .unknownEdit(variable) }
        try remove(info.constraint)
    }

    /// Moves the edit constraint's target to `value` and re-solves with the dual simplex.
    mutating func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        try moveSuggestion(variable, to: value)
        dualOptimize()
    }

    /// Moves the targets of several edit constraints, then re-solves once.
    ///
    /// Shifting constants leaves the objective untouched, so the tableau stays optimal
    /// (dual feasible) through every shift, and one dual simplex at the end restores
    /// feasibility: the intermediate optima that one suggestion at a time would reach are
    /// never computed. The shifts of edits whose error symbols are parametric, which touch
    /// any row, are made together in one pass over the rows. Every variable is checked
    /// before anything moves.
    mutating func suggestValues(_ suggestions: some Collection<(Variable, Double)>) throws(SolverError) {
        for (variable, _) in suggestions where edits.index(forKey: variable) == nil { throw .unknownEdit(variable) }
        var columns: [(symbol: Symbol, delta: Double)] = []
        for (variable, value) in suggestions {
            let index = edits.index(forKey: variable)!
            let delta = value - edits.values[index].constant
            guard delta != 0 else { continue }
            edits.values[index].constant = value
            let tag = edits.values[index].tag
            if !shiftEditRow(tag, by: delta) { columns.append((tag.marker, delta)) }
        }
        if !columns.isEmpty {
            // A suggestion made twice shifts by the sum of its changes.
            columns.sort { $0.symbol.raw < $1.symbol.raw }
            var merged: [(symbol: Symbol, delta: Double)] = []
            for column in columns {
                if merged.last?.symbol == column.symbol { merged[merged.count - 1].delta += column.delta } else { merged.append(column) }
            }
            tableau.shiftConstants(by: merged, infeasible: &infeasibleRows)
        }
        dualOptimize()
    }

    /// Records `value` as the edit's suggestion and shifts the tableau's constants to match,
    /// leaving rows that went negative for ``dualOptimize()``.
    private mutating func moveSuggestion(_ variable: Variable, to value: Double) throws(SolverError) {
        guard let index = edits.index(forKey: variable) else { throw .unknownEdit(variable) }
        let delta = value - edits.values[index].constant
        // An unchanged suggestion changes no constant; skipping it spares a scan of the rows.
        guard delta != 0 else { return }
        edits.values[index].constant = value
        shiftEditConstant(edits.values[index].tag, by: delta)
    }

    /// Applies a change `delta` of an edit constraint's constant to the tableau.
    ///
    /// The edit row reads `variable - suggestion = plus - minus`, so raising the suggestion
    /// by `delta` is the same as lowering `plus` by `delta` (or raising `minus`). If either
    /// error symbol is basic, only its row's constant moves; otherwise every row's
    /// constant moves by `delta` times its coefficient of `plus`. The objective's
    /// coefficients do not change, so the tableau stays optimal, possibly infeasible.
    private mutating func shiftEditConstant(_ tag: Tag, by delta: Double) {
        guard !shiftEditRow(tag, by: delta) else { return }
        for slot in 0..<tableau.count {
            let coefficient = tableau.coefficient(of: tag.marker, at: slot)
            if coefficient != 0 && tableau.addToConstant(delta * coefficient, at: slot) < 0
                && !tableau.basics[slot].isExternal {
                infeasibleRows.append(tableau.basics[slot])
            }
        }
    }

    /// The shift when one of the edit's error symbols is basic: only that row moves.
    /// Returns `false` when both are parametric (every row holding `plus` moves).
    private mutating func shiftEditRow(_ tag: Tag, by delta: Double) -> Bool {
        if let slot = tableau.slot(of: tag.marker) {
            if tableau.addToConstant(-delta, at: slot) < 0 { infeasibleRows.append(tag.marker) }
            return true
        }
        if let slot = tableau.slot(of: tag.other) {
            if tableau.addToConstant(delta, at: slot) < 0 { infeasibleRows.append(tag.other) }
            return true
        }
        return false
    }
}
