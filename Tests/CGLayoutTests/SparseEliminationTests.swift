import CGLTestSupport
import Testing

@testable import CGLayout

/// The sparse elimination that decides which unknowns equations fix, against a plain dense
/// Gauss–Jordan elimination on random systems.
@Suite struct SparseEliminationTests {
    /// Which columns a dense reduced row echelon form fixes: pivots whose rows hold no free column.
    static func denseFixed(_ rows: [[(column: Int, value: Double)]], width: Int) -> [Bool] {
        var matrix = rows.map { cells in
            var row = [Double](repeating: 0, count: width)
            for (column, value) in cells { row[column] += value }
            return row
        }
        var pivots: [Int: Int] = [:]
        var next = 0
        for column in 0..<width where next < matrix.count {
            guard let best = (next..<matrix.count).max(by: { abs(matrix[$0][column]) < abs(matrix[$1][column]) }),
                  abs(matrix[best][column]) > 1e-9 else { continue }
            matrix.swapAt(next, best)
            let pivot = matrix[next][column]
            matrix[next] = matrix[next].map { $0 / pivot }
            for other in matrix.indices where other != next {
                let factor = matrix[other][column]
                if abs(factor) > 1e-12 { for index in 0..<width { matrix[other][index] -= factor * matrix[next][index] } }
            }
            pivots[column] = next
            next += 1
        }
        return (0..<width).map { column in
            guard let row = pivots[column] else { return false }
            return (0..<width).allSatisfy { other in other == column || pivots[other] != nil || abs(matrix[row][other]) <= 1e-9 }
        }
    }

    /// Random sparse rows over up to 24 columns, with chains, repeated rows and sums of
    /// earlier rows mixed in: the sparse and dense eliminations fix the same columns.
    @Test(arguments: Array(UInt64(1)...300))
    func agreesWithADenseElimination(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let width = Int.random(in: 1...24, using: &random)
        var rows: [[(column: Int, value: Double)]] = []
        for _ in 0..<Int.random(in: 0...30, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0 where !rows.isEmpty:
                rows.append(rows[Int.random(in: 0..<rows.count, using: &random)].map { ($0.column, $0.value * 2) })
            case 1 where rows.count >= 2:
                let a = rows[Int.random(in: 0..<rows.count, using: &random)], b = rows[Int.random(in: 0..<rows.count, using: &random)]
                rows.append(a + b.map { ($0.column, -$0.value) })
            case 2 where width >= 3:
                // A chain link: x[i] - x[i-1] - w = c.
                let column = Int.random(in: 2..<width, using: &random)
                rows.append([(column, 1), (column - 1, -1), (column - 2, -1)])
            default:
                rows.append((0..<Int.random(in: 1...4, using: &random)).map { _ in
                    (Int.random(in: 0..<width, using: &random), Double(Int.random(in: -4...4, using: &random)) / 2)
                })
            }
        }
        var sparse = SparseElimination()
        for row in rows { sparse.add(row) }
        let expected = Self.denseFixed(rows, width: width)
        for column in 0..<width {
            #expect(sparse.fixes(column) == expected[column], "seed \(seed), column \(column), rows \(rows)")
        }
    }

    /// A chain of 2 000 links stays sparse: each new position is the pivot of its own row.
    @Test func aLongChainIsFixedLinkByLink() {
        var sparse = SparseElimination()
        sparse.add([(0, 1)])
        sparse.add([(1, 1)])
        for link in 1..<2_000 {
            // x[link] == x[link-1] + w[link-1]; every width fixed.
            sparse.add([(link * 2, 1), (link * 2 - 2, -1), (link * 2 - 1, -1)])
            sparse.add([(link * 2 + 1, 1)])
        }
        #expect((0..<4_000).allSatisfy(sparse.fixes))
        var open = SparseElimination()
        open.add([(0, 1)])
        for link in 1..<2_000 { open.add([(link * 2, 1), (link * 2 - 2, -1), (link * 2 - 1, -1)]) }
        // Widths free: no position past the first is fixed.
        #expect(open.fixes(0))
        #expect(!(1..<4_000).contains(where: open.fixes))
    }
}
