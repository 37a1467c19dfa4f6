import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLWire
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

#if os(Linux)
import CGLClientFallback
/// A blocking batch waits for its page in `recv` itself, under the socket's receive timeout
/// (`ClientConnection.AnswerWait.inReceive`): the request timeout must still be how long the
/// daemon may stay silent, restarted by every byte, as it is for a wait in `poll`.
@Suite struct BatchAnswerWaitTests {
    @Test func aBatchWhoseAnswerNeverComesTimesOut() async throws {
        try await withPeer(answering: { _, _ in }) { path in
            let client = CGLClient(configuration: .init(socketPath: path, requestTimeout: .milliseconds(300)))
            let (code, started, ended) = try await Self.failure(of: client)
            let waited = ended - started
            #expect(code == .timedOut)
            #expect(waited >= .milliseconds(300) && waited < .seconds(8), "waited \(waited)")
        }
    }

    @Test func aSignalDuringTheWaitDoesNotLengthenIt() async throws {
        // A handled signal ends a wait in `recv` (EINTR); the wait goes on for what is left
        // until the deadline, not for a whole timeout again: 2 s in all, not 3.
        var action = sigaction(), previous = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        sigaction(SIGUSR1, &action, &previous)
        defer { sigaction(SIGUSR1, &previous, nil) }
        // The waiting thread does not end before the signal was sent: it is never sent to a
        // thread that is gone.
        let sent = DispatchSemaphore(value: 0)
        try await withPeer(answering: { _, _ in }) { path in
            let client = CGLClient(configuration: .init(socketPath: path, requestTimeout: .seconds(2)))
            let (code, started, ended) = try await Self.failure(of: client, starting: { waiting in
                // Threads here start with every signal blocked: this one takes SIGUSR1.
                var signals = sigset_t()
                sigemptyset(&signals)
                sigaddset(&signals, SIGUSR1)
                pthread_sigmask(SIG_UNBLOCK, &signals, nil)
                Thread {
                    usleep(1_000_000)
                    pthread_kill(waiting, SIGUSR1)
                    sent.signal()
                }.start()
            }, ending: { sent.wait() })
            let waited = ended - started
            #expect(code == .timedOut)
            #expect(waited >= .seconds(2) && waited < .milliseconds(2600), "waited \(waited)")
        }
    }

    @Test func everyByteRestartsTheTimeoutAndAnAnswerThatStopsHalfwayTimesOut() async throws {
        // Half a frame header after 300 ms, then silence: the wait ends a whole timeout after
        // those bytes, not a timeout after the request.
        let wroteAt = Mutex<ContinuousClock.Instant?>(nil)
        try await withPeer(answering: { client, _ in
            usleep(300_000)
            Self.send([0, 0, 1, 0, 0x85], to: client)
            wroteAt.withLock { $0 = .now }
        }) { path in
            let client = CGLClient(configuration: .init(socketPath: path, requestTimeout: .milliseconds(1500)))
            let (code, _, ended) = try await Self.failure(of: client)
            #expect(code == .timedOut)
            let wrote = try #require(wroteAt.withLock { $0 }, "the peer had not written within the timeout")
            #expect(ended - wrote >= .milliseconds(1500) && ended - wrote < .seconds(8), "ended \(ended - wrote) after the bytes")
        }
    }

