import GRDB

extension StoreError {
    /// Maps any error thrown while the database was accessed to a `StoreError` whose message
    /// says what the store was doing, what went wrong, and how to fix it.
    ///
    /// - Parameters:
    ///   - error: The error thrown by GRDB, SQLite or the task (cancellation).
    ///   - operation: What the store was doing, as a gerund phrase (`registering 'feed-cell'`).
    ///   - path: The database file, if any.
    ///   - schemeName: The scheme concerned, if any.
    init(_ error: any Error, operation: String, path: String?, schemeName: String? = nil) {
        if let error = error as? StoreError {
            self = error
            return
        }
        let place = path ?? "the in-memory database"
        let (code, what, fix) = Self.classify(error, place: place)
        self.init(code: code, message: "\(operation.prefix(1).uppercased() + operation.dropFirst()) failed: \(what).\(fix.isEmpty ? "" : " " + fix + ".")",
                  path: path, schemeName: schemeName)
    }

    /// The code, a description of the failure, and the fix, for an error from GRDB.
    private static func classify(_ error: any Error, place: String) -> (Code, String, String) {
        if error is CancellationError {
            return (.cancelled, "the task was cancelled", "Nothing was committed; retry if the work is still wanted")
        }
        guard let error = error as? DatabaseError else {
            return (.database, "\(error)", "")
        }
        // One line: a CHECK's message quotes its expression, line breaks and all.
        let sqlite = (error.message ?? "\(error.resultCode)").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return (.corrupt, "\(place) is not an SQLite database, or it is damaged (SQLite: \(sqlite))",
                    "Restore it from a backup (made by cglctl backup), or move it away so that cgld starts with an empty one, and register the schemes again")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return (.cannotOpen, "\(place) cannot be opened (SQLite: \(sqlite))",
                    "Check that its directory exists and that cgld may read and write the file and create the -wal and -shm files beside it")
        case .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_READONLY, .SQLITE_NOMEM:
            return (.io, "reading or writing \(place) failed (SQLite: \(sqlite))",
                    "Check free disk space, the file's permissions and the health of the disk; committed data is safe")
        case .SQLITE_CONSTRAINT:
            return (.constraint, "a value was refused by the schema (SQLite: \(sqlite))",
                    "Pass a non-empty name, a 'sha256:' hash of 64 lowercase hex digits, a non-empty document and counts of 0 or more")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return (.busy, "\(place) stayed locked by another connection beyond the busy timeout (SQLite: \(sqlite))",
                    "Find the other process writing to it, or raise the busy timeout")
        case .SQLITE_INTERRUPT:
            return (.cancelled, "the task was cancelled while the database was accessed", "Nothing was committed; retry if the work is still wanted")
        case .SQLITE_MISUSE where error.message == "Connection is closed":
            return (.closed, "the store has been closed", "Open a new store")
        default:
            return (.database, "SQLite: \(sqlite)", "")
        }
    }
}
