import Foundation

/// Runs blocking work (raw sockets, the client's synchronous calls) on a thread of its
/// own, so that it never holds one of the few threads of Swift's cooperative pool, which
/// the in-process daemon needs to answer.
public func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.start()
    }
}
