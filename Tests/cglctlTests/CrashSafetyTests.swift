import CGLClient
import CGLDaemonTestSupport
import CGLStore
import CGLWire
import Foundation
import Testing

/// SIGKILL in the middle of a large prewarm loses nothing that was registered.
@Suite(.serialized) struct CrashSafetyTests {
    static let schemeCount = 400

    /// `settings-list` under many names, each with its own header text (so its own hash).
    private func writeSchemes(into folder: String) throws -> [String] {
        let text = try String(contentsOfFile: example("settings-list"), encoding: .utf8)
        return try (0 ..< Self.schemeCount).map { index in
            let path = "\(folder)/scheme-\(index).json"
            try text.replacingOccurrences(of: "\"name\": \"settings-list\"", with: "\"name\": \"scheme-\(index)\"")
                .replacingOccurrences(of: "\"default\": \"Settings\"", with: "\"default\": \"Settings \(index)\"")
                .write(toFile: path, atomically: false, encoding: .utf8)
            return path
        }
    }

    @Test func aDaemonKilledMidPrewarmRestartsWithEverySchemeAndAnIntactDatabase() async throws {
        // Seconds of waiting on processes: on a thread of its own, not one of the few the
        // in-process daemons of other tests need.
        try await blocking { try Self().killedMidPrewarm() }
    }

    private func killedMidPrewarm() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/documents", withIntermediateDirectories: true)
        let files = try writeSchemes(into: folder + "/documents")
        let total = Double(Self.schemeCount * 24)

        let first = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        #expect(try runCglctl(["register"] + files + ["--socket", first.socketPath]).status == 0)
        let prewarm = Process()
        prewarm.executableURL = productsDirectory.appendingPathComponent("cglctl")
        prewarm.arguments = ["prewarm", "--socket", first.socketPath]
        prewarm.standardOutput = FileHandle.nullDevice
        prewarm.standardError = FileHandle.nullDevice
        try launch(prewarm)
        // Polls until the prewarm has written some of its batches, then kills the daemon.
        let client = CGLClient(socketPath: first.socketPath)
        var stats = try client.stats()
        let deadline = ContinuousClock.now + .seconds(60)
        while stats[WireStats.Key.snapshotsStored] == 0, ContinuousClock.now < deadline {
            usleep(1000)
            stats = try client.stats()
        }
        #expect(first.stop(SIGKILL) == SIGKILL)
        #expect(stats[WireStats.Key.prewarmRunning] == 1 && stats[WireStats.Key.snapshotsStored]! < total)
        prewarm.waitUntilExit()
        #expect(prewarm.terminationStatus == 69)  // the connection was lost: daemon unavailable

        try checkDatabase(at: first.databasePath)

        let second = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        let restarted = CGLClient(socketPath: second.socketPath)
        #expect(try restarted.list().count == Self.schemeCount)
        let summary = try restarted.prewarm()
        #expect(summary.failed == 0)
        #expect(Double(summary.computed + summary.alreadyCached) == total)
        #expect(summary.alreadyCached > 0)
        for index in [0, 123, Self.schemeCount - 1] {
            let lookup = try runCglctl(["lookup", "scheme-\(index)", "--profile", "tablet-landscape", "--format", "json", "--socket", second.socketPath])
            let compute = try runCglctl(["compute", files[index], "--profile", "tablet-landscape", "--format", "json"])
            #expect(lookup.stdout.hasSuffix(",\"source\":\"store\"}\n"))
            #expect(lookup.stdout.replacingOccurrences(of: ",\"source\":\"store\"}", with: "}") == compute.stdout)
        }
        #expect(second.stop() == 0)
        try checkDatabase(at: second.databasePath)
    }

    /// `PRAGMA integrity_check` is ok and every scheme is registered.
    private func checkDatabase(at path: String) throws {
        let semaphore = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<(String, Int), any Error> = .failure(DaemonProcess.Failure("not run"))
        Task {
            do {
                let store = try SQLiteSchemeStore(location: .file(path: path))
                outcome = .success((try await store.integrityCheck(), try await store.schemeSummaries().count))
                try await store.close()
            } catch {
                outcome = .failure(error)
            }
            semaphore.signal()
        }
        semaphore.wait()
        let (integrity, schemes) = try outcome.get()
        #expect(integrity == "ok")
        #expect(schemes == Self.schemeCount)
    }
}
