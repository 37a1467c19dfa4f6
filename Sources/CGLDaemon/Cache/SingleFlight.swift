import Synchronization

/// Runs one operation per key at a time: callers that ask for a key while its operation
/// runs wait for that operation's result instead of starting their own.
///
/// Lookups that miss the caches compute through it, so a burst of clients asking for the
/// same new snapshot computes it once.
final class SingleFlight<Key: Hashable & Sendable, Value: Sendable, Failure: Error>: Sendable {
    private let running = Mutex<[Key: Task<Result<Value, Failure>, Never>]>([:])

    /// The result of `operation` for `key`, or of the run of it already under way.
    ///
    /// The operation runs in a task of its own, so a caller that is cancelled does not
    /// cancel the work others wait for.
    func run(_ key: Key, _ operation: @escaping @Sendable () async -> Result<Value, Failure>) async throws(Failure) -> Value {
        let task = running.withLock { running in
            if let task = running[key] { return task }
            let task = Task { await operation() }
            running[key] = task
            return task
        }
        let result = await task.value
        // Whoever comes first after the end removes the entry; the others find it gone.
        running.withLock { running in
            if running[key] == task { running[key] = nil }
        }
        return try result.get()
    }

    /// Keys being worked on now.
    var count: Int { running.withLock { $0.count } }
}
