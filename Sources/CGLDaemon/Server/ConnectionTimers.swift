import NIOCore

/// The two timeouts of a connection, counted from when the daemon starts reading it (a
/// slow credentials lookup on a busy host must not cut off a client that sent in time):
/// the hello must be accepted within the hello timeout, and a connection silent for the
/// idle timeout with nothing in flight is closed. Both close connections that cost
/// without using.
struct ConnectionTimers {
    private let helloTimeout: TimeAmount
    private(set) var idleWatch: IdleWatch
    private var hello: Scheduled<Void>?
    private var idle: RepeatedTask?

    init(helloTimeout: Duration, idleTimeout: Duration) {
        self.helloTimeout = TimeAmount(helloTimeout)
        idleWatch = IdleWatch(timeout: idleTimeout)
    }

    /// Notes that a frame arrived.
    mutating func noteInput() {
        idleWatch.noteInput()
    }

    /// Starts both timers on `loop`.
    ///
    /// - Parameters:
    ///   - helloAccepted: Asked when the hello timeout is up.
    ///   - idleCheck: Asked every idle period whether the connection has been idle for the
    ///     timeout (``Connection`` asks its ``IdleWatch``).
    ///   - close: Closes the connection.
    mutating func start(on loop: any EventLoop, helloAccepted: @escaping () -> Bool, idleCheck: @escaping () -> Bool,
                        close: @escaping () -> Void) {
        let bound = NIOLoopBound((helloAccepted, idleCheck, close), eventLoop: loop)
        hello = loop.scheduleTask(in: helloTimeout) {
            if !bound.value.0() { bound.value.2() }
        }
        let period = idleWatch.period
        idle = loop.scheduleRepeatedTask(initialDelay: period, delay: period) { _ in
            if bound.value.1() { bound.value.2() }
        }
    }

    /// The idle check: whether the connection has been idle for the timeout.
    mutating func isIdle(busy: Bool) -> Bool {
        idleWatch.check(busy: busy)
    }

    mutating func stop() {
        hello?.cancel()
        idle?.cancel()
        hello = nil
        idle = nil
    }
}
