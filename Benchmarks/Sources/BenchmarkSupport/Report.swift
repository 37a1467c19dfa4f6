import Foundation

/// The machine the figures come from, for `docs/performance.md`.
public var machineDescription: String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }?
        .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores"
}

/// Prints a table for people and one JSON object for machines: the measurements, the ratios
/// and, where given, whether each ratio meets the target.
public func report(benchmark: String, measurements: [BenchmarkMeasurement], ratios: [String: Double], target: String, met: [String: Bool] = [:]) {
    print("\n\(benchmark)  (\(machineDescription))")
    let width = max(44, (measurements.map(\.name.count).max() ?? 0) + 2)
    let header = "variant".padding(toLength: width, withPad: " ", startingAt: 0) + "  median ns      p10 ns      p90 ns   allocs/op"
    print(header)
    print(String(repeating: "-", count: header.count))
    for m in measurements {
        let allocs = m.allocationsPerOperation.map { String(format: "%9.2f", $0) } ?? "      n/a"
        print(m.name.padding(toLength: width, withPad: " ", startingAt: 0)
            + String(format: "%11.1f %11.1f %11.1f   ", m.medianNanoseconds, m.p10Nanoseconds, m.p90Nanoseconds) + allocs)
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
        let measurements: [BenchmarkMeasurement]
        let ratios: [String: Double]
        let target: String
        let met: [String: Bool]?
    }
    let json = Report(benchmark: benchmark, machine: machineDescription, date: ISO8601DateFormatter().string(from: Date()),
                      measurements: measurements, ratios: ratios, target: target, met: met.isEmpty ? nil : met)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    if let data = try? encoder.encode(json), let text = String(data: data, encoding: .utf8) { print("JSON: \(text)") }
}
