extension EquationSystem {
    /// The unknowns of a solved element, in the order `undetermined()` reports them.
    package static let unknownNames = ["horizontal position", "vertical position", "width", "height"]

    /// For each solved element whose unknowns the equalities do not all fix, the indices (into
    /// `unknownNames`) of those left free; the defaults then decide them.
    ///
    /// Constant elements count as known, and so do the sizes of elements in
    /// `measuringContent` (their intrinsic size is meant to decide them). Only equalities are
    /// considered (inequalities bound but do not fix), at any priority: an optional equality
    /// fixes an unknown unless it loses to another constraint.
    package func undetermined(measuringContent: Set<Int> = []) -> [(element: Int, unknowns: [Int])] {
        let fixed = fixedUnknowns(knownSizes: measuringContent)
        return elements.indices.compactMap { element in
            guard elements[element].isSolved else { return nil }
            let open = (0..<4).filter { !fixed.fixes(element * 4 + $0) }
            return open.isEmpty ? nil : (element, open)
        }
    }

    /// The unknowns the valid equalities fix (at any priority), with the sizes of the
    /// elements in `knownSizes` counted as known; columns are `element * 4 + unknown`, the
    /// unknowns in the order of `unknownNames`.
    ///
    /// - Parameter accepted: The equations to count (by index); all those valid if nil.
    func fixedUnknowns(knownSizes: Set<Int>, among accepted: Set<Int>? = nil) -> SparseElimination {
        var elimination = SparseElimination()
        for (index, equation) in equations.enumerated() where equation.relation == .equal && equation.priority.isFinite
            && (1...1000).contains(equation.priority) && !equation.mixesDirections && accepted.map({ $0.contains(index) }) ?? true {
            var cells: SparseElimination.Cells = []
            for term in equation.terms where elements[term.element].isSolved {
                for (offset, factor) in Self.unknowns(of: term.attribute) {
                    cells.append((term.element * 4 + offset, term.coefficient * factor))
                }
            }
            elimination.add(cells)
        }
        for element in knownSizes.sorted() where elements.indices.contains(element) && elements[element].isSolved {
            elimination.add([(element * 4 + 2, 1)])
            elimination.add([(element * 4 + 3, 1)])
        }
        return elimination
    }

    /// The unknowns (0 x, 1 y, 2 width, 3 height) an attribute is made of, with factors;
    /// leading and trailing as left-to-right (determination does not depend on direction).
    private static func unknowns(of attribute: LayoutAttribute) -> [(Int, Double)] {
        switch attribute {
        case .left, .leading: [(0, 1)]
        case .right, .trailing: [(0, 1), (2, 1)]
        case .centerX: [(0, 1), (2, 0.5)]
        case .width: [(2, 1)]
        case .top, .baseline: [(1, 1)]
        case .bottom: [(1, 1), (3, 1)]
        case .centerY: [(1, 1), (3, 0.5)]
        case .height: [(3, 1)]
        }
    }
}
