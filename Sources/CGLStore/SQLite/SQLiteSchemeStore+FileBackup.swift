import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SQLiteSchemeStore {
    /// Copies the database file at `source` to `destination` with SQLite's online backup,
    /// from a process other than the one serving it (`cglctl backup` while cgld runs).
    ///
    /// The database is opened read-only and never migrated: a backup changes nothing in it,
    /// whichever cgld wrote it. In WAL mode readers do not block the writer, so cgld keeps
    /// serving and registering meanwhile; the copy is one consistent state, written beside
    /// `destination` and renamed over it once complete (as ``backup(to:)``).
    ///
    /// Reading a WAL database may create its `-wal` and `-shm` files when cgld is stopped;
    /// run as root, they would belong to root and lock the daemon's user out of its own
    /// database, so they are given to the database file's owner.
    ///
    /// - Throws: `StoreError` `cannotOpen` when `source` is not an existing file (or cannot be
    ///   read), `invalidArgument` when `destination` is `source`, `io` or `busy`.
    public static func backup(databaseAt source: String, to destination: String, busyTimeout: Duration = .seconds(5)) async throws(StoreError) {
        var status = stat()
        guard stat(source, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw StoreError(code: .cannotOpen, message: "Backing up the database failed: there is no database file at \(source). Give the path of cgld's database.path.",
                             path: source)
        }
        if sameFile(source, destination) {
            throw StoreError(code: .invalidArgument, message: "Backing up the database failed: \(destination) is the database itself. Back up to another path.",
                             path: destination)
        }
        defer { giveSideFiles(of: source, to: status) }
        let reader: DatabaseQueue
        do {
            var configuration = DatabaseOpener.grdbConfiguration(Configuration(busyTimeout: busyTimeout))
            configuration.readonly = true
            reader = try DatabaseQueue(path: source, configuration: configuration)
        } catch {
            throw StoreError(error, operation: "opening the database \(source) to back it up", path: source)
        }
        defer { try? reader.close() }
        try await backup(reader, to: destination, through: destination + ".partial-\(UUID().uuidString)")
    }

    /// Gives the `-wal` and `-shm` files of `database` to the owner of the database file
    /// (`status`) when they belong to someone else (only root can have made them so).
    private static func giveSideFiles(of database: String, to status: stat) {
        for suffix in ["-wal", "-shm"] {
            var side = stat()
            let path = database + suffix
            guard stat(path, &side) == 0, side.st_uid != status.st_uid || side.st_gid != status.st_gid else { continue }
            _ = chown(path, status.st_uid, status.st_gid)
        }
    }
}
