import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SQLiteSchemeStore {
    /// Counts and sizes of the store.
    public func statistics() async throws(StoreError) -> StoreStatistics {
        let walPath = path.map { $0 + "-wal" }
        return try await read("reading the statistics") { db in
            let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            let pageCount = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            let freePages = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
            let walBytes = walPath.flatMap { path in
                (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
            }
            return StoreStatistics(schemeCount: try SchemeRecord.fetchCount(db), snapshotCount: try SnapshotRecord.fetchCount(db),
                                   databaseBytes: pageCount * pageSize, freeBytes: freePages * pageSize, walBytes: walBytes)
        }
    }

    /// Runs SQLite's `PRAGMA integrity_check` over the whole database.
    ///
    /// Reads every page: seconds for a large database, concurrently with other work.
    ///
    /// - Returns: `ok`, or the problems found, one per line.
    public func integrityCheck() async throws(StoreError) -> String {
        try await read("checking the integrity of the database") { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "\n")
        }
    }

    /// Copies the database to `destination` with SQLite's online backup, while the store
    /// keeps serving.
    ///
    /// The copy is one consistent state of the database (a file database is read in one
    /// read transaction, so writes go on meanwhile and are not in the copy). It is written
    /// beside `destination` and renamed over it once complete, so `destination` is never a
    /// half-written file; an existing file there is replaced. The copy is a single file in
    /// rollback-journal mode, openable by ``init(location:configuration:)`` or `sqlite3`.
    ///
    /// - Throws: `StoreError` (`cannotOpen` when the destination's directory is missing or
    ///   not writable, `invalidArgument` when it is the database itself, `io`).
    public func backup(to destination: String) async throws(StoreError) {
        if let path, Self.sameFile(path, destination) {
            throw StoreError(code: .invalidArgument, message: "Backing up the database failed: \(destination) is the database itself. Back up to another path.",
                             path: destination)
        }
        let partial = destination + ".partial-\(UUID().uuidString)"
        try await access("backing up the database to \(destination)") { [writer] in
            try await Self.backup(writer, to: destination, through: partial)
        }
    }

    /// Backs up through a file beside the destination, then renames it over the destination.
    static func backup(_ writer: any DatabaseReader, to destination: String, through partial: String) async throws(StoreError) {
        do {
            try await offCooperativePool {
                let copy = try DatabaseQueue(path: partial)
                try writer.backup(to: copy)
                // The pages copied include the source's WAL flag; a backup is easier to move
                // around as one self-contained file.
                try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
                try copy.close()
            }
            try Self.replace(destination, with: partial)
        } catch {
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: partial + suffix) }
            throw StoreError(error, operation: "backing up the database to \(destination)", path: destination)
        }
    }

    /// Whether two paths name the same file (after resolving symbolic links), so that a
    /// backup never renames a copy over the live database.
    static func sameFile(_ first: String, _ second: String) -> Bool {
        func resolved(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        return resolved(first) == resolved(second)
    }

    /// Runs blocking GRDB work (a backup may take seconds) on a dispatch thread, so that it
    /// does not hold one of the few threads of Swift's cooperative pool.
    static func offCooperativePool(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }

    /// Renames `source` over `destination` atomically, then syncs the directory so that the
    /// rename survives a crash.
    static func replace(_ destination: String, with source: String) throws {
        guard rename(source, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            throw StoreError(code: .io, message: "Backing up the database failed: cannot rename \(source) to \(destination): \(reason)",
                             path: destination)
        }
        let directory = URL(fileURLWithPath: destination).deletingLastPathComponent().path
        let descriptor = open(directory, O_RDONLY)
        if descriptor >= 0 {
            _ = fsync(descriptor)
            #if canImport(Glibc)
            _ = Glibc.close(descriptor)
            #elseif canImport(Darwin)
            _ = Darwin.close(descriptor)
            #endif
        }
    }
}
