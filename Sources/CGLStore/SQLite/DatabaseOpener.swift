import Foundation
import GRDB

/// Opens a database connection (pool or queue) with the store's per-connection settings.
enum DatabaseOpener {
    /// `synchronous = FULL` for every connection that writes.
    ///
    /// In WAL mode, NORMAL (GRDB's default) never corrupts the database, but a power loss or
    /// kernel crash can lose the last transactions reported as committed. Registrations are
    /// durable data that a client was told are stored, so each commit syncs the log (FULL).
    /// The cost is one fsync per transaction; registrations are rare and snapshots are
    /// stored in batches of one transaction, so it is paid rarely.
    static let synchronousPragma = "PRAGMA synchronous = FULL"

    static func open(_ location: SQLiteSchemeStore.Location, configuration: SQLiteSchemeStore.Configuration) throws -> any DatabaseWriter {
        let settings = grdbConfiguration(configuration)
        switch location {
        case .file(let path):
            let pool = try DatabasePool(path: path, configuration: settings)
            // GRDB switches a new pool's writer to WAL *after* `prepareDatabase` has run, and
            // sets `synchronous = NORMAL` while doing so: set FULL again on that connection,
            // the only one that writes.
            try pool.writeWithoutTransaction { db in try db.execute(sql: synchronousPragma) }
            return pool
        case .inMemory:
            return try DatabaseQueue(configuration: settings)
        }
    }

    static func grdbConfiguration(_ configuration: SQLiteSchemeStore.Configuration) -> GRDB.Configuration {
        var settings = GRDB.Configuration()
        settings.label = "cgl.store"
        let (seconds, attoseconds) = configuration.busyTimeout.components
        settings.busyMode = .timeout(max(0, Double(seconds) + Double(attoseconds) * 1e-18))
        settings.maximumReaderCount = max(1, configuration.maximumReaderCount)
        settings.prepareDatabase { db in
            // No foreign keys yet; on so that a later migration that adds one is enforced
            // on every connection from the start (SQLite's default is off).
            try db.execute(sql: "PRAGMA foreign_keys = ON")
            if !db.configuration.readonly {
                try db.execute(sql: synchronousPragma)
            }
        }
        return settings
    }

    /// Refuses an SQLite library older than the schema needs (STRICT tables: 3.37), with a
    /// clear error rather than a "malformed schema" one at the first migration.
    static func requireSQLiteVersion(_ db: Database) throws {
        let version = try String.fetchOne(db, sql: "SELECT sqlite_version()") ?? ""
        let parts = version.split(separator: ".").map { Int($0) ?? 0 }
        guard parts.lexicographicallyPrecedes([3, 37]) else { return }
        throw StoreError(code: .cannotOpen,
                         message: "The SQLite library is version \(version); cgld's schema needs 3.37 or later (STRICT tables). Install a newer libsqlite3.")
    }
}
