import Foundation
import GRDB

extension SnapshotRecord {
    /// Upserts one snapshot if a registered scheme has its hash (`?1` is the hash).
    ///
    /// The `WHERE EXISTS` closes a race: a snapshot computed for a document that was replaced
    /// or unregistered meanwhile would otherwise be stored for a hash nothing refers to, and
    /// stay forever. (SQLite needs the `WHERE` for `INSERT … SELECT … ON CONFLICT` to parse.)
    static let upsertSQL = """
        INSERT INTO snapshots (scheme_hash, engine_version, environment_key, content_digest, payload, compute_ns, created_at)
        SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE EXISTS (SELECT 1 FROM schemes WHERE hash = ?1)
        ON CONFLICT (scheme_hash, engine_version, environment_key, content_digest) DO UPDATE SET
            payload = excluded.payload, compute_ns = excluded.compute_ns, created_at = excluded.created_at
        """

    static let selectSQL = """
        SELECT * FROM snapshots WHERE scheme_hash = ? AND engine_version = ? AND environment_key = ? AND content_digest = ?
        """

    /// Stores `snapshots` in the caller's transaction.
    ///
    /// One cached prepared statement, rebound per row: the batch costs one parse, and the
    /// transaction around it one sync of the log.
    ///
    /// - Returns: How many were stored (the others have no registered scheme).
    static func upsert(_ snapshots: [StoredSnapshot], in db: Database) throws -> Int {
        let statement = try db.cachedStatement(sql: upsertSQL)
        var stored = 0
        for snapshot in snapshots {
            let record = SnapshotRecord(snapshot)
            statement.setUncheckedArguments([record.schemeHash, record.engineVersion, record.environmentKey, record.contentDigest,
                                             record.payload, record.computeNs, record.createdAt])
            try statement.execute()
            stored += db.changesCount
        }
        return stored
    }

    /// The snapshot stored under `key`, through a cached statement (the hot read path).
    static func fetch(_ key: SnapshotKey, in db: Database) throws -> SnapshotRecord? {
        let statement = try db.cachedStatement(sql: selectSQL)
        return try SnapshotRecord.fetchOne(statement, arguments: [key.schemeHash, key.engineVersion, key.environmentKey, key.contentDigest])
    }

    /// Deletes the snapshots of `hash` unless a registered scheme still has it (two names
    /// may share content).
    static func deleteUnreferenced(hash: String, in db: Database) throws {
        try db.execute(sql: """
            DELETE FROM snapshots WHERE scheme_hash = ?1 AND NOT EXISTS (SELECT 1 FROM schemes WHERE hash = ?1)
            """, arguments: [hash])
    }

    /// Deletes the snapshots of every engine version but `engineVersion`.
    ///
    /// A full scan (the key starts with the hash): this runs once after an upgrade, and an
    /// index on the version would cost every store.
    static func deleteAll(engineVersionOtherThan engineVersion: String, in db: Database) throws -> Int {
        try SnapshotRecord.filter(Columns.engineVersion != engineVersion).deleteAll(db)
    }
}
