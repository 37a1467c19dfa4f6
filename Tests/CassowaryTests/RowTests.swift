import CGLTestSupport
@testable import Cassowary
import Testing

/// `Row`'s sorted-cell algebra against a dictionary model.
@Suite struct RowTests {
    /// A random row over symbol ids 1…`range`, with coefficients that are small integers
    /// (so that sums cancel exactly) or, now and then, tiny values that must be dropped.
    static func randomRow(_ random: inout SplitMix64, range: Int) -> (Row, [Int: Double]) {
        var row = Row(constant: Double(Int.random(in: -9...9, using: &random)))
        var model: [Int: Double] = [:]
        for _ in 0..<Int.random(in: 0...range, using: &random) {
            let id = Int.random(in: 1...range, using: &random)
            let coefficient = Double(Int.random(in: -3...3, using: &random))
            row.insert(Symbol(id: id, kind: .slack), coefficient)
            model[id, default: 0] += coefficient
            if model[id] == 0 { model[id] = nil }
        }
        return (row, model)
    }

    /// The cells are the model's, sorted, and the summary has the bit of each.
    static func cellsMatch(_ row: Row, _ model: [Int: Double]) -> Bool {
        let ids = row.cells.map(\.symbol.id)
        return ids == model.keys.sorted() && row.cells.allSatisfy { model[$0.symbol.id] == $0.coefficient }
            && row.cells.allSatisfy { row.mayContain($0.symbol) }
    }

    @Test(arguments: 0..<200)
    func addingARowMatchesTheModel(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        // Short and long rows, to go through both the in-place and the merging pass.
        let range = [4, 12, 40][seed % 3]
        var (row, model) = Self.randomRow(&random, range: range)
        let (other, otherModel) = Self.randomRow(&random, range: range)
        let factor = [1.0, -1, 2, 0.5, 1e-10][seed % 5]
        row.add(other, times: factor)
        for (id, coefficient) in otherModel {
            let sum = model[id, default: 0] + coefficient * factor
            model[id] = isNearZero(sum) ? nil : sum
        }
        #expect(Self.cellsMatch(row, model), "seed \(seed)")
    }

    @Test(arguments: 0..<200)
    func substitutionMatchesTheModel(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let range = [4, 12, 40][seed % 3]
        var (row, model) = Self.randomRow(&random, range: range)
        var (replacement, replacementModel) = Self.randomRow(&random, range: range)
        let symbol = Symbol(id: Int.random(in: 1...range, using: &random), kind: .slack)
        replacement.remove(symbol)  // a basic symbol never appears in its own row
        replacementModel[symbol.id] = nil
        let constant = row.constant
        let present = row.substitute(symbol, with: replacement)
        #expect(present == (model[symbol.id] != nil))
        if let coefficient = model.removeValue(forKey: symbol.id) {
            for (id, value) in replacementModel {
                let sum = model[id, default: 0] + value * coefficient
                model[id] = isNearZero(sum) ? nil : sum
            }
            #expect(row.constant == constant + replacement.constant * coefficient)
        } else {
            #expect(row.constant == constant)
        }
        #expect(Self.cellsMatch(row, model), "seed \(seed)")
    }

    @Test func solvingForASymbol() {
        // 0 = 6 + 2a - 4b  ⇒  b = 1.5 + 0.5a
        var row = Row(constant: 6)
        let a = Symbol(id: 1, kind: .external), b = Symbol(id: 2, kind: .external)
        row.insert(a, 2)
        row.insert(b, -4)
        row.solve(for: b)
        #expect(row.constant == 1.5)
        #expect(row.cells.map(\.symbol) == [a])
        #expect(row.coefficient(for: a) == 0.5)
        // b = 1.5 + 0.5a  ⇒  a = -3 + 2b
        row.solve(for: a, insteadOf: b)
        #expect(row.constant == -3)
        #expect(row.coefficient(for: b) == 2)
        #expect(row.coefficient(for: a) == 0)
    }

    @Test func theSummaryRulesSymbolsOut() {
        var row = Row()
        row.insert(Symbol(id: 3, kind: .slack), 2)
        row.insert(Symbol(id: 70, kind: .error), 1)  // 70 % 64 == 6
        #expect(row.mayContain(Symbol(id: 3, kind: .slack)))
        #expect(row.mayContain(Symbol(id: 67, kind: .slack)))  // shares bit 3: "maybe"
        #expect(row.coefficient(for: Symbol(id: 67, kind: .slack)) == 0)
        #expect(!row.mayContain(Symbol(id: 4, kind: .slack)))
        #expect(row.summary == (1 << 3 | 1 << 6))
        // Solving visits every cell, so it drops bits of removed cells.
        row.remove(Symbol(id: 70, kind: .error))
        #expect(row.summary == (1 << 3 | 1 << 6))
        row.insert(Symbol(id: 9, kind: .slack), 1)
        row.solve(for: Symbol(id: 9, kind: .slack))
        #expect(row.summary == 1 << 3)
    }

    @Test func nearZeroCoefficientsAreDropped() {
        var row = Row()
        let s = Symbol(id: 3, kind: .slack)
        row.insert(s, 1e-9)
        #expect(row.cells.isEmpty)
        row.insert(s, 1)
        row.insert(s, -1 + 1e-12)
        #expect(row.cells.isEmpty)
    }

    @Test func symbolsPackTheirKind() {
        let symbol = Symbol(id: 12345, kind: .error)
        #expect(symbol.id == 12345)
        #expect(symbol.kind == .error)
        #expect(symbol.isSlackOrError && !symbol.isExternal && !symbol.isDummy)
        #expect(Symbol(id: 2, kind: .dummy) < Symbol(id: 3, kind: .external))
        #expect(symbol.description == "e12345")
        #expect(Symbol.invalid.isInvalid)
    }
}
