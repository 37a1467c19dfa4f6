import Logging
import Synchronization

/// The daemon's reports to systemd. Without a notifier (no `NOTIFY_SOCKET`) each report is a
/// nil check: the status text is an autoclosure, never built.
struct SystemdReports: Sendable {
    let notifier: SystemdNotifier?
    let logger: Logger
    /// Set at the first failure, which alone is logged: status lines come often (prewarm
    /// progress), and a socket that refuses one refuses them all.
    private let failed = Latch()

    func status(_ text: @autoclosure () -> String) {
        guard let notifier else { return }
        deliver { () throws(SystemdNotifier.Failure) in try notifier.status(text()) }
    }

    func ready(_ status: @autoclosure () -> String) {
        guard let notifier else { return }
        deliver { () throws(SystemdNotifier.Failure) in try notifier.ready(status: status()) }
    }

    func reloading(_ status: @autoclosure () -> String) {
        guard let notifier else { return }
        deliver { () throws(SystemdNotifier.Failure) in try notifier.reloading(status: status()) }
    }

    func stopping(_ status: @autoclosure () -> String) {
        guard let notifier else { return }
        deliver { () throws(SystemdNotifier.Failure) in try notifier.stopping(status: status()) }
    }

    /// Sends, logging the first failure: systemd not hearing a status line is worth a note,
    /// not a stop (a missed `READY=1` shows as a start timeout in `systemctl status`).
    private func deliver(_ send: () throws(SystemdNotifier.Failure) -> Void) {
        do {
            try send()
        } catch {
            guard failed.set() else { return }
            logger.warning("A notification to systemd failed; later failures are not logged", metadata: ["cgl.error": "\(error)"])
        }
    }
}

/// A flag that is set once.
final class Latch: Sendable {
    private let flag = Atomic<Bool>(false)

    /// Sets the flag; whether this call set it (false when it was set already).
    func set() -> Bool {
        !flag.exchange(true, ordering: .relaxed)
    }
}
