/// Whether a coefficient or constant is zero up to round-off (kiwi's `nearZero`, 1e-8).
@inline(__always)
func isNearZero(_ value: Double) -> Bool {
    value < 0 ? -value < 1e-8 : value < 1e-8
}

/// One nonzero entry of a row: a symbol and its coefficient.
struct Cell: Sendable {
    var symbol: Symbol
    var coefficient: Double
}

/// A linear row `constant + Σ coefficient·symbol`, its cells kept sorted by symbol.
///
/// As a tableau row it reads `basic = constant + Σ …`; while a constraint is being added
/// it reads `0 = constant + Σ …`. kiwi keeps the cells in a sorted vector map for the same
/// reason we keep a sorted array: rows are short and scanned far more often than they
/// change, so a binary search in contiguous memory beats hashing, and merging two sorted
/// rows is linear.
///
/// Unlike kiwi, a row also keeps a one-word ``summary`` of its symbols. Scans ask every
/// row about one symbol, and most rows do not hold it; the summary, stored inline in the
/// tableau's array of rows, answers that without touching the cells, which live in a heap
/// block of their own (a cache miss per row otherwise).
struct Row: Sendable {
    var constant: Double
    /// Sorted by `symbol.raw`; no coefficient is near zero (outside ``add(_:times:)``).
    private(set) var cells: [Cell] = []
    /// Bit `id % 64` set for the symbol of every cell. A superset: bits of removed cells
    /// may stay set (costing only a binary search), but a cell's bit is never clear.
    private(set) var summary: UInt64 = 0

    init(constant: Double = 0) {
        self.constant = constant
    }

    /// The summary bit of `symbol`.
    @inline(__always)
    static func bit(_ symbol: Symbol) -> UInt64 {
        1 &<< UInt64(truncatingIfNeeded: symbol.id & 63)
    }

    /// Whether the row may hold `symbol`: `false` proves it does not.
    @inline(__always)
    func mayContain(_ symbol: Symbol) -> Bool {
        summary & Self.bit(symbol) != 0
    }

    /// The coefficient of `symbol`, or 0 when the row does not contain it.
    func coefficient(for symbol: Symbol) -> Double {
        guard mayContain(symbol) else { return 0 }
        let index = lowerBound(of: symbol, from: 0)
        return index < cells.count && cells[index].symbol == symbol ? cells[index].coefficient : 0
    }

    /// Adds `value` to the constant and returns the new constant.
    mutating func addToConstant(_ value: Double) -> Double {
        constant += value
        return constant
    }

    /// Adds `coefficient·symbol`, dropping the cell if the sum is near zero.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let index = lowerBound(of: symbol, from: 0)
        if index < cells.count && cells[index].symbol == symbol {
            let sum = cells[index].coefficient + coefficient
            if isNearZero(sum) { cells.remove(at: index) } else { cells[index].coefficient = sum }
        } else if !isNearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
            summary |= Self.bit(symbol)
        }
    }

    /// Removes `symbol`'s cell, if any.
    mutating func remove(_ symbol: Symbol) {
        guard mayContain(symbol) else { return }
        let index = lowerBound(of: symbol, from: 0)
        if index < cells.count && cells[index].symbol == symbol { cells.remove(at: index) }
    }

    /// Negates the constant and every coefficient.
    mutating func reverseSign() {
        constant = -constant
        for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
    }

    /// Turns `0 = c + a·symbol + rest` into `symbol = -c/a - rest/a`; `symbol` must be present.
    mutating func solve(for symbol: Symbol) {
        let index = lowerBound(of: symbol, from: 0)
        precondition(index < cells.count && cells[index].symbol == symbol, "solving for a symbol not in the row")
        let factor = -1 / cells[index].coefficient
        cells.remove(at: index)
        constant *= factor
        summary = 0  // every cell is visited anyway: drop the stale bits
        for index in cells.indices {
            cells[index].coefficient *= factor
            summary |= Self.bit(cells[index].symbol)
        }
    }

    /// Turns `leaving = c + a·entering + rest` into `entering = …` (a pivot's row).
    mutating func solve(for entering: Symbol, insteadOf leaving: Symbol) {
        insert(leaving, -1)
        solve(for: entering)
    }

    /// Replaces `symbol` by `row` (which reads `symbol = row`); returns whether it was present.
    mutating func substitute(_ symbol: Symbol, with row: Row) -> Bool {
        guard mayContain(symbol) else { return false }
        let index = lowerBound(of: symbol, from: 0)
        guard index < cells.count && cells[index].symbol == symbol else { return false }
        let coefficient = cells[index].coefficient
        // A zero coefficient marks the cell for removal by the merge below, which
        // compacts the row anyway; removing it here would move the tail twice.
        cells[index].coefficient = 0
        add(row, times: coefficient, pendingRemovals: 1)
        return true
    }

    /// Adds `coefficient·other` to this row (kiwi's `insert(row, coefficient)`).
    mutating func add(_ other: Row, times coefficient: Double) {
        add(other, times: coefficient, pendingRemovals: 0)
    }

    /// The index of the first cell whose symbol is not below `symbol`, searching from `start`.
    @inline(__always)
    func lowerBound(of symbol: Symbol, from start: Int) -> Int {
        cells.withUnsafeBufferPointer { buffer in
            var low = start, count = buffer.count - start
            while count > 0 {
                let half = count >> 1
                if buffer[low + half].symbol.raw < symbol.raw {
                    low += half + 1
                    count -= half + 1
                } else {
                    count = half
                }
            }
            return low
        }
    }
}

