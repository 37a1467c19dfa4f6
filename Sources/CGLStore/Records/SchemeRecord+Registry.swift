import Foundation
import GRDB

extension SchemeRecord {
    /// Inserts or replaces the scheme named `candidate.name`, and drops the snapshots its
    /// previous hash leaves behind. Runs inside the caller's transaction.
    ///
    /// `candidate.registeredAt` is used only for a new name: an update keeps the first
    /// registration time and takes `candidate.updatedAt`.
    static func register(_ candidate: SchemeRecord, in db: Database) throws -> RegistrationOutcome {
        guard var existing = try SchemeRecord.fetchOne(db, key: candidate.name) else {
            try candidate.insert(db)
            return .created
        }
        if existing.hash == candidate.hash, existing.elementCount == candidate.elementCount, existing.document == candidate.document {
            // The same document by another path (a host's own registration, then its mirror
            // of it) still takes the latest revision.
            if existing.revision != candidate.revision, candidate.revision != nil {
                existing.revision = candidate.revision
                try existing.update(db)
            }
            return .unchanged
        }
        let previousHash = existing.hash
        existing.hash = candidate.hash
        existing.document = candidate.document
        existing.elementCount = candidate.elementCount
        existing.updatedAt = candidate.updatedAt
        existing.revision = candidate.revision
        try existing.update(db)
        if previousHash != candidate.hash {
            try SnapshotRecord.deleteUnreferenced(hash: previousHash, in: db)
        }
        return .updated(previousHash: previousHash)
    }

    /// Deletes the scheme named `name` and the snapshots its hash leaves behind.
    ///
    /// - Returns: Whether there was such a scheme.
    static func unregister(name: String, in db: Database) throws -> Bool {
        guard let existing = try SchemeRecord.fetchOne(db, key: name) else { return false }
        try existing.delete(db)
        try SnapshotRecord.deleteUnreferenced(hash: existing.hash, in: db)
        return true
    }

    /// Every scheme without its document, by name; `length()` reads a blob's size from the
    /// row header, so the documents themselves are not loaded.
    static func summaries(in db: Database) throws -> [SchemeSummary] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT name, hash, length(document), element_count, registered_at, updated_at, revision
            FROM schemes ORDER BY name
            """)
        return rows.map { row in
            SchemeSummary(name: row[0], hash: row[1], documentSize: row[2], elementCount: row[3],
                          registeredAt: Milliseconds.date(row[4]), updatedAt: Milliseconds.date(row[5]), revision: row[6])
        }
    }
}
