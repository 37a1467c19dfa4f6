import CGLClient
import CGLTestSupport
import Foundation
import Testing

/// The built `cgld` binary running on a socket and database in a temporary folder.
///
/// `@unchecked Sendable` so that a test may start one on a thread of its own (``blocking``)
/// and use it after: what it holds never changes after `init`, and `Process` and
/// `FileHandle` are safe to use from one thread at a time, as a test does.
final class DaemonProcess: @unchecked Sendable {
    let folder: String
    let process = Process()
    var socketPath: String { folder + "/s.sock" }
    var databasePath: String { folder + "/db.sqlite" }
    /// Where its stdout and stderr go.
    let logPath: String
    private let log: FileHandle

    /// Starts `cgld` and returns once it answers a ping.
    ///
    /// - Parameters:
    ///   - arguments: Flags after the socket, database and schemes folder of `folder`.
    ///   - environment: Variables added to this process's environment.
    ///   - waitForPing: Whether to return only once it answers (or right after starting it).
    ///   - schemesFlag: Whether to pass `--schemes-dir` (which overrides a `--config` file's).
    init(folder: String, arguments: [String] = [], environment: [String: String] = [:], waitForPing: Bool = true, schemesFlag: Bool = true) throws {
        self.folder = folder
        process.executableURL = productsDirectory.appendingPathComponent("cgld")
        process.arguments = ["--socket", folder + "/s.sock", "--database", folder + "/db.sqlite"]
            + (schemesFlag ? ["--schemes-dir", folder + "/schemes.d"] : []) + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        logPath = folder + "/cgld-\(UUID().uuidString).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardOutput = log
        process.standardError = log
        try launch(process)
        if waitForPing { try waitUntilReady() }
    }

    /// What it logged so far.
    var logText: String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// Polls with pings until the daemon answers (its readiness signal), failing if it exits.
    private func waitUntilReady() throws {
        let client = CGLClient(configuration: .init(socketPath: socketPath, connectTimeout: .seconds(5)))
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            guard process.isRunning else { throw Failure("cgld exited with status \(process.terminationStatus) before it was ready") }
            if (try? client.ping()) != nil { return }
            usleep(5000)
        }
        throw Failure("cgld did not answer within a minute")
    }

    /// Sends `signal` and waits for the process to end; its exit status.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        try? log.close()
        return process.terminationStatus
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// A new folder under `/tmp` with a short name (socket paths must fit in 108 bytes), with
/// an empty `schemes.d/`.
func makeDaemonFolder() throws -> String {
    var template = Array("/tmp/cglctl-XXXXXX".utf8CString)
    guard let pointer = mkdtemp(&template) else { throw DaemonProcess.Failure("mkdtemp failed") }
    let folder = String(cString: pointer)
    try FileManager.default.createDirectory(atPath: folder + "/schemes.d", withIntermediateDirectories: true)
    return folder
}
