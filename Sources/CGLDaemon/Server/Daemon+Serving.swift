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
        let path: RequestPath
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
        var status: String { "serving \(Daemon.count(path.registry.count, "scheme")) on \(socketPath)" }
    }
}

extension Daemon {
    /// `1 scheme`, `12 schemes`: counts in status lines.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

/// Work the daemon does in the background of serving (the prewarm at start, reloads and
/// their prewarms): each a child task of ``run()``'s, so that shutdown waits for it
/// before the store closes, and cancellation reaches it.
final class BackgroundTasks: Sendable {
    private let work: AsyncStream<@Sendable () async -> Void>
    private let continuation: AsyncStream<@Sendable () async -> Void>.Continuation

    init() {
        (work, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    /// Starts `work` (nothing, once ``finish()`` was called: the daemon is stopping).
    func start(_ work: @escaping @Sendable () async -> Void) {
        continuation.yield(work)
    }

    /// Runs the work started, each as a child task, until ``finish()``; returns once every
    /// one has ended.
    func run() async {
        await withDiscardingTaskGroup { group in
            for await item in work {
                group.addTask { await item() }
            }
        }
    }

    /// Takes no more work: ``run()`` returns once what was started has ended.
    func finish() {
        continuation.finish()
    }
}
