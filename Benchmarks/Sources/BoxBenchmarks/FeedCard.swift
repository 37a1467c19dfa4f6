import BenchmarkSupport
import BenchmarkWorkloads
import CGLDocument
import Foundation

/// `examples/schemes/feed-card.json` (the feed cell written with boxes) against
/// `examples/schemes/feed-cell.json` (the same cell in CGLayout blocks), both with real text
/// (CGLText), compiled once and snapshotted for widths 320–400 (height 844).
/// Target (issue 36): the box card within 3× of the block cell.
func feedCard() {
    let card = compiledExample("feed-card"), cell = compiledExample("feed-cell")
    func environment(_ i: Int) -> LayoutEnvironment { LayoutEnvironment(width: 320 + Double(i % 81), height: 844) }
    do {
        for i in 0..<81 {
            _ = try card.snapshot(for: environment(i))
            _ = try cell.snapshot(for: environment(i))
        }
        let check = LayoutEnvironment(width: 375, height: 844)
        for (name, document) in [("feed-card (boxes)", card), ("feed-cell (blocks)", cell)] {
            let snapshot = try document.snapshot(for: check)
            let body = snapshot["body"]!.frame
            print("feed-card, width 375, \(name): body \(body.size.width) × \(body.size.height), height \(snapshot.size.height)")
        }
    } catch {
        fatalError("snapshot failed: \(error)")
    }
    var card375: [Double] = [], cell375: [Double] = []
    // Side by side: each sample times a batch of each in turn.
    for _ in 0..<21 {
        card375.append(batch { i in try! card.snapshot(for: environment(i)).size.height })
        cell375.append(batch { i in try! cell.snapshot(for: environment(i)).size.height })
    }
    // Allocations per snapshot (with `run-boxes`, which preloads the counter), over 100 more.
    let cardAllocations = countAllocations { for i in 0..<100 { _ = try! card.snapshot(for: environment(i)) } }.map { Double($0) / 100 }
    let cellAllocations = countAllocations { for i in 0..<100 { _ = try! cell.snapshot(for: environment(i)) } }.map { Double($0) / 100 }
    let measurements = [
        BenchmarkMeasurement(name: "feed-card.json (boxes): compiled snapshot(for:)", samples: card375, allocationsPerOperation: cardAllocations),
        BenchmarkMeasurement(name: "feed-cell.json (blocks): compiled snapshot(for:)", samples: cell375, allocationsPerOperation: cellAllocations),
    ]
    let ratio = measurements[0].medianNanoseconds / measurements[1].medianNanoseconds
    report(benchmark: "boxes-feed-card", measurements: measurements, ratios: ["boxes card / blocks cell": ratio],
           target: "the box card's compiled snapshot with real text within 3x of the block cell's", met: ["boxes card / blocks cell": ratio <= 3])
}

/// Nanoseconds per operation over a batch of 2,000.
private func batch(_ operation: (Int) -> Double) -> Double {
    let count = 2_000
    var sink = 0.0
    let start = DispatchTime.now().uptimeNanoseconds
    for i in 0..<count { sink += operation(i) }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count)
    return elapsed + (sink.isNaN ? 1 : 0)
}
