@testable import CGLDaemon
import CGLClient
import CGLDaemonTestSupport
import CGLWire
import Synchronization
import Testing

/// A prewarm asked for while an identical one runs joins it (`docs/protocol.md` §5).
@Suite struct PrewarmRunsTests {
    static let key = PrewarmRuns.Key(schemes: ["a\u{0}sha256:1"], environments: ["e1", "e2"])

    @Test func identicalPrewarmsShareOneRunAndItsProgress() async throws {
        let runs = PrewarmRuns()
        let record = Record()
        let gate = AsyncGate()
        let listener: @Sendable (Int) -> PrewarmRuns.ProgressListener = { index in
            { progress in record.heard.withLock { $0[index, default: []].append(progress.done) } }
        }
        let work: @Sendable (@escaping PrewarmRuns.ProgressListener) async -> WirePrewarmSummary = { publish in
            record.started.add(1, ordering: .relaxed)
            await gate.wait()
            publish(WirePrewarmProgress(done: 2, total: 2, scheme: "a"))
            return WirePrewarmSummary(computed: 2, alreadyCached: 0, failed: 0, seconds: 0.1)
        }
        async let first = runs.run(Self.key, progress: listener(0), work: work)
        while runs.count == 0 { await Task.yield() }
        async let second = runs.run(Self.key, progress: listener(1), work: work)
        async let third = runs.run(Self.key, progress: listener(2), work: work)
        // Both joiners are listening before the run goes on.
        while heardCount(runs) < 3 { await Task.yield() }
        await gate.open()
        let results = await [first, second, third]
        #expect(record.started.load(ordering: .relaxed) == 1)
        #expect(results.map { $0?.0.computed } == [2, 2, 2])
        #expect(results.map { $0?.joined } == [false, true, true])
        #expect(record.heard.withLock { $0 } == [0: [2], 1: [2], 2: [2]])
        #expect(runs.count == 0)
        // Once it is over, the same prewarm runs anew.
        _ = await runs.run(Self.key, progress: listener(3)) { _ in
            record.started.add(1, ordering: .relaxed)
            return WirePrewarmSummary(computed: 0, alreadyCached: 2, failed: 0, seconds: 0)
        }
        #expect(record.started.load(ordering: .relaxed) == 2)
    }

    /// A caller cancelled while it waits stops waiting at once; the run goes on for the
    /// others, and ends.
    @Test func aCallerThatLeavesStopsWaitingAndTheRunGoesOn() async throws {
        let runs = PrewarmRuns()
        let gate = AsyncGate()
        let record = Record()
        let work: @Sendable (@escaping PrewarmRuns.ProgressListener) async -> WirePrewarmSummary = { publish in
            await gate.wait()
            publish(WirePrewarmProgress(done: 1, total: 1, scheme: "a"))
            return WirePrewarmSummary(computed: 1, alreadyCached: 0, failed: 0, seconds: 0)
        }
        let leaving = Task { await runs.run(Self.key, progress: { _ in record.started.add(1, ordering: .relaxed) }, work: work) }
        while runs.listenerCount(Self.key) < 1 { await Task.yield() }
        async let staying = runs.run(Self.key, progress: { _ in }, work: work)
        while runs.listenerCount(Self.key) < 2 { await Task.yield() }
        leaving.cancel()
        #expect(await leaving.value == nil)
        #expect(runs.count == 1 && runs.listenerCount(Self.key) == 1)
        await gate.open()
        #expect(await staying?.0.computed == 1)
        #expect(record.started.load(ordering: .relaxed) == 0)  // the one that left heard nothing
        #expect(runs.count == 0)
    }

    private final class Record: Sendable {
        let started = Atomic<Int>(0)
        let heard = Mutex<[Int: [UInt32]]>([:])
    }

    private func heardCount(_ runs: PrewarmRuns) -> Int { runs.listenerCount(Self.key) }

    @Test func differentPrewarmsRunApart() async throws {
        let runs = PrewarmRuns()
        let record = Record()
        let other = PrewarmRuns.Key(schemes: ["a\u{0}sha256:1"], environments: ["e1"])
        let summaries = await withTaskGroup(of: WirePrewarmSummary?.self) { group in
            for key in [Self.key, other] {
                group.addTask {
                    await runs.run(key, progress: { _ in }) { _ in
                        record.started.add(1, ordering: .relaxed)
                        return WirePrewarmSummary(computed: 1, alreadyCached: 0, failed: 0, seconds: 0)
                    }?.0
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(summaries.count == 2 && record.started.load(ordering: .relaxed) == 2)
    }

    /// Three clients prewarming the same pairs at once compute each snapshot once.
    @Test func concurrentPrewarmsOverTheSocketComputeEachSnapshotOnce() async throws {
        try await withTestDaemon(schemes: ["feed-cell", "toolbar"]) { daemon in
            let summaries = try await withThrowingTaskGroup(of: PrewarmSummary.self) { group in
                for _ in 0 ..< 3 {
                    let client = daemon.client()
                    group.addTask { try await client.prewarm() }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let total = 2 * 12 * 2  // schemes × profiles × directions
            #expect(summaries.allSatisfy { $0.computed + $0.alreadyCached + $0.failed == total && $0.failed == 0 })
            let stats = try await daemon.client().stats()
            #expect(stats[DaemonCounters.computationsKey] == Double(total))
        }
    }
}

/// A gate tasks wait at until it opens.
actor AsyncGate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
