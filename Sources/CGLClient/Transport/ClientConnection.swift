import CGLWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One open connection to the daemon: the handshake done, requests numbered from 1, and
/// exchanges that write and read at the same time, so that pipelined requests never
/// deadlock on full socket buffers.
///
/// An exchange is the same steps whether the caller blocks or suspends (``Steps``); only
/// the wait between them differs: `poll` (or, for a page, `recv` itself: ``AnswerWait``) on
/// the calling thread, or a suspension that holds no thread (``PosixSocket/ready(for:until:)``).
///
/// `@unchecked Sendable`: it is used by one call at a time, the one that checked it out of
/// the client's ``ConnectionPool``.
final class ClientConnection: @unchecked Sendable {
    private let socket: PosixSocket
    private let socketPath: String
    /// The largest frame the daemon accepts (from its handshake).
    private(set) var maximumFrameSize = WireFrame.defaultMaximumSize
    /// The protocol version the handshake settled on: the newest both sides speak.
    let version: UInt16
    /// The newest version the daemon speaks, when it refused ``version``.
    private var refusedFor: UInt16?
    private var parser = FrameParser(maximumFrameSize: WireFrame.defaultMaximumSize)
    private var nextID: UInt32 = 1
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// The frames of the next exchange, kept between exchanges so that a request costs no
    /// allocation (unless it grew large).
    private var output: [UInt8] = []
    /// Strings of the last answer, reused by the next when they repeat (the same scheme's
    /// hash and element ids, lookup after lookup).
    let strings = WireStringCache()
    /// Whether at least one exchange completed on it: a failure on a reused connection may
    /// mean the daemon restarted meanwhile, and is worth one retry on a new connection.
    private(set) var hasBeenUsed = false

    private init(socket: PosixSocket, path: String, version: UInt16) {
        self.socket = socket
        socketPath = path
        self.version = version
    }

    /// Connects and performs the handshake, blocking the calling thread. A daemon that
    /// speaks only an older version this client also speaks is connected to again in it.
    static func open(path: String, timeout: Duration, version: UInt16 = Handshake.currentVersion) throws(CGLClientError) -> ClientConnection {
        let deadline = ContinuousClock.now + timeout
        return try handshake(over: try connect(path, deadline), path: path, deadline: deadline, version: version)
    }

    /// Performs the handshake on `socket`, just connected to `path`, blocking the calling
    /// thread; connects again in an older version the daemon names.
    static func handshake(over socket: PosixSocket, path: String, deadline: ContinuousClock.Instant,
                          version: UInt16 = Handshake.currentVersion) throws(CGLClientError) -> ClientConnection {
        let connection = ClientConnection(socket: socket, path: path, version: version)
        var steps = connection.helloSteps(deadline: deadline)
        var ready: Int16 = 0
        while let events = try steps.advance(connection, ready: ready, received: connection.hasHelloAnswer) {
            ready = try connection.wait(events, steps.deadline)
        }
        do throws(CGLClientError) {
            try connection.finishHandshake()
        } catch {
            guard let older = connection.olderVersion else { throw error }
            return try open(path: path, timeout: max(.zero, deadline - .now), version: older)
        }
        return connection
    }

    /// Connects and performs the handshake, suspending rather than blocking while the
    /// daemon answers.
    static func open(path: String, timeout: Duration, version: UInt16 = Handshake.currentVersion) async throws(CGLClientError) -> ClientConnection {
        let deadline = ContinuousClock.now + timeout
        let connection = ClientConnection(socket: try connect(path, deadline), path: path, version: version)
        var steps = connection.helloSteps(deadline: deadline)
        var ready: Int16 = 0
        while let events = try steps.advance(connection, ready: ready, received: connection.hasHelloAnswer) {
            ready = try await connection.suspend(events, steps.deadline)
        }
        do throws(CGLClientError) {
            try connection.finishHandshake()
        } catch {
            guard let older = connection.olderVersion else { throw error }
            return try await open(path: path, timeout: max(.zero, deadline - .now), version: older)
        }
        return connection
    }

    /// The older version to connect again with, after a refusal naming one this client
    /// speaks.
    private var olderVersion: UInt16? {
        guard let refusedFor, refusedFor < version, Handshake.supportedVersions.contains(refusedFor) else { return nil }
        return refusedFor
    }

