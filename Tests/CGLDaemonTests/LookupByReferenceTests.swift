import CGLBridge
import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLWire
import Foundation
import Testing

/// Lookups by reference (`lookupBatchWithReferences`, protocol version 4), over a real
/// socket: a lookup sent in full is kept under the SHA-256 of its bytes, and named by it
/// afterwards; a reference the daemon does not know fails that lookup alone.
@Suite struct LookupByReferenceTests {
    static let post = WireLookup(scheme: "feed-cell", environment: .profile("phone-portrait"),
                                 content: WireContent(entries: [.init(slot: "body", value: .text("A post named by its digest afterwards.")),
                                                                .init(slot: "hasBadge", value: .flag(true))]))
    static var reference: WireLookupReference { WireLookupReference(lookupBytes: post.encoded()) }

    /// The answers of a `lookupBatchWithReferences` of `items`.
    static func answers(_ items: [WireLookupItem], on connection: RawConnection, id: UInt32) throws -> [WireBatchAnswer] {
        guard case .snapshots(let answers) = try connection.ask(.lookupBatchWithReferences(items), id: id) else {
            Issue.record("a lookupBatchWithReferences not answered by snapshots")
            return []
        }
        return answers
    }

    static func elements(_ answer: WireBatchAnswer) -> [WireSnapshot.Element]? {
        guard case .snapshot(let snapshot) = answer else { return nil }
        return snapshot.elements
    }

