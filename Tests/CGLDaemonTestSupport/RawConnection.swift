import CGLClient
public import CGLWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A connection that speaks raw bytes to a daemon, for tests of what misbehaving clients
/// send.
///
/// `@unchecked Sendable`: a test hands it from one blocking section to the next, never to
/// two threads at once.
public final class RawConnection: @unchecked Sendable {
    /// Failures of the test connection.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    private let socket: PosixSocket
    private var parser = FrameParser()

    /// Connects to `path` (no handshake).
    public init(path: String) throws {
        do {
            socket = try PosixSocket(connectingTo: path, deadline: .now + .seconds(5))
        } catch {
            throw Failure(description: "cannot connect to \(path): \(error.reason)")
        }
    }

    /// Writes every byte.
    public func send(_ bytes: [UInt8]) throws {
        var written = 0
        while written < bytes.count {
            guard try socket.wait(for: Int16(POLLOUT), until: .now + .seconds(10)) != 0 else { throw Failure(description: "cannot write") }
            written += try socket.writeSome(bytes[written...])
        }
    }

    /// Writes what the socket takes now, without waiting: the bytes written (0 when it is full).
    public func sendSome(_ bytes: [UInt8]) throws -> Int {
        try socket.writeSome(bytes[...])
    }

    /// Closes the sending side: the daemon reads the end of the stream.
    public func finishSending() {
        shutdown(socket.descriptor, Int32(SHUT_WR))
    }

    /// Sends a hello for `version` and reads the 12-byte answer.
    public func handshake(version: UInt16 = Handshake.currentVersion) throws -> Handshake.ServerHello {
        var hello: [UInt8] = []
        Handshake.ClientHello(version: version).encode(into: &hello)
        do {
            try send(hello)
        } catch let error as PosixSocket.Failure where error.errno == EPIPE || error.errno == ECONNRESET {
            // A daemon at its connection limit answers `busy` at once, without reading the
            // hello, and closes: the write fails when it closed first, and its answer is
            // still there to read (as the client libraries read it).
        }
        var answer: [UInt8] = []
        while answer.count < Handshake.ServerHello.size {
            guard let chunk = try readChunk(timeout: .seconds(10)), !chunk.isEmpty else { throw Failure(description: "closed during the handshake") }
            answer += chunk
        }
        parser.feed(answer.dropFirst(Handshake.ServerHello.size))
        return try Handshake.ServerHello(decoding: Array(answer.prefix(Handshake.ServerHello.size)))
    }

    /// Sends a request with `id`.
    public func send(_ request: WireRequest, id: UInt32, version: UInt16 = Handshake.currentVersion) throws {
        var bytes: [UInt8] = []
        request.encode(requestID: id, version: version, into: &bytes)
        try send(bytes)
    }

    /// Sends `request` and reads its answer (the next frame, which must carry `id`).
    public func ask(_ request: WireRequest, id: UInt32) throws -> WireResponse {
        try send(request, id: id)
        let (answerID, response) = try readResponse()
        guard answerID == id else { throw Failure(description: "the answer to request \(id) came with id \(answerID)") }
        return response
    }

    /// Reads frames until `count` arrived.
    public func readFrames(_ count: Int, timeout: Duration = .seconds(30)) throws -> [WireFrame] {
        var frames: [WireFrame] = []
        while frames.count < count {
            while frames.count < count, let frame = try parser.next() { frames.append(frame) }
            guard frames.count < count else { break }
            guard let chunk = try readChunk(timeout: timeout) else { throw Failure(description: "no frame within \(timeout)") }
            guard !chunk.isEmpty else { throw Failure(description: "closed after \(frames.count) of \(count) frames") }
            parser.feed(chunk)
        }
        return frames
    }

    /// Reads the next response (skipping nothing).
    public func readResponse(timeout: Duration = .seconds(30), version: UInt16 = Handshake.currentVersion) throws -> (id: UInt32, response: WireResponse) {
        let frame = try readFrames(1, timeout: timeout)[0]
        return (frame.requestID, try WireResponse(frame: frame, version: version))
    }

    /// Reads until the daemon closes the connection; the bytes read before.
    ///
    /// - Throws: When it stays open for `timeout`.
    public func readUntilClosed(timeout: Duration = .seconds(30)) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            guard let chunk = try readChunk(timeout: timeout) else { throw Failure(description: "still open after \(timeout)") }
            if chunk.isEmpty { return bytes }
            bytes += chunk
        }
    }

    /// A chunk; empty at end of stream (or a reset), nil when nothing came in time.
    private func readChunk(timeout: Duration) throws -> [UInt8]? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try socket.wait(for: Int16(POLLIN), until: deadline) == 0 { continue }
            if let chunk = try readAvailable() { return chunk }
        }
        return nil
    }

    /// What can be read now; empty at end of stream or after a reset; nil when nothing.
    private func readAvailable() throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count: Int?
        do {
            count = try socket.readSome(into: &buffer)
        } catch {
            guard error.errno == ECONNRESET else { throw error }
            return []
        }
        return count.map { Array(buffer.prefix($0)) }
    }
}
