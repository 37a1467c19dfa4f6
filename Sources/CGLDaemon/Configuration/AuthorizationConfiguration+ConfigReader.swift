public import Configuration

extension AuthorizationConfiguration {
    /// Reads the four lists from `config`; each absent key keeps its default.
    ///
    /// | key | entries | default |
    /// |---|---|---|
    /// | `authorization.readers.users` | user names or uids | `[]` |
    /// | `authorization.readers.groups` | group names, gids, or `@socket` | `["@socket"]` |
    /// | `authorization.admins.users` | user names or uids | `[]` |
    /// | `authorization.admins.groups` | group names, gids, or `@socket` | `["cgld-admin"]` when that group exists |
    ///
    /// - Throws: `DaemonError` `configuration` naming the key and the entry, for a name the
    ///   user or group database does not know, or a value that is not a list of names; every
    ///   problem, when there are several.
    public init(config: ConfigReader) throws(DaemonError) {
        let fields = ConfigFields(layers: [ConfigLayer(reader: config)])
        self.init(fields: fields)
        if let error = DaemonError.gathering(fields.problems.errors) { throw error }
    }

    /// Reads the lists from `fields`, noting each problem there.
    init(fields: ConfigFields) {
        let defaults = AuthorizationConfiguration()
        self.init(
            readers: Principals(users: fields.names("authorization.readers.users", Self.users) ?? defaults.readers.users,
                                groups: fields.names("authorization.readers.groups", Self.groups) ?? defaults.readers.groups),
            admins: Principals(users: fields.names("authorization.admins.users", Self.users) ?? defaults.admins.users,
                               groups: fields.names("authorization.admins.groups", Self.groups) ?? defaults.admins.groups)
        )
    }

    private static func users(_ entries: [String]) throws(InvalidValue) -> Set<UInt32> {
        var users: Set<UInt32> = []
        for entry in entries {
            guard let uid = UInt32(entry) ?? UserDatabase.userID(named: entry) else {
                throw InvalidValue(found: "\"\(entry)\"",
                                   expected: "a list of users that exist on this host (getent passwd \(entry) finds none) or numeric uids")
            }
            users.insert(uid)
        }
        return users
    }

    private static func groups(_ entries: [String]) throws(InvalidValue) -> Set<GroupReference> {
        var groups: Set<GroupReference> = []
        for entry in entries {
            if entry == "@socket" {
                groups.insert(.socketGroup)
            } else if let gid = UInt32(entry) ?? UserDatabase.groupID(named: entry) {
                groups.insert(.id(gid))
            } else {
                throw InvalidValue(found: "\"\(entry)\"",
                                   expected: "a list of groups that exist on this host (getent group \(entry) finds none), numeric gids, or @socket")
            }
        }
        return groups
    }
}
