import Foundation
import Synchronization

/// A client's unit of work, run in a loop on a thread of its own.
typealias Work = @Sendable () throws -> Void

/// One row of the report.
struct Row: Codable {
    var name: String
    var value: Double
    var unit: String
    /// The lowest and highest of the rounds whose median `value` is, when measured in rounds.
    var low: Double?
    var high: Double?

    init(name: String, value: Double, unit: String, low: Double? = nil, high: Double? = nil) {
        self.name = name
        self.value = value
        self.unit = unit
        self.low = low
        self.high = high
    }
}

func report(_ benchmark: String, _ rows: [Row], ratios: [String: Double], target: String) {
    print("\n\(benchmark)  (\(machine))")
    for row in rows {
        var line = row.name.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%14.1f  %@", row.value, row.unit)
        // A spread of small values (µs a page) in tenths; of rates, whole.
        if let low = row.low, let high = row.high { line += String(format: high < 1000 ? "  (%.1f – %.1f)" : "  (%.0f – %.0f)", low, high) }
        print(line)
    }
    for (name, value) in ratios.sorted(by: { $0.key < $1.key }) { print("\(name): \(String(format: "%.2f", value))") }
    print("target: \(target)")
    struct Output: Codable { var benchmark: String; var date: String; var machine: String; var rows: [Row]; var ratios: [String: Double]; var target: String }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = try! encoder.encode(Output(benchmark: benchmark, date: ISO8601DateFormatter().string(from: Date()), machine: machine, rows: rows,
                                          ratios: ratios, target: target))
    print("JSON: " + String(decoding: json, as: UTF8.self))
}

var machine: String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }?
        .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores"
}

func percentile(_ sorted: [Double], _ fraction: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))] }

/// Latencies in µs of each of `variants`, sorted: 20 rounds of 1,000 calls of each in turn,
/// so that the machine's noise hits them alike.
func alternatingRounds(_ variants: [() throws -> Void]) throws -> [[Double]] {
    var times = [[Double]](repeating: [], count: variants.count)
    for _ in 0..<20 {
        for (index, variant) in variants.enumerated() {
            for _ in 0..<1000 {
                let start = DispatchTime.now().uptimeNanoseconds
                try variant()
                times[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
            }
        }
    }
    return times.map { $0.sorted() }
}

/// `measure` as the scheduler places `processes`, then with every one of them on one core
/// (both ends of a round trip placed alike).
func freeThenPinned<T>(_ processes: [Int32], _ measure: () throws -> T) rethrows -> (free: T, pinned: T) {
    let free = try measure()
    Affinity.pin(processes, to: [0])
    defer { Affinity.pin(processes, to: Affinity.allCPUs) }
    return (free, try measure())
}

/// Operations per second of `clients` threads, each running its own `work` for `seconds`.
func throughput(clients: Int, seconds: Double, makeWork: (Int) throws -> Work) throws -> Double {
    try countedThroughput(clients: clients, seconds: seconds, makeWork: makeWork).perSecond
}

/// ``throughput(clients:seconds:makeWork:)`` with the number of operations done.
func countedThroughput(clients: Int, seconds: Double, makeWork: (Int) throws -> Work) throws -> (perSecond: Double, operations: Int) {
    let works = try (0..<clients).map(makeWork)
    let stop = Atomic<Bool>(false)
    let total = Atomic<Int>(0)
    let failures = Atomic<Int>(0)
    let done = DispatchGroup()
    for work in works {
        done.enter()
        let thread = Thread {
            var count = 0
            while !stop.load(ordering: .relaxed) {
                do { try work() } catch { failures.add(1, ordering: .relaxed); break }
                count += 1
            }
            total.add(count, ordering: .relaxed)
            done.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    let start = Date()
    usleep(useconds_t(seconds * 1_000_000))
    stop.store(true, ordering: .relaxed)
    done.wait()
    let elapsed = Date().timeIntervalSince(start)
    if failures.load(ordering: .relaxed) > 0 { print("warning: \(failures.load(ordering: .relaxed)) clients failed") }
    return (Double(total.load(ordering: .relaxed)) / elapsed, total.load(ordering: .relaxed))
}

/// The CPU time this process has used, in seconds: every thread's, those ended too.
func ownCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

