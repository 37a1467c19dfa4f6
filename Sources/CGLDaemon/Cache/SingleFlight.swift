import Synchronization

/// Runs one operation per key at a time: callers that ask for a key while its operation
/// runs wait for that operation's result instead of starting their own.
///
/// Lookups that miss the caches compute through it, so a burst of clients asking for the
/// same new snapshot computes it once.
final class SingleFlight<Key: Hashable & Sendable, Value: Sendable, Failure: Error>: Sendable {
    private struct Flight {
        var run: Run
        /// Callers waiting for it.
        var waiters: Int
    }

    /// What computes a key: its own task, a task computing many keys at once, or work
    /// outside any task that fulfills a promise (the key's result at `position` of the
    /// results, the failure `missing` when there is none).
    private enum Run: Equatable {
        case single(Task<Result<Value, Failure>, Never>)
        case batch(Task<[Result<Value, Failure>], Never>, position: Int, missing: Failure)
        case promised(Promise, position: Int, missing: Failure)

        var result: Result<Value, Failure> {
            get async {
                switch self {
                case .single(let task): return await task.value
                case .batch(let task, let position, let missing):
                    let results = await task.value
                    return position < results.count ? results[position] : .failure(missing)
                case .promised(let promise, let position, let missing):
                    let results = await promise.results
                    return position < results.count ? results[position] : .failure(missing)
                }
            }
        }

        static func == (first: Run, second: Run) -> Bool {
            switch (first, second) {
            case (.single(let a), .single(let b)): a == b
            case (.batch(let a, _, _), .batch(let b, _, _)): a == b
            case (.promised(let a, _, _), .promised(let b, _, _)): a === b
            default: false
            }
        }
    }

    private let running = Mutex<[Key: Flight]>([:])

    /// The result of `operation` for `key`, or of the run of it already under way, and
    /// whether this caller shared another's run (`isShared`) rather than starting its own:
    /// callers report the work done once, by the one that started it.
    ///
    /// The operation runs in a task of its own, so a caller that is cancelled does not
    /// cancel the work others wait for.
    func run(_ key: Key, _ operation: @escaping @Sendable () async -> Result<Value, Failure>) async throws(Failure) -> (value: Value, isShared: Bool) {
        let (run, isShared) = running.withLock { running in
            if running[key] != nil {
                running[key]!.waiters += 1
                return (running[key]!.run, true)
            }
            let run = Run.single(Task { await operation() })
            running[key] = Flight(run: run, waiters: 1)
            return (run, false)
        }
        let result = await run.result
        leave(key, run)
        return (try result.get(), isShared)
    }

    /// The last waiter of a flight removes it; a flight started since is another's.
    private func leave(_ key: Key, _ run: Run) {
        running.withLock { running in
            guard running[key]?.run == run else { return }
            running[key]!.waiters -= 1
            if running[key]!.waiters == 0 { running[key] = nil }
        }
    }

    /// The results of many keys, in their order: one run of `operation` for all the keys
    /// no flight runs for (claimed together, so that concurrent callers of those keys wait
    /// for it), and the results of the flights already under way for the others. A key
    /// given twice waits for its first's result.
    ///
    /// Each result says whether it was shared (`isShared`): a key a flight already ran for,
    /// or the repeat of a key given before; the first of each key claimed here is not.
    ///
    /// - Parameters:
    ///   - missing: The result of a claimed key `operation` did not answer (a bug).
    ///   - operation: Given the positions in `keys` of the keys claimed, in order, their
    ///     results in that order.
    func run(_ keys: [Key], missing: Failure,
             _ operation: @escaping @Sendable ([Int]) async -> [Result<Value, Failure>]) async -> [(result: Result<Value, Failure>, isShared: Bool)] {
        // Whether each key's result is another's: its flight ran before, or it repeats one.
        var shared: [Bool] = []
        shared.reserveCapacity(keys.count)
        let runs = running.withLock { running -> [Run] in
            // Per key: the run it joins, or its place among the claimed keys.
            var joined: [Run?] = []
            joined.reserveCapacity(keys.count)
            var claimed: [Int] = []
            // Claimed here: the key's place among the claimed, and how many times it was given.
            var claims: [Key: (position: Int, count: Int)] = [:]
            for (index, key) in keys.enumerated() {
                if running[key] != nil {
                    running[key]!.waiters += 1
                    joined.append(running[key]!.run)
                    shared.append(true)
                } else if claims[key] != nil {
                    claims[key]!.count += 1
                    joined.append(nil)
                    shared.append(true)
                } else {
                    claims[key] = (claimed.count, 1)
                    claimed.append(index)
                    joined.append(nil)
                    shared.append(false)
                }
            }
            guard !claimed.isEmpty else { return joined.map { $0! } }
            // One task for every key claimed: callers of any of them wait for it.
            let task = Task { await operation(claimed) }
            for (key, claim) in claims {
                running[key] = Flight(run: .batch(task, position: claim.position, missing: missing), waiters: claim.count)
            }
            return zip(keys, joined).map { key, run in run ?? running[key]!.run }
        }
        var results: [(result: Result<Value, Failure>, isShared: Bool)] = []
        results.reserveCapacity(keys.count)
        for (index, (key, run)) in zip(keys, runs).enumerated() {
            results.append((await run.result, shared[index]))
            leave(key, run)
        }
        return results
    }

