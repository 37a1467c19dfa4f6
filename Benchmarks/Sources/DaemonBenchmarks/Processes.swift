import CGLClient
import Foundation

/// A child process the benchmarks start and stop: `cgld`, the echo floor, Redis.
final class Child {
    let process = Process()
    let name: String

    init(_ executable: String, _ arguments: [String], name: String, quiet: Bool = true, environment: [String: String] = [:]) throws {
        self.name = name
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        if quiet {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// Resident memory in bytes, from /proc.
    var residentBytes: Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        return kilobytes * 1024
    }

    /// The time each thread has spent on a CPU, in nanoseconds, by thread name (threads of
    /// one name summed), from /proc's `schedstat`.
    var threadCPUTimes: [String: Double] {
        let tasks = "/proc/\(pid)/task"
        var times: [String: Double] = [:]
        for thread in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            let name = ((try? String(contentsOfFile: "\(tasks)/\(thread)/comm", encoding: .utf8)) ?? "?").trimmingCharacters(in: .whitespacesAndNewlines)
            let schedstat = (try? String(contentsOfFile: "\(tasks)/\(thread)/schedstat", encoding: .utf8)) ?? ""
            times[name, default: 0] += Double(schedstat.split(separator: " ").first ?? "0") ?? 0
        }
        return times
    }

    /// The CPU time it has used, in seconds: its threads', those ended too (user and system
    /// time from `/proc/PID/stat`, in clock ticks).
    var cpuSeconds: Double {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // After the command's name (in parentheses, which may hold spaces): the state is field 3,
        // utime and stime fields 14 and 15.
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// Polls `ready` every millisecond until it is true or `seconds` pass.
func wait(seconds: Double, for ready: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !ready() {
        guard Date() < deadline else { throw RawSocket.Failure(description: "timed out after \(seconds) s") }
        usleep(1000)
    }
}

/// Waits until a server accepts connections on the Unix socket at `path` (up to 10 s).
func waitUntilListening(_ path: String) throws {
    try wait(seconds: 10) { (try? RawSocket.connect(path)).map { close($0); return true } ?? false }
}

/// Starts `cgld` on `folder` (socket and database there), without prewarming at start, and
/// returns once it answers a ping.
///
/// - Parameter environment: Variables added to its environment (`CGLD_REGISTRY_*` for a fleet).
func startDaemon(_ cgld: String, in folder: String, workers: Int = 0, environment: [String: String] = [:]) throws -> (Child, CGLClient, seconds: Double) {
    let socket = folder + "/cgld.sock"
    let start = Date()
    let child = try Child(cgld, ["--socket", socket, "--database", folder + "/cgld.sqlite", "--schemes-dir", "",
                                 "--no-prewarm", "--workers", "\(workers)", "--log-level", "warning"], name: "cgld", environment: environment)
    let client = CGLClient(configuration: CGLClient.Configuration(socketPath: socket, connectTimeout: .seconds(1), requestTimeout: .seconds(600)))
    try wait(seconds: 60) { (try? client.ping()) != nil }
    return (child, client, Date().timeIntervalSince(start))
}
