public import Foundation

extension SQLiteSchemeStore {
    /// Where the database lives.
    public enum Location: Sendable, Hashable {
        /// A database file, created if missing (its directory must exist). Opened as a pool
        /// in WAL mode: one writer and concurrent readers, with `-wal` and `-shm` files beside it.
        case file(path: String)
        /// A private database in memory, gone when the store is closed: for tests and for
        /// a daemon run without persistence. Accesses are serialized.
        case inMemory
    }

    /// How the store opens and uses its database.
    public struct Configuration: Sendable {
        /// How long an access waits for a lock held by another process before it fails
        /// with `StoreError.Code.busy`. Default 5 s.
        public var busyTimeout: Duration
        /// The most reader connections a file database opens at once. Default 4.
        public var maximumReaderCount: Int
        /// The clock that stamps registrations; the system clock by default.
        public var now: @Sendable () -> Date

        public init(busyTimeout: Duration = .seconds(5), maximumReaderCount: Int = 4, now: @escaping @Sendable () -> Date = { Date() }) {
            self.busyTimeout = busyTimeout
            self.maximumReaderCount = maximumReaderCount
            self.now = now
        }
    }
}