extension Row {
    /// Adds `coefficient·other`, in two passes over the sorted cells.
    ///
    /// kiwi inserts the other row's cells one at a time, each a binary search plus a
    /// vector insert or erase. Substitutions mostly touch symbols the row already holds,
    /// so the first pass does the same in place (searching onward from the previous hit,
    /// as both rows are sorted) and counts what is new. Only if cells must appear or
    /// disappear does a second pass merge from the back, moving each cell once rather
    /// than once per insertion.
    ///
    /// - Parameter pendingRemovals: Cells the caller already zeroed for removal; `other`
    ///   must not hold their symbols.
    mutating func add(_ other: Row, times coefficient: Double, pendingRemovals: Int) {
        constant += other.constant * coefficient
        var removals = pendingRemovals
        var insertions = 0
        let count = cells.count
        other.cells.withUnsafeBufferPointer { source in
            var start = 0
            for cell in source {
                let index = lowerBound(of: cell.symbol, from: start)
                start = index
                let product = cell.coefficient * coefficient
                if index < count && cells[index].symbol == cell.symbol {
                    let sum = cells[index].coefficient + product
                    // Exact zero marks removal: kept cells are never near zero.
                    cells[index].coefficient = isNearZero(sum) ? 0 : sum
                    removals += isNearZero(sum) ? 1 : 0
                } else if !isNearZero(product) {
                    insertions += 1
                }
            }
        }
        if insertions > 0 || removals > 0 {
            mergeBackward(other, times: coefficient, insertions: insertions, removals: removals)
        }
    }

    /// Inserts the cells of `other` this row lacks and drops the zeroed ones, walking both
    /// rows from the back so that each cell moves at most once.
    private mutating func mergeBackward(_ other: Row, times coefficient: Double, insertions: Int, removals: Int) {
        let count = cells.count
        let placeholder = Cell(symbol: .invalid, coefficient: 0)
        cells.append(contentsOf: repeatElement(placeholder, count: insertions))
        var inserted: UInt64 = 0
        let surplus = cells.withUnsafeMutableBufferPointer { target in
            other.cells.withUnsafeBufferPointer { source in
                var write = count + insertions
                var i = count - 1, j = source.count - 1, zeros = removals
                // Invariant: write > i, since the gap (write - i - 1) never drops below
                // the number of insertions still to come; so no unread cell is overwritten.
                while j >= 0 || zeros > 0 {
                    if j >= 0 && (i < 0 || source[j].symbol.raw > target[i].symbol.raw) {
                        let product = source[j].coefficient * coefficient
                        if !isNearZero(product) {
                            write -= 1
                            target[write] = Cell(symbol: source[j].symbol, coefficient: product)
                            inserted |= Self.bit(source[j].symbol)
                        }
                        j -= 1
                    } else if j >= 0 && source[j].symbol == target[i].symbol {
                        j -= 1  // already added in place by the first pass
                    } else {
                        if target[i].coefficient == 0 {
                            zeros -= 1
                        } else {
                            write -= 1
                            target[write] = target[i]
                        }
                        i -= 1
                    }
                }
                // Cells 0...i were never moved; close the gap between them and the rest,
                // which is as wide as the cells removed.
                let gap = write - (i + 1)
                if gap > 0 {
                    let tail = count + insertions - write
                    (target.baseAddress! + i + 1).update(from: target.baseAddress! + write, count: tail)
                }
                return gap
            }
        }
        cells.removeLast(surplus)
        summary |= inserted
    }
}
