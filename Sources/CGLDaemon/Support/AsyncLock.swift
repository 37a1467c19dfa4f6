import Synchronization

/// A lock for async code: callers take turns in arrival order, suspending (not blocking a
/// thread) while another holds it.
///
/// Registrations need it: each one writes the store and then the in-memory registry, with
/// an `await` between, and two registrations of one name must not interleave there.
final class AsyncLock: Sendable {
    private struct State {
        var locked = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Runs `body` while holding the lock.
    func withLock<T: Sendable, E: Error>(_ body: () async throws(E) -> T) async throws(E) -> T {
        await lock()
        defer { unlock() }
        return try await body()
    }

    private func lock() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = state.withLock { state in
                if state.locked {
                    state.waiters.append(continuation)
                    return false
                }
                state.locked = true
                return true
            }
            if acquired { continuation.resume() }
        }
    }

    private func unlock() {
        // Hands the lock straight to the next waiter, so that no newcomer can overtake it.
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.locked = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
