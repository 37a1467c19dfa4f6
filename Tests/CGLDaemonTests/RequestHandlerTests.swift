@testable import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLWire
import Foundation
import NIOCore
import Synchronization
import Testing

/// A request resolved once (`RequestHandler.handle`): answered at once when it can be,
/// else pending and carried out later (`perform`), without a socket.
@Suite struct RequestHandlerTests {
    @Test func aPingIsAnsweredAtOnce() async throws {
        try await RequestPathFixture.with { fixture in
            let (answers, pending) = try fixture.handle(.ping, id: 9)
            #expect(pending == nil)
            #expect(answers.count == 1 && answers[0].0 == 9)
            guard case .pong(let version, _) = answers.first?.1 else { Issue.record("no pong"); return }
            #expect(version == RequestHandler.serverVersion)
        }
    }

    /// Lookups come by their bytes; a decoded one handed to the general path (which the
    /// connection never does) is answered `internal`, not trapped.
    @Test func aDecodedLookupOnTheGeneralPathIsAnsweredInternal() async throws {
        try await RequestPathFixture.with(schemes: ["feed-cell"]) { fixture in
            var answers = AnswerBuffer()
            let pending = fixture.handler.handle(.lookup(scheme: "feed-cell", environment: .profile("phone-portrait")), requestID: 4, into: &answers)
            #expect(pending == nil)
            var bytes: [UInt8] = []
            answers.flush { bytes = Array($0.readableBytesView) }
            let responses = try RequestPathFixture.responses(bytes)
            guard responses.count == 1, responses[0].0 == 4, case .error(let error) = responses[0].1 else {
                Issue.record("not one error: \(responses)")
                return
            }
            #expect(error.code == .internal)
        }
    }

    @Test func aLookupThatFailsIsAnsweredAtOnceNamingTheInput() async throws {
        try await RequestPathFixture.with(schemes: ["feed-cell"]) { fixture in
            let unknown = try fixture.handle(.lookup(scheme: "feed-cel", environment: .profile("phone-portrait")), id: 3)
            #expect(unknown.pending == nil)
            guard case .error(let notFound) = unknown.answers.first?.1 else { Issue.record("not an error"); return }
            #expect(notFound.code == .notFound && notFound.message.contains("did you mean 'feed-cell'?"))
            let badProfile = try fixture.handle(.lookup(scheme: "feed-cell", environment: .profile("phone-portrat")))
            guard case .error(let invalid) = badProfile.answers.first?.1 else { Issue.record("not an error"); return }
            #expect(invalid.code == .invalidEnvironment && invalid.message.contains("phone-portrait"))
            let badSize = try fixture.handle(.lookup(scheme: "feed-cell", environment: .explicit(.init(width: -1, height: 10))))
            guard case .error(let range) = badSize.answers.first?.1 else { Issue.record("not an error"); return }
            #expect(range.code == .invalidEnvironment)
        }
    }

    /// A miss is pending, computed once by `perform`; the next lookup is answered at once
    /// from memory with the same bytes but the source.
    @Test func aMissIsPendingThenTheSameLookupIsAnsweredFromMemory() async throws {
        try await RequestPathFixture.with(schemes: ["feed-cell"]) { fixture in
            let request = WireRequest.lookup(scheme: "feed-cell", environment: .profile("phone-portrait"))
            let first = try fixture.handle(request, id: 1)
            #expect(first.answers.isEmpty)
            let pending = try #require(first.pending)
            let computed = try await fixture.perform(pending, id: 1)
            guard case .snapshot(var fromMiss) = computed.first?.1 else { Issue.record("no snapshot"); return }
            #expect(computed.count == 1 && computed[0].0 == 1 && fromMiss.source == .computed)
            let second = try fixture.handle(request, id: 2)
            #expect(second.pending == nil)
            guard case .snapshot(let fromMemory) = second.answers.first?.1 else { Issue.record("no snapshot"); return }
            #expect(second.answers[0].0 == 2 && fromMemory.source == .memory)
            fromMiss.source = .memory
            #expect(fromMiss == fromMemory)
            #expect(fixture.counters.computations.load(ordering: .relaxed) == 1)
            #expect(fixture.counters.hitsMemory.load(ordering: .relaxed) == 1)
        }
    }

