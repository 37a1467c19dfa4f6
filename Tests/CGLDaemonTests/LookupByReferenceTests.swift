import CGLBridge
import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLWire
import Foundation
import Testing
import CGLClientFallback

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
                #expect(unknown.code == .unknownReference && unknown.message.contains("send this lookup in full"))
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

    /// A page named whole by references the daemon knows (its warm path) is answered as
    /// the same page is when one of its references is unknown (the general path): each
    /// lookup its own snapshot, in order, and the counters alike.
    @Test func aPageByReferenceIsAnsweredAsThePageWithAnUnknownReference() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let socketPath = daemon.configuration.socketPath
            let posts = ["A first post.", "A second, longer post that wraps over more than one line of the cell."].map { body in
                WireLookup(scheme: "feed-cell", environment: .profile("phone-portrait"), content: WireContent(entries: [.init(slot: "body", value: .text(body))]))
            }
            let references = posts.map { WireLookupReference(lookupBytes: $0.encoded()) }
            let unknown = WireLookupReference(lookupBytes: Array("never sent".utf8))
            try await blocking {
                let connection = try RawConnection(path: socketPath)
                #expect(try connection.handshake().isAccepted)
                let full = try Self.answers(posts.map { .lookup($0) }, on: connection, id: 1).map(Self.elements)
                #expect(full.allSatisfy { $0 != nil } && full[0] != full[1])
                let warm = try Self.answers([.reference(references[1]), .reference(references[0]), .reference(references[1])], on: connection, id: 2)
                #expect(warm.map(Self.elements) == [full[1], full[0], full[1]])
                let mixed = try Self.answers([.reference(references[1]), .reference(unknown), .reference(references[0])], on: connection, id: 3)
                #expect(mixed.map(Self.elements) == [full[1], nil, full[0]])
                guard case .failure(let error) = mixed[1] else {
                    Issue.record("an unknown reference answered \(mixed[1])")
                    return
                }
                #expect(error.code == .unknownReference)
                // An empty page: an empty answer, on either path.
                #expect(try Self.answers([], on: connection, id: 4).isEmpty)
            }
            let stats = try await daemon.client().stats()
            #expect(stats["lookups.byReference"] == 5 && stats["lookups.unknownReference"] == 1)
        }
    }

    /// A reference outlives a change of the registry: the lookup's own bytes are resolved
    /// again, and name what the registry holds now.
    @Test func aReferenceFollowsTheRegistry() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let connection = try await Self.connected(to: daemon)
            let full = try await blocking { try Self.answers([.lookup(Self.post)], on: connection, id: 1) }
            try await Self.expectTheReferenceFollowsTheRegistry(of: daemon, on: connection, answeredFirst: full, nextID: 2)
        }
    }

    /// The same once the hot cache remembers where the reference's snapshot is (a page by
    /// reference answered twice): the registry's change still decides the next answer.
    @Test func aReferenceTheCacheRemembersFollowsTheRegistry() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let connection = try await Self.connected(to: daemon)
            let full = try await blocking { try Self.answers([.lookup(Self.post)], on: connection, id: 1) }
            for id in UInt32(2) ... 4 {
                let again = try await blocking { try Self.answers([.reference(Self.reference), .reference(Self.reference)], on: connection, id: id) }
                #expect(again.count == 2)
                for answer in again {
                    guard case .snapshot(let snapshot) = answer, case .snapshot(var expected) = full[0] else {
                        Issue.record("not answered from memory: \(again)")
                        continue
                    }
                    expected.source = .memory
                    #expect(snapshot == expected)
                }
            }
            try await Self.expectTheReferenceFollowsTheRegistry(of: daemon, on: connection, answeredFirst: full, nextID: 5)
        }
    }

    /// A raw connection to `daemon`, its handshake done.
    private static func connected(to daemon: TestDaemon) async throws -> RawConnection {
        let socketPath = daemon.configuration.socketPath
        return try await blocking {
            let connection = try RawConnection(path: socketPath)
            #expect(try connection.handshake().isAccepted)
            return connection
        }
    }

    /// The feed cell registered again with a longer body: the post by reference is laid out
    /// anew; then unregistered: the reference names a scheme that is gone.
    private static func expectTheReferenceFollowsTheRegistry(of daemon: TestDaemon, on connection: RawConnection, answeredFirst full: [WireBatchAnswer],
                                                             nextID: UInt32) async throws {
        let client = daemon.client()
        _ = try await client.register(try LookupByBytesTests.feedCell(named: "feed-cell", bodySize: 20))
        let after = try await blocking { try answers([.reference(reference)], on: connection, id: nextID) }
        guard case .snapshot(let before) = full[0], case .snapshot(let now) = after[0] else {
            Issue.record("not answered: \(full), \(after)")
            return
        }
        #expect(now.hash != before.hash)
        let body = { (snapshot: WireSnapshot) in snapshot.elements.first { $0.id == "body" }?.frame.height ?? 0 }
        #expect(body(now) > body(before))

        #expect(try await client.unregister("feed-cell"))
        let gone = try await blocking { try answers([.reference(reference)], on: connection, id: nextID + 1) }
        guard case .failure(let error) = gone[0] else {
            Issue.record("a reference to a dropped scheme answered \(gone)")
            return
        }
        #expect(error.code == .notFound)
    }

    /// A page the hot cache serves by its references still goes through `LookupKeys` each
    /// time those age, so its lookups stay known there: after a registry change, with other
    /// traffic aging the tables meanwhile, the page is still answered by reference.
    @Test func aPageInUseStaysKnownByReferenceWhileOtherLookupsAgeTheTables() async throws {
        // A 1 MiB cache: LookupKeys' generation holds 64 KiB, about a hundred lookups.
        try await withTestDaemon(schemes: ["feed-cell"], configure: { $0.cacheMemoryBytes = 1 << 20 }) { daemon in
            let connection = try await Self.connected(to: daemon)
            _ = try await blocking { try Self.answers([.lookup(Self.post)], on: connection, id: 1) }
            var id: UInt32 = 2
            for round in 0 ..< 10 {
                let others = (0 ..< 50).map { index in
                    WireLookupItem.lookup(WireLookup(scheme: "feed-cell", environment: .profile("phone-portrait"),
                                                     content: WireContent(entries: [.init(slot: "body", value: .text("Other post \(round)-\(index)."))])))
                }
                let (first, second) = (id, id + 1)
                id += 2
                let answered = try await blocking { try Self.answers(others, on: connection, id: first) }
                #expect(answered.allSatisfy { if case .snapshot = $0 { true } else { false } })
                let again = try await blocking { try Self.answers([.reference(Self.reference)], on: connection, id: second) }
                guard case .snapshot = again.first else {
                    Issue.record("round \(round): the page by reference was answered \(again)")
                    return
                }
            }
            _ = try await daemon.client().register(try exampleDocument("toolbar"))
            let after = try await blocking { [id] in try Self.answers([.reference(Self.reference)], on: connection, id: id) }
            guard case .snapshot = after.first else {
                Issue.record("after the registry changed, the page by reference was answered \(after)")
                return
            }
        }
    }

    /// A malformed batch with references (an unknown form, a reference cut short) is
    /// answered `badRequest`, and one over the daemon's limit `tooLarge`; the connection
    /// goes on, and the daemon serves.
    @Test func malformedBatchesWithReferencesCostOnlyThemselves() async throws {
        try await withTestDaemon(schemes: ["feed-cell"], configure: { $0.limits.maximumBatchItems = 4 }) { daemon in
            let socketPath = daemon.configuration.socketPath
            try await blocking {
                let connection = try RawConnection(path: socketPath)
                #expect(try connection.handshake().isAccepted)
                var good: [UInt8] = []
                WireRequest.lookupBatchWithReferences([.reference(Self.reference), .lookup(Self.post)]).encode(requestID: 1, into: &good)
                // The first item's form (after the 9 bytes of header and the 4 of the count) made 2.
                var unknownForm = good
                unknownForm[13] = 2
                unknownForm.replaceSubrange(5 ..< 9, with: [0, 0, 0, 2])
                // The frame cut inside the reference, its length kept true to its bytes.
                var cutShort = Array(good[..<30])
                cutShort.replaceSubrange(0 ..< 4, with: [0, 0, 0, 26])
                cutShort.replaceSubrange(5 ..< 9, with: [0, 0, 0, 3])
                var tooMany: [UInt8] = []
                WireRequest.lookupBatchWithReferences(Array(repeating: .reference(Self.reference), count: 5)).encode(requestID: 4, into: &tooMany)
                try connection.send(unknownForm + cutShort + tooMany + good)
                var answers: [UInt32: WireResponse] = [:]
                while answers.count < 4 {
                    let (id, response) = try connection.readResponse()
                    answers[id] = response
                }
                guard case .error(let form)? = answers[2], case .error(let cut)? = answers[3], case .error(let many)? = answers[4],
                      case .snapshots(let items)? = answers[1] else {
                    Issue.record("unexpected answers: \(answers)")
                    return
                }
                #expect(form.code == .badRequest && form.message.contains("form"))
                #expect(cut.code == .badRequest)
                #expect(many.code == .tooLarge && many.message.contains("at most 4"))
                #expect(items.count == 2)
            }
            #expect(try await daemon.client().lookup("feed-cell", in: .profile("phone-portrait")).scheme == "feed-cell")
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

    /// The client sends a page it keeps by reference from its second time (a lookup that
    /// failed, never); and a daemon that does not know the references (another host, or
    /// restarted) gets the lookups in full again: the caller sees its snapshots either way,
    /// async or blocking, in one frame or several.
    @Test func theClientSendsAKeptPageByReference() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { first in
            try await withTestDaemon(schemes: ["feed-cell"]) { second in
                let posts = try Content.items(json: Array(Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/examples/content/feed-posts.json"))))
                let page = posts.prefix(12).map { Lookup("feed-cell", in: .profile("phone-portrait"), content: $0) }
                    + [Lookup("feed-cel", in: .profile("phone-portrait"), content: ["body": .text("misspelt")])]
                let expected = try SchemeDocument(data: try exampleDocument("feed-cell")).compiled()
                let one = first.client()
                var here: [[DocumentSnapshot.Entry]] = []
                for round in 0 ..< 3 {
                    let answers = try await one.lookup(page)
                    here = try answers.dropLast().map { try $0.get().document.elements }
                    for (elements, post) in zip(here, posts) {
                        let computed = try expected.snapshot(for: ProfileSet.defaults["phone-portrait"]!, content: post)
                        #expect(elements == computed.elements, "round \(round)")
                    }
                    let misspelt = try #require(throws: CGLClientError.self) { try answers.last!.get() }
                    #expect(misspelt.refusal?.code == .notFound)
                }
                let stats = try await one.stats()
                #expect(stats["lookups.byReference"] == Double(2 * 12) && stats["lookups.unknownReference"] == 0)

                // The same lookups, answered before, to a daemon that never saw them: blocking,
                // in frames of 5 lookups.
                let other = CGLClient(configuration: .init(socketPath: second.configuration.socketPath, maximumBatchItems: 5))
                let elsewhere = try await blocking { try other.lookup(page).dropLast().map { try $0.get().document.elements } }
                #expect(elsewhere == here)
                let otherStats = try await other.stats()
                #expect(otherStats["lookups.unknownReference"] == 12 && otherStats["lookups.byReference"] == 0)
                // Each lookup goes in full once more after its first unknown reference, then by reference.
                _ = try await other.lookup(page)
                let last = try await other.lookup(page).dropLast().map { try $0.get().document.elements }
                #expect(last == here)
                let later = try await other.stats()
                #expect(later["lookups.byReference"] == 12 && later["lookups.unknownReference"] == 12)
            }
        }
    }

    /// A lookup the daemon does not keep (larger than a quarter of its lookups' bound) costs
    /// a second round trip now and then, not on every call: the client waits longer after
    /// each unknown reference before it tries one again.
    @Test func aLookupTheDaemonDoesNotKeepIsTriedByReferenceLessAndLessOften() async throws {
        // A 1 MiB cache: lookups are kept up to 16 KiB; this post's text is 20 KB.
        try await withTestDaemon(schemes: ["feed-cell"], configure: { $0.cacheMemoryBytes = 1 << 20 }) { daemon in
            let long = Lookup("feed-cell", in: .profile("phone-portrait"),
                              content: ["body": .text(String(repeating: "A long post that goes on and on. ", count: 600))])
            let short = Lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .text("A short one.")])
            let client = daemon.client()
            for call in 0 ..< 8 {
                let answers = try await client.lookup([long, short]).map { try $0.get() }
                // The long body fills the cell's lines; the short one, one line.
                #expect(answers[0]["body"]!.frame.height > answers[1]["body"]!.frame.height && answers[0].contentDigest != answers[1].contentDigest,
                        "call \(call)")
            }
            // The long one: in full; by reference (unknown) and in full; in full once; by
            // reference (unknown) and in full; in full twice; by reference (unknown) and in
            // full; in full. The short one by reference from the second call on.
            let stats = try await client.stats()
            #expect(stats["lookups.unknownReference"] == 3 && stats["lookups.byReference"] == 7)
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

    /// Versions this build does not speak are left out of the daemon's range.
    @Test func theDaemonsVersionsAreThoseItsBuildSpeaks() async throws {
        var options = Daemon.Options()
        options.protocolVersions = 2 ... 9
        try await withTestDaemon(options: options) { daemon in
            let socketPath = daemon.configuration.socketPath
            let (newer, older, oldest) = try await blocking {
                (try RawConnection(path: socketPath).handshake(version: Handshake.currentVersion + 1),
                 try RawConnection(path: socketPath).handshake(version: 2), try RawConnection(path: socketPath).handshake(version: 1))
            }
            #expect(newer.status == .unsupportedVersion && newer.version == Handshake.currentVersion)
            #expect(older.isAccepted && !oldest.isAccepted)
        }
    }
}
