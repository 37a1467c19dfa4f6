import Foundation
import MallocInterposerSwift

/// One measured variant: nanoseconds per operation over several samples, and allocations.
struct Measurement: Codable {
    let name: String
    let medianNanoseconds: Double
    let p10Nanoseconds: Double
    let p90Nanoseconds: Double
    /// `nil` when the allocation counter is not preloaded (run through `Benchmarks/run-text`),
    /// and for other processes (Pango).
    let allocationsPerOperation: Double?
}

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
func measure(_ variants: [Variant], samples: Int) -> [Measurement] {
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
        let sorted = timings[index].sorted()
        return Measurement(
            name: variant.name,
            medianNanoseconds: sorted[sorted.count / 2],
            p10Nanoseconds: sorted[sorted.count / 10],
            p90Nanoseconds: sorted[(sorted.count * 9) / 10],
            allocationsPerOperation: allocations(per: variant.timing)
        )
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
    guard allocationCountingIsAvailable else { return nil }
    switch timing {
    case .batch(_, let batch):
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
        _ = batch(200)
        MallocInterposerSwift.unhook()
        let count = MallocInterposerSwift.getStatistics().mallocCount
        MallocInterposerSwift.initialize()
        return Double(count) / 200
    case .eachOperation(_, let setup, let operation):
        var sum = 0.0
        MallocInterposerSwift.initialize()
        for i in 0..<200 {
            setup(i)
            MallocInterposerSwift.hook()
            sum += operation(i)
            MallocInterposerSwift.unhook()
        }
        let count = MallocInterposerSwift.getStatistics().mallocCount
        MallocInterposerSwift.initialize()
        return Double(count) / 200 + (sum.isNaN ? 1 : 0)
    case .external:
        return nil
    }
}

/// Whether `LD_PRELOAD` brought the interposer in: a known allocation must be counted.
let allocationCountingIsAvailable: Bool = {
    MallocInterposerSwift.initialize()
    MallocInterposerSwift.hook()
    // An array whose size the optimiser cannot know, so the allocation cannot be elided.
    let probe = [Int](repeating: 1, count: CommandLine.arguments.count + 16)
    MallocInterposerSwift.unhook()
    if probe.isEmpty { print("unreachable") }
    let counted = MallocInterposerSwift.getStatistics().mallocCount > 0
    MallocInterposerSwift.initialize()
    return counted
}()

/// The machine the figures come from, for `docs/performance.md`.
var machineDescription: String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }?
        .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores"
}

/// Prints a table for people and one JSON object for machines.
func report(benchmark: String, measurements: [Measurement], ratios: [String: Double], target: String, met: [String: Bool]) {
    print("\n\(benchmark)  (\(machineDescription))")
    let header = "variant".padding(toLength: 62, withPad: " ", startingAt: 0) + "median ns      p10 ns      p90 ns   allocs/op"
    print(header)
    print(String(repeating: "-", count: header.count))
    for m in measurements {
        let allocs = m.allocationsPerOperation.map { String(format: "%9.2f", $0) } ?? "      n/a"
        print(m.name.padding(toLength: 62, withPad: " ", startingAt: 0)
            + String(format: "%9.1f %11.1f %11.1f   ", m.medianNanoseconds, m.p10Nanoseconds, m.p90Nanoseconds) + allocs)
    }
    for (key, value) in ratios.sorted(by: { $0.key < $1.key }) {
        let verdict = met[key].map { $0 ? "   target met" : "   target MISSED" } ?? ""
        print("\(key): \(String(format: "%.2f", value))\(verdict)")
    }
    print("target: \(target)")
    struct Report: Codable {
        let benchmark: String
        let machine: String
        let date: String
        let measurements: [Measurement]
        let ratios: [String: Double]
        let target: String
        let met: [String: Bool]
    }
    let json = Report(benchmark: benchmark, machine: machineDescription, date: ISO8601DateFormatter().string(from: Date()),
                      measurements: measurements, ratios: ratios, target: target, met: met)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    if let data = try? encoder.encode(json), let text = String(data: data, encoding: .utf8) { print("JSON: \(text)") }
}