    private static func connect(_ path: String, _ deadline: ContinuousClock.Instant) throws(CGLClientError) -> PosixSocket {
        // Said as such, not as a daemon that is not running ("File name too long").
        if let problem = UnixSocketPath.problem(path) {
            throw CGLClientError(code: .socketPathTooLong,
                                 message: "\(problem); give a shorter path, or connect through a shorter symbolic link to the socket (ln -s)",
                                 socketPath: path)
        }
        do {
            // A local socket connects at once, or fails at once unless the daemon's backlog
            // is full.
            return try PosixSocket(connectingTo: path, deadline: deadline)
        } catch {
            let problem = CGLClient.searchDescription(failing: path) ?? "cgld is not running on \(path) (\(error.operation): \(error.reason))"
            throw CGLClientError(code: .daemonUnavailable,
                                 message: "\(problem); start cgld, or give the client its socket (CGLClient.Configuration.socketPath, or CGLD_SOCKET)",
                                 socketPath: path)
        }
    }

    /// The steps that send the hello; the answer's bytes collect in ``helloAnswer``.
    ///
    /// A hello the socket refuses is not the end: a daemon at its connection limit answers
    /// `busy` and closes without reading it (`docs/protocol.md` §3), so its answer may be
    /// waiting to be read behind the failed write.
    private func helloSteps(deadline: ContinuousClock.Instant) -> Steps {
        var hello: [UInt8] = []
        Handshake.ClientHello(version: version).encode(into: &hello)
        return Steps(output: hello, deadline: deadline, timeout: nil, readsAfterFailedWrite: true)
    }

    /// Whether the whole answer to the hello arrived.
    private func hasHelloAnswer() -> Bool {
        helloAnswer.count >= Handshake.ServerHello.size
    }

    private func finishHandshake() throws(CGLClientError) {
        let answer = helloAnswer
        isHandshaking = false
        helloAnswer = []
        guard let serverHello = try? Handshake.ServerHello(decoding: Array(answer.prefix(Handshake.ServerHello.size))) else {
            throw CGLClientError(code: .protocolViolation, message: "\(socketPath) does not answer the cgld handshake", socketPath: socketPath)
        }
        if serverHello.status == .busy { throw busy(after: answer.dropFirst(Handshake.ServerHello.size)) }
        guard serverHello.isAccepted else {
            refusedFor = serverHello.version
            throw CGLClientError(code: .handshakeRefused,
                                 message: "cgld on \(socketPath) refused protocol version \(version) (\(serverHello.status)); it speaks version \(serverHello.version). Use a matching client.",
                                 socketPath: socketPath)
        }
        maximumFrameSize = serverHello.maximumFrameSize
        parser.feed(answer.dropFirst(Handshake.ServerHello.size))
    }

    /// The daemon's refusal of a connection over its limit: the error it sent after the
    /// hello when it came with it, else one that says the same.
    private func busy(after rest: ArraySlice<UInt8>) -> CGLClientError {
        var parser = FrameParser()
        parser.feed(rest)
        if let frame = try? parser.next(), case .error(let error)? = try? WireResponse(frame: frame) {
            return .daemon(error, socketPath: socketPath)
        }
        return .daemon(WireError(code: .busy, message: "cgld serves as many connections as it may (limits.maxConnections); retry later"), socketPath: socketPath)
    }

    /// The first of `count` fresh, consecutive request ids (ids are never 0, and a range
    /// never wraps: it starts again from 1 when it would).
    func makeRequestIDs(_ count: Int) -> UInt32 {
        let (first, next) = Self.requestIDs(count, from: nextID)
        nextID = next
        return first
    }

    /// The first of `count` consecutive ids from `next` on, and the id after them; from 1
    /// when the range would pass `UInt32.max` (0 is never an id).
    static func requestIDs(_ count: Int, from next: UInt32) -> (first: UInt32, next: UInt32) {
        precondition(count > 0 && count < Int(UInt32.max), "a request range holds 1 to 2³² − 2 ids")
        let first = UInt64(next) + UInt64(count) > UInt64(UInt32.max) ? 1 : max(next, 1)
        return (first, first + UInt32(count))
    }

