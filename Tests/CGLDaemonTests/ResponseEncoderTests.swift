@testable import CGLDaemon
import CGLWire
import Testing

@Suite struct ResponseEncoderTests {
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
        ResponseEncoder.append(.error(WireError(code: .invalidDocument, message: "invalid", issues: issues)), requestID: 5, to: &bytes, limit: 10_000)
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
        ResponseEncoder.append(.schemes(schemes), requestID: 9, to: &bytes, limit: 1000)
        let (frame, response) = try decode(bytes)
        #expect(frame.requestID == 9)
        guard case .error(let error) = response else { Issue.record("not an error"); return }
        #expect(error.code == .tooLarge)
    }

    @Test func anAnswerThatFitsIsUnchanged() throws {
        var bytes: [UInt8] = []
        ResponseEncoder.append(.unregistered(name: "a", existed: true), requestID: 1, to: &bytes)
        #expect(try decode(bytes).1 == .unregistered(name: "a", existed: true))
    }
}

@Suite struct SnapshotPayloadTests {
    private let snapshot = WireSnapshot(source: .store, scheme: "first", hash: "sha256:h", engine: "1",
                                        environment: WireEnvironment(width: 10, height: 20), size: WireSize(width: 10, height: 20),
                                        elements: [.init(id: "a", frame: .zero, inRoot: .zero)])

    @Test func anotherNameIsSplicedInAndEverythingElseKept() throws {
        var payload: [UInt8] = []
        snapshot.encode(into: &payload)
        var expected = snapshot
        expected.scheme = "a-longer-second-name"
        #expect(try WireSnapshot(payload: SnapshotPayload.naming("a-longer-second-name", in: payload)) == expected)
        expected.scheme = ""
        #expect(try WireSnapshot(payload: SnapshotPayload.naming("", in: payload)) == expected)
    }

    @Test func theSameNameLeavesThePayloadAsItIs() {
        var payload: [UInt8] = []
        snapshot.encode(into: &payload)
        #expect(SnapshotPayload.naming("first", in: payload) == payload)
    }
}
