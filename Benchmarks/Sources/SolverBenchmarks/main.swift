import BenchmarkSupport
import Foundation

/// `SolverBenchmarks [--kiwi PATH] [--rounds N] [NAME…]`: runs the named benchmarks (all by
/// default). With `--kiwi`, each benchmark alternates rounds of kiwi_bench (a separate
/// process) and of the Swift solver, so that machine noise hits both alike, and reports
/// the ratio of medians. Prints a table and one JSON line per benchmark.
var arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, in arguments: inout [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}
let kiwi = option("--kiwi", in: &arguments)
let rounds = option("--rounds", in: &arguments).flatMap(Int.init) ?? 3
let requested = Set(arguments)
let unknown = requested.subtracting(scenarios.map(\.name))
guard unknown.isEmpty else {
    FileHandle.standardError.write("unknown benchmark(s) \(unknown.sorted()); known: \(scenarios.map(\.name))\n".data(using: .utf8)!)
    exit(2)
}
let date = ISO8601DateFormatter().string(from: Date())

printHeader()
var comparisons: [Comparison] = []
for scenario in scenarios where requested.isEmpty || requested.contains(scenario.name) {
    let perRound = max(1, scenario.samples / rounds)
    var swiftSamples: [Double] = [], kiwiSamples: [Double] = []
    var swiftChecksum = 0.0, kiwiChecksum: Double?, allocations: Int?
    for _ in 0..<rounds {
        if let kiwi, let peer = scenario.kiwi {
            let output = try runKiwi(kiwi, peer, samples: perRound)
            kiwiSamples += output.samples_ns
            kiwiChecksum = output.checksum
        }
        let result = scenario.run(perRound)
        swiftSamples += result.samples
        swiftChecksum = result.checksum
        allocations = result.allocations
    }
    let swiftTiming = Timing(swiftSamples)
    let kiwiTiming = kiwiSamples.isEmpty ? nil : Timing(kiwiSamples)
    let ratio = kiwiTiming.map { swiftTiming.medianNanoseconds / $0.medianNanoseconds }
    let agree = scenario.comparesChecksums ? kiwiChecksum.map { abs($0 - swiftChecksum) <= 1e-6 * max(1, abs($0)) } : nil
    let comparison = Comparison(benchmark: scenario.name, summary: scenario.summary, machine: machineDescription,
                                date: date, swift: swiftTiming, kiwi: kiwiTiming, ratio: ratio,
                                target: scenario.target.description, met: scenario.target.met(swiftTiming, kiwiTiming), checksumsAgree: agree,
                                swiftAllocationsPerRun: allocations)
    printRow(comparison)
    comparisons.append(comparison)
}
print("")
comparisons.forEach(printJSON)
