/// What a connection does, decided from the events it sees and nothing else: no channel, no
/// clock, no I/O. ``Connection`` feeds it the events of its pipeline and its timers and
/// performs the actions it returns, as Hummingbird's `HTTPConnectionStateHandler` and
/// postgres-nio's `ConnectionStateMachine` do; the tests drive it alone.
///
/// A connection waits for its peer's credentials before it reads (``peerIdentified()``),
/// then serves: it reads while its client reads its answers (``writabilityChanged(isWritable:)``),
/// admits requests up to its bound in flight (``admitRequest(daemonAdmits:)``), and closes when
/// the hello is not accepted in time or when it stays silent with nothing in flight. At
/// graceful shutdown it drains: no more requests, closed once those in flight are answered,
/// and at the latest when the drain timer fires.
struct ConnectionStateMachine {
    enum Phase: Equatable {
        /// Accepted; its peer's credentials are being read. Nothing is read yet.
        case awaitingPeer
        /// Reading and answering requests.
        case serving
        /// Shutting down: answering what is in flight, reading nothing new.
        case draining
        /// Closing or closed: nothing more is done.
        case closed
    }

    /// What the connection does about an event.
    enum Action: Equatable {
        /// Nothing.
        case none
        /// Starts the hello and idle timers, and reads (or not: `reading`).
        case startServing(reading: Bool)
        /// Writes what is ready, then closes.
        case flushAndClose
        /// Writes what is ready, and starts the drain timer: the connection closes when its
        /// last request is answered or when that timer fires, whichever comes first.
        case flushAndAwaitAnswers(inFlight: Int)
        /// Closes.
        case close
        /// Starts the drain timer again: the client reads, and its answers are still being
        /// made (their computations were cancelled, and end at their next safe point).
        case extendDrain
        /// Closes a draining connection whose client did not read its answers in time.
        case closeUnread(inFlight: Int)
    }

    /// Whether a request may take a place in flight.
    enum Admission: Equatable {
        case admitted
        /// This connection has its bound in flight.
        case connectionBusy
        /// The daemon has its bound in flight from all its connections.
        case daemonBusy
    }

    private(set) var phase = Phase.awaitingPeer
    /// Whether the handshake accepted the client's hello.
    private(set) var helloAccepted = false
    /// Requests admitted and not yet answered (or abandoned).
    private(set) var inFlight = 0
    private var isWritable = true
    private var idleWatch: IdleWatch
    private let maximumRequestsInFlight: Int
    /// The drain timers that found the client reading, its answers still to come.
    private var drainExtensions = 0
    /// How many drain timeouts a reading client may wait for its answers in all: computations
    /// are cancelled at shutdown, so they come, but on a loaded machine not always within one.
    static let maximumDrainTimeouts = 5

    init(maximumRequestsInFlight: Int, idleWatch: IdleWatch) {
        self.maximumRequestsInFlight = maximumRequestsInFlight
        self.idleWatch = idleWatch
    }

    /// Whether the connection reads its socket now: while serving, and while its client
    /// keeps up with its answers (backpressure: past the bound of unwritten answers the
    /// channel turns unwritable, and the client's requests wait in its socket).
    var reads: Bool { phase == .serving && isWritable }

    /// Whether a request frame that arrived is to be handled (not while draining or closed).
    var takesRequests: Bool { phase == .serving }

    // MARK: Events of the pipeline

    /// The peer's credentials are known: serving starts.
    mutating func peerIdentified() -> Action {
        guard phase == .awaitingPeer else { return .none }
        phase = .serving
        return .startServing(reading: reads)
    }

    /// The handshake accepted the client's hello.
    mutating func helloWasAccepted() {
        helloAccepted = true
        idleWatch.noteInput()
    }

    /// A frame arrived; whether to handle it.
    mutating func frameArrived() -> Bool {
        idleWatch.noteInput()
        return takesRequests
    }

    /// The channel's writability changed; whether to read now.
    mutating func writabilityChanged(isWritable: Bool) -> Bool {
        self.isWritable = isWritable
        return reads
    }

    /// A request that is answered later asks for a place in flight.
    ///
    /// - Parameter daemonAdmits: Takes a place among the daemon's requests in flight, and
    ///   says whether there was one; asked only when this connection has room.
    mutating func admitRequest(daemonAdmits: () -> Bool) -> Admission {
        guard inFlight < maximumRequestsInFlight else { return .connectionBusy }
        guard daemonAdmits() else { return .daemonBusy }
        inFlight += 1
        return .admitted
    }

    /// A request admitted before was answered (its answer written, or abandoned).
    mutating func requestAnswered() -> Action {
        precondition(inFlight > 0, "a request was answered that was not in flight")
        inFlight -= 1
        return phase == .draining && inFlight == 0 ? .close : .none
    }

    /// Graceful shutdown asks the connection to drain.
    mutating func drain() -> Action {
        switch phase {
        case .awaitingPeer, .serving:
            phase = .draining
            return inFlight == 0 ? .flushAndClose : .flushAndAwaitAnswers(inFlight: inFlight)
        case .draining, .closed:
            return .none
        }
    }

    /// The pipeline failed (a frame whose length cannot be followed, or the socket): the
    /// connection closes. Whether it was still open, so that an error can be written first.
    mutating func failed() -> Bool {
        defer { phase = .closed }
        return phase != .closed
    }

    /// The channel closed (or failed): nothing more is done.
    mutating func closed() {
        phase = .closed
    }

    // MARK: Timers

    /// The hello timeout is up.
    func helloTimerFired() -> Action {
        phase == .closed || helloAccepted ? .none : .close
    }

    /// The periodic idle check: closed once silent for the timeout with nothing in flight.
    mutating func idleTimerFired() -> Action {
        guard phase != .closed else { return .none }
        return idleWatch.check(busy: inFlight > 0) ? .close : .none
    }

    /// The drain timeout is up. A client that does not read its answers (the channel is not
    /// writable) never will: closed. One that reads waits for answers still being made, up to
    /// ``maximumDrainTimeouts`` timeouts in all, which bounds a shutdown.
    mutating func drainTimerFired() -> Action {
        guard phase == .draining, inFlight > 0 else { return .none }
        guard isWritable, drainExtensions < Self.maximumDrainTimeouts - 1 else { return .closeUnread(inFlight: inFlight) }
        drainExtensions += 1
        return .extendDrain
    }
}
