@testable import CGLClient
import CGLWire
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The handshake against a daemon that answered before it read the hello: a daemon at its
/// connection limit writes `busy` and closes at once (`docs/protocol.md` §3). The peer here
/// is the other end of a real Unix socket pair, which has answered and closed before the
/// client writes: the order that makes the client's hello fail to go out.
@Suite struct ClientConnectionTests {
    /// The two ends of a Unix stream socket pair: the client's, and the daemon's after it
    /// wrote `answer` and closed.
    private static func answeredAndClosed(_ answer: [UInt8]) throws -> PosixSocket {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        let written = answer.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        try #require(written == answer.count)
        return PosixSocket(adopting: ends[0])
    }

    /// What a daemon at its limit sends: a hello refused `busy`, then the reason as an
    /// error of the connection (request id 0).
    private static let busyAnswer: [UInt8] = {
        var bytes: [UInt8] = []
        Handshake.ServerHello(version: Handshake.currentVersion, status: .busy, maximumFrameSize: WireFrame.defaultMaximumSize).encode(into: &bytes)
        WireResponse.error(WireError(code: .busy, message: "cgld serves at most 1 connections at once (limits.maxConnections); this one is closed: retry later"))
            .encode(requestID: 0, into: &bytes)
        return bytes
    }()

    @Test func aBusyAnswerIsReadWhenTheHelloCouldNotBeWritten() throws {
        let socket = try Self.answeredAndClosed(Self.busyAnswer)
        // The precondition of this test: the peer is gone, so a write fails.
        #expect(throws: PosixSocket.Failure.self) { _ = try socket.writeSome([0]) }
        do {
            _ = try ClientConnection.handshake(over: socket, path: "test.sock", deadline: .now + .seconds(10))
            Issue.record("a busy daemon's answer was taken as accepted")
        } catch {
            #expect(error.code == .daemon && error.refusal?.code == .busy)
            #expect(error.message == "cgld serves at most 1 connections at once (limits.maxConnections); this one is closed: retry later")
        }
    }

    /// A peer that closed without answering at all: the failed write is what is reported.
    @Test func aHelloNeitherWrittenNorAnsweredIsALostConnection() throws {
        let socket = try Self.answeredAndClosed([])
        do {
            _ = try ClientConnection.handshake(over: socket, path: "test.sock", deadline: .now + .seconds(10))
            Issue.record("a closed socket was taken for a daemon")
        } catch {
            #expect(error.code == .connectionLost && error.message.contains("(send: "), "\(error)")
        }
    }
}
