import Foundation
import MallocInterposerSwift

/// One measured variant: nanoseconds per operation over several samples, and allocations.
struct Measurement: Codable {
    let name: String
    let medianNanoseconds: Double
    let p10Nanoseconds: Double
    let p90Nanoseconds: Double
    /// `nil` when the allocation counter is not preloaded (run through `Benchmarks/run`).
    let allocationsPerOperation: Double?
}

/// A batch runs `iterations` operations and returns a checksum so that nothing is optimised away.
typealias Batch = (_ iterations: Int) -> Double

/// Times variants side by side: every sample runs each variant once, in turn, so that the
/// machine's noise hits them alike and only their ratio is trusted.
func measure(_ variants: [(name: String, batch: Batch)], iterations: Int, samples: Int) -> [Measurement] {
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
        let sorted = timings[index].sorted()
        return Measurement(
            name: variant.name,
            medianNanoseconds: sorted[sorted.count / 2],
            p10Nanoseconds: sorted[sorted.count / 10],
            p90Nanoseconds: sorted[(sorted.count * 9) / 10],
            allocationsPerOperation: allocations(per: variant.batch, iterations: 1_000)
        )
    }
}

/// Allocations per operation, counted by the preloaded malloc interposer.
func allocations(per batch: Batch, iterations: Int) -> Double? {
    guard allocationCountingIsAvailable else { return nil }
    MallocInterposerSwift.hook()
    _ = batch(iterations)
    MallocInterposerSwift.unhook()
    let count = MallocInterposerSwift.getStatistics().mallocCount
    MallocInterposerSwift.initialize()
    return Double(count) / Double(iterations)
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
func report(benchmark: String, measurements: [Measurement], extra: [String: Double], target: String) {
    print("\n\(benchmark)  (\(machineDescription))")
    let header = "variant".padding(toLength: 44, withPad: " ", startingAt: 0) + "median ns    p10 ns    p90 ns   allocs/op"
    print(header)
    print(String(repeating: "-", count: header.count))
    for m in measurements {
        let allocs = m.allocationsPerOperation.map { String(format: "%9.2f", $0) } ?? "      n/a"
        print(m.name.padding(toLength: 44, withPad: " ", startingAt: 0)
            + String(format: "%9.1f %9.1f %9.1f   ", m.medianNanoseconds, m.p10Nanoseconds, m.p90Nanoseconds) + allocs)
    }
    for (key, value) in extra.sorted(by: { $0.key < $1.key }) { print("\(key): \(String(format: "%.2f", value))") }
    print("target: \(target)")
    struct Report: Codable {
        let benchmark: String
        let machine: String
        let date: String
        let measurements: [Measurement]
        let ratios: [String: Double]
        let target: String
    }
    let json = Report(benchmark: benchmark, machine: machineDescription, date: ISO8601DateFormatter().string(from: Date()),
                      measurements: measurements, ratios: extra, target: target)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    if let data = try? encoder.encode(json), let text = String(data: data, encoding: .utf8) { print("JSON: \(text)") }
}
