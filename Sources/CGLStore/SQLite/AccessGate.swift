import Synchronization

/// Lets database accesses in until the store is closed; closing waits for the accesses in
/// flight to finish.
///
/// GRDB must not be used after `close()`: a closed `DatabaseQueue` crashes inside SQLite
/// rather than throwing. So every access passes this gate, a closed store refuses new ones
/// with `StoreError.Code.closed`, and the connections are closed only once the gate has
/// drained: in-flight work finishes, as a graceful shutdown wants.
final class AccessGate: Sendable {
    private struct State {
        var isClosed = false
        var inFlight = 0
        var drainWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// How many accesses are in flight (for tests and diagnostics).
    var inFlight: Int { state.withLock { $0.inFlight } }

    /// Counts an access in; false once the gate is closed (the caller must not access).
    func enter() -> Bool {
        state.withLock { state in
            guard !state.isClosed else { return false }
            state.inFlight += 1
            return true
        }
    }

    /// Counts an access out; the last one out of a closed gate wakes its closers.
    func leave() {
        let waiters = state.withLock { state in
            state.inFlight -= 1
            guard state.isClosed, state.inFlight == 0 else { return [CheckedContinuation<Void, Never>]() }
            defer { state.drainWaiters = [] }
            return state.drainWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Closes the gate and returns once no access is in flight.
    ///
    /// - Returns: True for the call that closed it, false if it was closed already.
    func close() async -> Bool {
        let closedNow = state.withLock { state in
            defer { state.isClosed = true }
            return !state.isClosed
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let drained = state.withLock { state in
                if state.inFlight == 0 { return true }
                state.drainWaiters.append(continuation)
                return false
            }
            if drained { continuation.resume() }
        }
        return closedNow
    }
}
