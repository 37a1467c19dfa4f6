import CGLClient
import CGLDaemonTestSupport
import CGLDocument
import Foundation
import Testing
import CGLClientFallback

/// A lookup seen before is answered by its bytes (``LookupKeys``): what those bytes name
/// must follow every change of the registry.
@Suite struct LookupByBytesTests {
    /// The feed cell named `name`, its body set in `bodySize` points (the example's 13 on
    /// 18-point lines, or larger).
    static func feedCell(named name: String, bodySize: Int = 13) throws -> Data {
        let lineHeight = bodySize == 13 ? 18 : bodySize + bodySize / 2
        let text = String(decoding: try exampleDocument("feed-cell"), as: UTF8.self)
            .replacingOccurrences(of: #""name": "feed-cell""#, with: #""name": "\#(name)""#)
            .replacingOccurrences(of: #""size": 13, "lineHeight": 18"#, with: #""size": \#(bodySize), "lineHeight": \#(lineHeight)"#)
        return Data(text.utf8)
    }

    /// Two names share one document (one hash, one snapshot); one of them is then
    /// registered with another document. The same lookup bytes, warm before, now name the
    /// new document; the other name still the old one.
    @Test func aNameRegisteredAgainIsAnsweredWithItsNewDocument() async throws {
        try await withTestDaemon { daemon in
            let client = daemon.client()
            _ = try await client.register(try Self.feedCell(named: "cell-a"))
            _ = try await client.register(try Self.feedCell(named: "cell-b"))
            let content: Content = ["body": "A post that is looked up again and again.", "hasBadge": true]
            let batch = ["cell-a", "cell-b"].map { Lookup($0, in: .profile("phone-portrait"), content: content) }
            let before = try await client.lookup(batch).map { try $0.get() }
            let warm = try await client.lookup(batch).map { try $0.get() }
            #expect(warm.map(\.source) == [.memory, .memory])
            #expect(before[0].hash == before[1].hash)
            let single = try await client.lookup("cell-a", in: .profile("phone-portrait"), content: content)
            #expect(single.source == .memory)

            let changed = try await client.register(try Self.feedCell(named: "cell-a", bodySize: 20))
            let after = try await client.lookup(batch).map { try $0.get() }
            let singleAfter = try await client.lookup("cell-a", in: .profile("phone-portrait"), content: content)
            let expected = try SchemeDocument(data: Self.feedCell(named: "cell-a", bodySize: 20)).compiled()
                .snapshot(for: ProfileSet.defaults["phone-portrait"]!, content: content)
            for answer in [after[0], singleAfter] {
                #expect(answer.hash == changed.hash && answer.hash != before[0].hash)
                #expect(answer.source == .computed || answer.source == .memory)
                #expect(answer["body"]!.frame.height > before[0]["body"]!.frame.height)
                #expect(answer.document.elements == expected.elements)
            }
            #expect(after[1].hash == before[1].hash && after[1].source == .memory)
            #expect(after[1]["body"]?.frame == before[1]["body"]?.frame)
        }
    }

    /// A scheme dropped is not found any more by the bytes that found it.
    @Test func aSchemeDroppedIsNotFoundByItsLookupsBytes() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let client = daemon.client()
            let lookup = Lookup("feed-cell", in: .profile("phone-portrait"), content: ["date": "now"])
            _ = try await client.lookup([lookup, lookup])
            #expect(try await client.lookup([lookup])[0].get().source == .memory)
            #expect(try await client.unregister("feed-cell"))
            let results = try await client.lookup([lookup])
            let error = try #require(throws: CGLClientError.self) { try results[0].get() }
            #expect(error.refusal?.code == .notFound)
            await #expect(throws: CGLClientError.self) { try await client.lookup("feed-cell", in: .profile("phone-portrait"), content: ["date": "now"]) }
        }
    }
}
