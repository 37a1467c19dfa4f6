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
    ///   user or group database does not know, or a value that is not a list of names.
    public init(config: ConfigReader) throws(DaemonError) {
        let fields = ConfigFields(reader: config)
        let defaults = AuthorizationConfiguration()
        self.init(
            readers: Principals(users: try Self.users(fields, "authorization.readers.users") ?? defaults.readers.users,
                                groups: try Self.groups(fields, "authorization.readers.groups") ?? defaults.readers.groups),
            admins: Principals(users: try Self.users(fields, "authorization.admins.users") ?? defaults.admins.users,
                               groups: try Self.groups(fields, "authorization.admins.groups") ?? defaults.admins.groups)
        )
    }

    private static func users(_ fields: ConfigFields, _ key: String) throws(DaemonError) -> Set<UInt32>? {
        guard let entries = try fields.names(key) else { return nil }
        var users: Set<UInt32> = []
        for entry in entries {
            guard let uid = UInt32(entry) ?? UserDatabase.userID(named: entry) else {
                throw .configuration(key: key, value: "\"\(entry)\"",
                                     expected: "a list of users that exist on this host (getent passwd \(entry) finds none) or numeric uids")
            }
            users.insert(uid)
        }
        return users
    }

    private static func groups(_ fields: ConfigFields, _ key: String) throws(DaemonError) -> Set<GroupReference>? {
        guard let entries = try fields.names(key) else { return nil }
        var groups: Set<GroupReference> = []
        for entry in entries {
            if entry == "@socket" {
                groups.insert(.socketGroup)
            } else if let gid = UInt32(entry) ?? UserDatabase.groupID(named: entry) {
                groups.insert(.id(gid))
            } else {
                throw .configuration(key: key, value: "\"\(entry)\"",
                                     expected: "a list of groups that exist on this host (getent group \(entry) finds none), numeric gids, or @socket")
            }
        }
        return groups
    }
}
