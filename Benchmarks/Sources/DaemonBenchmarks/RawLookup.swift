import CGLWire
#if canImport(Glibc)
import Glibc
#endif

/// A lookup frame written and its answer read as bytes on a connection of its own: the
/// daemon's cost without the client library's (which decodes the snapshot), and the same
/// work per request as the Redis client does.
///
/// `@unchecked Sendable`: made on the main thread, then used by one thread at a time.
final class RawLookup: @unchecked Sendable {
    let descriptor: Int32
    let request: [UInt8]
    var reply: [UInt8]
    let wait: RawSocket.Wait

    /// `handshake: false` for the floors, which answer requests only; `waiting: .inRead` for
    /// a batch's answer, as the client library waits for it.
    init(socket: String, request: [UInt8], responseSize: Int, handshake: Bool = true, waiting wait: RawSocket.Wait = .inPoll) throws {
        descriptor = try RawSocket.connect(socket)
        self.request = request
        self.wait = wait
        reply = [UInt8](repeating: 0, count: responseSize)
        guard handshake else { return }
        var hello: [UInt8] = []
        Handshake.ClientHello(version: Handshake.currentVersion).encode(into: &hello)
        try hello.withUnsafeBytes { try RawSocket.writeAll(descriptor, $0) }
        var serverHello = [UInt8](repeating: 0, count: Handshake.ServerHello.size)
        try serverHello.withUnsafeMutableBytes { try RawSocket.readExactly(descriptor, $0, count: Handshake.ServerHello.size) }
        guard try Handshake.ServerHello(decoding: serverHello).isAccepted else { throw RawSocket.Failure(description: "cgld refused the handshake") }
    }

    /// One lookup; its answer's bytes land in `reply`. (Every request has id 1: answered in
    /// order, one at a time.)
    func lookup() throws {
        try request.withUnsafeBytes { try RawSocket.writeAll(descriptor, $0) }
        let count = reply.count
        try reply.withUnsafeMutableBytes { try RawSocket.readExactly(descriptor, $0, count: count, waiting: wait) }
    }

    func close() { Glibc.close(descriptor) }

    /// The size of the frame that answers `request`: what the floors and the peer send back.
    static func answerSize(socket: String, request: [UInt8]) throws -> Int {
        let probe = try RawLookup(socket: socket, request: request, responseSize: 4)
        defer { probe.close() }
        try probe.lookup()
        let length = probe.reply.reduce(0) { $0 << 8 | Int($1) }
        var rest = [UInt8](repeating: 0, count: length)
        try rest.withUnsafeMutableBytes { try RawSocket.readExactly(probe.descriptor, $0, count: length) }
        return 4 + length
    }
}
