import Logging

/// The daemon's reports to systemd. Without a notifier (no `NOTIFY_SOCKET`) each report is a
/// nil check: the status text is an autoclosure, never built.
struct SystemdReports: Sendable {
    let notifier: SystemdNotifier?
    let logger: Logger

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

    /// Sends, logging a failure: systemd not hearing a status line is worth a note, not a stop
    /// (a missed `READY=1` shows as a start timeout in `systemctl status`).
    private func deliver(_ send: () throws(SystemdNotifier.Failure) -> Void) {
        do {
            try send()
        } catch {
            logger.warning("A notification to systemd failed", metadata: ["cgl.error": "\(error)"])
        }
    }
}
