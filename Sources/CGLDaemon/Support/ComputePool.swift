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

    init(width: Int) {
        self.width = width
        threads = NIOThreadPool(numberOfThreads: width)
        threads.start()
    }

    /// Runs `work` on one of the threads.
    ///
    /// - Returns: Its result, or ``Stopped`` once the pool was stopped.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> Result<T, Stopped> {
        do {
            return .success(try await threads.runIfActive(work))
        } catch {
            return .failure(Stopped())
        }
    }

    /// Queues `work` on one of the threads, which calls it with whether the pool still runs
    /// (false: stopped before the work started, which should then do nothing but report it).
    func submit(_ work: @escaping @Sendable (_ isActive: Bool) -> Void) {
        threads.submit { state in
            if case .active = state { work(true) } else { work(false) }
        }
    }

    /// Stops the threads after the work queued.
    func shutdown() async {
        try? await threads.shutdownGracefully()
    }
}
