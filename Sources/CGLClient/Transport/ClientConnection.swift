import CGLWire

/// One open connection to the daemon: the handshake done, requests numbered from 1, and an
/// exchange loop that writes and reads at the same time, so that pipelined requests never
/// deadlock on full socket buffers.
///
/// `@unchecked Sendable`: its mutable state (the string cache included) is only touched
/// while `CGLClient`'s mutex is held, one call at a time.
final class ClientConnection: @unchecked Sendable {
    private let socket: PosixSocket
    private let socketPath: String
    /// The largest frame the daemon accepts (from its handshake).
    private(set) var maximumFrameSize = WireFrame.defaultMaximumSize
    private var parser = FrameParser(maximumFrameSize: WireFrame.defaultMaximumSize)
    private var nextID: UInt32 = 1
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// The frames of the exchange being written (``withOutputBuffer(_:)``).
    private var output: [UInt8] = []
    /// Strings of the last answer, reused by the next when they repeat (the same scheme's
    /// hash and element ids, lookup after lookup).
    let strings = WireStringCache()
    /// The timeout blocking sends are set to now.
    private var socketTimeout: Duration?
    /// Whether at least one exchange completed on it: a failure on a reused connection may
    /// mean the daemon restarted meanwhile, and is worth one retry on a new connection.
    private(set) var hasBeenUsed = false

