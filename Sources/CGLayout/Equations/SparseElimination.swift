/// Incremental Gauss–Jordan elimination over sparse rows: which columns a set of linear
/// equations fixes, at a cost that follows the equations' structure rather than their count.
///
/// Layout equations are sparse (a few unknowns each) and mostly chains, so kept in reduced
/// form they stay sparse: each new row is reduced by the pivot rows it touches, and a new
/// pivot is eliminated from the rows that hold it, found through a column index. A dense
/// elimination of the same system is cubic in the number of unknowns (72 s at 400 elements).
///
/// Rows are kept as cells sorted by column, and every choice (the pivot, the order of
/// updates) depends on values and columns alone, never on hashing order, so the outcome is
/// the same in every process.
struct SparseElimination {
    /// A row's entries, sorted by column, none near zero.
    typealias Cells = [(column: Int, value: Double)]

    /// Per pivot column: the other columns of its row, after dividing by the pivot's
    /// coefficient. Every column in them is free (not a pivot).
    private var rows: [Int: Cells] = [:]
    /// Per free column: the pivots whose rows hold it.
    private var holders: [Int: Set<Int>] = [:]

    static let tolerance = 1e-9

    /// Adds the equation `Σ value·column = constant` (the constant does not matter here).
    /// Returns whether it was independent of the equations added before.
    @discardableResult
    mutating func add(_ cells: Cells) -> Bool {
        var row = Self.normalized(cells)
        // Express the row in free columns: replace each pivot by its row.
        for (column, value) in row where rows[column] != nil {
            row = Self.combine(row, rows[column]!, times: -value, dropping: column)
        }
        guard let largest = row.map({ abs($0.value) }).max() else { return false }
        // The pivot: among entries not much smaller than the largest (for stability), the
        // column fewest rows hold, so that eliminating it changes the fewest rows (Markowitz's
        // rule, simplified). A chain `x[i] == x[i-1] + w[i-1]` then pivots on each new
        // `x[i]`, which no row holds yet, rather than on `w[0]`, which every row holds.
        func cost(_ cell: (column: Int, value: Double)) -> Int { holders[cell.column]?.count ?? 0 }
        let eligible = row.filter { abs($0.value) >= 0.1 * largest }
        guard let pivot = eligible.min(by: { cost($0) < cost($1) || (cost($0) == cost($1) && $0.column < $1.column) })
        else { return false }
        let scale = 1 / pivot.value
        let pivotRow: Cells = row.compactMap { $0.column == pivot.column ? nil : ($0.column, $0.value * scale) }
        // The new pivot leaves every row that held it: those rows take its row instead.
        for holder in (holders.removeValue(forKey: pivot.column) ?? []).sorted() {
            let old = rows[holder]!
            guard let entry = old.first(where: { $0.column == pivot.column }) else { continue }
            let updated = Self.combine(old, pivotRow, times: -entry.value, dropping: pivot.column)
            for (column, _) in old where column != pivot.column { holders[column]?.remove(holder) }
            for (column, _) in updated { holders[column, default: []].insert(holder) }
            rows[holder] = updated
        }
        rows[pivot.column] = pivotRow
        for (column, _) in pivotRow { holders[column, default: []].insert(pivot.column) }
        return true
    }

    /// Whether the equations fix `column`: it is a pivot whose row holds no free column.
    func fixes(_ column: Int) -> Bool {
        rows[column]?.isEmpty ?? false
    }

    /// Merges equal columns, sorts, drops values near zero.
    private static func normalized(_ cells: Cells) -> Cells {
        var merged: Cells = []
        for cell in cells.sorted(by: { $0.column < $1.column }) {
            if let last = merged.last, last.column == cell.column {
                merged[merged.count - 1].value += cell.value
            } else {
                merged.append(cell)
            }
        }
        return merged.filter { abs($0.value) > tolerance }
    }

    /// `row + factor·other`, with `dropped`'s cell removed from `row` (the pivot being
    /// replaced), values near zero dropped; both inputs sorted by column.
    private static func combine(_ row: Cells, _ other: Cells, times factor: Double, dropping dropped: Int) -> Cells {
        var result: Cells = []
        result.reserveCapacity(row.count + other.count)
        var i = 0, j = 0
        while i < row.count || j < other.count {
            if j == other.count || (i < row.count && row[i].column < other[j].column) {
                if row[i].column != dropped { result.append(row[i]) }
                i += 1
            } else if i == row.count || other[j].column < row[i].column {
                let value = other[j].value * factor
                if abs(value) > tolerance { result.append((other[j].column, value)) }
                j += 1
            } else {
                let value = row[i].value + other[j].value * factor
                if row[i].column != dropped && abs(value) > tolerance { result.append((row[i].column, value)) }
                i += 1
                j += 1
            }
        }
        return result
    }
}
