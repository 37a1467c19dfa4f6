import BenchmarkSupport
import BenchmarkWorkloads
import CGLayout
import Foundation

/// The API CGLayout's users call — `layout(in:)`, `snapshot(for:)`, `apply(snapshot:)` on a
/// scheme they keep — against compiling for every call (what each call cost before the
/// scheme kept its program) and the compiled path, at 10, 100 and 1 000 elements.
func everydayAPI() {
    // The 10-element feed cell CGLayout was measured with, then lists of labels.
    let feed = FeedCell()
    let lists = [RowList(count: 100), RowList(count: 1000)]
    defer { withExtendedLifetime((feed, lists)) {} }
    let cases: [(name: String, scheme: LayoutScheme, bounds: CGRect, last: any LayoutElement, count: Int)] =
        [("feed-cell-10", feed.scheme, feed.cell.layoutBounds, feed.separator, 10)]
        + lists.map { ("rows-\($0.rows.count)", $0.scheme, $0.container.layoutBounds, $0.rows[$0.rows.count - 1], $0.rows.count) }
    for (name, scheme, bounds, last, count) in cases {
        let compiled = scheme.compiled()
        // The kept program and a fresh compile lay out the same frames.
        let kept = scheme.snapshot(for: bounds)
        precondition(kept.frames == compiled.snapshot(for: bounds).frames, "kept and compiled programs differ for \(name)")
        scheme.layout(in: bounds)
        precondition(last.frame == kept.frames[count - 1], "layout(in:) and snapshot(for:) differ for \(name)")
        let narrow = scheme.snapshot(for: CGRect(x: 0, y: 0, width: 320, height: bounds.height))
        let scale = max(1, count / 10)
        let variants: [(name: String, batch: Batch)] = [
            ("layout(in:), a new scheme every call (compiles)", { iterations in
                for _ in 0..<max(1, iterations / 20) { LayoutScheme(blocks: scheme.blocks).layout(in: bounds) }
                return Double(last.frame.maxY)
            }),
            ("layout(in:), kept program", { iterations in
                for _ in 0..<iterations { scheme.layout(in: bounds) }
                return Double(last.frame.maxY)
            }),
            ("snapshot(for:), kept program", { iterations in
                var sum = 0.0
                for i in 0..<iterations { sum += scheme.snapshot(for: CGRect(x: 0, y: 0, width: 320 + CGFloat(i & 63), height: bounds.height)).frames[count - 1].maxY }
                return sum
            }),
            ("apply(snapshot:), kept program", { iterations in
                for _ in 0..<iterations { try! scheme.apply(snapshot: narrow) }
                return Double(last.frame.maxY)
            }),
            ("compiled.snapshot(for:)", { iterations in
                var sum = 0.0
                for i in 0..<iterations { sum += compiled.snapshot(for: CGRect(x: 0, y: 0, width: 320 + CGFloat(i & 63), height: bounds.height)).frames[count - 1].maxY }
                return sum
            }),
        ]
        var measurements = measure(variants, iterations: 100_000 / scale, samples: 15)
        // The first variant ran 1/20 of the iterations; scale it back to per-operation figures.
        let slow = measurements[0]
        measurements[0] = BenchmarkMeasurement(name: slow.name, medianNanoseconds: slow.medianNanoseconds * 20, p10Nanoseconds: slow.p10Nanoseconds * 20,
                                               p90Nanoseconds: slow.p90Nanoseconds * 20, allocationsPerOperation: slow.allocationsPerOperation.map { $0 * 20 })
        let before = measurements[0].medianNanoseconds
        report(
            benchmark: "everyday-api-\(name)",
            measurements: measurements,
            ratios: ["new scheme every call / kept layout(in:)": before / measurements[1].medianNanoseconds,
                     "new scheme every call / kept snapshot(for:)": before / measurements[2].medianNanoseconds,
                     "new scheme every call / kept apply(snapshot:)": before / measurements[3].medianNanoseconds],
            target: "each kept call >= 10x faster than CGLayout's (Benchmarks/run-cglayout compares side by side)"
        )
    }
}

/// Only the kept `layout(in:)` of ten rows, for profilers (`valgrind --tool=callgrind`).
func everydayProfile() {
    let list = RowList(count: 10)
    let bounds = list.container.layoutBounds
    withExtendedLifetime(list) {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<20_000 { list.scheme.layout(in: bounds) }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        print("checksum \(list.rows[9].frame.maxY), \(Double(elapsed) / 20_000) ns per layout")
    }
}
