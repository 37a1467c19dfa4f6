import CGLWire

/// The authorization policy in force: which peers may make which requests.
///
/// Built from an ``AuthorizationConfiguration`` once the daemon knows its socket (whose
/// group is a reader by default) and rebuilt at each reload. A plain value: deciding reads
/// no file and takes no lock, so it can run for every request.
///
/// ```swift
/// if let refusal = authorization.check(request, peer: peer) {
///     Authorization.logDenial(of: request.kind, to: peer, logger: logger)
///     // answer `refusal` (code `unauthorized`) with the request's id; the connection stays open
/// }
/// ```
struct Authorization: Sendable, Hashable {
    /// What a request needs.
    enum Access: String, Sendable, Hashable, Comparable, CustomStringConvertible {
        /// `ping`, `list`, `lookup`, `lookupBatch`, `lookupBatchWithReferences`, `stats`:
        /// nothing changes.
        case read
        /// `register`, `unregister`, `prewarm`: the registry changes, or much work starts.
        case administer

        static func < (lhs: Access, rhs: Access) -> Bool { lhs == .read && rhs == .administer }

        var description: String { rawValue }
    }

    /// The outcome of a decision.
    enum Decision: Sendable, Hashable {
        /// The peer may make the request.
        case allowed
        /// The peer lacks `needed`.
        case denied(needed: Access)
    }

    /// Users that may do everything: root and the user cgld runs as.
    let trustedUsers: Set<UInt32>
    /// Users and groups that may read.
    let readerUsers: Set<UInt32>, readerGroups: Set<UInt32>
    /// Users and groups that may administer (and read).
    let adminUsers: Set<UInt32>, adminGroups: Set<UInt32>

    /// The policy `configuration` describes, for a daemon running as `ownUser` whose socket
    /// file belongs to `socketGroup` (nil when it has no file: then `@socket` means nobody).
    init(configuration: AuthorizationConfiguration, socketGroup: UInt32?, ownUser: UInt32) {
        func resolve(_ groups: Set<AuthorizationConfiguration.GroupReference>) -> Set<UInt32> {
            Set(groups.compactMap { group in
                switch group {
                case .id(let gid): gid
                case .socketGroup: socketGroup
                case .ifExists(let name): UserDatabase.groupID(named: name)
                }
            })
        }
        trustedUsers = [0, ownUser]
        readerUsers = configuration.readers.users
        readerGroups = resolve(configuration.readers.groups)
        adminUsers = configuration.admins.users
        adminGroups = resolve(configuration.admins.groups)
    }

    /// The access a kind of request needs. Exhaustive on purpose: a new request kind does
    /// not compile until someone decides what it needs.
    static func access(for kind: WireRequest.Kind) -> Access {
        switch kind {
        case .ping, .list, .lookup, .lookupBatch, .lookupBatchWithReferences, .stats: .read
        case .register, .unregister, .prewarm: .administer
        }
    }

    /// The access `peer` has: the most of what its uid and groups grant; nil when none.
    func access(of peer: PeerCredentials) -> Access? {
        if trustedUsers.contains(peer.uid) || adminUsers.contains(peer.uid) || peer.isMember(ofAny: adminGroups) { return .administer }
        if readerUsers.contains(peer.uid) || peer.isMember(ofAny: readerGroups) { return .read }
        return nil
    }

    /// Whether `peer` may make a request of `kind`.
    func decide(kind: WireRequest.Kind, peer: PeerCredentials) -> Decision {
        let needed = Self.access(for: kind)
        guard let granted = access(of: peer), granted >= needed else { return .denied(needed: needed) }
        return .allowed
    }

    /// The error to answer `request` with when `peer` may not make it; nil when it may.
    ///
    /// The message names the operation and the access it needs, and where an operator grants
    /// it; never the lists themselves, which are none of the peer's business.
    func check(_ request: WireRequest, peer: PeerCredentials) -> WireError? {
        check(request.kind, peer: peer)
    }

    /// The refusal of a request of `kind` from `peer`, as for a whole request.
    func check(_ kind: WireRequest.Kind, peer: PeerCredentials) -> WireError? {
        guard case .denied(let needed) = decide(kind: kind, peer: peer) else { return nil }
        let (verb, key) = needed == .administer ? ("administer", "authorization.admins") : ("read from", "authorization.readers")
        return WireError(code: .unauthorized,
                         message: "uid \(peer.uid) may not \(kind.operationName): it needs the right to \(verb) cgld, which the daemon's \(key) configuration grants")
    }
}

extension WireRequest.Kind {
    /// The operation's name in messages and logs: `register`, `lookup`, …
    var operationName: String { "\(self)" }
}
