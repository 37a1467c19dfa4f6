import Foundation
import GRDB

/// A row of `snapshots` (`migrations/0003_snapshots_content.sql`): one cached layout snapshot.
struct SnapshotRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "snapshots"

    var schemeHash: String
    var engineVersion: String
    var environmentKey: String
    var contentDigest: String
    var payload: Data
    /// Nanoseconds, 0 or more.
    var computeNs: Int64
    /// Milliseconds since the Unix epoch.
    var createdAt: Int64

    enum CodingKeys: String, CodingKey {
        case schemeHash = "scheme_hash"
        case engineVersion = "engine_version"
        case environmentKey = "environment_key"
        case contentDigest = "content_digest"
        case payload
        case computeNs = "compute_ns"
        case createdAt = "created_at"
    }

    enum Columns {
        static let schemeHash = Column(CodingKeys.schemeHash)
        static let engineVersion = Column(CodingKeys.engineVersion)
        static let environmentKey = Column(CodingKeys.environmentKey)
        static let contentDigest = Column(CodingKeys.contentDigest)
        static let payload = Column(CodingKeys.payload)
        static let computeNs = Column(CodingKeys.computeNs)
        static let createdAt = Column(CodingKeys.createdAt)
    }
}

extension SnapshotRecord {
    init(_ snapshot: StoredSnapshot) {
        self.init(schemeHash: snapshot.key.schemeHash, engineVersion: snapshot.key.engineVersion,
                  environmentKey: snapshot.key.environmentKey, contentDigest: snapshot.key.contentDigest, payload: snapshot.payload,
                  computeNs: Nanoseconds.from(snapshot.computeTime), createdAt: Milliseconds.from(snapshot.createdAt))
    }

    /// The public value.
    var stored: StoredSnapshot {
        StoredSnapshot(key: SnapshotKey(schemeHash: schemeHash, engineVersion: engineVersion, environmentKey: environmentKey,
                                        contentDigest: contentDigest),
                       payload: payload, computeTime: .nanoseconds(computeNs), createdAt: Milliseconds.date(createdAt))
    }
}
