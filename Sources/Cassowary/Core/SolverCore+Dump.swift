extension SolverCore {
    /// The internal state as text, in the layout of kiwi's `debug.h`: objective, tableau
    /// (`basic | constant + coefficient * symbol …`), infeasible rows, variables with
    /// their symbol and value, edit variables with their suggestion, constraints.
    /// Everything is sorted, so two equal states dump identically.
    func dump() -> String {
        var out = ""
        section("Objective", into: &out) { $0 += describe(objective) + "\n" }
        section("Tableau", into: &out) { text in
            for slot in tableau.slotsInSymbolOrder() {
                text += "\(tableau.basics[slot]) | \(describe(tableau.rows[slot]))\n"
            }
        }
        section("Infeasible", into: &out) { text in
            for symbol in infeasibleRows { text += "\(symbol)\n" }
        }
        section("Variables", into: &out) { text in
            for known in variables.entries.map(\.value).sorted(by: { $0.symbol < $1.symbol }) {
                text += "\(known.variable) = \(known.symbol) = \(value(of: known.variable))\n"
            }
        }
        section("Edit Variables", into: &out) { text in
            for (variable, info) in edits.sorted(by: { $0.key.id < $1.key.id }) {
                text += "\(variable) suggested \(info.constant)\n"
            }
        }
        section("Constraints", into: &out) { text in
            for known in constraints.entries.map(\.value).sorted(by: { $0.tag.marker < $1.tag.marker }) {
                let tag = known.tag
                text += "\(known.constraint)  [\(tag.marker)\(tag.other.isInvalid ? "" : ", \(tag.other)")]\n"
            }
        }
        return out
    }

    private func section(_ title: String, into out: inout String, _ body: (inout String) -> Void) {
        out += title + "\n" + String(repeating: "-", count: title.count) + "\n"
        body(&out)
        out += "\n"
    }

    private func describe(_ row: Row) -> String {
        row.cells.reduce("\(row.constant)") { $0 + " + \($1.coefficient) * \($1.symbol)" }
    }
}
