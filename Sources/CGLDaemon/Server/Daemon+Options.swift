import CGLWire
public import Logging
import NIOCore

extension Daemon {
    /// How the daemon meets the process around it: systemd's notifications, watchdog and
    /// socket, and what a reload reads. Everything is off by default, as for a daemon run
    /// by hand or in a test.
    public struct Options: Sendable {
        /// Where to report readiness, status, reloads and shutdown; nil reports nothing
        /// (``systemd(environment:pid:)`` sets it).
        var notifier: SystemdNotifier?
        /// The watchdog to keep (pinged through ``notifier``); nil keeps none.
        var watchdog: Watchdog?
        /// A listening socket systemd passed; nil binds `socket.path`.
        public var activatedSocket: ActivatedSocket?
        /// Reads the configuration again for a reload, with the same sources and precedence
        /// as at start; nil keeps the configuration and reloads only the schemes folder.
        public var reloadConfiguration: (@Sendable () async throws(DaemonError) -> DaemonConfiguration)?
        /// Applies a log level a reload configured; the daemon never sets up logging itself.
        public var applyLogLevel: @Sendable (Logger.Level) -> Void
        /// Who is at the other end of an accepted connection, whose requests are authorized
        /// as theirs; by default the kernel's word (`SO_PEERCRED`). Tests stand in for
        /// other users with it.
        var identifyPeer: @Sendable (any Channel) async throws -> PeerCredentials = { try await PeerCredentials.read(from: $0) }
        /// The protocol versions the daemon accepts in a hello: all this build speaks. A
        /// narrower range answers as a daemon of an older release would, so that a client's
        /// fallback to it can be tested against a real daemon. Versions this build does not
        /// speak are left out.
        public var protocolVersions: ClosedRange<UInt16> = Handshake.supportedVersions

        /// Options; by default no systemd, and reloads re-read only the schemes folder.
        public init(activatedSocket: ActivatedSocket? = nil,
                    reloadConfiguration: (@Sendable () async throws(DaemonError) -> DaemonConfiguration)? = nil,
                    applyLogLevel: @escaping @Sendable (Logger.Level) -> Void = { _ in }) {
            self.activatedSocket = activatedSocket
            self.reloadConfiguration = reloadConfiguration
            self.applyLogLevel = applyLogLevel
        }

        /// systemd's notifier and watchdog as `environment` describes them for process `pid`;
        /// the socket it passed and the reload source are set apart.
        public static func systemd(environment: [String: String], pid: Int32) -> Options {
            var options = Options()
            options.notifier = SystemdNotifier(environment: environment)
            options.watchdog = Watchdog.from(environment: environment, pid: pid)
            return options
        }

        /// Tells systemd (when it runs the daemon) that the start failed, and why: the status
        /// `systemctl status` shows.
        public func reportFailure(_ message: String) {
            try? notifier?.status("failed: \(message)")
        }
    }
}
