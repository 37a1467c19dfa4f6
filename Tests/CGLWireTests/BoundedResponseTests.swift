import CGLWire
import Testing

@Suite struct BoundedResponseTests {
    private func decode(_ bytes: [UInt8]) throws -> (WireFrame, WireResponse) {
        var parser = FrameParser(maximumFrameSize: UInt32.max)
        parser.feed(bytes)
        let frame = try #require(try parser.next())
        #expect(try parser.next() == nil)
        return (frame, try WireResponse(frame: frame))
    }

    @Test func anErrorWithTooManyIssuesKeepsWhatFitsAndSaysHowManyWereLeftOut() throws {
        let issues = (0 ..< 500).map { WireIssue(severity: .error, code: "unknownKey", pointer: "/elements/\($0)", message: String(repeating: "x", count: 100)) }
        var bytes: [UInt8] = []
        WireResponse.error(WireError(code: .invalidDocument, message: "invalid", issues: issues)).encode(requestID: 5, into: &bytes, limit: 10_000)
        #expect(bytes.count - 4 <= 10_000)
        let (frame, response) = try decode(bytes)
        #expect(frame.requestID == 5)
        guard case .error(let error) = response else { Issue.record("not an error"); return }
        #expect(error.code == .invalidDocument)
        #expect(!error.issues.isEmpty && error.issues.count < 500)
        #expect(error.message.contains("\(500 - error.issues.count) of 500 issues left out"))
    }

    @Test func anotherAnswerTooLargeBecomesTooLarge() throws {
        let schemes = (0 ..< 1000).map { WireSchemeInfo(name: "scheme-\($0)", hash: "sha256:x", elementCount: 1, registeredAt: 0, updatedAt: 0) }
        var bytes: [UInt8] = []
        WireResponse.schemes(schemes).encode(requestID: 9, into: &bytes, limit: 1000)
        let (frame, response) = try decode(bytes)
        #expect(frame.requestID == 9)
        guard case .error(let error) = response else { Issue.record("not an error"); return }
        #expect(error.code == .tooLarge)
    }

    @Test func anAnswerThatFitsIsUnchanged() throws {
        var bytes: [UInt8] = []
        WireResponse.unregistered(name: "a", existed: true).encode(requestID: 1, into: &bytes, limit: WireResponse.maximumServerFrameLength)
        #expect(try decode(bytes).1 == .unregistered(name: "a", existed: true))
    }
}
