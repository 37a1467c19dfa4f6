@testable import CGLDaemon
import CGLDocument
import CGLStore
import CGLWire
import Synchronization
import Testing

/// The snapshot service and the single flight under it, without a socket.
@Suite struct SnapshotServiceTests {
    private func target(_ fixture: RequestPathFixture, _ scheme: String, _ profile: String = "phone-portrait") throws -> SnapshotTarget {
        let registered = try #require(fixture.registry.scheme(named: scheme))
        return SnapshotTarget(registered, try fixture.resolver.environment(for: .profile(profile)))
    }

    /// Sixteen callers missing one key together: one computation, one answer for all.
    @Test func concurrentMissesComputeOnce() async throws {
        try await RequestPathFixture.with(schemes: ["settings-list"]) { fixture in
            let target = try target(fixture, "settings-list")
            let results = await withTaskGroup(of: (EncodedSnapshot, WireSnapshot.Source)?.self) { group in
                for _ in 0 ..< 16 { group.addTask { try? await fixture.snapshots.load(target) } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.count == 16 && results.allSatisfy { $0 != nil })
            #expect(Set(results.compactMap { $0?.0 }).count == 1)
            #expect(fixture.counters.computations.load(ordering: .relaxed) == 1)
            #expect(fixture.snapshots.hotCache.get(target.key) != nil)
        }
    }

    /// A batch of the caller's content computed without tasks: each distinct key once, a
    /// repeat answered with its first's snapshot (from memory: it shared that computation),
    /// every lookup counted; the same batch again
    /// is found in memory after the claim; a batch with a stored key is left to the tasks.
    @Test func aBatchOfContentIsComputedOnTheComputeThreads() async throws {
        try await RequestPathFixture.with(schemes: ["feed-cell"]) { fixture in
            let scheme = try #require(fixture.registry.scheme(named: "feed-cell"))
            let phone = try fixture.resolver.environment(for: .profile("phone-portrait"))
            let contents: [Content] = [["date": "now"], ["date": "then"], ["date": "now"]]
            let targets = contents.map { content in
                let checked = content.normalized(for: scheme.compiled.document)
                return SnapshotTarget(scheme, phone, content: checked, digest: checked.digest)
            }
            func load(_ targets: [SnapshotTarget]) async -> [Result<(EncodedSnapshot, WireSnapshot.Source), SnapshotFailure>]? {
                await withCheckedContinuation { continuation in
                    if !fixture.snapshots.loadDirectly(targets, done: { continuation.resume(returning: $0) }) { continuation.resume(returning: nil) }
                }
            }
            let first = try #require(await load(targets))
            #expect(first.map { (try? $0.get())?.1 } == [.computed, .computed, .memory])
            #expect(try first[0].get().0 == first[2].get().0 && first[0].get().0 != first[1].get().0)
            #expect(fixture.counters.computations.load(ordering: .relaxed) == 2)
            #expect(fixture.counters.misses.load(ordering: .relaxed) == 2 && fixture.counters.hitsMemory.load(ordering: .relaxed) == 1)
            let again = try #require(await load(targets))
            #expect(again.map { (try? $0.get())?.1 } == [.memory, .memory, .memory])
            #expect(fixture.counters.computations.load(ordering: .relaxed) == 2)
            // The document's own content lives in the store: not for this path.
            #expect(await load([SnapshotTarget(scheme, phone)]) == nil)
        }
    }

    /// Memory, then the store, then computing: a snapshot evicted from memory comes from
    /// the store, not computed again.
    @Test func aSnapshotNotInMemoryComesFromTheStore() async throws {
        // Nothing fits in memory.
        try await RequestPathFixture.with(schemes: ["feed-cell"], hotCacheBytes: 1) { fixture in
            let target = try target(fixture, "feed-cell")
            let first = try await fixture.snapshots.load(target).1
            let cached = fixture.snapshots.hotCache.get(target.key)
            let second = try await fixture.snapshots.load(target).1
            #expect(first == .computed && cached == nil && second == .store)
            #expect(fixture.counters.computations.load(ordering: .relaxed) == 1)
            #expect(fixture.counters.hitsStore.load(ordering: .relaxed) == 1)
        }
    }

    @Test func aSchemeThatCannotBeLaidOutFailsWithItsReason() async throws {
        try await RequestPathFixture.with { fixture in
            _ = try await fixture.registry.register(Array(#"""
                {"format": "cglayout/1", "name": "tight", "elements": [{"id": "a"}],
                 "blocks": [{"id": "col", "flex": {"items": [{"element": "a", "height": 4000}]}}]}
                """#.utf8))
            let target = try target(fixture, "tight")
            await #expect {
                _ = try await fixture.snapshots.load(target)
            } throws: { error in
                guard case SnapshotFailure.cannotLayOut(let message) = error else { return false }
                return message.contains("'tight'") && message.contains("profile 'phone-portrait'")
            }
        }
    }
}

@Suite struct SingleFlightTests {
    final class Counter: Sendable {
        let runs = Atomic<Int>(0)
    }

    @Test func callersOfOneKeyShareOneRunAndDifferentKeysRunApart() async throws {
        let flight = SingleFlight<String, Int, Never>()
        let counter = Counter()
        let gate = AsyncGate()
        let outcomes = await withTaskGroup(of: (value: Int, isShared: Bool).self) { group in
            for index in 0 ..< 10 {
                group.addTask {
                    await flight.run(index < 8 ? "shared" : "own-\(index)") {
                        counter.runs.add(1, ordering: .relaxed)
                        await gate.wait()
                        return .success(index < 8 ? 42 : index)
                    }
                }
            }
            // Every caller is in (two keys of their own, eight sharing one) before the runs end.
            while flight.waiters(for: "shared") < 8 || flight.count < 3 { await Task.yield() }
            await gate.open()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.map(\.value).sorted() == [8, 9] + Array(repeating: 42, count: 8))
        // The caller that started each run did not share it; the seven that joined did.
        #expect(outcomes.filter(\.isShared).map(\.value) == Array(repeating: 42, count: 7))
        #expect(counter.runs.load(ordering: .relaxed) == 3)
        #expect(flight.count == 0)
        // Once over, the key runs again.
        _ = await flight.run("shared") { counter.runs.add(1, ordering: .relaxed); return .success(1) }
        #expect(counter.runs.load(ordering: .relaxed) == 4 && flight.count == 0)
    }

    @Test func aFailureIsEveryWaitersFailure() async throws {
        struct Failed: Error, Equatable {}
        let flight = SingleFlight<Int, Int, Failed>()
        let gate = AsyncGate()
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0 ..< 4 {
                group.addTask {
                    do {
                        _ = try await flight.run(1) { await gate.wait(); return .failure(Failed()) }
                        return false
                    } catch {
                        return (error as? Failed) == Failed()
                    }
                }
            }
            while flight.waiters(for: 1) < 4 { await Task.yield() }
            await gate.open()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes == [true, true, true, true])
        // A failure is not kept: the next caller runs the operation again.
        #expect(try await flight.run(1) { .success(7) } == (7, false))
    }

    /// A batch claims the keys no flight runs for in one operation, and waits for the flight
    /// under way of the others; a single caller of a claimed key joins the batch's run.
    @Test func aBatchClaimsItsFreeKeysTogetherAndJoinsTheOthers() async throws {
        struct Missing: Error {}
        let flight = SingleFlight<String, Int, Missing>()
        let counter = Counter()
        let gate = AsyncGate()
        let single = Task { try await flight.run("a") { counter.runs.add(1, ordering: .relaxed); await gate.wait(); return .success(1) } }
        while flight.count < 1 { await Task.yield() }
        let claimed = Mutex<[String]>([])
        let keys = ["a", "b", "c", "b"]
        let batch = Task {
            await flight.run(keys, missing: Missing()) { positions in
                claimed.withLock { $0 = positions.map { keys[$0] } }
                await gate.wait()
                return positions.map { .success(keys[$0] == "b" ? 2 : 3) }
            }
        }
        while flight.waiters(for: "a") < 2 || flight.count < 3 { await Task.yield() }
        // The repeat of "b" waits for its first.
        #expect(flight.waiters(for: "b") == 2)
        // A caller of "b" now waits for the batch's run.
        let late = Task { try await flight.run("b") { counter.runs.add(1, ordering: .relaxed); return .success(-1) } }
        while flight.waiters(for: "b") < 3 { await Task.yield() }
        await gate.open()
        let results = await batch.value
        #expect(results.map { try? $0.result.get() } == [1, 2, 3, 2])
        // "a" joined the single caller's run, the second "b" its first: shared.
        #expect(results.map(\.isShared) == [true, false, false, true])
        #expect(claimed.withLock { $0 } == ["b", "c"])
        #expect(try await single.value == (1, false))
        #expect(try await late.value == (2, true))
        #expect(counter.runs.load(ordering: .relaxed) == 1 && flight.count == 0)
    }

    /// Keys claimed for work outside any task: refused whole when one is in flight; a caller
    /// of a claimed key waits for the results the claimer delivers; a key given twice has one
    /// result; the flights end when the last waiter has its result.
    @Test func keysClaimedOutsideATaskAreWaitedForAndReleased() async throws {
        struct Missing: Error {}
        let flight = SingleFlight<String, Int, Missing>()
        let gate = AsyncGate()
        let busy = Task { try await flight.run("busy") { await gate.wait(); return .success(0) } }
        while flight.count < 1 { await Task.yield() }
        #expect(flight.claimAll(["a", "busy"], missing: Missing()) == nil)
        #expect(flight.count == 1)
        let claim = try #require(flight.claimAll(["a", "b", "a"], missing: Missing()))
        #expect(claim.keys == ["a", "b"] && claim.positions == [0, 1, 0] && claim.repeats == [false, false, true])
        let joined = Task { try await flight.run("b") { .success(-1) } }
        while flight.waiters(for: "b") < 2 { await Task.yield() }
        flight.fulfill(claim, with: [.success(10), .success(20)])
        #expect(try await joined.value == (20, true))
        #expect(flight.waiters(for: "a") == 0 && flight.waiters(for: "b") == 0)
        await gate.open()
        _ = try await busy.value
        #expect(flight.count == 0)
    }
}
