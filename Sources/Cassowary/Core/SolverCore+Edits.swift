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
        guard let index = edits.index(forKey: variable) else { throw .unknownEdit(variable) }
        let tag = edits.values[index].tag
        let delta = value - edits.values[index].constant
        edits.values[index].constant = value
        shiftEditConstant(tag, by: delta)
        dualOptimize()
    }

    /// Applies a change `delta` of an edit constraint's constant to the tableau.
    ///
    /// The edit row reads `variable - suggestion = plus - minus`, so raising the suggestion
    /// by `delta` is the same as lowering `plus` by `delta` (or raising `minus`). If either
    /// error symbol is basic, only its row's constant moves; otherwise every row's
    /// constant moves by `delta` times its coefficient of `plus`. The objective's
    /// coefficients do not change, so the tableau stays optimal, possibly infeasible.
    private mutating func shiftEditConstant(_ tag: Tag, by delta: Double) {
        if let slot = tableau.slot(of: tag.marker) {
            if tableau.addToConstant(-delta, at: slot) < 0 { infeasibleRows.append(tag.marker) }
            return
        }
        if let slot = tableau.slot(of: tag.other) {
            if tableau.addToConstant(delta, at: slot) < 0 { infeasibleRows.append(tag.other) }
            return
        }
        for slot in 0..<tableau.count {
            let coefficient = tableau.rows[slot].coefficient(for: tag.marker)
            if coefficient != 0 && tableau.addToConstant(delta * coefficient, at: slot) < 0
                && !tableau.basics[slot].isExternal {
                infeasibleRows.append(tableau.basics[slot])
            }
        }
    }
}
