import GRDB

extension SQLiteSchemeStore {
    public func snapshot(for key: SnapshotKey) async throws(StoreError) -> StoredSnapshot? {
        try await read("reading the snapshot \(key)") { db in try SnapshotRecord.fetch(key, in: db)?.stored }
    }

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

    public func store(_ snapshots: [StoredSnapshot]) async throws(StoreError) -> Int {
        guard !snapshots.isEmpty else { return 0 }
        return try await write("storing \(snapshots.count) snapshots") { db in try SnapshotRecord.upsert(snapshots, in: db) }
    }

    public func deleteSnapshots(engineVersionOtherThan engineVersion: String) async throws(StoreError) -> Int {
        try await write("deleting the snapshots of engines other than \(engineVersion)") { db in
            try SnapshotRecord.deleteAll(engineVersionOtherThan: engineVersion, in: db)
        }
    }

    public func snapshotCount() async throws(StoreError) -> Int {
        try await read("counting the snapshots") { db in try SnapshotRecord.fetchCount(db) }
    }
}
