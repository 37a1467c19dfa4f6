/// The rows of the simplex tableau, keyed by their basic symbol (kiwi's `RowMap`).
///
/// kiwi keeps rows in a sorted vector map, so finding a symbol's row is a binary search.
/// Here rows sit in a dense array, in no particular order, and a table indexed by symbol
/// id gives each basic symbol's slot: finding a row is one load, and the scans that every
/// pivot makes (substitution, ratio tests) walk contiguous memory. Removing a row moves
/// the last row into its slot. Symbol ids are never reused (as in kiwi), so the table
/// grows by 4 bytes per symbol ever created, until ``Solver/reset()``.
///
/// Every change to a row goes through a method here, so that a ``Journal`` can record
/// the original of each row on its first change and roll the tableau back exactly.
struct Tableau: Sendable {
    /// The basic symbol of each row, slot by slot.
    private(set) var basics: [Symbol] = []
    /// The rows, slot by slot.
    private(set) var rows: [Row] = []
    /// Each row's ``Row/summary``, slot by slot: the scans that ask every row about one
    /// symbol read these 8 bytes per row, contiguous, rather than each row's 24.
    private var summaries: [UInt64] = []
    /// For each symbol id, the slot of its row, or -1 when the symbol is not basic.
    private var slots: [Int32] = []
    /// While recording, what is needed to undo every change since ``beginJournal()``.
    private var journal: Journal?

    /// The original slot order, and the original of each row changed since, by the basic
    /// symbol it had then. The first change wins: a symbol that leaves the basis is
    /// recorded when its row is removed, before any later row of the same symbol exists.
    private struct Journal: Sendable {
        let basics: [Symbol]
        var originals: [Symbol: Row] = [:]
    }

    /// The number of rows.
    var count: Int { rows.count }

    /// The slot of `symbol`'s row, or `nil` when it is parametric (not basic).
    @inline(__always)
    func slot(of symbol: Symbol) -> Int? {
        let id = symbol.id
        guard id < slots.count else { return nil }
        let slot = slots[id]
        return slot < 0 ? nil : Int(slot)
    }

    /// Makes `symbol` basic with the given row; it must not be basic already.
    mutating func insert(_ row: Row, basic symbol: Symbol) {
        let id = symbol.id
        if id >= slots.count {
            slots.append(contentsOf: repeatElement(-1, count: Swift.max(id + 1 - slots.count, slots.count)))
        }
        precondition(slots[id] < 0, "the symbol is basic already")
        slots[id] = Int32(rows.count)
        basics.append(symbol)
        rows.append(row)
        summaries.append(row.summary)
    }

    /// Takes the row out of `slot`, returning its basic symbol and the row.
    mutating func remove(at slot: Int) -> (basic: Symbol, row: Row) {
        record(slot)
        let last = rows.count - 1
        if slot != last {
            rows.swapAt(slot, last)
            basics.swapAt(slot, last)
            summaries.swapAt(slot, last)
            slots[basics[slot].id] = Int32(slot)
        }
        let basic = basics.removeLast()
        summaries.removeLast()
        slots[basic.id] = -1
        return (basic, rows.removeLast())
    }

    /// Whether the row in `slot` may hold `symbol`: `false` proves it does not.
    @inline(__always)
    func mayContain(_ symbol: Symbol, at slot: Int) -> Bool {
        summaries[slot] & Row.bit(symbol) != 0
    }

    /// The coefficient of `symbol` in the row in `slot`, or 0.
    @inline(__always)
    func coefficient(of symbol: Symbol, at slot: Int) -> Double {
        mayContain(symbol, at: slot) ? rows[slot].coefficient(for: symbol) : 0
    }

    /// Adds `value` to the constant of the row in `slot`; returns the new constant.
    mutating func addToConstant(_ value: Double, at slot: Int) -> Double {
        record(slot)
        return rows[slot].addToConstant(value)
    }

    /// Replaces the parametric `symbol` by `row` in every row that holds it, appending to
    /// `infeasible` each restricted basic symbol whose constant goes negative.
    mutating func substitute(_ symbol: Symbol, with row: Row, infeasible: inout [Symbol]) {
        let bit = Row.bit(symbol)
        for slot in 0..<rows.count where summaries[slot] & bit != 0 {
            if journal != nil && rows[slot].coefficient(for: symbol) != 0 { record(slot) }
            guard rows[slot].substitute(symbol, with: row) else { continue }
            summaries[slot] = rows[slot].summary
            let basic = basics[slot]
            if !basic.isExternal && rows[slot].constant < 0 { infeasible.append(basic) }
        }
    }

    /// Adds `delta · coefficient of symbol` to every row's constant, for each of `shifts`
    /// (sorted by symbol, symbols parametric), in one pass over the rows; appends to
    /// `infeasible` each restricted basic symbol whose constant goes negative.
    ///
    /// The same as shifting each symbol's column on its own, which walks every row once per
    /// symbol: moving hundreds of edit variables together (a layout's intrinsic sizes) would
    /// cost hundreds of walks.
    mutating func shiftConstants(by shifts: [(symbol: Symbol, delta: Double)], infeasible: inout [Symbol]) {
        guard let last = shifts.last else { return }
        // Each shifted symbol's delta, by id: one load per cell rather than a search.
        var deltas = [Double](repeating: 0, count: last.symbol.id + 1)
        var mask: UInt64 = 0
        for shift in shifts {
            deltas[shift.symbol.id] = shift.delta
            mask |= Row.bit(shift.symbol)
        }
        deltas.withUnsafeBufferPointer { deltas in
            for slot in 0..<rows.count where summaries[slot] & mask != 0 {
                var change = 0.0
                for cell in rows[slot].cells where cell.symbol.id < deltas.count {
                    change += deltas[cell.symbol.id] * cell.coefficient
                }
                guard change != 0 else { continue }
                if addToConstant(change, at: slot) < 0 && !basics[slot].isExternal { infeasible.append(basics[slot]) }
            }
        }
    }

    /// Removes `symbol` from every row (used to drop the artificial variable).
    mutating func removeEverywhere(_ symbol: Symbol) {
        for slot in rows.indices where coefficient(of: symbol, at: slot) != 0 {
            record(slot)
            rows[slot].remove(symbol)
        }
    }

    /// Starts recording changes, so that ``rollBack()`` can undo them.
    mutating func beginJournal() {
        journal = Journal(basics: basics)
    }

    /// Stops recording and keeps the changes.
    mutating func commitJournal() {
        journal = nil
    }

    /// Restores the rows, their slots and their order as they were at ``beginJournal()``.
    mutating func rollBack() {
        guard let journal else { return }
        let restored = journal.basics.map { basic in journal.originals[basic] ?? rows[slot(of: basic)!] }
        for basic in basics { slots[basic.id] = -1 }
        for (slot, basic) in journal.basics.enumerated() { slots[basic.id] = Int32(slot) }
        basics = journal.basics
        rows = restored
        summaries = restored.map(\.summary)
        self.journal = nil
    }

    /// Records the original of the row in `slot` if this is its first change.
    @inline(__always)
    private mutating func record(_ slot: Int) {
        guard journal != nil, journal?.originals[basics[slot]] == nil else { return }
        journal?.originals[basics[slot]] = rows[slot]
    }

    /// Slots in the order of their basic symbols, for a reproducible dump.
    func slotsInSymbolOrder() -> [Int] {
        basics.indices.sorted { basics[$0] < basics[$1] }
    }
}
