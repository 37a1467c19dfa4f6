@testable import CGLDaemon
import CGLWire
import Testing

@Suite struct WireSessionTests {
    private func hello(version: UInt16 = 1) -> [UInt8] {
        var bytes: [UInt8] = []
        Handshake.ClientHello(version: version).encode(into: &bytes)
        return bytes
    }

    private func frame(_ request: WireRequest, id: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        request.encode(requestID: id, into: &bytes)
        return bytes
    }

    @Test func helloAndFramesInOneChunkAreAllAnswered() throws {
        var session = WireSession(maximumFrameSize: 1024)
        let actions = session.receive(hello() + frame(.ping, id: 1) + frame(.list, id: 2))
        #expect(actions.count == 3)
        guard case .send(let answer) = actions[0] else { Issue.record("no handshake answer"); return }
        #expect(try Handshake.ServerHello(decoding: answer) == Handshake.ServerHello(version: 1, status: .ok, maximumFrameSize: 1024))
        #expect(actions[1] == .request(WireFrame(kind: 0x01, requestID: 1)))
        #expect(actions[2] == .request(WireFrame(kind: 0x04, requestID: 2)))
        #expect(session.isOpen)
    }

    @Test func bytesArrivingOneAtATimeMakeTheSameFrames() {
        var session = WireSession(maximumFrameSize: 1024)
        var requests: [WireFrame] = []
        for byte in hello() + frame(.unregister(name: "a"), id: 7) {
            for case .request(let frame) in session.receive([byte]) { requests.append(frame) }
        }
        #expect(requests.map(\.requestID) == [7])
        #expect(!session.hasPartialInput)
    }

    @Test func aHelloWithoutTheMagicIsClosedUnanswered() {
        var session = WireSession(maximumFrameSize: 1024)
        #expect(session.receive(Array("GET / HTTP/1.1\r\n".utf8)) == [.close])
        #expect(session.receive(hello()).isEmpty)
    }

    @Test func anUnsupportedVersionIsAnsweredThenClosed() throws {
        var session = WireSession(maximumFrameSize: 1024)
        let actions = session.receive(hello(version: 9))
        #expect(actions.count == 2 && actions[1] == .close)
        guard case .send(let answer) = actions[0] else { Issue.record("no answer"); return }
        let decoded = try Handshake.ServerHello(decoding: answer)
        #expect(decoded.status == .unsupportedVersion && decoded.version == 1)
    }

    @Test func aFrameTooShortIsAnsweredWithIDZeroThenClosed() throws {
        var session = WireSession(maximumFrameSize: 1024)
        let actions = session.receive(hello() + [0, 0, 0, 2, 1, 1])
        #expect(actions.last == .close)
        guard case .send(let bytes) = actions[1] else { Issue.record("no error"); return }
        var parser = FrameParser()
        parser.feed(bytes)
        let frame = try #require(try parser.next())
        #expect(frame.requestID == 0)
        guard case .error(let error) = try WireResponse(frame: frame) else { Issue.record("not an error"); return }
        #expect(error.code == .badRequest)
    }

    @Test func aFrameTooLargeIsAnsweredWithItsIDThenClosed() throws {
        var session = WireSession(maximumFrameSize: 1024)
        let actions = session.receive(hello() + [0, 0, 0x10, 0, 0x02, 0, 0, 0, 42])
        #expect(actions.last == .close)
        guard case .send(let bytes) = actions[1] else { Issue.record("no error"); return }
        var parser = FrameParser()
        parser.feed(bytes)
        let frame = try #require(try parser.next())
        #expect(frame.requestID == 42)
        guard case .error(let error) = try WireResponse(frame: frame) else { Issue.record("not an error"); return }
        #expect(error.code == .tooLarge)
    }

    @Test func aStreamCutInAFrameHasPartialInput() {
        var session = WireSession(maximumFrameSize: 1024)
        _ = session.receive(hello() + frame(.ping, id: 1).prefix(6))
        #expect(session.hasPartialInput)
    }
}

extension WireSession {
    /// Every action for `bytes`, collected.
    fileprivate mutating func receive(_ bytes: [UInt8]) -> [Action] {
        var actions: [Action] = []
        receive(bytes) { actions.append($0) }
        return actions
    }
}
