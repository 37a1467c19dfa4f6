import Foundation
import BenchmarkSupport

/// A batch runs `iterations` operations and returns a checksum so that nothing is optimised away.
typealias Batch = (_ iterations: Int) -> Double

/// Times variants side by side: every sample runs each variant once, in turn, so that the
/// machine's noise hits them alike and only their ratio is trusted.
func measure(_ variants: [(name: String, batch: Batch)], iterations: Int, samples: Int) -> [BenchmarkMeasurement] {
    var timings = Array(repeating: [Double](), count: variants.count)
    var sink = 0.0
    for (_, batch) in variants { sink += batch(iterations / 10) }  // warm up
    for _ in 0..<samples {
        for (index, variant) in variants.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            sink += variant.batch(iterations)
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            timings[index].append(Double(elapsed) / Double(iterations))
        }
    }
    if sink.isNaN { print("checksum: \(sink)") }
    return variants.enumerated().map { index, variant in
        BenchmarkMeasurement(name: variant.name, samples: timings[index], allocationsPerOperation: allocations(per: variant.batch, iterations: 1_000))
    }
}

/// Allocations per operation, counted by the preloaded malloc interposer.
func allocations(per batch: Batch, iterations: Int) -> Double? {
    countAllocations { _ = batch(iterations) }.map { Double($0) / Double(iterations) }
}
