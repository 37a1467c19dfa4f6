import Synchronization

/// Runs one operation per key at a time: callers that ask for a key while its operation
/// runs wait for that operation's result instead of starting their own.
///
/// Lookups that miss the caches compute through it, so a burst of clients asking for the
/// same new snapshot computes it once.
final class SingleFlight<Key: Hashable & Sendable, Value: Sendable, Failure: Error>: Sendable {
    private struct Flight {
        var task: Task<Result<Value, Failure>, Never>
        /// Callers waiting for it.
        var waiters: Int
    }

    private let running = Mutex<[Key: Flight]>([:])

    /// The result of `operation` for `key`, or of the run of it already under way.
    ///
    /// The operation runs in a task of its own, so a caller that is cancelled does not
    /// cancel the work others wait for.
    func run(_ key: Key, _ operation: @escaping @Sendable () async -> Result<Value, Failure>) async throws(Failure) -> Value {
        let task = running.withLock { running in
            if running[key] != nil {
                running[key]!.waiters += 1
                return running[key]!.task
            }
            let task = Task { await operation() }
            running[key] = Flight(task: task, waiters: 1)
            return task
        }
        let result = await task.value
        // The last waiter of this flight removes it; a flight started since is another's.
        running.withLock { running in
            guard running[key]?.task == task else { return }
            running[key]!.waiters -= 1
            if running[key]!.waiters == 0 { running[key] = nil }
        }
        return try result.get()
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
        let tasks = running.withLock { running -> [(Key, Task<Result<Value, Failure>, Never>)] in
            var claimed: [Key] = []
            var joined: [(Key, Task<Result<Value, Failure>, Never>)] = []
            for key in keys {
                if running[key] != nil {
                    running[key]!.waiters += 1
                    joined.append((key, running[key]!.task))
                } else {
                    claimed.append(key)
                }
            }
            guard !claimed.isEmpty else { return joined }
            let all = Task { await operation(claimed) }
            for key in claimed {
                let task = Task { await all.value[key] ?? .failure(missing) }
                running[key] = Flight(task: task, waiters: 1)
                joined.append((key, task))
            }
            return joined
        }
        var results: [Key: Result<Value, Failure>] = [:]
        results.reserveCapacity(tasks.count)
        for (key, task) in tasks {
            results[key] = await task.value
        }
        running.withLock { running in
            for (key, task) in tasks where running[key]?.task == task {
                running[key]!.waiters -= 1
                if running[key]!.waiters == 0 { running[key] = nil }
            }
        }
        return results
    }

    /// Keys being worked on now.
    var count: Int { running.withLock { $0.count } }

    /// Callers waiting for the run of `key` (0 when none runs).
    func waiters(for key: Key) -> Int { running.withLock { $0[key]?.waiters ?? 0 } }
}
