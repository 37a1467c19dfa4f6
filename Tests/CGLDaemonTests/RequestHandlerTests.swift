@testable import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLWire
import Foundation
import Synchronization
import Testing

/// A request resolved once (`RequestHandler.handle`): answered at once when it can be,
/// else pending and carried out later (`perform`), without a socket.
@Suite struct RequestHandlerTests {
    @Test func aPingIsAnsweredAtOnce() async throws {
        let fixture = try await RequestPathFixture()
        let (answers, pending) = try fixture.handle(.ping, id: 9)
        #expect(pending == nil)
        #expect(answers.count == 1 && answers[0].0 == 9)
        guard case .pong(let version, _) = answers.first?.1 else { Issue.record("no pong"); return }
        #expect(version == RequestHandler.serverVersion)
        await fixture.shutdown()
    }

    @Test func aLookupThatFailsIsAnsweredAtOnceNamingTheInput() async throws {
        let fixture = try await RequestPathFixture(schemes: ["feed-cell"])
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
        await fixture.shutdown()
    }

    /// A miss is pending, computed once by `perform`; the next lookup is answered at once
    /// from memory with the same bytes but the source.
    @Test func aMissIsPendingThenTheSameLookupIsAnsweredFromMemory() async throws {
        let fixture = try await RequestPathFixture(schemes: ["feed-cell"])
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
        await fixture.shutdown()
    }

    /// Two names with one content share a snapshot; each answer carries its own name.
    @Test func aSharedSnapshotCarriesTheNameAskedFor() async throws {
        let fixture = try await RequestPathFixture(schemes: ["toolbar"])
        let copy = String(decoding: try exampleDocument("toolbar"), as: UTF8.self)
            .replacingOccurrences(of: #""name": "toolbar""#, with: #""name": "toolbar-copy""#)
        _ = try await fixture.registry.register(Array(copy.utf8))
        let original = try fixture.handle(.lookup(scheme: "toolbar", environment: .profile("phone-portrait")))
        _ = try await fixture.perform(try #require(original.pending))
        let shared = try fixture.handle(.lookup(scheme: "toolbar-copy", environment: .profile("phone-portrait")))
        guard case .snapshot(let snapshot) = shared.answers.first?.1 else { Issue.record("not answered from memory"); return }
        #expect(snapshot.scheme == "toolbar-copy" && snapshot.source == .memory)
        await fixture.shutdown()
    }

    @Test func requestsThatTouchTheStoreArePendingAndAnsweredByPerform() async throws {
        let fixture = try await RequestPathFixture(schemes: ["feed-cell"])
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
        await fixture.shutdown()
    }

    @Test func anInvalidDocumentIsAnsweredWithEveryIssue() async throws {
        let fixture = try await RequestPathFixture()
        let document = #"{"format": "cglayout/1", "name": "bad", "elements": [{"id": "a", "rigth": 1}, {"id": "a"}], "blocks": []}"#
        let pending = try #require(try fixture.handle(.register(document: Array(document.utf8))).pending)
        guard case .error(let error) = try await fixture.perform(pending).first?.1 else { Issue.record("not an error"); return }
        #expect(error.code == .invalidDocument)
        #expect(Set(error.issues.map(\.code)).isSuperset(of: ["unknownKey", "duplicateId"]))
        await fixture.shutdown()
    }

    /// A scheme that cannot be laid out in an environment in range (a flex block out of
    /// space) is `invalidEnvironment`, naming the scheme.
    @Test func aSchemeThatCannotBeLaidOutIsAnInvalidEnvironment() async throws {
        let fixture = try await RequestPathFixture()
        let document = #"""
            {"format": "cglayout/1", "name": "tight", "elements": [{"id": "a"}, {"id": "b"}],
             "blocks": [{"id": "screen", "flex": {"items": [{"element": "a", "height": 400}, {"element": "b", "height": 300}]}}]}
            """#
        _ = try await fixture.registry.register(Array(document.utf8))
        let pending = try #require(try fixture.handle(.lookup(scheme: "tight", environment: .explicit(.init(width: 100, height: 100)))).pending)
        guard case .error(let error) = try await fixture.perform(pending).first?.1 else { Issue.record("not an error"); return }
        #expect(error.code == .invalidEnvironment && error.message.contains("'tight'") && error.message.contains("flex block 'screen': out of space"))
        await fixture.shutdown()
    }

    /// An answer that cannot be written (the client left) ends the request with the
    /// failure; it is not swallowed.
    @Test func aWriteFailureEndsThePendingRequest() async throws {
        let fixture = try await RequestPathFixture(schemes: ["feed-cell"])
        struct Gone: Error {}
        let pending = try #require(try fixture.handle(.lookup(scheme: "feed-cell", environment: .profile("phone-portrait"))).pending)
        await #expect(throws: Gone.self) { try await fixture.handler.perform(pending, requestID: 1) { _ in throw Gone() } }
        await fixture.shutdown()
    }
}
