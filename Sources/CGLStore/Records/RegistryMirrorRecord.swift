import GRDB

/// The row of `registry_mirror` (`migrations/0004_registry_mirror.sql`): which shared
/// registry this store mirrors, and up to which revision.
struct RegistryMirrorRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "registry_mirror"

    var singleton: Int = 1
    var registryID: String
    var revision: Int64
    /// Milliseconds since the Unix epoch.
    var syncedAt: Int64

    enum CodingKeys: String, CodingKey {
        case singleton, revision
        case registryID = "registry_id"
        case syncedAt = "synced_at"
    }
}
