@testable import CGLDaemon
import CGLClient
import CGLDaemonTestSupport
import CGLDocument
import CGLWire
import CGLayout
import Foundation
import Testing

/// Bounded work: a computation past `limits.computeSeconds` is abandoned and answered
/// `timeout`; once the daemon stops, computations give up and a prewarm counts what it
/// never computed as cancelled.
@Suite struct ComputeBudgetTests {
    /// A budget already spent: every computation bound to it is past its deadline.
    static let spent = ComputeBudget(stopping: LayoutCancellation(), limit: .zero)

    @Test func aLookupPastItsBudgetIsAnsweredTimeout() async throws {
        try await RequestPathFixture.with(computeBudget: Self.spent) { fixture in
            _ = try await fixture.registry.register(Array(equationChainDocument(200).utf8))
            let pending = try #require(try fixture.handle(.lookup(scheme: "chain", environment: .profile("phone-portrait"))).pending)
            guard case .error(let error) = try await fixture.perform(pending).first?.1 else { Issue.record("not an error"); return }
            #expect(error.code == .timeout)
            #expect(error.message.contains("the scheme 'chain' for the profile 'phone-portrait'") && error.message.contains("(limits.computeSeconds); it was abandoned"))
            // Nothing half-made was kept: the same scheme computes in full without the budget.
            let compiled = try #require(fixture.registry.scheme(named: "chain")).compiled
            #expect(try compiled.snapshot(for: ProfileSet.defaults["phone-portrait"]!).elements.count == 200)
        }
    }

    @Test func aRegistrationPastItsBudgetIsAnsweredTimeout() async throws {
        try await RequestPathFixture.with(validationBudget: Self.spent) { fixture in
            let pending = try #require(try fixture.handle(.register(document: Array(equationChainDocument(200).utf8))).pending)
            guard case .error(let error) = try await fixture.perform(pending).first?.1 else { Issue.record("not an error"); return }
            #expect(error.code == .timeout)
            #expect(error.message == "validating the document took longer than 0.0 s (limits.computeSeconds); it was abandoned")
            #expect(fixture.registry.scheme(named: "chain") == nil)
        }
    }

    /// Once the daemon stops, a prewarm computes nothing more: every pair it had not
    /// computed is cancelled, not failed (and a version 2 client is told they failed).
    @Test func aPrewarmCutShortCountsWhatItNeverComputedAsCancelled() async throws {
        let stopping = LayoutCancellation()
        try await RequestPathFixture.with(schemes: ["feed-cell", "toolbar"], computeBudget: ComputeBudget(stopping: stopping, limit: .seconds(60))) { fixture in
            stopping.cancel()
            let summary = try await fixture.handler.prewarm(schemes: ["feed-cell", "toolbar"], profiles: ["phone-portrait", "tablet-landscape"],
                                                            requestID: 1, notify: { _ in })
            #expect(summary.computed == 0 && summary.failed == 0 && summary.alreadyCached == 0)
            // 2 schemes × 2 profiles × 2 directions (the fixture prewarms both).
            #expect(summary.cancelled == 8)
            var bytes: [UInt8] = []
            WireResponse.prewarmFinished(summary).encode(requestID: 1, version: 2, into: &bytes)
            var parser = FrameParser()
            parser.feed(bytes)
            let old = try WireResponse(frame: try #require(try parser.next()), version: 2)
            #expect(old == .prewarmFinished(WirePrewarmSummary(computed: 0, alreadyCached: 0, failed: 8, seconds: summary.seconds)))
        }
    }

    /// All connections together keep at most `limits.maxRequestsInFlightTotal` requests in
    /// flight: past it a request is answered busy naming the limit, and once the others are
    /// answered the count is back down.
    @Test func requestsInFlightAreBoundedAcrossConnections() async throws {
        try await withTestDaemon(configure: { $0.limits.maximumRequestsInFlightTotal = 2; $0.prewarmAtStart = false }) { daemon in
            _ = try await daemon.client().register(Data(equationChainDocument(300).utf8))
            let socketPath = daemon.configuration.socketPath
            let answers = try await blocking { () -> [WireResponse] in
                let first = try RawConnection(path: socketPath), second = try RawConnection(path: socketPath)
                _ = try first.handshake()
                _ = try second.handshake()
                // Three uncached lookups of a slow scheme on one connection, one on the other.
                let profiles = ["phone-portrait", "phone-landscape", "tablet-portrait"]
                for (index, profile) in profiles.enumerated() {
                    try first.send(.lookup(scheme: "chain", environment: .profile(profile)), id: UInt32(index + 1))
                }
                try second.send(.lookup(scheme: "chain", environment: .profile("tablet-landscape")), id: 9)
                return try (0..<3).map { _ in try first.readResponse(timeout: .seconds(60)).response } + [try second.readResponse(timeout: .seconds(60)).response]
            }
            let refusals = answers.compactMap { answer -> WireError? in if case .error(let error) = answer { error } else { nil } }
            #expect(refusals.count == 2, "\(answers)")
            #expect(refusals.allSatisfy { $0.code == .busy && $0.message.contains("(limits.maxRequestsInFlightTotal)") })
            // Back to the stats request itself alone (answers are counted answered once the
            // socket took them, just after the client could read them).
            var inFlight = try await daemon.client().stats()["requests.inFlight"]
            for _ in 0..<100 where inFlight != 1 {
                try await Task.sleep(for: .milliseconds(20))
                inFlight = try await daemon.client().stats()["requests.inFlight"]
            }
            #expect(inFlight == 1)
        }
    }
}
