@testable import CGLDaemon
import CGLDaemonTestSupport
import Foundation
import Logging
import Synchronization
import Testing

/// `WATCHDOG_USEC` and `WATCHDOG_PID`, and pings that follow a probe.
@Suite struct WatchdogTests {
    @Test func theEnvironmentGivesTheTimeoutAndPingsComeAtHalfOfIt() throws {
        let watchdog = try #require(Watchdog.from(environment: ["WATCHDOG_USEC": "200000"], pid: 10))
        #expect(watchdog.timeout == .milliseconds(200))
        #expect(watchdog.interval == .milliseconds(100))
        #expect(Watchdog.from(environment: ["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "10"], pid: 10)?.timeout == .seconds(30))
    }

    @Test(arguments: [
        [:], ["WATCHDOG_USEC": "0"], ["WATCHDOG_USEC": "soon"], ["WATCHDOG_USEC": "200000", "WATCHDOG_PID": "11"],
    ])
    func noWatchdogWhenItIsNotOurs(environment: [String: String]) {
        #expect(Watchdog.from(environment: environment, pid: 10) == nil)
    }

    @Test func pingsKeepComingWhileTheProbeAnswersAndStopWhenItDoesNot() async throws {
        let listener = try NotifyListener(address: "@cgld-test-\(UUID().uuidString)")
        let healthy = Atomic<Bool>(true)
        let watchdog = Watchdog(timeout: .milliseconds(100))
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let task = Task {
            await watchdog.run(notifier: SystemdNotifier(address: listener.address), logger: logger) { healthy.load(ordering: .relaxed) }
        }
        defer { task.cancel() }
        // Generous deadlines: the suite runs many daemons at once on two cores.
        try await blocking {
            for _ in 0 ..< 3 { try listener.wait(for: "WATCHDOG=1") { $0 == "WATCHDOG=1" } }
        }
        #expect(listener.received.count == 3)
        healthy.store(false, ordering: .relaxed)
        // At most one ping already under way; then none for several intervals.
        let late = try await blocking { () -> Int in
            (0 ..< 6).compactMap { _ in listener.next(timeout: .milliseconds(100)) }.count
        }
        #expect(late <= 1)
    }
}
