import Logging
import Synchronization

/// Lets through at most ``burst`` lines of each kind of warning per ``window``, and counts
/// the rest: the next line of that kind to get through says how many were not logged
/// (`cgl.suppressed`). A client refused twenty thousand times a second costs a few lines,
/// not megabytes of journal, and the count still says what happened.
///
/// One throttle is shared by everything that logs those warnings; kinds are independent.
final class LogThrottle: Sendable {
    /// Lines of one kind logged per window before the rest are counted.
    let burst: Int
    /// How long a window lasts.
    let window: Duration
    private let clock: @Sendable () -> ContinuousClock.Instant
    private let windows = Mutex<[String: Window]>([:])

    private struct Window {
        var start: ContinuousClock.Instant
        var logged = 0
        var suppressed = 0
    }

    /// The daemon's throttle of the warnings a client can cause (refusals).
    static let shared = LogThrottle()

    /// A throttle; `clock` is for tests.
    init(burst: Int = 10, window: Duration = .seconds(10), clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.burst = burst
        self.window = window
        self.clock = clock
    }

    /// Logs `message` at `level` unless `burst` lines of its kind were logged in the current
    /// window; then counts it. A line that gets through after some were counted carries the
    /// count in `cgl.suppressed`.
    ///
    /// - Parameter kind: What groups the lines counted together; the message by default.
    func log(_ level: Logger.Level, _ message: Logger.Message, metadata: Logger.Metadata = [:], kind: String? = nil, to logger: Logger) {
        guard logger.logLevel <= level else { return }
        let key = kind ?? message.description
        let now = clock()
        let suppressed: Int? = windows.withLock { windows in
            var current = windows[key] ?? Window(start: now)
            if now - current.start >= window { current = Window(start: now, suppressed: current.suppressed) }
            defer { windows[key] = current }
            guard current.logged < burst else {
                current.suppressed += 1
                return nil
            }
            current.logged += 1
            defer { current.suppressed = 0 }
            return current.suppressed
        }
        guard let suppressed else { return }
        var metadata = metadata
        if suppressed > 0 { metadata["cgl.suppressed"] = "\(suppressed)" }
        logger.log(level: level, message, metadata: metadata)
    }
}
