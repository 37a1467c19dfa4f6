import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PosixSocket {
    /// Suspends, without holding a thread, until the socket is ready for `events` (POLLIN,
    /// POLLOUT), `deadline` passes, or the task is cancelled: the async exchange's wait.
    ///
    /// - Returns: The events that are ready; empty when the deadline passed or the task
    ///   was cancelled.
    package func ready(for events: Int16, until deadline: ContinuousClock.Instant) async -> Int16 {
        if let now = try? readyNow(for: events), now != 0 { return now }
        guard deadline > .now else { return 0 }
        let waiter = ReadinessWait(descriptor: descriptor, events: events)
        await withTaskCancellationHandler {
            await waiter.wait(until: deadline)
        } onCancel: {
            waiter.finish()
        }
        // Whatever woke it, poll says what is ready now (nothing, on a timeout).
        return (try? readyNow(for: events)) ?? 0
    }
}

/// One suspended wait for a socket: dispatch sources for its readability and writability,
/// a timer for the deadline, and the continuation whichever comes first resumes — once
/// every source's cancellation has been handled, so that the descriptor is never closed
/// (the connection dropped) while libdispatch still watches it.
///
/// `@unchecked Sendable`: the dispatch sources it holds are created, cancelled and released
/// only under `state`'s lock.
private final class ReadinessWait: @unchecked Sendable {
    /// `@unchecked Sendable`: dispatch sources are not marked Sendable; these are touched
    /// only under the lock that holds this state.
    private struct State: @unchecked Sendable {
        var continuation: CheckedContinuation<Void, Never>?
        /// The socket's sources and the deadline's timer, all cancelled together.
        var sources: [any DispatchSourceProtocol] = []
        var isFinished = false
        /// Sources whose cancellation has not been handled yet.
        var cancelling = 0
    }

    /// Where the sources' handlers run: each only resumes a continuation.
    private static let queue = DispatchQueue(label: "cglclient.readiness", attributes: .concurrent)

    private let descriptor: Int32
    private let events: Int16
    private let state = Mutex(State())

    init(descriptor: Int32, events: Int16) {
        self.descriptor = descriptor
        self.events = events
    }

    func wait(until deadline: ContinuousClock.Instant) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let started = state.withLock { state -> Bool in
                // Cancelled before it began: resume at once.
                guard !state.isFinished else { return false }
                state.continuation = continuation
                if events & Int16(POLLIN) != 0 {
                    state.sources.append(DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: Self.queue))
                }
                if events & Int16(POLLOUT) != 0 {
                    state.sources.append(DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: Self.queue))
                }
                // A timer source rather than `asyncAfter`: cancelled with the others, it is
                // released at once, not kept until its deadline (30 s of every async call).
                let timer = DispatchSource.makeTimerSource(queue: Self.queue)
                let remaining = deadline - .now
                let (seconds, attoseconds) = remaining.components
                let nanoseconds = max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
                timer.schedule(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds)))
                state.sources.append(timer)
                for source in state.sources {
                    source.setEventHandler { [self] in finish() }
                    source.setCancelHandler { [self] in sourceCancelled() }
                    source.activate()
                }
                return true
            }
            if !started { continuation.resume() }
        }
    }

    /// Ends the wait (once): cancels the sources and the timer; the waiter resumes once their
    /// cancellations were handled (at once when there are none).
    func finish() {
        let resumeNow = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            state.cancelling = state.sources.count
            for source in state.sources { source.cancel() }
            state.sources = []
            guard state.cancelling == 0 else { return nil }
            defer { state.continuation = nil }
            return state.continuation
        }
        resumeNow?.resume()
    }

    private func sourceCancelled() {
        let resume = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.cancelling -= 1
            guard state.cancelling == 0 else { return nil }
            defer { state.continuation = nil }
            return state.continuation
        }
        resume?.resume()
    }
}
