/// Who may use cgld, as configured: the users and groups that may read (`ping`, `list`,
/// `lookup`, `lookupBatch`, `lookupBatchWithReferences`, `stats`) and those that may administer (`register`, `unregister`, `prewarm`).
///
/// Names are resolved to ids when the configuration is read (an unknown name is a
/// configuration error), except the two group references that only mean something once
/// cgld runs: the socket's group, and the default administrators group.
///
/// Beyond these lists, root and the user cgld runs as may always do everything (they own
/// its data anyway), and every administrator may also read.
public struct AuthorizationConfiguration: Sendable, Hashable {
    /// The users and groups allowed one kind of access.
    public struct Principals: Sendable, Hashable {
        /// User ids.
        public var users: Set<UInt32>
        /// Groups; a peer whose group or supplementary groups include one of them is allowed.
        public var groups: Set<GroupReference>

        /// Principals.
        public init(users: Set<UInt32> = [], groups: Set<GroupReference> = []) {
            self.users = users
            self.groups = groups
        }
    }

    /// A group, by id or by what cgld finds out when it runs.
    public enum GroupReference: Sendable, Hashable {
        /// A group id.
        case id(UInt32)
        /// The group owning the socket file (`SocketGroup=` of the socket unit), written
        /// `@socket` in the configuration.
        case socketGroup
        /// The group called this, when it exists; nobody otherwise. Only the default
        /// administrators group is written this way (`cgld-admin`, made by
        /// `sysusers.d/cgld.conf`), so that a machine without it still starts; a name an
        /// operator writes must exist.
        case ifExists(String)
    }

    /// Who may read: `ping`, `list`, `lookup`, `lookupBatch`, `lookupBatchWithReferences`,
    /// `stats`.
    public var readers: Principals
    /// Who may administer (and read): `register`, `unregister`, `prewarm`.
    public var admins: Principals

    /// The name of the default administrators group.
    public static let defaultAdminGroup = "cgld-admin"

    /// A configuration; by default, the socket's group reads and `cgld-admin` administers.
    public init(readers: Principals = Principals(groups: [.socketGroup]),
                admins: Principals = Principals(groups: [.ifExists(defaultAdminGroup)])) {
        self.readers = readers
        self.admins = admins
    }
}
