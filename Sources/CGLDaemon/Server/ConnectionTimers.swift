import NIOCore

/// The timers of a connection, on its event loop: the hello timeout and the periodic idle
/// check, both counted from when the daemon starts reading it (a slow credentials lookup on
/// a busy host must not cut off a client that sent in time), and the drain timeout at
/// shutdown. They only say when; ``ConnectionStateMachine`` decides what follows.
struct ConnectionTimers {
    private let helloTimeout: TimeAmount
    private let idlePeriod: TimeAmount
    private var hello: Scheduled<Void>?
    private var idle: RepeatedTask?
    private var drain: Scheduled<Void>?

    init(helloTimeout: Duration, idlePeriod: TimeAmount) {
        self.helloTimeout = TimeAmount(helloTimeout)
        self.idlePeriod = idlePeriod
    }

    /// Starts the hello timer and the idle checks on `loop`.
    mutating func start(on loop: any EventLoop, helloFired: @escaping () -> Void, idleCheck: @escaping () -> Void) {
        let bound = NIOLoopBound((helloFired, idleCheck), eventLoop: loop)
        hello = loop.scheduleTask(in: helloTimeout) { bound.value.0() }
        idle = loop.scheduleRepeatedTask(initialDelay: idlePeriod, delay: idlePeriod) { _ in bound.value.1() }
    }

    /// Starts the drain timer on `loop`.
    mutating func startDrain(on loop: any EventLoop, in timeout: TimeAmount, fired: @escaping () -> Void) {
        let bound = NIOLoopBound(fired, eventLoop: loop)
        drain = loop.scheduleTask(in: timeout) { bound.value() }
    }

    mutating func stop() {
        hello?.cancel()
        idle?.cancel()
        drain?.cancel()
        hello = nil
        idle = nil
        drain = nil
    }
}