    @Test func aPageThatArrivesInPiecesOverMoreThanTheTimeoutIsRead() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let page = try Self.page(12)
            let expected = try await daemon.client().lookup(page).map { try $0.get().document }
            let daemonPath = daemon.configuration.socketPath
            // The daemon's own answer to the client's request, handed on in 4 pieces 700 ms
            // apart: 2.1 s from the first to the last, under a timeout of 2 s. The first goes
            // as soon as the daemon answered (asking it takes a while on a loaded machine, and
            // that wait is not what this is about).
            try await withPeer(answering: { client, request in
                guard let answer = try? Self.exchange(request, with: daemonPath) else { return }
                let piece = (answer.count + 3) / 4
                for start in stride(from: 0, to: answer.count, by: piece) {
                    if start > 0 { usleep(700_000) }
                    Self.send(answer[start ..< min(answer.count, start + piece)], to: client)
                }
            }) { path in
                let client = CGLClient(configuration: .init(socketPath: path, requestTimeout: .seconds(2)))
                let snapshots = try await blocking { try client.lookup(page).map { try $0.get().document } }
                #expect(snapshots == expected)
            }
        }
    }

    /// The code a blocking batch of 3 lookups fails with, and when the call started and
    /// ended, both taken on the calling thread (Swift's cooperative pool, busy with other
    /// tests, may resume the test itself much later).
    ///
    /// - Parameters:
    ///   - starting: Given the calling thread, as the call starts.
    ///   - ending: Run on the calling thread once the call ended.
    private static func failure(of client: CGLClient, starting: @escaping @Sendable (pthread_t) -> Void = { _ in },
                                ending: @escaping @Sendable () -> Void = {})
        async throws -> (CGLClientError.Code?, started: ContinuousClock.Instant, ended: ContinuousClock.Instant) {
        let page = try page(3)
        return try await blocking { () -> (CGLClientError.Code?, started: ContinuousClock.Instant, ended: ContinuousClock.Instant) in
            starting(pthread_self())
            let started = ContinuousClock.now
            let code: CGLClientError.Code?
            do throws(CGLClientError) {
                _ = try client.lookup(page)
                code = nil
            } catch {
                code = error.code
            }
            let ended = ContinuousClock.now
            ending()
            return (code, started, ended)
        }
    }

    /// A page of the example posts as feed cells.
    private static func page(_ count: Int) throws -> [Lookup] {
        let posts = try Content.items(json: Array(Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/examples/content/feed-posts.json"))))
        return posts.prefix(count).map { Lookup("feed-cell", in: .profile("phone-portrait"), content: $0) }
    }

    /// Runs `body` with the path of a peer that accepts one connection, completes the
    /// handshake, reads one request frame and hands it to `answer` with the connection.
    private func withPeer(answering answer: @escaping @Sendable (Int32, [UInt8]) -> Void, _ body: (String) async throws -> Void) async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/peer.sock"
        let listener = try #require(boundUnixSocket(at: path))
        try #require(listen(listener, 8) == 0)
        let done = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            defer { close(client) }
            // The connection stays open, silent, until the test is over; at most 8 s, so
            // that a client that ignored its timeout fails (the connection lost) and does
            // not hang.
            defer { _ = release.wait(timeout: .now() + 8) }
            guard Self.read(client, Handshake.ClientHello.size) != nil else { return }
            var hello: [UInt8] = []
            Handshake.ServerHello(version: Handshake.currentVersion, status: .ok, maximumFrameSize: WireFrame.defaultMaximumSize).encode(into: &hello)
            Self.send(hello[...], to: client)
            guard let request = Self.readFrame(client) else { return }
            answer(client, request)
        }
        thread.start()
        defer {
            release.signal()
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
            done.wait()
        }
        try await body(path)
    }

    /// Sends `request` (one frame) to the daemon at `socketPath` on a connection of its own,
    /// and returns the frame that answers it.
    private static func exchange(_ request: [UInt8], with socketPath: String) throws -> [UInt8]? {
        let socket = try PosixSocket(connectingTo: socketPath, deadline: .now + .seconds(5))
        var hello: [UInt8] = []
        Handshake.ClientHello(version: Handshake.currentVersion).encode(into: &hello)
        try socket.writeAll(hello[...])
        guard read(socket.descriptor, Handshake.ServerHello.size) != nil else { return nil }
        try socket.writeAll(request[...])
        return readFrame(socket.descriptor)
    }

    /// One frame: its 4-byte length, then as many bytes.
    private static func readFrame(_ descriptor: Int32) -> [UInt8]? {
        guard let length = read(descriptor, 4) else { return nil }
        let size = length.reduce(0) { $0 << 8 | Int($1) }
        guard let rest = read(descriptor, size) else { return nil }
        return length + rest
    }

    /// Sends `bytes`, whether or not the client is still there (no SIGPIPE).
    private static func send(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) {
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Exactly `count` bytes, or nil at the end of the stream.
    private static func read(_ descriptor: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let got = bytes.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress! + offset, count - offset, 0) }
            guard got > 0 else { return nil }
            offset += got
        }
        return bytes
    }
}
#endif
