import NIOPosix

/// The threads that compute snapshots and parse documents, apart from the event loops and
/// from Swift's cooperative pool, so that CPU-bound work never delays I/O or request
/// handling.
struct ComputePool: Sendable {
    /// The pool was shut down: the daemon is stopping and takes no new work.
    struct Stopped: Error, Sendable {}

    let threads: NIOThreadPool
    /// How many threads there are: the parallelism prewarm aims for.
    let width: Int
    /// Which queued job runs next: schemes take turns, and slow ones cannot hold every
    /// thread (``FairScheduler``).
    private let scheduler: FairScheduler

    init(width: Int) {
        self.width = width
        let threads = NIOThreadPool(numberOfThreads: width)
        threads.start()
        self.threads = threads
        scheduler = FairScheduler(width: width) { job in
            threads.submit { state in
                if case .active = state { job(true) } else { job(false) }
            }
        }
    }

    /// Runs `work` on one of the threads, in its lane's turn.
    ///
    /// - Parameter lane: What takes turns with the others: the scheme the work is for;
    ///   work of no scheme (parsing documents) has a lane of its own.
    /// - Returns: Its result, or ``Stopped`` once the pool was stopped.
    /// - Parameter expectsSlow: Whether the lane's work is slow from its first job (see
    ///   ``FairScheduler/submit(lane:expectsSlow:_:)``).
    func run<T: Sendable>(lane: String = "", expectsSlow: Bool = false, _ work: @escaping @Sendable () -> T) async -> Result<T, Stopped> {
        await withCheckedContinuation { continuation in
            scheduler.submit(lane: lane, expectsSlow: expectsSlow) { isActive in
                continuation.resume(returning: isActive ? .success(work()) : .failure(Stopped()))
            }
        }
    }

    /// Queues `work` on one of the threads, in its lane's turn; it is called with whether
    /// the pool still runs (false: stopped before the work started, which should then do
    /// nothing but report it).
    func submit(lane: String = "", _ work: @escaping @Sendable (_ isActive: Bool) -> Void) {
        scheduler.submit(lane: lane, work)
    }

    /// Stops the threads: work queued and not begun is told so, work running ends first.
    func shutdown() async {
        scheduler.stop()
        try? await threads.shutdownGracefully()
    }
}
