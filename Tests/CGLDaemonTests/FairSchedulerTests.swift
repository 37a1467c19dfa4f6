@testable import CGLDaemon
import CGLDaemonTestSupport
import Foundation
import Synchronization
import Testing

/// Slow schemes cannot starve the others: the compute threads' scheduler.
@Suite struct FairSchedulerTests {
    /// A scheduler of `width` threads, each job on a thread of its own.
    static func scheduler(width: Int) -> FairScheduler {
        FairScheduler(width: width) { job in Thread.detachNewThread { job(true) } }
    }

    /// Eight 200 ms jobs of one scheme, then one quick job of another: once the first two
    /// show the scheme slow, it keeps to one thread, and the quick job runs at once on the
    /// other, rather than waiting for a slow one to end (first come, first served: 150 ms).
    /// The slow ones all run.
    @Test func aQuickSchemeRunsBesideASlowOnesQueue() async throws {
        let scheduler = Self.scheduler(width: 2)
        let done = Mutex<[String]>([])
        let group = DispatchGroup()
        for index in 0..<8 {
            group.enter()
            scheduler.submit(lane: "slow") { _ in
                usleep(200_000)
                done.withLock { $0.append("slow \(index)") }
                group.leave()
            }
        }
        let waited = try await blocking { () -> Duration in
            usleep(250_000)
            let submitted = ContinuousClock.now
            let started = Mutex<ContinuousClock.Instant?>(nil)
            group.enter()
            scheduler.submit(lane: "quick") { _ in
                started.withLock { $0 = .now }
                group.leave()
            }
            #expect(group.wait(timeout: .now() + 10) == .success)
            return try #require(started.withLock { $0 }) - submitted
        }
        #expect(waited < .milliseconds(80), "the quick job waited \(waited)")
        #expect(done.withLock { $0.count } == 8)
    }

    /// Quick jobs of one scheme use every thread: fairness costs them nothing.
    @Test func quickJobsUseEveryThread() async throws {
        let scheduler = Self.scheduler(width: 2)
        let running = Atomic(0), peak = Atomic(0)
        let group = DispatchGroup()
        for _ in 0..<200 {
            group.enter()
            scheduler.submit(lane: "cells") { _ in
                let now = running.add(1, ordering: .relaxed).newValue
                _ = peak.max(now, ordering: .relaxed)
                usleep(2_000)
                running.subtract(1, ordering: .relaxed)
                group.leave()
            }
        }
        try await blocking { #expect(group.wait(timeout: .now() + 30) == .success) }
        #expect(peak.load(ordering: .relaxed) == 2)
    }

    /// Stopped, the jobs queued are told so at once, and so are later ones.
    @Test func stoppingTellsQueuedJobsTheyWillNotRun() async throws {
        let scheduler = Self.scheduler(width: 1)
        let outcomes = Mutex<[Bool]>([])
        let group = DispatchGroup()
        for _ in 0..<3 {
            group.enter()
            scheduler.submit(lane: "a") { isActive in
                if isActive { usleep(100_000) }
                outcomes.withLock { $0.append(isActive) }
                group.leave()
            }
        }
        scheduler.stop()
        group.enter()
        scheduler.submit(lane: "b") { isActive in
            outcomes.withLock { $0.append(isActive) }
            group.leave()
        }
        try await blocking { #expect(group.wait(timeout: .now() + 10) == .success) }
        // The first was running; the two queued and the late one were not run.
        #expect(outcomes.withLock { $0 }.filter { $0 }.count == 1 && outcomes.withLock { $0 }.count == 4)
    }

    /// A lane said to be slow (a prewarm's) keeps to all threads but one from its first
    /// jobs, before any of them ended.
    @Test func aLaneExpectedSlowLeavesAThreadFromItsFirstJob() async throws {
        let scheduler = Self.scheduler(width: 2)
        let running = Atomic(0), peak = Atomic(0)
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            scheduler.submit(lane: "prewarm:big", expectsSlow: true) { _ in
                _ = peak.max(running.add(1, ordering: .relaxed).newValue, ordering: .relaxed)
                usleep(50_000)
                running.subtract(1, ordering: .relaxed)
                group.leave()
            }
        }
        try await blocking { #expect(group.wait(timeout: .now() + 10) == .success) }
        #expect(peak.load(ordering: .relaxed) == 1)
    }
}
