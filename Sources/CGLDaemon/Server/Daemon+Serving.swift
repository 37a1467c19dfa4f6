import NIOCore
import Synchronization

extension Daemon {
    /// Where the daemon is in its life; reloads and the watchdog probe read it.
    enum Phase: Sendable {
        /// Opening the store and registering; a reload asked for meanwhile runs once serving.
        case starting(reloadRequested: Bool)
        /// Accepting connections.
        case serving(Serving)
        /// Shut down (or shutting down): reloads do nothing.
        case stopped
    }

    /// What a serving daemon is made of, for reloads and the watchdog.
    struct Serving: Sendable {
        let handler: RequestHandler
        let directory: SchemesDirectory
        /// The listening socket's channel: the watchdog checks that its event loop answers.
        let listeningChannel: any Channel
        /// The policy in force, replaced by reloads.
        let authorization: LiveAuthorization
        let socketPath: String
        /// The group owning the socket file, which `@socket` names.
        let socketGroup: UInt32?
        /// False when systemd passed the socket: its file and permissions are systemd's.
        let ownsSocketFile: Bool

        /// `serving 12 schemes on /run/cgld/cgld.sock`, for `systemctl status`.
        var status: String { "serving \(Daemon.count(handler.registry.count, "scheme")) on \(socketPath)" }
    }
}

extension Daemon {
    /// `1 scheme`, `12 schemes`: counts in status lines.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

/// Tasks the daemon starts in the background (prewarms after a reload) and waits for
/// before it closes the store.
final class BackgroundTasks: Sendable {
    private let tasks = Mutex<[Task<Void, Never>]>([])

    func start(_ work: @escaping @Sendable () async -> Void) {
        let task = Task { await work() }
        tasks.withLock { $0.append(task) }
    }

    /// Returns once every task started so far has finished.
    func waitForAll() async {
        while let task = tasks.withLock({ $0.popLast() }) {
            await task.value
        }
    }
}
