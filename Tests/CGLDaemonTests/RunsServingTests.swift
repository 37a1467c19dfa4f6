import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLText
import CGLWire
import CGLayout
import Foundation
import Testing

/// Texts in runs as content, over a real socket (protocol version 6): answered as the offline
/// computation of the same runs, digested as written, and every bad run list refused with
/// `invalidContent` at its pointer while the daemon goes on serving.
@Suite struct RunsServingTests {
    static let post: [SlotValue.Run] = [
        .string("@ada", style: "headline"), .string(" shipped the new feed layout, and it looks "),
        .atom(InlineAtom(width: 18, height: 18, baseline: 15)), .string(" great on every phone we tried. Next: tablets."),
    ]

    @Test func runsAreLaidOutAsOffline() async throws {
        let document = try SchemeDocument(data: exampleDocument("feed-cell"))
        let compiled = document.compiled()
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let client = daemon.client()
            for environment in [Environment.profile("phone-portrait"), .profile("tablet-landscape", direction: .rightToLeft)] {
                let content: Content = ["body": .runs(Self.post), "name": .runs([.string("Ada", style: "caption"), .string(" Lovelace")])]
                let served = try await client.lookup("feed-cell", in: environment, content: content)
                let expected = try ContentServingTests.expected(compiled, environment, content)
                #expect(ContentServingTests.sourceless(served.wire) == expected)
                #expect(served.wire.contentDigest == content.normalized(for: document).digest)
                // The runs count: the same text as one plain string is laid out otherwise.
                let plain = try await client.lookup("feed-cell", in: environment, content: ["body": "@ada shipped the new feed layout, and it looks \u{FFFC} great on every phone we tried. Next: tablets."])
                #expect(plain.wire.contentDigest != served.wire.contentDigest)
                #expect(plain["body"]?.frame != served["body"]?.frame)
            }
            // A page of them in one batch, asked twice: the second from memory.
            let page = (0 ..< 20).map { index in Lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .runs(Self.post + [.string(" #\(index)")])]) }
            let first = try await client.lookup(page)
            let again = try await client.lookup(page)
            #expect(zip(first, again).allSatisfy { (try? $0.get().wire.elements) == (try? $1.get().wire.elements) })
            #expect(again.allSatisfy { (try? $0.get().source) == .memory })
        }
    }

    /// Each bad run list alone, then a lookup that must still be served.
    @Test func badRunsAreRefusedAtTheirPointerAndTheDaemonGoesOn() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let client = daemon.client()
            func refusal(_ runs: [SlotValue.Run]) async -> CGLClientError.Refusal? {
                do {
                    _ = try await client.lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .runs(runs)])
                    return nil
                } catch {
                    return error.refusal
                }
            }
            func stillServes() async throws {
                #expect(try await client.lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .runs([.string("still here")])]).scheme == "feed-cell")
            }
            let unknown = await refusal([.string("@ada", style: "mention"), .string(" hi")])
            #expect(unknown?.code == .invalidContent && unknown?.issues.map(\.pointer) == ["/body/0/style"], "\(String(describing: unknown))")
            try await stillServes()
            #expect(await refusal([.string("")])?.issues.map(\.pointer) == ["/body/0/string"])
            #expect(await refusal([.atom(InlineAtom(width: -1, height: 18))])?.issues.first?.code == .outOfRange)
            #expect(await refusal([.atom(InlineAtom(width: .infinity, height: 18))])?.issues.first?.code == .outOfRange)
            #expect(await refusal([.atom(InlineAtom(width: 18, height: 18, baseline: .nan))])?.issues.map(\.pointer) == ["/body/0/atom/baseline"])
            try await stillServes()
            // 100,000 runs: within a frame, past what a paragraph holds.
            let many = await refusal(Array(repeating: .string("x"), count: 100_000))
            #expect(many?.code == .invalidContent && many?.message.contains("100000 runs; at most 10000") == true, "\(String(describing: many))")
            try await stillServes()
            // Runs in a slot that takes a size.
            do throws(CGLClientError) {
                _ = try await client.lookup("feed-cell", in: .profile("phone-portrait"), content: ["image": .runs([.string("x")])])
                Issue.record("runs were accepted for a size slot")
            } catch {
                #expect(error.refusal?.code == .invalidContent && error.refusal?.issues.first?.pointer == "/image")
            }
            try await stillServes()
        }
    }

    /// Raw bytes the client would never send: runs on a version 5 connection, and a run's
    /// text that is not UTF-8. Each is a malformed request; the connection and daemon go on.
    @Test func runsTheConnectionsVersionLacksOrNotUTF8AreMalformed() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let lookup = WireLookup(scheme: "feed-cell", environment: .profile("phone-portrait"),
                                    content: WireContent(entries: [.init(slot: "body", value: .runs([.text("hi", style: nil)]))]))
            var frame: [UInt8] = []
            WireRequest.lookup(lookup).encode(requestID: 3, version: 6, into: &frame)
            let older = try RawConnection(path: daemon.configuration.socketPath)
            #expect(try older.handshake(version: 5).isAccepted)
            try older.send(frame)
            let (id, answer) = try older.readResponse(version: 5)
            guard case .error(let error) = answer else { throw Failure("expected an error, got \(answer)") }
            #expect(id == 3 && error.code == .badRequest && error.message.contains("version 6"), "\(error)")

            // "hi" → 0xC3 0x28, not UTF-8, at a version 6 connection.
            let newer = try RawConnection(path: daemon.configuration.socketPath)
            #expect(try newer.handshake(version: 6).isAccepted)
            let index = try #require(frame.indices.dropLast().first { frame[$0] == UInt8(ascii: "h") && frame[$0 + 1] == UInt8(ascii: "i") })
            var broken = frame
            broken[index] = 0xC3
            broken[index + 1] = 0x28
            try newer.send(broken)
            guard case .error(let invalid) = try newer.readResponse().response else { throw Failure("expected an error") }
            #expect(invalid.code == .badRequest && invalid.message.contains("UTF-8"), "\(invalid)")
            // The same connection still answers a good lookup.
            guard case .snapshot(let snapshot) = try newer.ask(.lookup(lookup), id: 4) else { throw Failure("expected a snapshot") }
            #expect(snapshot.scheme == "feed-cell")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
