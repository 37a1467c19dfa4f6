public import CGLWire

/// Why a client call failed: the daemon could not be reached or spoke out of turn (a local
/// failure), or the daemon answered with an error (``Code/daemon``, with ``daemonError``).
public struct CGLClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; a struct so that codes can be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, such as `daemonUnavailable`.
        public let name: String

        /// No daemon runs on the socket: the file is missing, nothing listens, or connecting
        /// timed out. Start `cgld`, or check the socket path.
        public static let daemonUnavailable = Code(name: "daemonUnavailable")
        /// The daemon sent nothing for longer than the request timeout; the connection was
        /// dropped (the next call reconnects).
        public static let timedOut = Code(name: "timedOut")
        /// The connection closed or failed while requests were outstanding.
        public static let connectionLost = Code(name: "connectionLost")
        /// The daemon refused the handshake (it speaks another protocol version).
        public static let handshakeRefused = Code(name: "handshakeRefused")
        /// The daemon sent bytes that are not the protocol.
        public static let protocolViolation = Code(name: "protocolViolation")
        /// A document is longer than the daemon accepts; nothing was sent.
        public static let documentTooLarge = Code(name: "documentTooLarge")
        /// The daemon answered with an error: see ``CGLClientError/daemonError``.
        public static let daemon = Code(name: "daemon")
        /// The local fallback could not compute the snapshot (unknown scheme or profile,
        /// an environment that cannot be laid out).
        public static let fallbackFailed = Code(name: "fallbackFailed")

        public var description: String { name }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What happened, naming the socket or the input, and how to fix it.
    public var message: String
    /// The socket the client uses.
    public var socketPath: String
    /// The daemon's own error, for ``Code/daemon``.
    public var daemonError: WireError?

    /// An error.
    public init(code: Code, message: String, socketPath: String, daemonError: WireError? = nil) {
        self.code = code
        self.message = message
        self.socketPath = socketPath
        self.daemonError = daemonError
    }

    /// Whether the daemon could not be reached at all (as opposed to answering an error).
    public var isDaemonUnavailable: Bool { code == .daemonUnavailable }

    public var description: String { daemonError.map(\.description) ?? "\(code): \(message)" }

    static func daemon(_ error: WireError, socketPath: String) -> CGLClientError {
        CGLClientError(code: .daemon, message: error.message, socketPath: socketPath, daemonError: error)
    }
}
