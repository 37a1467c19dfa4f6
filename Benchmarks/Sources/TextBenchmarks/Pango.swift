import Foundation

/// `Tests/TextAgreement/pango-measure`, the Pango reference, run as a separate process
/// (without the allocation counter preloaded).
struct Pango {
    let executable: String

    /// One request line of pango-measure: `family<TAB>size<TAB>width<TAB>direction<TAB>text`.
    static func request(family: String, size: Double, width: Double?, text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
        return "\(family)\t\(size)\t\(width.map { String($0) } ?? "-")\tltr\t\(escaped)"
    }

    /// Nanoseconds per layout of `request` over `iterations` layouts (`--bench`: same context,
    /// a new layout each time, the width cycling over 10 values from half the width to it).
    func warmNanosecondsPerLayout(_ request: String, iterations: Int) -> Double {
        struct Output: Decodable {
            let iterations: Int
            let warm_ns_per_layout: Double
        }
        let output = run(["--bench", String(iterations)], input: request + "\n")
        guard let decoded = try? JSONDecoder().decode(Output.self, from: Data(output.utf8)) else {
            fatalError("pango-measure --bench answered: \(output)")
        }
        return decoded.warm_ns_per_layout
    }

    /// Pango's answer to each request: `(width, lines)`.
    func measure(_ requests: [String]) -> [(width: Double, lines: Int)] {
        let output = run([], input: requests.map { $0 + "\n" }.joined())
        return output.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, let width = Double(fields[0]), let lines = Int(fields[1]) else {
                fatalError("pango-measure answered: \(line)")
            }
            return (width, lines)
        }
    }

    private func run(_ arguments: [String], input: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = nil
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        do { try process.run() } catch { fatalError("cannot run \(executable): \(error)") }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { fatalError("\(executable) exited with \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }
}
