import CGLBridge
public import CGLValues
package import CGLWire

/// Why a client call failed: the daemon could not be reached or spoke out of turn (a local
/// failure), or the daemon answered with an error (``Code/daemon``, with ``refusal``).
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
        /// A request's frame is longer than the daemon accepts (a huge text in content, a
        /// huge batch); nothing was sent.
        public static let requestTooLarge = Code(name: "requestTooLarge")
        /// The daemon speaks an older protocol version that lacks what the call needs
        /// (content, a text scale, batches need version 2); nothing was sent.
        public static let unsupportedByDaemon = Code(name: "unsupportedByDaemon")
        /// The socket path is longer than a Unix socket address holds
        /// (107 bytes on Linux, the `sun_path` of `sockaddr_un`): nothing was connected to.
        /// Give a shorter path, or a shorter symbolic link to the socket.
        public static let socketPathTooLong = Code(name: "socketPathTooLong")
        /// The daemon answered with an error: see ``CGLClientError/refusal``.
        public static let daemon = Code(name: "daemon")
        /// The local fallback could not compute the snapshot (unknown scheme or profile,
        /// an environment that cannot be laid out).
        public static let fallbackFailed = Code(name: "fallbackFailed")
        /// The calling task was cancelled while it waited for the daemon; the connection
        /// was dropped (the answer may still have been acted on).
        public static let cancelled = Code(name: "cancelled")

        public var description: String { name }
    }

    /// What the daemon answered, for ``Code/daemon``.
    public struct Refusal: Sendable, Hashable, CustomStringConvertible {
        /// The daemon's error code (`docs/protocol.md` §9); an open set.
        public var code: DaemonCode
        /// What is wrong, naming the input.
        public var message: String
        /// For an invalid document, every issue (errors first, then warnings).
        public var issues: [DocumentIssue]

        public var description: String {
            ([message] + issues.map(\.description)).joined(separator: "\n")
        }
    }

    /// An error code of the daemon (`docs/protocol.md` §9).
    public struct DaemonCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: UInt16

        public init(rawValue: UInt16) {
            self.rawValue = rawValue
        }

        /// No scheme is registered with the name given.
        public static let notFound = DaemonCode(rawValue: 1)
        /// The document is invalid; the issues say why.
        public static let invalidDocument = DaemonCode(rawValue: 2)
        /// An unknown profile, values out of range, or an environment the scheme cannot be laid out in.
        public static let invalidEnvironment = DaemonCode(rawValue: 3)
        /// A request or an answer over the frame limit.
        public static let tooLarge = DaemonCode(rawValue: 4)
        /// This user may not make the request.
        public static let unauthorized = DaemonCode(rawValue: 5)
        /// The daemon cannot take the request now; retry later.
        public static let busy = DaemonCode(rawValue: 6)
        /// The daemon failed.
        public static let `internal` = DaemonCode(rawValue: 7)
        /// The daemon could not read the request.
        public static let badRequest = DaemonCode(rawValue: 8)
        /// The request needs a later protocol version.
        public static let unsupportedVersion = DaemonCode(rawValue: 9)
        /// The content does not fit the scheme's slots; the issues name each slot.
        public static let invalidContent = DaemonCode(rawValue: 10)
        /// Computing the answer took longer than the daemon's time budget and was
        /// abandoned: the document is too costly for that environment.
        public static let timeout = DaemonCode(rawValue: 11)
        /// A register or unregister on a host of a fleet that cannot reach the shared
        /// registry (PostgreSQL): nothing changed; the host serves what it has. Retry later.
        public static let registryUnavailable = DaemonCode(rawValue: 12)
        /// A lookup sent by its reference that the daemon does not know (forgotten, or a
        /// daemon other than the one it was sent to in full). The client sends it again in
        /// full: a batch's results never carry this code.
        public static let unknownReference = DaemonCode(rawValue: 13)

        /// `notFound`, `busy`…, or `code N` for one this client does not know.
        public var description: String { WireError.Code(rawValue: rawValue).description }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What happened, naming the socket or the input, and how to fix it.
    public var message: String
    /// The socket the client uses.
    public var socketPath: String
    /// What the daemon answered, for ``Code/daemon``.
    public var refusal: Refusal?

    /// An error.
    public init(code: Code, message: String, socketPath: String, refusal: Refusal? = nil) {
        self.code = code
        self.message = message
        self.socketPath = socketPath
        self.refusal = refusal
    }

    /// Whether the daemon could not be reached at all (as opposed to answering an error).
    public var isDaemonUnavailable: Bool { code == .daemonUnavailable }

    public var description: String { refusal.map { "\($0.code): \($0)" } ?? "\(code): \(message)" }

    package static func daemon(_ error: WireError, socketPath: String) -> CGLClientError {
        let refusal = Refusal(code: DaemonCode(rawValue: error.code.rawValue), message: error.message, issues: error.issues.map(DocumentIssue.init))
        return CGLClientError(code: .daemon, message: error.message, socketPath: socketPath, refusal: refusal)
    }
}
