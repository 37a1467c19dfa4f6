/// The simplex proper: pivots, the primal optimisation after adds and removes, and the
/// dual optimisation after edit suggestions. The tableau is always in *basic feasible*
/// form — every restricted (slack, error, dummy) basic symbol has a constant ≥ 0 — except
/// transiently during ``dualOptimize()``.
extension SolverCore {
    /// Which objective ``optimize(_:)`` minimises.
    enum Objective {
        /// The weighted errors of the non-required constraints.
        case main
        /// The artificial variable of ``addWithArtificialVariable(_:)``.
        case artificial
    }

    /// Primal simplex: pivots until no parametric symbol can lower the objective.
    ///
    /// The objective row reads `objective = constant + Σ cᵢ·sᵢ` over parametric symbols,
    /// all currently zero. If some non-dummy `cᵢ < 0`, raising `sᵢ` lowers it; the
    /// ratio test then picks the row that first hits zero, so feasibility is kept. Taking
    /// the first such symbol in id order, and breaking ratio ties by the lowest basic
    /// symbol (Bland's rule, as kiwi does by its map order), rules out cycling in exact
    /// arithmetic.
    ///
    /// Every objective here is a sum of weighted symbols that are ≥ 0, so it is bounded
    /// below, and a symbol no row limits cannot truly lower it: its negative coefficient is
    /// round-off (weights from 1e-4 to 1e9 meet in one row, where 1e9's last bits are 1e-7).
    /// Such a symbol is passed over (kiwi throws "the objective is unbounded" instead).
    mutating func optimize(_ which: Objective) {
        var roundOff: [Symbol] = []
        while true {
            let entering = enteringSymbol(which == .main ? objective : artificial ?? Row(), passingOver: roundOff)
            if entering.isInvalid { return }
            guard let slot = leavingSlot(for: entering) else {
                roundOff.append(entering)
                continue
            }
            pivot(slot, entering: entering)
            // A pivot changes every coefficient: what was round-off may be a real cost now.
            roundOff.removeAll(keepingCapacity: true)
        }
    }

    /// Dual simplex: restores feasibility after suggestions while keeping optimality.
    ///
    /// A suggestion changes row constants only, so the objective stays optimal but some
    /// restricted row may go negative. Pivoting such a row on the symbol with the smallest
    /// ratio objective-coefficient / row-coefficient (over positive row coefficients)
    /// makes it feasible and keeps every objective coefficient ≥ 0.
    mutating func dualOptimize() {
        while let leaving = infeasibleRows.popLast() {
            guard let slot = tableau.slot(of: leaving) else { continue }
            let constant = tableau.rows[slot].constant
            guard constant < 0 && !isNearZero(constant) else { continue }
            let entering = dualEnteringSymbol(tableau.rows[slot])
            // Edit constraints are never required, so the system stays feasible and a
            // dual pivot always exists; kiwi throws an internal error here.
            guard !entering.isInvalid else {
                assertionFailure("dual optimisation found no entering symbol")
                continue
            }
            pivot(slot, entering: entering)
        }
    }

    /// Exchanges the basic symbol of `slot` for the parametric `entering`.
    mutating func pivot(_ slot: Int, entering: Symbol) {
        var (leaving, row) = tableau.remove(at: slot)
        row.solve(for: entering, insteadOf: leaving)
        substitute(entering, with: row)
        tableau.insert(row, basic: entering)
    }

    /// Replaces the parametric `symbol` by `row` in every row and objective.
    ///
    /// Only rows that contained the symbol change; of those, a restricted one that went
    /// negative is queued for ``dualOptimize()`` (kiwi rechecks every row, but an
    /// unchanged row was checked when it last changed).
    mutating func substitute(_ symbol: Symbol, with row: Row) {
        tableau.substitute(symbol, with: row, infeasible: &infeasibleRows)
        _ = objective.substitute(symbol, with: row)
        if artificial != nil { _ = artificial?.substitute(symbol, with: row) }
    }

    /// The first non-dummy symbol with a negative objective coefficient, or `.invalid` when
    /// the objective is minimal. Dummies are fixed at zero, so they may not enter.
    func enteringSymbol(_ objective: Row, passingOver excluded: [Symbol] = []) -> Symbol {
        objective.cells.first { !$0.symbol.isDummy && $0.coefficient < 0 && !excluded.contains($0.symbol) }?.symbol ?? .invalid
    }

    /// The restricted row that limits `entering` first (the smallest `-constant / coefficient`
    /// over negative coefficients), ties going to the lowest basic symbol as in kiwi.
    func leavingSlot(for entering: Symbol) -> Int? {
        var best: Int?
        var bestRatio = 0.0
        var bestBasic = Symbol.invalid
        for slot in 0..<tableau.count {
            let basic = tableau.basics[slot]
            if basic.isExternal { continue }  // unrestricted: never limits the entering symbol
            let coefficient = tableau.coefficient(of: entering, at: slot)
            guard coefficient < 0 else { continue }
            let ratio = -tableau.rows[slot].constant / coefficient
            if best == nil || ratio < bestRatio || (ratio == bestRatio && basic < bestBasic) {
                (best, bestRatio, bestBasic) = (slot, ratio, basic)
            }
        }
        return best
    }

    /// For the infeasible `row`, the positive-coefficient non-dummy symbol with the smallest
    /// objective-coefficient / row-coefficient ratio (first in id order on ties).
    func dualEnteringSymbol(_ row: Row) -> Symbol {
        var entering = Symbol.invalid
        var ratio = Double.greatestFiniteMagnitude
        for cell in row.cells where cell.coefficient > 0 && !cell.symbol.isDummy {
            let candidate = objective.coefficient(for: cell.symbol) / cell.coefficient
            if candidate < ratio { (ratio, entering) = (candidate, cell.symbol) }
        }
        return entering
    }

    /// The row to pivot a parametric marker into before its constraint's row is dropped.
    ///
    /// In kiwi's order of preference: a restricted row where the marker has a negative
    /// coefficient, with the smallest `-constant / coefficient`; then a restricted row with
    /// the smallest `constant / coefficient`; then the last unrestricted row holding it.
    /// The first two keep the remaining rows feasible once the marker's row is gone.
    func markerLeavingSlot(for marker: Symbol) -> Int? {
        var first: (slot: Int, ratio: Double, basic: Symbol)?
        var second: (slot: Int, ratio: Double, basic: Symbol)?
        var third: (slot: Int, basic: Symbol)?
        for slot in 0..<tableau.count {
            let coefficient = tableau.coefficient(of: marker, at: slot)
            if coefficient == 0 { continue }
            let basic = tableau.basics[slot], constant = tableau.rows[slot].constant
            if basic.isExternal {
                if third == nil || basic > third!.basic { third = (slot, basic) }
            } else if coefficient < 0 {
                let ratio = -constant / coefficient
                if first.map({ ratio < $0.ratio || (ratio == $0.ratio && basic < $0.basic) }) ?? true {
                    first = (slot, ratio, basic)
                }
            } else {
                let ratio = constant / coefficient
                if second.map({ ratio < $0.ratio || (ratio == $0.ratio && basic < $0.basic) }) ?? true {
                    second = (slot, ratio, basic)
                }
            }
        }
        return first?.slot ?? second?.slot ?? third?.slot
    }
}
