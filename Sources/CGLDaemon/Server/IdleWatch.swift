import NIOCore

/// Tells when a connection has stayed silent for its idle timeout, from a periodic check
/// instead of a clock read on every read (which the warm lookup path would pay for).
///
/// A read marks the current period as active; the connection is idle once `limit`
/// consecutive checks found it silent with nothing in flight, so it closes between the
/// timeout and one period after it.
struct IdleWatch {
    /// How often the connection is checked: a quarter of the timeout, at least 1 ms.
    let period: TimeAmount
    /// Consecutive silent checks that make the timeout.
    let limit: Int
    private var silentChecks = 0
    private var sawInput = false

    init(timeout: Duration) {
        let timeout = TimeAmount(timeout)
        period = .nanoseconds(max(timeout.nanoseconds / 4, 1_000_000))
        limit = max(1, Int((timeout.nanoseconds + period.nanoseconds - 1) / period.nanoseconds))
    }

    /// Notes that bytes arrived.
    mutating func noteInput() {
        sawInput = true
    }

    /// The periodic check: whether the connection has been idle for the timeout.
    ///
    /// - Parameter busy: Whether requests are in flight (a connection waiting for its
    ///   answers is not idle, however long they take).
    mutating func check(busy: Bool) -> Bool {
        if sawInput || busy {
            sawInput = false
            silentChecks = 0
            return false
        }
        silentChecks += 1
        return silentChecks >= limit
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
