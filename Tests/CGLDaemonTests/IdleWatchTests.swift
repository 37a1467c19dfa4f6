@testable import CGLDaemon
import NIOCore
import Testing

@Suite struct IdleWatchTests {
    /// The outcomes of `count` checks in a row.
    private func check(_ watch: inout IdleWatch, times count: Int, busy: Bool = false) -> [Bool] {
        (0..<count).map { _ in watch.check(busy: busy) }
    }

    @Test func aSilentConnectionIsIdleAfterFourChecksOfAQuarterTimeoutEach() {
        var watch = IdleWatch(timeout: .seconds(2))
        #expect(watch.period == .milliseconds(500))
        #expect(watch.limit == 4)
        let outcomes = check(&watch, times: 4)
        #expect(outcomes == [false, false, false, true])
    }

    @Test func inputStartsTheCountAgain() {
        var watch = IdleWatch(timeout: .seconds(2))
        let before = check(&watch, times: 3)
        watch.noteInput()
        let after = check(&watch, times: 5)
        #expect(before == [false, false, false])
        // The check of the period with the read, then four silent ones.
        #expect(after == [false, false, false, false, true])
    }

    @Test func aConnectionWaitingForItsAnswersIsNeverIdle() {
        var watch = IdleWatch(timeout: .milliseconds(4))
        let busy = check(&watch, times: 100, busy: true)
        let silent = check(&watch, times: 4)
        #expect(!busy.contains(true))
        #expect(silent == [false, false, false, true])
    }

    @Test func shortTimeoutsAreCheckedEveryMillisecond() {
        let watch = IdleWatch(timeout: .microseconds(2500))
        #expect(watch.period == .milliseconds(1))
        #expect(watch.limit == 3)
    }
}
