import Logging

/// systemd's watchdog for this process (`sd_watchdog_enabled(3)`): with `WatchdogSec=` set,
/// systemd puts the timeout in `WATCHDOG_USEC` and kills the service when no `WATCHDOG=1`
/// arrives in time.
struct Watchdog: Sendable, Hashable {
    /// How long systemd waits for a ping.
    let timeout: Duration

    /// A watchdog with `timeout`.
    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// How often cgld pings: at half the timeout, as `sd_watchdog_enabled(3)` advises, so
    /// that one late ping is not yet a missed one.
    var interval: Duration { timeout / 2 }

    /// The watchdog `environment` asks process `pid` to keep; nil when there is none, or
    /// when `WATCHDOG_PID` names another process (the variables were inherited).
    static func from(environment: [String: String], pid: Int32) -> Watchdog? {
        guard let microseconds = environment["WATCHDOG_USEC"].flatMap({ UInt64($0) }), microseconds > 0 else { return nil }
        if let owner = environment["WATCHDOG_PID"], Int32(owner) != pid { return nil }
        return Watchdog(timeout: .microseconds(Int64(clamping: microseconds)))
    }

    /// Pings every ``interval`` for as long as the task runs, each time only after `probe`
    /// came back true: a ping says that the serving machinery answered, not merely that a
    /// timer fired. A probe that hangs holds back the pings, and systemd then restarts cgld.
    func run(notifier: SystemdNotifier, logger: Logger, probe: @Sendable () async -> Bool) async {
        var failures = 0
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            guard await probe() else {
                logger.warning("The watchdog probe failed; no keep-alive sent to systemd")
                continue
            }
            do {
                try notifier.watchdog()
                failures = 0
            } catch {
                failures += 1
                // Once, not at every interval: the log would fill with the same line.
                if failures == 1 { logger.warning("The watchdog keep-alive cannot reach systemd", metadata: ["cgl.error": "\(error)"]) }
            }
        }
    }
}
