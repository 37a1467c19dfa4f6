import CGLClient
import CGLDaemonTestSupport
import CGLWire
import Foundation
import Synchronization
import Testing

/// What one local client can do to the daemon every other client shares, tried against the
/// built `cgld` (its own process, so that its memory is its own).
@Suite struct HostileClientTests {
    /// The daemon's resident memory, in bytes.
    static func residentBytes(of pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
    }

    /// A client that writes warm lookups as fast as the socket takes them and never reads
    /// an answer: the daemon stops reading it once a megabyte of answers waits
    /// (`limits.maxUnreadAnswerBytes`), so its memory stays flat for 30 s, and the other
    /// clients are answered all along. Before backpressure this grew by gigabytes in seconds.
    @Test func aClientThatNeverReadsHoldsABoundedAmountOfMemory() async throws {
        // Thirty seconds of blocking work: on a thread of its own, not one of the few the
        // other tests share.
        try await blocking { try Self.neverReading() }
    }

    private static func neverReading() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: examplePath("feed-cell"), toPath: folder + "/schemes.d/feed-cell.json")
        let daemon = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        defer { daemon.stop() }
        let other = CGLClient(configuration: .init(socketPath: daemon.socketPath, requestTimeout: .seconds(10)))
        _ = try other.lookup("feed-cell", in: .profile("phone-portrait"))
        let baseline = residentBytes(of: daemon.process.processIdentifier)

        let greedy = try RawConnection(path: daemon.socketPath)
        #expect(try greedy.handshake().status == .ok)
        var frames: [UInt8] = []
        for id in 1 ... 256 {
            WireRequest.lookup(scheme: "feed-cell", environment: .profile("phone-portrait")).encode(requestID: UInt32(id), into: &frames)
        }
        var written = 0
        var peak = baseline
        var served = 0
        let end = ContinuousClock.now + .seconds(30)
        var nextSample = ContinuousClock.now
        while ContinuousClock.now < end {
            // Whole frames or not, as the socket takes them: the daemon reads a stream.
            let count = try greedy.sendSome(frames)
            if count == frames.count { written += count } else {
                written += count
                frames = Array(frames[count...] + frames[..<count])
                usleep(1000)
            }
            if ContinuousClock.now >= nextSample {
                nextSample = ContinuousClock.now + .milliseconds(500)
                peak = max(peak, residentBytes(of: daemon.process.processIdentifier))
                _ = try other.lookup("feed-cell", in: .profile("phone-portrait"))
                served += 1
            }
        }
        let grown = (peak - baseline) / 1_048_576
        print("HostileClientTests: \(written / 1024) KiB of requests written, resident memory \(baseline / 1_048_576) → peak \(peak / 1_048_576) MiB")
        // A megabyte of answers, a read buffer's worth of requests answered at once, the
        // socket's own buffers: far below this.
        #expect(grown < 48, "the daemon grew by \(grown) MiB under a client that never reads")
        #expect(served >= 50)
    }
}

/// The socket's permissions, from its first instant.
@Suite struct PrivateSocketTests {
    /// Started under `umask 0`, the daemon's socket is never seen at its path with a mode
    /// other than the configured one (0660): it is bound in a private folder and moved into
    /// place with its mode, and that folder is gone once it serves.
    @Test func theSocketIsNeverMoreOpenThanConfigured() async throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socketPath = folder + "/s.sock"
        let modes = Mutex<Set<UInt16>>([])
        let watching = Atomic<Bool>(true)
        // Watches from before the daemon starts until its socket first appears: the mode it
        // has then is the one a client racing the daemon would meet. (It yields between looks:
        // the other tests share the two cores.)
        let watcher = Thread {
            while watching.load(ordering: .relaxed) {
                var status = stat()
                if lstat(socketPath, &status) == 0 {
                    modes.withLock { _ = $0.insert(UInt16(status.st_mode & 0o777)) }
                    return
                }
                sched_yield()
            }
        }
        watcher.start()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "umask 0; exec \"$0\" \"$@\"", productsDirectory.appendingPathComponent("cgld").path,
                             "--socket", socketPath, "--database", folder + "/db.sqlite", "--schemes-dir", folder + "/schemes.d", "--no-prewarm"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try launch(process)
        defer {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        let client = CGLClient(configuration: .init(socketPath: socketPath, connectTimeout: .seconds(1)))
        let deadline = ContinuousClock.now + .seconds(60)
        while (try? await client.ping()) == nil {
            #expect(process.isRunning && ContinuousClock.now < deadline)
            guard process.isRunning, ContinuousClock.now < deadline else { break }
            try await Task.sleep(for: .milliseconds(2))
        }
        try await Task.sleep(for: .milliseconds(50))
        watching.store(false, ordering: .relaxed)
        #expect(modes.withLock { $0 } == [0o660], "modes seen at \(socketPath): \(modes.withLock { $0.map { String($0, radix: 8) } })")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".cgld-bind-") }
        #expect(left.isEmpty, "staging folders left behind: \(left)")
    }
}
