@testable import CGLDaemon
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
}
