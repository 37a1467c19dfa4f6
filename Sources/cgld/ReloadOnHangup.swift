import CGLDaemon
import ServiceLifecycle
import UnixSignals

/// Reloads the daemon at each SIGHUP (`systemctl reload cgld`, `kill -HUP`), one reload at
/// a time, until graceful shutdown.
struct ReloadOnHangup: Service {
    let daemon: Daemon
    /// Made before the service group runs, so that a SIGHUP during start is trapped (its
    /// default action would end the process) and reloads once the daemon serves.
    let hangups: UnixSignalsSequence

    func run() async {
        for await _ in hangups.cancelOnGracefulShutdown() {
            await daemon.reload()
        }
    }
}
