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

    /// What computes a key: its own task, or a task computing many keys at once (with the
    /// failure of a key it did not answer).
    private enum Run: Equatable {
        case single(Task<Result<Value, Failure>, Never>)
        case batch(Task<[Key: Result<Value, Failure>], Never>, missing: Failure)

        func result(for key: Key) async -> Result<Value, Failure> {
            switch self {
            case .single(let task): return await task.value
            case .batch(let task, let missing): return await task.value[key] ?? .failure(missing)
            }
        }

        static func == (first: Run, second: Run) -> Bool {
            switch (first, second) {
            case (.single(let a), .single(let b)): a == b
            case (.batch(let a, _), .batch(let b, _)): a == b
            default: false
            }
        }
    }

    private let running = Mutex<[Key: Flight]>([:])

    /// The result of `operation` for `key`, or of the run of it already under way.
    ///
    /// The operation runs in a task of its own, so a caller that is cancelled does not
    /// cancel the work others wait for.
    func run(_ key: Key, _ operation: @escaping @Sendable () async -> Result<Value, Failure>) async throws(Failure) -> Value {
        let run = running.withLock { running in
            if running[key] != nil {
                running[key]!.waiters += 1
                return running[key]!.run
            }
            let run = Run.single(Task { await operation() })
            running[key] = Flight(run: run, waiters: 1)
            return run
        }
        let result = await run.result(for: key)
        leave(key, run)
        return try result.get()
    }

    /// The last waiter of a flight removes it; a flight started since is another's.
    private func leave(_ key: Key, _ run: Run) {
        running.withLock { running in
            guard running[key]?.run == run else { return }
            running[key]!.waiters -= 1
            if running[key]!.waiters == 0 { running[key] = nil }
        }
    }

    /// The results of many keys: one run of `operation` for all the keys no flight runs for
    /// (claimed together, so that concurrent callers of those keys wait for it), and the
    /// results of the flights already under way for the others.
    ///
    /// - Parameters:
    ///   - keys: Distinct keys.
    ///   - missing: The result of a claimed key `operation` did not answer (a bug).
    ///   - operation: Given the claimed keys, their results.
    func run(_ keys: [Key], missing: Failure,
             _ operation: @escaping @Sendable ([Key]) async -> [Key: Result<Value, Failure>]) async -> [Key: Result<Value, Failure>] {
        let runs = running.withLock { running -> [(Key, Run)] in
            var claimed: [Key] = []
            var runs: [(Key, Run)] = []
            runs.reserveCapacity(keys.count)
            for key in keys {
                if running[key] != nil {
                    running[key]!.waiters += 1
                    runs.append((key, running[key]!.run))
                } else {
                    claimed.append(key)
                }
            }
            guard !claimed.isEmpty else { return runs }
            // One task for every key claimed: callers of any of them wait for it.
            let batch = Run.batch(Task { await operation(claimed) }, missing: missing)
            for key in claimed {
                running[key] = Flight(run: batch, waiters: 1)
                runs.append((key, batch))
            }
            return runs
        }
        var results: [Key: Result<Value, Failure>] = [:]
        results.reserveCapacity(runs.count)
        for (key, run) in runs {
            results[key] = await run.result(for: key)
            leave(key, run)
        }
        return results
    }

    /// Keys being worked on now.
    var count: Int { running.withLock { $0.count } }

    /// Callers waiting for the run of `key` (0 when none runs).
    func waiters(for key: Key) -> Int { running.withLock { $0[key]?.waiters ?? 0 } }
}
