import Foundation
import BenchmarkSupport

/// Timings of one side, in nanoseconds per run.
struct Timing: Codable {
    let medianNanoseconds: Double
    let p10Nanoseconds: Double
    let p90Nanoseconds: Double
    let samples: Int

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        medianNanoseconds = sorted[sorted.count / 2]
        p10Nanoseconds = sorted[sorted.count / 10]
        p90Nanoseconds = sorted[(sorted.count * 9) / 10]
        self.samples = sorted.count
    }
}

/// One benchmark's outcome, printed as a table row and a JSON line.
struct Comparison: Codable {
    let benchmark: String
    let summary: String
    let machine: String
    let date: String
    let swift: Timing
    let kiwi: Timing?
    /// Swift median / kiwi median.
    let ratio: Double?
    let target: String
    let met: Bool?
    let checksumsAgree: Bool?
    /// Swift allocations in one run of the timed part (`nil` without the interposer).
    let swiftAllocationsPerRun: Int?
}

/// kiwi_bench's output line.
struct KiwiOutput: Decodable {
    let name: String
    let samples_ns: [Double]
    let checksum: Double
}

/// Runs kiwi_bench for `samples` runs of `name`, without the allocation counter preloaded.
func runKiwi(_ executable: String, _ name: String, samples: Int) throws -> KiwiOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = [name, String(samples)]
    var environment = ProcessInfo.processInfo.environment
    environment["LD_PRELOAD"] = nil
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw KiwiFailure(status: process.terminationStatus) }
    return try JSONDecoder().decode(KiwiOutput.self, from: data)
}

struct KiwiFailure: Error {
    let status: Int32
}

func milliseconds(_ nanoseconds: Double) -> String {
    String(format: "%9.3f", nanoseconds / 1e6)
}

/// Prints the table header.
func printHeader() {
    print("Cassowary solver against kiwi (\(machineDescription)); medians in ms, p10–p90 in brackets")
    let header = "benchmark".padding(toLength: 24, withPad: " ", startingAt: 0)
        + "     swift ms  [p10 – p90]              kiwi ms  [p10 – p90]        swift/kiwi  target       swift allocs/run"
    print(header)
    print(String(repeating: "-", count: header.count))
}

/// Prints one row for people and one JSON line for machines.
func printRow(_ comparison: Comparison) {
    func cell(_ t: Timing?) -> String {
        guard let t else { return "          n/a" + String(repeating: " ", count: 24) }
        return milliseconds(t.medianNanoseconds) + "  [" + milliseconds(t.p10Nanoseconds) + " –" + milliseconds(t.p90Nanoseconds) + "]"
    }
    let ratio = comparison.ratio.map { String(format: "%8.2f×", $0) } ?? "      n/a"
    let verdict = comparison.met.map { $0 ? "met" : "MISSED" } ?? "-"
    let allocations = comparison.swiftAllocationsPerRun.map { String($0) } ?? "n/a"
    print(comparison.benchmark.padding(toLength: 24, withPad: " ", startingAt: 0) + cell(comparison.swift) + "  "
        + cell(comparison.kiwi) + "  " + ratio + "    " + verdict.padding(toLength: 7, withPad: " ", startingAt: 0)
        + String(repeating: " ", count: max(0, 16 - allocations.count)) + allocations
        + (comparison.checksumsAgree == false ? "   (checksums differ!)" : ""))
}

func printJSON(_ comparison: Comparison) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    if let data = try? encoder.encode(comparison), let text = String(data: data, encoding: .utf8) { print("JSON: \(text)") }
}
