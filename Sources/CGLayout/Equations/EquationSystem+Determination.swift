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
        let solved = elements.indices.filter { elements[$0].isSolved }
        var column: [Int: Int] = [:]
        for (position, element) in solved.enumerated() { column[element] = position * 4 }
        let width = solved.count * 4
        var rows: [[Double]] = []
        for equation in equations where equation.relation == .equal && equation.priority.isFinite && (1...1000).contains(equation.priority) {
            var row = [Double](repeating: 0, count: width)
            for term in equation.terms {
                guard let base = column[term.element] else { continue }
                for (offset, factor) in Self.unknowns(of: term.attribute) { row[base + offset] += term.coefficient * factor }
            }
            if row.contains(where: { abs($0) > Self.tolerance }) { rows.append(row) }
        }
        for element in measuringContent {
            guard let base = column[element] else { continue }
            for offset in [2, 3] {
                var row = [Double](repeating: 0, count: width)
                row[base + offset] = 1
                rows.append(row)
            }
        }
        let (reduced, pivots) = Self.reducedRowEchelon(rows, width: width)
        let pivotRow = Dictionary(uniqueKeysWithValues: pivots.enumerated().map { ($1, $0) })
        let free = (0..<width).filter { pivotRow[$0] == nil }
        var result: [(element: Int, unknowns: [Int])] = []
        for (position, element) in solved.enumerated() {
            let open = (0..<4).filter { offset in
                guard let row = pivotRow[position * 4 + offset] else { return true }
                return free.contains { abs(reduced[row][$0]) > Self.tolerance }
            }
            if !open.isEmpty { result.append((element, open)) }
        }
        return result
    }

    private static let tolerance = 1e-9

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

    /// Gauss–Jordan elimination with partial pivoting: the reduced rows and each pivot's column.
    private static func reducedRowEchelon(_ input: [[Double]], width: Int) -> ([[Double]], [Int]) {
        var rows = input
        var pivots: [Int] = []
        var next = 0
        for column in 0..<width where next < rows.count {
            guard let best = (next..<rows.count).max(by: { abs(rows[$0][column]) < abs(rows[$1][column]) }),
                  abs(rows[best][column]) > tolerance else { continue }
            rows.swapAt(next, best)
            let pivot = rows[next][column]
            rows[next] = rows[next].map { $0 / pivot }
            for other in rows.indices where other != next {
                let factor = rows[other][column]
                guard abs(factor) > tolerance else { continue }
                for index in 0..<width { rows[other][index] -= factor * rows[next][index] }
            }
            pivots.append(column)
            next += 1
        }
        return (rows, pivots)
    }
}
