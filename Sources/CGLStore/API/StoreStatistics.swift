/// Sizes of the store, for `stats` and monitoring.
public struct StoreStatistics: Sendable, Hashable {
    /// Registered schemes.
    public var schemeCount: Int
    /// Stored snapshots.
    public var snapshotCount: Int
    /// The size of the database itself (pages × page size), in bytes.
    public var databaseBytes: Int
    /// The part of `databaseBytes` that is free pages, reusable without growing the file.
    public var freeBytes: Int
    /// The size of the write-ahead log file beside the database, in bytes; nil when there
    /// is none (an in-memory database, or no log at the moment).
    public var walBytes: Int?

    public init(schemeCount: Int, snapshotCount: Int, databaseBytes: Int, freeBytes: Int, walBytes: Int?) {
        self.schemeCount = schemeCount
        self.snapshotCount = snapshotCount
        self.databaseBytes = databaseBytes
        self.freeBytes = freeBytes
        self.walBytes = walBytes
    }
}