    /// The output buffer, emptied, for the caller to fill and hand to an exchange.
    func takeOutput() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &output)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    /// Gives the output buffer back for the next exchange, unless it grew large.
    private func keepOutput(_ buffer: inout [UInt8]) {
        if buffer.capacity <= Self.keptOutputCapacity { swap(&buffer, &output) }
    }

    private static let keptOutputCapacity = 16 * 1024

    /// How a blocking exchange waits for its answer once its requests are written.
    ///
    /// A thread blocked in `recv` on a Unix socket is woken twice: when the daemon *reads*
    /// the request (the kernel signals "write space" to every waiter, `unix_write_space`),
    /// and when the answer comes. `poll` for input is woken once. Which is faster depends on
    /// how long the daemon works before it answers (the figures are in
    /// `docs/performance.md`, "Content"):
    /// - a single request is answered at once, and the wake-up that finds nothing costs
    ///   more than it saves;
    /// - a page keeps the daemon busy for longer, and a thread woken partway through is
    ///   woken again sooner than one idle all along.
    ///
    /// Linux only: elsewhere a signal may restart `recv` with its whole timeout, and the
    /// wake-up this relies on is Linux's.
    enum AnswerWait {
        /// In `poll` for input, then a non-blocking `recv`.
        case inPoll
        /// In a blocking `recv`, whose receive timeout is the exchange's silence timeout.
        case inReceive
    }

    /// Writes `output` (whole request frames) and reads frames, handing each to `receive`,
    /// until `receive` says every request is answered; blocks the calling thread.
    ///
    /// - Parameters:
    ///   - timeout: How long the daemon may stay silent.
    ///   - answerWait: How to wait once everything is written (a large request is written while
    ///     the answer is read, in `poll`, either way).
    func exchange(_ output: [UInt8], timeout: Duration, waiting answerWait: AnswerWait = .inPoll,
                  receive: (WireFrame) throws(CGLClientError) -> Bool) throws(CGLClientError) {
        var steps = Steps(output: output, deadline: .now + timeout, timeout: timeout)
        defer { keepOutput(&steps.output) }
        var ready: Int16 = 0
        while let events = try steps.advance(self, ready: ready, received: { () throws(CGLClientError) in try receiveFrames(receive) }) {
            guard answerWait == .inReceive, events == Int16(POLLIN), timeout > .zero else {
                ready = try wait(events, steps.deadline)
                continue
            }
            ready = 0
            // What is left until the deadline (which each read pushes back): after writing, or
            // a signal, less than the timeout. Within a millisecond of it, the timeout itself,
            // which the socket keeps from one wait to the next.
            let left = steps.deadline - .now
            guard left > .zero else { throw timedOut() }
            guard let count = try readWaiting(timeout: timeout - left < .milliseconds(1) ? timeout : left) else { continue }
            if try steps.take(count, from: self, received: { () throws(CGLClientError) in try receiveFrames(receive) }) { break }
        }
        hasBeenUsed = true
    }

    /// ``exchange(_:timeout:receive:)``, suspending rather than blocking between steps.
    func exchange(_ output: [UInt8], timeout: Duration, receive: (WireFrame) throws(CGLClientError) -> Bool) async throws(CGLClientError) {
        var steps = Steps(output: output, deadline: .now + timeout, timeout: timeout)
        defer { keepOutput(&steps.output) }
        var ready: Int16 = 0
        while let events = try steps.advance(self, ready: ready, received: { () throws(CGLClientError) in try receiveFrames(receive) }) {
            ready = try await suspend(events, steps.deadline)
        }
        hasBeenUsed = true
    }

    /// Hands every complete frame to `receive`; true once it said everything is answered.
    private func receiveFrames(_ receive: (WireFrame) throws(CGLClientError) -> Bool) throws(CGLClientError) -> Bool {
        while let frame = try nextFrame() {
            if try receive(frame) { return true }
        }
        return false
    }

    /// The steps of an exchange: write what the socket takes, read what came, and say what
    /// to wait for next.
    struct Steps {
        var output: [UInt8]
        var written = 0
        var deadline: ContinuousClock.Instant
        /// How long the daemon may stay silent: each read pushes the deadline back. Nil: a
        /// fixed deadline (the handshake).
        let timeout: Duration?
        /// Whether a failed write ends the writing only, the answer still read (the hello):
        /// the failure is thrown if the stream then ends without one.
        let readsAfterFailedWrite: Bool
        private var writeFailure: CGLClientError?

        init(output: [UInt8], deadline: ContinuousClock.Instant, timeout: Duration?, readsAfterFailedWrite: Bool = false) {
            self.output = output
            self.deadline = deadline
            self.timeout = timeout
            self.readsAfterFailedWrite = readsAfterFailedWrite
        }

        /// One step, given the events the socket is ready for (none before the first wait).
        ///
        /// - Parameter received: Told that bytes were read into the connection; true when
        ///   the exchange is complete.
        /// - Returns: The events to wait for next; nil when the exchange is complete.
        mutating func advance(_ connection: ClientConnection, ready: Int16,
                              received: () throws(CGLClientError) -> Bool) throws(CGLClientError) -> Int16? {
            if written < output.count, ready == 0 || ready & Int16(POLLOUT) != 0 {
                let start = written
                let output = self.output
                do throws(CGLClientError) {
                    written += try connection.io { () throws(PosixSocket.Failure) in try connection.socket.writeSome(output[start...]) }
                } catch where readsAfterFailedWrite {
                    writeFailure = error
                    written = output.count
                }
            }
            if ready & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0, let count = try connection.read() {
                if try take(count, from: connection, received: received) { return nil }
            }
            return written < output.count ? Int16(POLLIN | POLLOUT) : Int16(POLLIN)
        }

        /// Takes `count` bytes just read into the connection (0: the end of the stream).
        ///
        /// - Returns: True when the exchange is complete.
        mutating func take(_ count: Int, from connection: ClientConnection, received: () throws(CGLClientError) -> Bool) throws(CGLClientError) -> Bool {
            guard count > 0 else {
                throw writeFailure ?? connection.lost("cgld on \(connection.socketPath) closed the connection with requests outstanding")
            }
            // Only bytes count as the daemon speaking: a wake-up without any must not
            // push the deadline back.
            if let timeout { deadline = .now + timeout }
            return try received()
        }
    }

    /// Whether the answer to the hello is still being read (bytes go to ``helloAnswer``,
    /// not to the frame parser).
    private var isHandshaking = true
    private var helloAnswer: [UInt8] = []

    /// Reads what is there: the count, 0 at end of stream, nil when nothing was there
    /// after all.
    private func read() throws(CGLClientError) -> Int? {
        guard let count = try io({ () throws(PosixSocket.Failure) in try socket.readSome(into: &readBuffer) }) else { return nil }
        feedRead(count)
        return count
    }

    /// Reads, waiting up to `timeout` for the first byte: the count, 0 at end of stream, nil
    /// when a signal interrupted the wait.
    private func readWaiting(timeout: Duration) throws(CGLClientError) -> Int? {
        if receiveTimeout != timeout {
            socket.setReceiveTimeout(timeout)
            receiveTimeout = timeout
        }
        guard let count = try io({ () throws(PosixSocket.Failure) in try socket.readWaiting(into: &readBuffer) }) else { return nil }
        feedRead(count)
        return count
    }

    /// The socket's receive timeout as last set: set again only when an exchange's differs.
    private var receiveTimeout: Duration?

    private func feedRead(_ count: Int) {
        if isHandshaking {
            helloAnswer += readBuffer[0 ..< count]
        } else {
            parser.feed(readBuffer[0 ..< count])
        }
    }

    private func wait(_ events: Int16, _ deadline: ContinuousClock.Instant) throws(CGLClientError) -> Int16 {
        let ready = try io { () throws(PosixSocket.Failure) in try socket.wait(for: events, until: deadline) }
        guard ready != 0 || ContinuousClock.now < deadline else { throw timedOut() }
        return ready
    }

    private func suspend(_ events: Int16, _ deadline: ContinuousClock.Instant) async throws(CGLClientError) -> Int16 {
        let ready = await socket.ready(for: events, until: deadline)
        if Task.isCancelled {
            throw CGLClientError(code: .cancelled, message: "the call was cancelled while it waited for cgld on \(socketPath); the connection was dropped",
                                 socketPath: socketPath)
        }
        guard ready != 0 || ContinuousClock.now < deadline else { throw timedOut() }
        return ready
    }

    private func timedOut() -> CGLClientError {
        CGLClientError(code: .timedOut, message: "cgld on \(socketPath) did not answer in time; the connection was dropped", socketPath: socketPath)
    }

    private func nextFrame() throws(CGLClientError) -> WireFrame? {
        do {
            return try parser.next()
        } catch {
            throw CGLClientError(code: .protocolViolation, message: "cgld on \(socketPath) sent a malformed frame: \(error)", socketPath: socketPath)
        }
    }

    private func io<T>(_ body: () throws(PosixSocket.Failure) -> T) throws(CGLClientError) -> T {
        do {
            return try body()
        } catch where error.errno == ETIMEDOUT {
            throw timedOut()
        } catch {
            throw lost("the connection to cgld on \(socketPath) failed (\(error.operation): \(error.reason))")
        }
    }

    private func lost(_ message: String) -> CGLClientError {
        CGLClientError(code: .connectionLost, message: message, socketPath: socketPath)
    }
}
