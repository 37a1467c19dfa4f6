@testable import CGLFleet
import Foundation
import Testing

/// A call to the registry answers within its time, even when the work does not notice that
/// it was cancelled (a query to a server that went silent).
///
/// The work takes ten minutes; answering in well under that shows that the call did not wait
/// for it, however loaded the machine (the bound is not a timing goal).
@Suite struct DeadlineTests {
    struct TimedOut: Error {}

    /// Work that ignores cancellation and ends after `seconds`.
    static func stubborn(_ seconds: Double) async -> Int {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { continuation.resume(returning: 7) }
        }
    }

    @Test func theTimeoutAnswersWithoutWaitingForTheWork() async {
        let started = ContinuousClock.now
        await #expect(throws: TimedOut.self) {
            try await Deadline.run(within: .milliseconds(100), { await Self.stubborn(600) }, timedOut: { TimedOut() })
        }
        #expect(ContinuousClock.now - started < .seconds(300))
    }

    @Test func workInTimeAnswers() async throws {
        #expect(try await Deadline.run(within: .seconds(10), { await Self.stubborn(0.05) }, timedOut: { TimedOut() }) == 7)
        await #expect(throws: CocoaError.self) {
            try await Deadline.run(within: .seconds(10), { throw CocoaError(.fileNoSuchFile) }, timedOut: { TimedOut() })
        }
    }

    @Test func theCallersCancellationAnswers() async {
        let started = ContinuousClock.now
        let call = Task { try await Deadline.run(within: .seconds(1200), { await Self.stubborn(600) }, timedOut: { TimedOut() }) }
        try? await Task.sleep(for: .milliseconds(50))
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        #expect(ContinuousClock.now - started < .seconds(300))
    }
}
