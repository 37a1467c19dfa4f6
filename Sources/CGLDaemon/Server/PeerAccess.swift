import CGLWire
import Logging

/// Who is at the other end of a connection, and what the policy in force lets them do:
/// decided once per policy generation, so that a request costs one atomic load.
struct PeerAccess {
    private let authorization: LiveAuthorization
    private let logger: Logger
    /// The peer; nil until the connection starts reading.
    private(set) var peer: PeerCredentials?
    /// The peer's access under the policy of `generation` (nil: none).
    private var decided: (generation: UInt64, granted: Authorization.Access?)?

    init(authorization: LiveAuthorization, logger: Logger) {
        self.authorization = authorization
        self.logger = logger
    }

    mutating func identify(_ peer: PeerCredentials) {
        self.peer = peer
        decided = nil
    }

    /// Whether the peer may make a request of `kind` under the policy in force, decided
    /// without logging: a request it may not make goes to ``refusal(of:)``, which logs it.
    mutating func allows(_ kind: WireRequest.Kind) -> Bool {
        guard let peer else { return false }
        let generation = authorization.generation
        if decided?.generation != generation {
            let (current, policy) = authorization.versioned()
            decided = (current, policy.access(of: peer))
        }
        guard let granted = decided?.granted else { return false }
        return granted >= Authorization.access(for: kind)
    }

    /// The `unauthorized` error when the peer may not make a request of `kind` (logged); nil when it may.
    mutating func refusal(of kind: WireRequest.Kind) -> WireError? {
        guard let peer else {
            // Not reachable: reading starts with the peer known. Refuse rather than trust.
            return WireError(code: .unauthorized, message: "cgld does not know who this connection's peer is yet")
        }
        if allows(kind) { return nil }
        // Decided again on the policy itself: it may have changed since `decided` was read.
        guard let refusal = authorization.current.check(kind, peer: peer) else { return nil }
        Authorization.logDenial(of: kind, to: peer, logger: logger)
        return refusal
    }
}