    @Test func aLookupSentInFullIsAnsweredByItsReferenceAfterwards() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let socketPath = daemon.configuration.socketPath
            // Blocking sockets off the cooperative pool, which the daemon's own work needs.
            try await blocking {
                let connection = try RawConnection(path: socketPath)
                #expect(try connection.handshake().isAccepted)
                // Never sent in full: unknown, and the lookup beside it answered all the same.
                let plain = WireLookup(scheme: "feed-cell", environment: .profile("phone-portrait"))
                let first = try Self.answers([.reference(Self.reference), .lookup(plain)], on: connection, id: 1)
                guard case .failure(let unknown) = first.first else {
                    Issue.record("an unknown reference answered \(first)")
                    return
                }
                #expect(unknown.code == .unknownReference && unknown.message.contains(Self.reference.description))
                #expect(Self.elements(first[1]) != nil)

                let full = try Self.answers([.lookup(Self.post)], on: connection, id: 2)
                let byReference = try Self.answers([.reference(Self.reference), .reference(Self.reference)], on: connection, id: 3)
                let expected = try #require(Self.elements(full[0]))
                #expect(byReference.map(Self.elements) == [expected, expected])
                if case .snapshot(let snapshot) = byReference[0] { #expect(snapshot.source == .memory && snapshot.scheme == "feed-cell") }

                // Another connection, the same daemon: references are the daemon's, not a connection's.
                let other = try RawConnection(path: socketPath)
                #expect(try other.handshake().isAccepted)
                #expect(try Self.answers([.reference(Self.reference)], on: other, id: 1).map(Self.elements) == [expected])
            }

            let stats = try await daemon.client().stats()
            #expect(stats["lookups.byReference"] == 3 && stats["lookups.unknownReference"] == 1)
        }
    }

    /// A reference outlives a change of the registry: the lookup's own bytes are resolved
    /// again, and name what the registry holds now.
    @Test func aReferenceFollowsTheRegistry() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let socketPath = daemon.configuration.socketPath
            let connection = try await blocking {
                let connection = try RawConnection(path: socketPath)
                #expect(try connection.handshake().isAccepted)
                return connection
            }
            let full = try await blocking { try Self.answers([.lookup(Self.post)], on: connection, id: 1) }
            let client = daemon.client()
            _ = try await client.register(try LookupByBytesTests.feedCell(named: "feed-cell", bodySize: 20))
            let after = try await blocking { try Self.answers([.reference(Self.reference)], on: connection, id: 2) }
            guard case .snapshot(let before) = full[0], case .snapshot(let now) = after[0] else {
                Issue.record("not answered: \(full), \(after)")
                return
            }
            #expect(now.hash != before.hash)
            let body = { (snapshot: WireSnapshot) in snapshot.elements.first { $0.id == "body" }?.frame.height ?? 0 }
            #expect(body(now) > body(before))

            #expect(try await client.unregister("feed-cell"))
            let gone = try await blocking { try Self.answers([.reference(Self.reference)], on: connection, id: 3) }
            guard case .failure(let error) = gone[0] else {
                Issue.record("a reference to a dropped scheme answered \(gone)")
                return
            }
            #expect(error.code == .notFound)
        }
    }

    /// Version 3 has no lookups by reference: the request is refused, and the connection
    /// goes on.
    @Test func versionThreeRefusesTheRequest() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let socketPath = daemon.configuration.socketPath
            try await blocking {
                let connection = try RawConnection(path: socketPath)
                #expect(try connection.handshake(version: 3).isAccepted)
                var frame: [UInt8] = []
                WireRequest.lookupBatchWithReferences([.lookup(Self.post)]).encode(requestID: 1, version: 4, into: &frame)
                _ = try connection.sendSome(frame)
                let answer = try connection.readResponse(version: 3)
                guard case .error(let error) = answer.response else {
                    Issue.record("version 3 answered \(answer)")
                    return
                }
                #expect(answer.id == 1 && error.code == .unsupportedVersion && error.message.contains("version 4"))
                try connection.send(.ping, id: 2, version: 3)
                guard case .pong = try connection.readResponse(version: 3).response else {
                    Issue.record("the connection did not go on")
                    return
                }
            }
        }
    }

    /// The client sends a page it keeps by reference from its second time, and a daemon
    /// that does not know the references (another host, or restarted) gets the lookups in
    /// full again: the caller sees its snapshots either way.
    @Test func theClientSendsAKeptPageByReference() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { first in
            try await withTestDaemon(schemes: ["feed-cell"]) { second in
                let posts = try Content.items(json: Array(Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/examples/content/feed-posts.json"))))
                let page = posts.prefix(12).map { Lookup("feed-cell", in: .profile("phone-portrait"), content: $0) }
                let expected = try SchemeDocument(data: try exampleDocument("feed-cell")).compiled()
                let one = first.client(), other = second.client()
                for round in 0 ..< 3 {
                    let answers = try await one.lookup(page).map { try $0.get() }
                    for (answer, post) in zip(answers, posts) {
                        let computed = try expected.snapshot(for: ProfileSet.defaults["phone-portrait"]!, content: post)
                        #expect(answer.document.elements == computed.elements, "round \(round)")
                    }
                }
                let stats = try await one.stats()
                #expect(stats["lookups.byReference"] == Double(2 * page.count) && stats["lookups.unknownReference"] == 0)

                // The same lookups, known to the client as answered, to a daemon that never saw them.
                let elsewhere = try await other.lookup(page).map { try $0.get() }
                let here = try await one.lookup(page).map { try $0.get().document.elements }
                #expect(elsewhere.map(\.document.elements) == here)
                let otherStats = try await other.stats()
                #expect(otherStats["lookups.unknownReference"] == Double(page.count))
                _ = try await other.lookup(page)
                let later = try await other.stats()
                #expect(later["lookups.byReference"] == Double(page.count))
            }
        }
    }

    /// A daemon of protocol version 3 (as an older release is) refuses the client's hello of
    /// version 4; the client speaks 3 with it, and sends its pages in full, blocking or not.
    @Test func aDaemonOfVersionThreeGetsPagesInFull() async throws {
        var options = Daemon.Options()
        options.protocolVersions = 1 ... 3
        try await withTestDaemon(schemes: ["feed-cell"], options: options) { daemon in
            let posts = try Content.items(json: Array(Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/examples/content/feed-posts.json"))))
            let page = posts.prefix(12).map { Lookup("feed-cell", in: .profile("phone-portrait"), content: $0) }
            let client = daemon.client()
            let first = try await client.lookup(page).map { try $0.get() }
            let again = try await client.lookup(page).map { try $0.get() }
            let blocked = try await blocking { try client.lookup(page).map { try $0.get().document.elements } }
            #expect(again.map(\.document.elements) == first.map(\.document.elements) && blocked == first.map(\.document.elements))
            #expect(again.allSatisfy { $0.source == .memory })
            let stats = try await client.stats()
            #expect(stats["lookups.byReference"] == 0 && stats["lookups.unknownReference"] == 0)
            // Its hello of version 4 refused, naming version 3.
            let socketPath = daemon.configuration.socketPath
            let refusal = try await blocking { try RawConnection(path: socketPath).handshake(version: 4) }
            #expect(refusal.status == .unsupportedVersion && refusal.version == 3)
        }
    }
}