    /// Two names with one content share a snapshot; each answer carries its own name.
    @Test func aSharedSnapshotCarriesTheNameAskedFor() async throws {
        try await RequestPathFixture.with(schemes: ["toolbar"]) { fixture in
            let copy = String(decoding: try exampleDocument("toolbar"), as: UTF8.self)
                .replacingOccurrences(of: #""name": "toolbar""#, with: #""name": "toolbar-copy""#)
            _ = try await fixture.registry.register(Array(copy.utf8))
            let original = try fixture.handle(.lookup(scheme: "toolbar", environment: .profile("phone-portrait")))
            _ = try await fixture.perform(try #require(original.pending))
            let shared = try fixture.handle(.lookup(scheme: "toolbar-copy", environment: .profile("phone-portrait")))
            guard case .snapshot(let snapshot) = shared.answers.first?.1 else { Issue.record("not answered from memory"); return }
            #expect(snapshot.scheme == "toolbar-copy" && snapshot.source == .memory)
        }
    }

    @Test func requestsThatTouchTheStoreArePendingAndAnsweredByPerform() async throws {
        try await RequestPathFixture.with(schemes: ["feed-cell"]) { fixture in
            for request in [WireRequest.list, .stats, .register(document: Array(try exampleDocument("toolbar"))), .unregister(name: "toolbar"),
                            .prewarm(schemes: ["feed-cell"], profiles: ["phone-portrait"])] {
                let (answers, pending) = try fixture.handle(request)
                #expect(answers.isEmpty, "\(request.kind) was answered at once")
                let performed = try await fixture.perform(try #require(pending))
                let final = try #require(performed.last?.1)
                switch (request, final) {
                case (.list, .schemes(let schemes)): #expect(schemes.map(\.name) == ["feed-cell"])
                case (.stats, .stats(let stats)): #expect(stats[WireStats.Key.schemes] == 1)
                case (.register, .registered(let registration)): #expect(registration.name == "toolbar" && registration.outcome == .created)
                case (.unregister, .unregistered(let name, let existed)): #expect(name == "toolbar" && existed)
                case (.prewarm, .prewarmFinished(let summary)): #expect(summary.computed == 2 && summary.failed == 0)
                default: Issue.record("\(request.kind) was answered \(final.kind)")
                }
            }
        }
    }

    @Test func anInvalidDocumentIsAnsweredWithEveryIssue() async throws {
        try await RequestPathFixture.with { fixture in
            let document = #"{"format": "cglayout/1", "name": "bad", "elements": [{"id": "a", "rigth": 1}, {"id": "a"}], "blocks": []}"#
            let pending = try #require(try fixture.handle(.register(document: Array(document.utf8))).pending)
            guard case .error(let error) = try await fixture.perform(pending).first?.1 else { Issue.record("not an error"); return }
            #expect(error.code == .invalidDocument)
            #expect(Set(error.issues.map(\.code)).isSuperset(of: ["unknownKey", "duplicateId"]))
        }
    }

    /// A document over the configured limits is refused naming the limit; one stored
    /// before under larger limits is still served after a restart under the smaller ones.
    @Test func documentsOverTheLimitsAreRefusedButStoredOnesAreServed() async throws {
        let equations = (0..<6).map { "\"a.left == \($0) ~ \(100 + $0)\"" }.joined(separator: ", ")
        let document = #"{"format": "cglayout/1", "name": "six", "elements": [{"id": "a"}], "blocks": [{"equations": [\#(equations)]}]}"#
        let limits = SchemeDocument.Limits(maximumEquations: 5)
        try await RequestPathFixture.with(documentLimits: limits) { fixture in
            let pending = try #require(try fixture.handle(.register(document: Array(document.utf8))).pending)
            guard case .error(let error) = try await fixture.perform(pending).first?.1 else { Issue.record("not an error"); return }
            #expect(error.code == .invalidDocument)
            #expect(error.issues.map(\.code) == ["tooLarge"])
            #expect(error.issues.first?.message == "the document has more than 5 equations; the limit is 5 (limits.maxDocumentEquations)")
        }
        try await RequestPathFixture.with { fixture in
            _ = try await fixture.registry.register(Array(document.utf8))
            let restarted = SchemeRegistry(store: fixture.store, parser: DocumentParser(pool: fixture.pool, limits: limits), logger: RequestPathFixture.logger)
            try await restarted.loadFromStore()
            #expect(restarted.scheme(named: "six") != nil)
        }
    }

    /// A scheme that cannot be laid out in an environment in range (a flex block out of
    /// space) is `invalidEnvironment`, naming the scheme.
    @Test func aSchemeThatCannotBeLaidOutIsAnInvalidEnvironment() async throws {
        try await RequestPathFixture.with { fixture in
            let document = #"""
                {"format": "cglayout/1", "name": "tight", "elements": [{"id": "a"}, {"id": "b"}],
                 "blocks": [{"id": "screen", "flex": {"items": [{"element": "a", "height": 400}, {"element": "b", "height": 300}]}}]}
                """#
            _ = try await fixture.registry.register(Array(document.utf8))
            let pending = try #require(try fixture.handle(.lookup(scheme: "tight", environment: .explicit(.init(width: 100, height: 100)))).pending)
            guard case .error(let error) = try await fixture.perform(pending).first?.1 else { Issue.record("not an error"); return }
            #expect(error.code == .invalidEnvironment && error.message.contains("'tight'") && error.message.contains("flex block 'screen': out of space"))
        }
    }

    /// A pending request sends its final answer exactly once, after its events.
    @Test func aPendingRequestSendsOneFinalAnswer() async throws {
        try await RequestPathFixture.with(schemes: ["feed-cell"]) { fixture in
            let pending = try #require(try fixture.handle(.lookup(scheme: "feed-cell", environment: .profile("phone-portrait"))).pending)
            let finals = Mutex(0)
            await fixture.handler.perform(pending, requestID: 1, output: AnswerOutput(send: { _ in finals.withLock { $0 += 1 } }, notify: { _ in }))
            #expect(finals.withLock { $0 } == 1)
        }
    }
}

/// Names a client sends are answered cheaply and briefly, however long they are: no
/// suggestion work for a name no document could declare, and the name cut in the message.
@Suite struct LongNameTests {
    @Test func aHugeUnknownNameIsAnsweredAtOnceWithAShortMessage() async throws {
        try await RequestPathFixture.with(schemes: ["feed-cell"]) { fixture in
            let huge = String(repeating: "feed-cel", count: 500_000)  // 4 MB
            for request in [WireRequest.lookup(scheme: huge, environment: .profile("phone-portrait")),
                            .lookup(scheme: "feed-cell", environment: .profile(huge))] {
                let (answers, pending) = try fixture.handle(request, id: 4)
                #expect(pending == nil)
                guard case .error(let error) = answers.first?.1 else { Issue.record("not an error"); continue }
                #expect(error.message.utf8.count < 1000)
                #expect(error.message.contains("(4000000 bytes)"))
                #expect(!error.message.contains("did you mean"))
            }
        }
    }

    @Test func anAnswerWhoseMessageAloneIsTooLargeIsCutNotDropped() throws {
        let error = WireError(code: .notFound, message: String(repeating: "x", count: 20_000))
        var bytes: [UInt8] = []
        WireResponse.error(error).encode(requestID: 3, into: &bytes, limit: 1000)
        let responses = try RequestPathFixture.responses(bytes)
        #expect(responses.count == 1 && responses[0].0 == 3)
        guard case .error(let cut) = responses.first?.1 else { Issue.record("not an error"); return }
        #expect(cut.code == .notFound && cut.message.hasSuffix("(the message was cut: too large)"))
        #expect(WireFrame.length(ofFrameAt: 0, in: bytes) <= 1000)
    }
}
