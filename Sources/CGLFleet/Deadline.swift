import Synchronization

/// Runs work that must answer within a time: the caller gets the work's result, or the
/// timeout's error when the time is up first, without waiting for the work to notice its
/// cancellation (a query to a server that went silent may not for a long while).
enum Deadline {
    static func run<Result: Sendable>(within timeout: Duration, _ work: @escaping @Sendable () async throws -> Result,
                                      timedOut: @escaping @Sendable () -> any Error) async throws -> Result {
        let outcome = Outcome<Result>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.set(continuation)
                let worker = Task {
                    do { outcome.finish(.success(try await work())) } catch { outcome.finish(.failure(error)) }
                }
                let timer = Task {
                    try? await Task.sleep(for: timeout)
                    if outcome.finish(.failure(timedOut())) { worker.cancel() }
                }
                outcome.onFinish { worker.cancel(); timer.cancel() }
            }
        } onCancel: {
            outcome.finish(.failure(CancellationError()))
        }
    }

    /// The one answer: the first of the work, the timer and the caller's cancellation.
    private final class Outcome<Result: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Result, any Error>?
            var early: Swift.Result<Result, any Error>?
            var finished = false
            var cleanup: (@Sendable () -> Void)?
        }
        private let state = Mutex(State())

        func set(_ continuation: CheckedContinuation<Result, any Error>) {
            let early = state.withLock { state -> Swift.Result<Result, any Error>? in
                if let early = state.early { return early }
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(with: early) }
        }

        func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
            let finished = state.withLock { state -> Bool in
                if state.finished { return true }
                state.cleanup = cleanup
                return false
            }
            if finished { cleanup() }
        }

        /// Delivers `result` if nothing was delivered yet; whether it was.
        @discardableResult
        func finish(_ result: Swift.Result<Result, any Error>) -> Bool {
            let (continuation, cleanup, first) = state.withLock { state -> (CheckedContinuation<Result, any Error>?, (@Sendable () -> Void)?, Bool) in
                guard !state.finished else { return (nil, nil, false) }
                state.finished = true
                if state.continuation == nil { state.early = result }
                defer { state.continuation = nil; state.cleanup = nil }
                return (state.continuation, state.cleanup, true)
            }
            continuation?.resume(with: result)
            cleanup?()
            return first
        }
    }
}
