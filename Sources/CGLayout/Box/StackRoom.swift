import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs work that recurses deeply with the stack it needs: on the calling thread when that
/// thread has the room, otherwise on a thread of its own with a stack that large, which the
/// caller waits for. A box tree recurses once per level, so a deep tree laid out on a thread
/// with a small stack (a cooperative pool thread, a renderer's worker) never overflows it.
enum StackRoom {
    /// Bytes the box layout may use per level of its tree, generously: a debug build's
    /// frames are several times a release build's.
    #if DEBUG
    static let bytesPerLevel = 48 * 1024
    #else
    static let bytesPerLevel = 12 * 1024
    #endif

    /// Levels any thread has room for without looking, even a secondary thread's small stack,
    /// so that the usual shallow tree costs no check.
    static let levelsWithoutLooking = 4

    /// Runs `body`, which needs `bytes` of stack, where it has them.
    static func run<Result>(needing bytes: Int, _ body: () -> Result) -> Result {
        // A quarter of the stack is kept for what runs around the work.
        if let left = remainingOnThisThread(), left - left / 4 >= bytes { return body() }
        return withoutActuallyEscaping(body) { body in
            // A task-local does not cross threads by itself: the work sees the caller's
            // cancellation where it runs.
            let cancellation = LayoutCancellation.current
            let bound = { LayoutCancellation.$current.withValue(cancellation) { body() } }
            if bytes <= DeepThread.usableBytes, let result = DeepThread.shared.run(bound) { return result }
            return onOwnThread(stackBytes: bytes + 1 << 20, bound)
        }
    }

    /// The bytes between the current stack position and the end of this thread's stack, if
    /// the system says where that is.
    static func remainingOnThisThread() -> Int? {
        guard let lowest = lowestStackAddress() else { return nil }
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) }
        return here - lowest
    }

    /// Each thread's lowest stack address, found once per thread and kept in a thread-specific
    /// slot: glibc's `pthread_getattr_np` allocates (and reads `/proc/self/maps` for the main
    /// thread), which a deep layout repeated on a daemon's thread must not do each time.
    private static let lowestKey: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    private static func lowestStackAddress() -> Int? {
        if let key = lowestKey, let known = pthread_getspecific(key) { return Int(bitPattern: known) }
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        defer { attributes.deallocate() }
        guard getThreadAttributes(pthread_self(), attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(attributes) }
        var lowest: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(attributes, &lowest, &size) == 0, let lowest else { return nil }
        if let key = lowestKey { pthread_setspecific(key, lowest) }
        return Int(bitPattern: lowest)
    }

    /// The work and its result, handed to the thread by address.
    final class Job<Result> {
        let body: () -> Result
        var result: Result?

        init(_ body: @escaping () -> Result) { self.body = body }
    }

    private static func onOwnThread<Result>(stackBytes: Int, _ body: @escaping () -> Result) -> Result {
        let job = Job(body)
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        defer { attributes.deallocate() }
        pthread_attr_init(attributes)
        defer { pthread_attr_destroy(attributes) }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        pthread_attr_setstacksize(attributes, (stackBytes + pageSize - 1) / pageSize * pageSize)
        var thread = pthread_t()
        // The job outlives the thread: the caller joins it before reading the result.
        let started = pthread_create(&thread, attributes, { context in
            guard let context else { return nil }
            let job = Unmanaged<AnyObject>.fromOpaque(context).takeUnretainedValue()
            (job as? any Runnable)?.runOnce()
            return nil
        }, Unmanaged.passUnretained(job as AnyObject).toOpaque())
        guard started == 0 else { return body() }  // no thread to be had: try where we are
        pthread_join(thread, nil)
        return withExtendedLifetime(job) { job.result! }
    }
}

/// A thread kept for deep work, one job at a time: its stack, once touched, stays mapped, so a
/// deep layout repeated (a kept scheme's, a daemon's) does not fault a fresh stack's pages in
/// each time, as a new thread's would (`docs/performance.md`, boxes). While it is busy, other
/// deep work takes a thread of its own.
///
/// Unchecked Sendable: its mutable fields are read and written only under `condition`.
private final class DeepThread: @unchecked Sendable {
    /// The stack reserved (address space only, until touched): the deepest tree laid out,
    /// with the quarter `run` keeps for what runs around the work.
    static let stackBytes = BoxEngine.maximumDepth * StackRoom.bytesPerLevel / 3 * 4 + (1 << 20)
    /// What a job may need of it, a quarter kept for what runs around the job.
    static let usableBytes = stackBytes - stackBytes / 4
    static let shared = DeepThread()

    /// Guards the fields below (a pthread mutex and condition, which thread sanitizers see).
    private let condition = NSCondition()
    private var busy = false
    /// The job handed over, and whether the thread has run it.
    private var pending: (any Runnable)?
    private var finished = false
    private let started: Bool

    private init() {
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        defer { attributes.deallocate() }
        pthread_attr_init(attributes)
        defer { pthread_attr_destroy(attributes) }
        pthread_attr_setstacksize(attributes, Self.stackBytes)
        pthread_attr_setdetachstate(attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let context = Unmanaged.passRetained(ThreadContext()).toOpaque()
        started = pthread_create(&thread, attributes, { context in
            guard let context else { return nil }
            Unmanaged<ThreadContext>.fromOpaque(context).takeRetainedValue().serve()
            return nil
        }, context) == 0
        if !started { Unmanaged<ThreadContext>.fromOpaque(context).release() }
    }

    /// Runs `body` on the thread and returns its result, or nil when the thread is busy or
    /// could not be started.
    func run<Result>(_ body: @escaping () -> Result) -> Result? {
        guard started else { return nil }
        condition.lock()
        defer { condition.unlock() }
        guard !busy else { return nil }
        busy = true
        let job = StackRoom.Job(body)
        pending = job
        finished = false
        condition.broadcast()
        while !finished { condition.wait() }
        pending = nil
        busy = false
        return job.result
    }

    /// The thread's loop.
    fileprivate func serve() -> Never {
        condition.lock()
        while true {
            while pending == nil || finished { condition.wait() }
            let job = pending
            condition.unlock()
            job?.runOnce()
            condition.lock()
            finished = true
            condition.broadcast()
        }
    }

    /// What the new thread is given: the shared instance, reached once it exists.
    private final class ThreadContext {
        func serve() { DeepThread.shared.serve() }
    }
}

/// glibc's `pthread_getattr_np`, which its module map leaves out (it is a GNU extension):
/// the attributes of a running thread, its stack's place and size among them.
@_silgen_name("pthread_getattr_np")
private func getThreadAttributes(_ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>) -> Int32

/// A job a thread of `StackRoom` runs, whatever its result type.
private protocol Runnable: AnyObject {
    func runOnce()
}

extension StackRoom.Job: Runnable {
    func runOnce() { result = body() }
}
