import GRDB

/// The daemon's persistence: a durable registry of scheme documents and a rebuildable cache
/// of their layout snapshots, in SQLite through GRDB. (A fleet's shared registry is
/// PostgreSQL's, `CGLFleet`; each host's store mirrors it.)
///
/// Safe to call from many tasks at once. Each method is atomic: it commits all of its
/// changes or none.
///
/// Invariant: the store keeps snapshots only for hashes that a registered scheme has.
/// Replacing or unregistering the last scheme with a hash deletes that hash's snapshots,
/// and ``store(_:)`` skips snapshots of hashes no scheme has (any more).
///
/// Opening the store brings the database to this binary's schema (the migrations of the
/// top-level `migrations/` folder, compiled in), so a store that exists is ready to serve.
/// It is `Sendable` by construction: its state is a GRDB connection pool or queue, which
/// serializes writes and runs reads concurrently (file databases).
public final class SQLiteSchemeStore: Sendable {
    /// The connections: a `DatabasePool` for a file, a `DatabaseQueue` in memory.
    let writer: any DatabaseWriter
    /// The database file, or nil in memory.
    public let path: String?
    let configuration: Configuration
    /// Refuses accesses after `close()`, and lets `close()` wait for those in flight.
    let gate = AccessGate()

    /// Opens (creating if needed) the database and applies the migrations it lacks, each in
    /// its own transaction, before returning.
    ///
    /// Blocks while migrating: call it once, at start, before serving.
    ///
    /// - Throws: `StoreError` with code `schemaTooNew` (the database was migrated by a newer
    ///   cgld; it is left as it was), `corrupt` (not an SQLite database, or damaged),
    ///   `cannotOpen` (missing directory, permissions, an SQLite library that is too old),
    ///   `io` or `busy`.
    public init(location: Location, configuration: Configuration = Configuration()) throws(StoreError) {
        let path: String? = if case .file(let path) = location { path } else { nil }
        // Before anything is opened for writing: a refused database stays as it was.
        if let path { try DatabasePreflight.check(path: path, knownMigrations: SchemaMigrator().identifiers) }
        do {
            let writer = try DatabaseOpener.open(location, configuration: configuration)
            try writer.read(DatabaseOpener.requireSQLiteVersion)
            try SchemaMigrator().migrate(writer, path: path)
            self.writer = writer
        } catch {
            throw StoreError(error, operation: "opening the database \(path ?? "in memory")", path: path)
        }
        self.path = path
        self.configuration = configuration
    }

    /// The identifiers of the migrations this binary carries, in order (`0001_initial`, …).
    public static var knownMigrations: [String] { SchemaMigrator().identifiers }

    /// The identifiers of the migrations applied to the database, in order.
    public func appliedMigrations() async throws(StoreError) -> [String] {
        try await read("reading the applied migrations") { db in try SchemaMigrator().appliedMigrations(in: db) }
    }

    /// Refuses new calls, waits for those in flight, then closes the connections (a file
    /// database checkpoints its log into the file and removes it); later calls throw
    /// `StoreError` with code `closed`. Calling it again does nothing.
    public func close() async throws(StoreError) {
        guard await gate.close() else { return }
        do {
            // Fold the write-ahead log into the database file, so that a stopped store is
            // one self-contained file (SQLite would keep the log while any reader lingers).
            if path != nil {
                _ = try await writer.writeWithoutTransaction { try $0.checkpoint(.truncate) }
            }
            try writer.close()
        } catch {
            throw StoreError(error, operation: "closing the database", path: path)
        }
    }

    // MARK: - Access

    /// Runs `body` in a read transaction (concurrently with other reads, for a file).
    func read<T: Sendable>(_ operation: @autoclosure () -> String, scheme: String? = nil,
                           _ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        try await access(operation(), scheme: scheme) { [writer] in try await writer.read(body) }
    }

    /// Runs `body` in a write transaction: all of it is committed, or none.
    func write<T: Sendable>(_ operation: @autoclosure () -> String, scheme: String? = nil,
                            _ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        try await access(operation(), scheme: scheme) { [writer] in try await writer.write(body) }
    }

    /// Runs `work` through the gate, mapping its errors to `StoreError`s that name `operation`.
    func access<T>(_ operation: @autoclosure () -> String, scheme: String? = nil,
                   _ work: () async throws -> T) async throws(StoreError) -> T {
        guard gate.enter() else { throw StoreError.closed(operation: operation(), path: path) }
        defer { gate.leave() }
        do {
            return try await work()
        } catch {
            throw StoreError(error, operation: operation(), path: path, schemeName: scheme)
        }
    }
}
