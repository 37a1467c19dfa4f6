import Foundation

/// Nanoseconds of each of `runs` operations, each timed alone after an untimed `setup`.
///
/// Per-operation timing, as the Python peers are timed (`time.perf_counter_ns` around each
/// call): the reports give medians. Two clock reads per operation (tens of nanoseconds) are
/// inside every figure, on both sides.
func timeEach(runs: Int, setup: (Int) -> Void = { _ in }, _ operation: (Int) -> Double) -> [Double] {
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    var sink = 0.0
    for i in 0..<runs {
        setup(i)
        let start = DispatchTime.now().uptimeNanoseconds
        sink += operation(i)
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    }
    if sink.isNaN { print("checksum: \(sink)") }
    return samples
}

/// The median of `samples`.
func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// How many operations to time for one that takes about `nanoseconds`: enough for a stable
/// median, at most about two seconds.
func runs(for nanoseconds: Double, minimum: Int = 5, maximum: Int = 2_000) -> Int {
    Swift.max(minimum, Swift.min(maximum, Int(2e9 / Swift.max(nanoseconds, 1))))
}
