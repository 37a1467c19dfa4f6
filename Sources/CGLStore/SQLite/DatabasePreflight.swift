import Foundation
import GRDBSQLite

/// What is checked of a database file before GRDB opens it for writing, which writes at
/// once (it switches the file to WAL and creates the `-wal` and `-shm` files, with the
/// main file's mode): a database that will be refused must be left byte for byte as it was,
/// and a start that fails must leave no file behind.
enum DatabasePreflight {
    /// Checks that the database at `path` (if it exists) was not migrated by a newer
    /// binary, reading it without writing a byte, and that this process may write the file,
    /// its `-wal` and `-shm` files and its folder.
    ///
    /// - Throws: `StoreError` `schemaTooNew` naming the unknown migrations, or `cannotOpen`
    ///   naming every file (or folder) that cannot be written and how to fix it.
    static func check(path: String, knownMigrations: [String]) throws(StoreError) {
        try checkPermissions(path)
        guard FileManager.default.fileExists(atPath: path) else { return }
        // An immutable connection reads the main file alone: with a write-ahead log not yet
        // folded in (a daemon that was killed), what it read could be stale. The writable
        // open then checks, as before: it refuses a newer schema before migrating anything,
        // though after SQLite recovered the log. A cleanly stopped daemon leaves none.
        let log = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        guard log == 0 else { return }
        let applied = try appliedMigrations(path)
        let unknown = Set(applied).subtracting(knownMigrations).sorted()
        if !unknown.isEmpty { throw StoreError.schemaTooNew(unknown: unknown, known: knownMigrations, path: path) }
    }

    /// Refuses, naming each, the files and the folder this process could not write.
    private static func checkPermissions(_ path: String) throws(StoreError) {
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        // A missing folder is SQLite's to report (the store's error says to create it).
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { return }
        var problems: [String] = []
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            if access(file, R_OK | W_OK) != 0 { problems.append("\(file) (\(describe(file)))") }
        }
        if access(folder, W_OK | X_OK) != 0 { problems.append("the folder \(folder) (\(describe(folder)); the -wal and -shm files are made there)") }
        guard !problems.isEmpty else { return }
        throw StoreError(code: .cannotOpen,
                         message: "Cannot open the database \(path) for writing: this user (uid \(getuid())) cannot write "
                             + problems.joined(separator: ", ")
                             + ". The database, its -wal and -shm files and its folder must be writable by the user cgld runs as (chown or chmod them); nothing was changed.",
                         path: path)
    }

    /// `mode 0444, owner uid 0`.
    private static func describe(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return "cannot be examined" }
        return "mode 0" + String(status.st_mode & 0o777, radix: 8) + ", owner uid \(status.st_uid)"
    }

    /// The migrations recorded in the database (none when it cannot be read this way: the
    /// writable open checks again), read through an immutable connection:
    /// SQLite takes no lock and writes nothing, not even the `-shm` file a WAL database
    /// otherwise needs to be read. (This process holds the database's lock file, so nothing
    /// else writes it meanwhile.)
    private static func appliedMigrations(_ path: String) throws(StoreError) -> [String] {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        let uri = "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%"))) ?? path) + "?immutable=1"
        guard sqlite3_open_v2(uri, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK else {
            // Unreadable here: the writable open that follows reports why, as it always did.
            return []
        }
        let hasTable = rows(connection, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations'")
        guard hasTable?.isEmpty == false else { return [] }
        return rows(connection, "SELECT identifier FROM grdb_migrations") ?? []
    }

    /// The first column of every row of `sql`, as text; nil when it cannot run (not a
    /// database: the writable open reports that).
    private static func rows(_ connection: OpaquePointer?, _ sql: String) -> [String]? {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else { return nil }
        var values: [String] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                if let text = sqlite3_column_text(statement, 0) { values.append(String(cString: text)) }
            case SQLITE_DONE:
                return values
            default:
                return nil
            }
        }
    }
}