    /// Connects and performs the handshake.
    init(path: String, timeout: Duration) throws(CGLClientError) {
        socketPath = path
        let deadline = ContinuousClock.now + timeout
        do {
            socket = try PosixSocket(connectingTo: path, deadline: deadline)
        } catch {
            throw CGLClientError(code: .daemonUnavailable,
                                 message: "cgld is not running on \(path) (\(error.operation): \(error.reason)); start it with 'cgld', or give the socket with --socket or CGLD_SOCKET",
                                 socketPath: path)
        }
        var hello: [UInt8] = []
        Handshake.ClientHello().encode(into: &hello)
        let answer = try exchangeRaw(hello, expecting: Handshake.ServerHello.size, deadline: deadline)
        guard let serverHello = try? Handshake.ServerHello(decoding: Array(answer.prefix(Handshake.ServerHello.size))) else {
            throw CGLClientError(code: .protocolViolation, message: "\(path) does not answer the cgld handshake", socketPath: path)
        }
        guard serverHello.isAccepted else {
            throw CGLClientError(code: .handshakeRefused,
                                 message: "cgld on \(path) refused protocol version \(Handshake.currentVersion) (\(serverHello.status)); it speaks version \(serverHello.version). Use a matching client.",
                                 socketPath: path)
        }
        maximumFrameSize = serverHello.maximumFrameSize
        parser.feed(answer.dropFirst(Handshake.ServerHello.size))
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

    /// Runs `body` with the connection's output buffer, emptied: kept between exchanges so
    /// that a request costs no allocation, unless it grew large.
    func withOutputBuffer<T>(_ body: (inout [UInt8]) throws(CGLClientError) -> T) throws(CGLClientError) -> T {
        output.removeAll(keepingCapacity: true)
        defer { if output.capacity > Self.smallExchange { output = [] } }
        return try body(&output)
    }

    /// Writes `output` (whole request frames) and reads frames, handing each to `receive`,
    /// until `receive` says every request is answered.
    ///
    /// - Parameters:
    ///   - output: The frames to send.
    ///   - timeout: How long the daemon may stay silent.
    ///   - receive: Given each frame; returns true once nothing more is awaited.
    func exchange(_ output: [UInt8], timeout: Duration, receive: (WireFrame) throws(CGLClientError) -> Bool) throws(CGLClientError) {
        if output.count <= Self.smallExchange {
            try exchangeSmall(output, timeout: timeout, receive: receive)
            return
        }
        var written = 0
        var deadline = ContinuousClock.now + timeout
        while true {
            let events = try wait(written < output.count ? Int16(POLLIN | POLLOUT) : Int16(POLLIN), deadline)
            if events & Int16(POLLOUT) != 0, written < output.count {
                written += try io { () throws(PosixSocket.Failure) in try socket.writeSome(output[written...]) }
            }
            if events & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 {
                guard let count = try readIntoParser() else { continue }
                guard count > 0 else { throw lost("cgld closed the connection with requests outstanding") }
                // Only bytes count as the daemon speaking: a wake-up without any must not
                // push the deadline back.
                deadline = ContinuousClock.now + timeout
                while let frame = try nextFrame() {
                    if try receive(frame) {
                        hasBeenUsed = true
                        return
                    }
                }
            }
        }
    }

    /// Requests this small are written whole before reading: the socket's buffer takes them.
    private static let smallExchange = 16 * 1024

    /// A small exchange: one blocking send, then `poll` for input and `recv` what came, until
    /// answered (the daemon may stay silent up to `timeout` between bytes).
    ///
    /// Waiting in `poll` rather than in a blocking `recv` saves a context switch per request:
    /// a thread blocked in `recv` on a Unix socket is also woken when the daemon reads the
    /// request (the kernel signals "write space" to every waiter on the socket), only to find
    /// nothing and sleep again; `poll` waits for input alone.
    private func exchangeSmall(_ output: [UInt8], timeout: Duration, receive: (WireFrame) throws(CGLClientError) -> Bool) throws(CGLClientError) {
        if timeout != socketTimeout {
            socket.setSendTimeout(timeout)
            socketTimeout = timeout
        }
        try io { () throws(PosixSocket.Failure) in try socket.writeAll(output[...]) }
        var deadline = ContinuousClock.now + timeout
        while true {
            _ = try wait(Int16(POLLIN), deadline)
            guard let count = try readIntoParser() else { continue }
            guard count > 0 else { throw lost("cgld closed the connection with requests outstanding") }
            while let frame = try nextFrame() {
                if try receive(frame) {
                    hasBeenUsed = true
                    return
                }
            }
            deadline = ContinuousClock.now + timeout
        }
    }

    private func wait(_ events: Int16, _ deadline: ContinuousClock.Instant) throws(CGLClientError) -> Int16 {
        let ready = try io { () throws(PosixSocket.Failure) in try socket.wait(for: events, until: deadline) }
        guard ready != 0 || ContinuousClock.now < deadline else {
            throw CGLClientError(code: .timedOut, message: "cgld on \(socketPath) did not answer in time; the connection was dropped", socketPath: socketPath)
        }
        return ready
    }

    /// Reads what is there into the parser: the count, 0 at end of stream, nil when
    /// nothing was there after all.
    private func readIntoParser() throws(CGLClientError) -> Int? {
        guard let count = try io({ () throws(PosixSocket.Failure) in try socket.readSome(into: &readBuffer) }) else { return nil }
        parser.feed(readBuffer[0 ..< count])
        return count
    }

    private func nextFrame() throws(CGLClientError) -> WireFrame? {
        do {
            return try parser.next()
        } catch {
            throw CGLClientError(code: .protocolViolation, message: "cgld on \(socketPath) sent a malformed frame: \(error)", socketPath: socketPath)
        }
    }

    /// Sends `bytes` and reads exactly `count` bytes back (the handshake).
    private func exchangeRaw(_ bytes: [UInt8], expecting count: Int, deadline: ContinuousClock.Instant) throws(CGLClientError) -> [UInt8] {
        var written = 0
        var received: [UInt8] = []
        while received.count < count {
            let events = try wait(written < bytes.count ? Int16(POLLIN | POLLOUT) : Int16(POLLIN), deadline)
            if events & Int16(POLLOUT) != 0, written < bytes.count {
                written += try io { () throws(PosixSocket.Failure) in try socket.writeSome(bytes[written...]) }
            }
            if events & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 {
                guard let read = try io({ () throws(PosixSocket.Failure) in try socket.readSome(into: &readBuffer) }) else { continue }
                guard read > 0 else { throw lost("cgld on \(socketPath) closed the connection during the handshake") }
                received += readBuffer[0 ..< read]
            }
        }
        return received
    }

    private func io<T>(_ body: () throws(PosixSocket.Failure) -> T) throws(CGLClientError) -> T {
        do {
            return try body()
        } catch where error.errno == ETIMEDOUT {
            throw CGLClientError(code: .timedOut, message: "cgld on \(socketPath) did not answer in time; the connection was dropped", socketPath: socketPath)
        } catch {
            throw lost("the connection to cgld on \(socketPath) failed (\(error.operation): \(error.reason))")
        }
    }

    private func lost(_ message: String) -> CGLClientError {
        CGLClientError(code: .connectionLost, message: message, socketPath: socketPath)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