    /// The results of keys claimed by ``claimAll(_:missing:)``, delivered by whoever computes
    /// them (a compute thread, outside any task) to the callers that joined meanwhile.
    final class Promise: Sendable {
        private enum State {
            case waiting([CheckedContinuation<[Result<Value, Failure>], Never>])
            case fulfilled([Result<Value, Failure>])
        }

        private let state = Mutex(State.waiting([]))

        /// The results, once fulfilled.
        var results: [Result<Value, Failure>] {
            get async {
                await withCheckedContinuation { continuation in
                    let ready = state.withLock { state -> [Result<Value, Failure>]? in
                        switch state {
                        case .fulfilled(let results): return results
                        case .waiting(var waiting):
                            waiting.append(continuation)
                            state = .waiting(waiting)
                            return nil
                        }
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            }
        }

        /// Delivers the results, one per key claimed, in the order claimed.
        fileprivate func fulfill(_ results: [Result<Value, Failure>]) {
            let waiting = state.withLock { state -> [CheckedContinuation<[Result<Value, Failure>], Never>] in
                guard case .waiting(let waiting) = state else { return [] }
                state = .fulfilled(results)
                return waiting
            }
            for continuation in waiting { continuation.resume(returning: results) }
        }
    }

    /// What ``claimAll(_:missing:)`` claimed: the keys to compute, and where each given key's
    /// result will be among theirs.
    struct Claim: Sendable {
        fileprivate let promise: Promise
        fileprivate let missing: Failure
        /// The distinct keys claimed, in the order first given.
        let keys: [Key]
        /// For each key given, the position of its result among `keys`.
        let positions: [Int]

        /// For each key given, whether it repeats a key given before it (and so shares that
        /// one's result).
        var repeats: [Bool] {
            var seen = [Bool](repeating: false, count: keys.count)
            return positions.map { position in
                defer { seen[position] = true }
                return seen[position]
            }
        }
    }

    /// Claims every one of `keys` for a computation the caller runs outside any task, when
    /// no flight runs for any of them; nil (nothing claimed) when one does. Callers of a
    /// claimed key wait for ``fulfill(_:with:)``.
    func claimAll(_ keys: [Key], missing: Failure) -> Claim? {
        running.withLock { running -> Claim? in
            guard !keys.contains(where: { running[$0] != nil }) else { return nil }
            let promise = Promise()
            var distinct: [Key] = []
            var positions: [Int] = []
            positions.reserveCapacity(keys.count)
            var seen: [Key: Int] = [:]
            for key in keys {
                if let position = seen[key] {
                    positions.append(position)
                    continue
                }
                seen[key] = distinct.count
                positions.append(distinct.count)
                running[key] = Flight(run: .promised(promise, position: distinct.count, missing: missing), waiters: 1)
                distinct.append(key)
            }
            return Claim(promise: promise, missing: missing, keys: distinct, positions: positions)
        }
    }

    /// Delivers a claim's results (one per claimed key, in order) to the callers that
    /// joined, and ends the claimer's part in its flights.
    func fulfill(_ claim: Claim, with results: [Result<Value, Failure>]) {
        claim.promise.fulfill(results)
        for (position, key) in claim.keys.enumerated() {
            leave(key, .promised(claim.promise, position: position, missing: claim.missing))
        }
    }

    /// Keys being worked on now.
    var count: Int { running.withLock { $0.count } }

    /// Callers waiting for the run of `key` (0 when none runs).
    func waiters(for key: Key) -> Int { running.withLock { $0[key]?.waiters ?? 0 } }
}
