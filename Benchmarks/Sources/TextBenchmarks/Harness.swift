import Foundation
import BenchmarkSupport

/// A batch runs `iterations` operations and returns a checksum so that nothing is optimised away.
typealias Batch = (_ iterations: Int) -> Double

/// How a variant is timed.
enum Timing {
    /// The whole batch is timed and divided by its operations.
    case batch(iterations: Int, Batch)
    /// Each operation is timed on its own, after an untimed `setup` (emptying a cache): only
    /// the operation counts. Costs two clock reads per operation, which the "clock" variant
    /// (an empty operation timed this way) shows.
    case eachOperation(iterations: Int, setup: (Int) -> Void, operation: (Int) -> Double)
    /// Another process measures and reports nanoseconds per operation; one call, one sample.
    case external(() -> Double)
}

struct Variant {
    let name: String
    let timing: Timing
}

/// Times variants side by side: every sample runs each variant once, in turn, so that the
/// machine's noise hits them alike and only their ratio is trusted.
func measure(_ variants: [Variant], samples: Int) -> [BenchmarkMeasurement] {
    var timings = Array(repeating: [Double](), count: variants.count)
    var sink = 0.0
    for variant in variants { sink += run(variant.timing, scale: 10) }  // warm up
    for _ in 0..<samples {
        for (index, variant) in variants.enumerated() {
            timings[index].append(run(variant.timing, scale: 1))
        }
    }
    if sink.isNaN { print("checksum: \(sink)") }
    return variants.enumerated().map { index, variant in
        BenchmarkMeasurement(name: variant.name, samples: timings[index], allocationsPerOperation: allocations(per: variant.timing))
    }
}

/// Nanoseconds per operation for one sample (a tenth of the iterations when `scale` is 10).
private func run(_ timing: Timing, scale: Int) -> Double {
    var sum = 0.0
    switch timing {
    case .batch(let iterations, let batch):
        let count = max(1, iterations / scale)
        let start = DispatchTime.now().uptimeNanoseconds
        sum += batch(count)
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        return Double(elapsed) / Double(count) + (sum.isNaN ? 1 : 0)
    case .eachOperation(let iterations, let setup, let operation):
        let count = max(1, iterations / scale)
        var elapsed: UInt64 = 0
        for i in 0..<count {
            setup(i)
            let start = DispatchTime.now().uptimeNanoseconds
            sum += operation(i)
            elapsed += DispatchTime.now().uptimeNanoseconds - start
        }
        return Double(elapsed) / Double(count) + (sum.isNaN ? 1 : 0)
    case .external(let sample):
        return scale == 1 ? sample() : 0
    }
}

/// Allocations per operation (the operation alone for `eachOperation`), counted by the
/// preloaded malloc interposer.
private func allocations(per timing: Timing) -> Double? {
    switch timing {
    case .batch(_, let batch):
        return countAllocations { _ = batch(200) }.map { Double($0) / 200 }
    case .eachOperation(_, let setup, let operation):
        guard allocationCountingIsAvailable else { return nil }
        var sum = 0.0
        var count = 0
        for i in 0..<200 {
            setup(i)
            count += countAllocations { sum += operation(i) } ?? 0
        }
        return Double(count) / 200 + (sum.isNaN ? 1 : 0)
    case .external:
        return nil
    }
}
