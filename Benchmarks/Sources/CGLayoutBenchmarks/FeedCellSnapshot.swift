import BenchmarkSupport
import CGLayout
import Foundation

/// Snapshot of the 10-element feed cell against the same frames by hand, in one run.
/// Target (issue 2): the engine within 3× of hand-written frame math.
func feedCellSnapshot() {
    let feed = FeedCell()
    // Blocks hold their elements weakly (as in CGLayout): keep the cell alive throughout.
    defer { withExtendedLifetime(feed) {} }
    let scheme = feed.scheme
    let compiled = scheme.compiled()

    // Both sides must compute the very same frames, or the comparison means nothing.
    var check = Array(repeating: CGRect.zero, count: 10)
    for width in stride(from: CGFloat(200), through: 1200, by: 7) {
        handWrittenFeedCell(width: width, height: 600, into: &check)
        let frames = compiled.snapshot(for: CGRect(x: 0, y: 0, width: width, height: 600)).frames
        precondition(frames == check, "engine and hand-written frames differ at width \(width): \(frames) vs \(check)")
    }

    var reusedSnapshot = LayoutSnapshot()
    var reusedFrames = Array(repeating: CGRect.zero, count: 10)
    let variants: [(name: String, batch: Batch)] = [
        ("hand-written CGRect math, reused array", { iterations in
            var sum = 0.0
            for i in 0..<iterations {
                handWrittenFeedCell(width: 320 + CGFloat(i & 63), height: 600, into: &reusedFrames)
                sum += reusedFrames[9].origin.y
            }
            return sum
        }),
        ("engine: compiled snapshot(into:)", { iterations in
            var sum = 0.0
            for i in 0..<iterations {
                compiled.snapshot(for: CGRect(x: 0, y: 0, width: 320 + CGFloat(i & 63), height: 600), into: &reusedSnapshot)
                sum += reusedSnapshot.frames[9].origin.y
            }
            return sum
        }),
        ("hand-written CGRect math, new array", { iterations in
            var sum = 0.0
            for i in 0..<iterations {
                var frames = Array(repeating: CGRect.zero, count: 10)
                handWrittenFeedCell(width: 320 + CGFloat(i & 63), height: 600, into: &frames)
                sum += frames[9].origin.y
            }
            return sum
        }),
        ("engine: compiled snapshot(for:)", { iterations in
            var sum = 0.0
            for i in 0..<iterations {
                sum += compiled.snapshot(for: CGRect(x: 0, y: 0, width: 320 + CGFloat(i & 63), height: 600)).frames[9].origin.y
            }
            return sum
        }),
        ("engine: compile + snapshot every time", { iterations in
            var sum = 0.0
            for i in 0..<iterations / 20 {
                sum += scheme.compiled().snapshot(for: CGRect(x: 0, y: 0, width: 320 + CGFloat(i & 63), height: 600)).frames[9].origin.y
            }
            return sum * 20
        }),
    ]
    var measurements = measure(variants, iterations: 200_000, samples: 31)
    // The last variant ran 1/20 of the iterations; scale it back to per-operation figures.
    let slow = measurements[4]
    measurements[4] = BenchmarkMeasurement(name: slow.name, medianNanoseconds: slow.medianNanoseconds * 20, p10Nanoseconds: slow.p10Nanoseconds * 20,
                                  p90Nanoseconds: slow.p90Nanoseconds * 20, allocationsPerOperation: slow.allocationsPerOperation.map { $0 * 20 })
    let reused = measurements[1].medianNanoseconds / measurements[0].medianNanoseconds
    let allocating = measurements[3].medianNanoseconds / measurements[2].medianNanoseconds
    report(
        benchmark: "feed-cell-snapshot",
        measurements: measurements,
        ratios: ["engine/hand (reused storage)": reused, "engine/hand (new array)": allocating],
        target: "engine within 3x of hand-written frame math"
    )
}

/// Only the engine's reused-storage loop, for profilers (`valgrind --tool=callgrind`).
func feedCellProfile() {
    let feed = FeedCell()
    // Blocks hold their elements weakly (as in CGLayout): keep the cell alive while compiling.
    let compiled = withExtendedLifetime(feed) { feed.scheme.compiled() }
    precondition(compiled.snapshot(for: CGRect(x: 0, y: 0, width: 320, height: 600)).frames[9].origin.y > 0)
    var snapshot = LayoutSnapshot()
    var sum = 0.0
    let start = DispatchTime.now().uptimeNanoseconds
    for i in 0..<1_000_000 {
        compiled.snapshot(for: CGRect(x: 0, y: 0, width: 320 + CGFloat(i & 63), height: 600), into: &snapshot)
        sum += snapshot.frames[9].origin.y
    }
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    print("checksum \(sum), \(Double(elapsed) / 1_000_000) ns per snapshot")
}
