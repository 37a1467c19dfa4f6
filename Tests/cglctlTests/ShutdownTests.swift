import CGLClient
import CGLDaemonTestSupport
import CGLWire
import Foundation
import Synchronization
import Testing

/// SIGTERM while slow work is in flight, with the built `cgld`: the computations no one
/// will read are cancelled at their next safe point, a prewarm stops between
/// environments, and the daemon exits 0 well inside systemd's stop timeout.
@Suite struct ShutdownTests {
    /// A daemon serving a chain of 2 000 elements (computing it takes ~20 s in a debug
    /// build; before cancellation, SIGTERM waited for every computation in flight).
    static func slowDaemon() throws -> (DaemonProcess, String) {
        let folder = try makeDaemonFolder()
        try equationChainDocument(2_000).write(toFile: folder + "/schemes.d/chain.json", atomically: true, encoding: .utf8)
        return (try DaemonProcess(folder: folder, arguments: ["--no-prewarm"]), folder)
    }

    @Test func sigtermWithSlowLookupsInFlightExitsWithinThreeSeconds() async throws {
        try await blocking {
            let (daemon, folder) = try Self.slowDaemon()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let socketPath = daemon.socketPath
            let answers = Mutex<[String]>([])
            let group = DispatchGroup()
            for profile in ["phone-portrait", "tablet-landscape"] {
                DispatchQueue.global().async(group: group) {
                    let client = CGLClient(configuration: .init(socketPath: socketPath, requestTimeout: .seconds(60)))
                    let answer: String
                    do {
                        answer = "a snapshot of \(try client.lookup("chain", in: .profile(profile)).elements.count) frames"
                    } catch {
                        answer = "\(error)"
                    }
                    answers.withLock { $0.append(answer) }
                }
            }
            // Both computing by now.
            usleep(1_500_000)
            let start = ContinuousClock.now
            let status = daemon.stop(SIGTERM)
            let took = ContinuousClock.now - start
            #expect(status == 0, "cgld exited \(status):\n\(daemon.logText)")
            #expect(took < .seconds(3), "cgld took \(took) to exit")
            #expect(group.wait(timeout: .now() + 10) == .success)
            // Answered, not computed: no one reads work a stopping daemon would finish.
            #expect(answers.withLock { $0.count } == 2)
            #expect(answers.withLock { $0 }.allSatisfy { !$0.hasPrefix("a snapshot") }, "\(answers.withLock { $0 })")
            #expect(daemon.logText.contains("computations cancelled"))
        }
    }

    /// A prewarm under way when the daemon stops answers at once: what it never computed
    /// is `cancelled`, not `failed`.
    @Test func aPrewarmCutShortBySigtermCountsCancelledPairs() async throws {
        try await blocking {
            let (daemon, folder) = try Self.slowDaemon()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let socketPath = daemon.socketPath
            let summary = Mutex<Result<PrewarmSummary, CGLClientError>?>(nil)
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                let client = CGLClient(configuration: .init(socketPath: socketPath, requestTimeout: .seconds(60)))
                let result = Result { () throws(CGLClientError) -> PrewarmSummary in
                    try client.prewarm(schemes: ["chain"], profiles: ["phone-portrait", "tablet-landscape"])
                }
                summary.withLock { $0 = result }
                done.signal()
            }
            // Until the daemon runs it (not a guess of how long that takes on a loaded machine).
            let watcher = CGLClient(configuration: .init(socketPath: socketPath))
            let deadline = ContinuousClock.now + .seconds(30)
            while (try? watcher.stats())?[WireStats.Key.prewarmRunning] != 1, ContinuousClock.now < deadline { usleep(5000) }
            usleep(200_000)
            let start = ContinuousClock.now
            #expect(daemon.stop(SIGTERM) == 0)
            #expect(ContinuousClock.now - start < .seconds(3))
            #expect(done.wait(timeout: .now() + 10) == .success)
            let answer = try #require(summary.withLock { $0 }).get()
            // Two profiles in both directions: four pairs, none computed, none failed.
            #expect(answer.computed == 0 && answer.failed == 0 && answer.cancelled == 4, "\(answer)")
        }
    }
}
