import GRDB

extension SQLiteSchemeStore {
    /// The snapshot stored under `key`, or nil.
    public func snapshot(for key: SnapshotKey) async throws(StoreError) -> StoredSnapshot? {
        try await read("reading the snapshot \(key)") { db in try SnapshotRecord.fetch(key, in: db)?.stored }
    }

    /// The snapshots stored under any of `keys`, by key; keys without one are absent.
    public func snapshots(for keys: [SnapshotKey]) async throws(StoreError) -> [SnapshotKey: StoredSnapshot] {
        // One read transaction for all: a consistent view, and one trip to a reader connection.
        try await read("reading \(keys.count) snapshots") { db in
            var found: [SnapshotKey: StoredSnapshot] = [:]
            for key in keys {
                if let record = try SnapshotRecord.fetch(key, in: db) { found[key] = record.stored }
            }
            return found
        }
    }

    /// Inserts or replaces snapshots, all in one transaction.
    ///
    /// A snapshot whose scheme hash no registered scheme has is skipped: its scheme was
    /// replaced or unregistered while it was being computed, and it could never be served.
    ///
    /// - Returns: How many snapshots were stored (the others were skipped).
    public func store(_ snapshots: [StoredSnapshot]) async throws(StoreError) -> Int {
        guard !snapshots.isEmpty else { return 0 }
        return try await write("storing \(snapshots.count) snapshots") { db in try SnapshotRecord.upsert(snapshots, in: db) }
    }

    /// Deletes the snapshots computed by any engine version other than `engineVersion`: the
    /// housekeeping after an engine upgrade.
    ///
    /// - Returns: How many snapshots were deleted.
    public func deleteSnapshots(engineVersionOtherThan engineVersion: String) async throws(StoreError) -> Int {
        try await write("deleting the snapshots of engines other than \(engineVersion)") { db in
            try SnapshotRecord.deleteAll(engineVersionOtherThan: engineVersion, in: db)
        }
    }

    /// How many snapshots are stored.
    public func snapshotCount() async throws(StoreError) -> Int {
        try await read("counting the snapshots") { db in try SnapshotRecord.fetchCount(db) }
    }
}
