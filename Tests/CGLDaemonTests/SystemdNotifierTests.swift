@testable import CGLDaemon
import CGLDaemonTestSupport
import Foundation
import Testing

/// The `sd_notify` datagrams, received by a fake `NOTIFY_SOCKET`.
@Suite struct SystemdNotifierTests {
    @Test func noSocketNoNotifier() {
        #expect(SystemdNotifier(environment: [:]) == nil)
        #expect(SystemdNotifier(environment: ["NOTIFY_SOCKET": ""]) == nil)
        #expect(SystemdNotifier(environment: ["NOTIFY_SOCKET": "vsock:2:1234"]) == nil)
        #expect(SystemdNotifier(environment: ["NOTIFY_SOCKET": "/run/systemd/notify"])?.address == "/run/systemd/notify")
    }

    @Test func aPathSocketReceivesEachMessageWhole() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let listener = try NotifyListener(address: folder + "/notify")
        let notifier = try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": listener.address]))
        try notifier.status("starting")
        try notifier.ready(status: "serving 3 schemes")
        try notifier.watchdog()
        try notifier.stopping(status: "stopping")
        #expect(listener.next(timeout: .seconds(5)) == "STATUS=starting")
        #expect(listener.next(timeout: .seconds(5)) == "READY=1\nSTATUS=serving 3 schemes")
        #expect(listener.next(timeout: .seconds(5)) == "WATCHDOG=1")
        #expect(listener.next(timeout: .seconds(5)) == "STOPPING=1\nSTATUS=stopping")
    }

    @Test func anAbstractSocketIsReachedByItsName() throws {
        let listener = try NotifyListener(address: "@cgld-test-\(UUID().uuidString)")
        try SystemdNotifier(address: listener.address).status("abstract")
        #expect(listener.next(timeout: .seconds(5)) == "STATUS=abstract")
    }

    @Test func reloadingCarriesTheMonotonicClock() throws {
        let listener = try NotifyListener(address: "@cgld-test-\(UUID().uuidString)")
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let before = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
        try SystemdNotifier(address: listener.address).reloading(status: "reloading")
        let lines = try #require(listener.next(timeout: .seconds(5))).split(separator: "\n")
        #expect(lines.first == "RELOADING=1")
        let stamp = try #require(lines.first { $0.hasPrefix("MONOTONIC_USEC=") }.flatMap { UInt64($0.dropFirst(15)) })
        #expect(stamp >= before && stamp < before + 60_000_000)
        #expect(lines.last == "STATUS=reloading")
    }

    @Test func aStatusCannotSmuggleInAnotherField() throws {
        let listener = try NotifyListener(address: "@cgld-test-\(UUID().uuidString)")
        try SystemdNotifier(address: listener.address).status("broken\nREADY=1")
        #expect(listener.next(timeout: .seconds(5)) == "STATUS=broken")
    }

    @Test func aSocketNobodyListensOnIsAFailure() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: SystemdNotifier.Failure.self) { try SystemdNotifier(address: folder + "/nobody").watchdog() }
        let tooLong = "/" + String(repeating: "x", count: 200)
        #expect(throws: SystemdNotifier.Failure.self) { try SystemdNotifier(address: tooLong).watchdog() }
    }
}
