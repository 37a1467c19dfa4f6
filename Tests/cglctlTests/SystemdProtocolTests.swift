import CGLDaemonTestSupport
import CGLWire
import Foundation
import Testing

/// The built `cgld` talking to a fake systemd: the notifications it sends, in order.
@Suite struct SystemdProtocolTests {
    @Test func notificationsComeInOrderAndReadyMeansTheSocketAccepts() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: example("feed-cell"), toPath: folder + "/schemes.d/feed-cell.json")
        let listener = try NotifyListener(address: folder + "/notify")
        let daemon = try DaemonProcess(folder: folder, environment: ["NOTIFY_SOCKET": listener.address, "WATCHDOG_USEC": "200000"],
                                       waitForPing: false)
        defer { if daemon.process.isRunning { daemon.stop(SIGKILL) } }

        let ready = try listener.wait(for: "READY=1") { NotifyListener.has("READY=1", in: $0) }
        // Connected at once: no retry, no sleep. A socket that did not accept yet refuses.
        let connection = try RawConnection(path: daemon.socketPath)
        #expect(try connection.handshake().isAccepted)
        guard case .pong = try connection.ask(.ping, id: 1) else { Issue.record("no pong right after READY=1"); return }
        #expect(NotifyListener.has("STATUS=serving 1 scheme on \(daemon.socketPath)", in: ready))
        let beforeReady = listener.received.dropLast()
        #expect(beforeReady.contains { $0.hasPrefix("STATUS=starting: opening the store") })
        #expect(beforeReady.contains { $0.hasPrefix("STATUS=starting: registering 1 scheme from") })

        // The watchdog keeps coming, at 100 ms.
        for _ in 0 ..< 3 { try listener.wait(for: "WATCHDOG=1") { $0 == "WATCHDOG=1" } }

        kill(daemon.process.processIdentifier, SIGHUP)
        let reloading = try listener.wait(for: "RELOADING=1") { NotifyListener.has("RELOADING=1", in: $0) }
        #expect(reloading.split(separator: "\n").contains { $0.hasPrefix("MONOTONIC_USEC=") })
        try listener.wait(for: "READY=1 after the reload") { NotifyListener.has("READY=1", in: $0) }
        #expect(daemon.stop() == 0)
        try listener.wait(for: "STOPPING=1", timeout: .seconds(5)) { NotifyListener.has("STOPPING=1", in: $0) }

        let order = ["READY=1", "RELOADING=1", "READY=1", "STOPPING=1"]
        let seen = listener.received.filter { message in order.contains { NotifyListener.has($0, in: message) } }
            .map { message in order.first { NotifyListener.has($0, in: message) } ?? "" }
        #expect(seen == order)
    }

    @Test func withoutNotifySocketNothingIsSentAndItStillRuns() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(folder: folder, environment: ["NOTIFY_SOCKET": "", "WATCHDOG_USEC": "200000"])
        #expect(daemon.stop() == 0)
        #expect(!daemon.logText.contains("watchdog"))
    }
}
