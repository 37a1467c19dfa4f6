public import CGLStore
public import Foundation
public import Logging
import NIOSSL
import PostgresNIO

/// The fleet's shared registry in PostgreSQL: every host writes registrations here and
/// mirrors what is here, in revision order.
///
/// Each change — a registration, a replacement, a removal — takes the next revision while
/// it holds the lock of the registry's head row, so changes commit in revision order and
/// every host that applies them in that order ends with the same registry, however many
/// hosts wrote at once. A change notifies `cgld_registry` (``channel``) with its revision
/// when it commits.
///
/// Every call answers within `timeout`: when PostgreSQL cannot be reached or is too slow,
/// it throws ``FleetError/Code/registryUnavailable`` rather than wait.
public final class PostgresRegistry: Sendable {
    /// The `LISTEN`/`NOTIFY` channel of changes; a notification's payload is its revision.
    public static let channel = "cgld_registry"

    private let client: PostgresClient
    /// Recorded with each change (`updated_by`).
    public let hostName: String
    /// How long a call may wait for PostgreSQL.
    public let timeout: Duration
    /// What `description` of the connection shows (never the password).
    public let location: String
    private let logger: Logger

    /// - Parameters:
    ///   - connection: Where the registry is.
    ///   - hostName: This host's name, recorded with the changes it makes.
    ///   - timeout: How long a call may wait for PostgreSQL before `registryUnavailable`.
    public init(connection: RegistryConnection, hostName: String, timeout: Duration = .seconds(5), logger: Logger) {
        var configuration: PostgresClient.Configuration
        switch connection.endpoint {
        case .unixSocket(let path):
            configuration = .init(unixSocketPath: path, username: connection.username, password: connection.password, database: connection.database)
        case .tcp(let host, let port):
            let tls: PostgresClient.Configuration.TLS = switch connection.tls {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
            configuration = .init(host: host, port: port, username: connection.username, password: connection.password,
                                  database: connection.database, tls: tls)
        }
        configuration.options.connectTimeout = timeout
        configuration.options.maximumConnections = 4
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.hostName = hostName
        self.timeout = timeout
        location = connection.description
        self.logger = logger
    }

    /// Runs the connection pool until the calling task is cancelled; calls wait for it.
    public func run() async {
        await client.run()
    }

    // MARK: Changes

    /// Registers `document` under `name`, or replaces the document registered under it.
    ///
    /// - Returns: The name's row after the call — a new revision, or the row as it was when
    ///   the same document (bytes, hash and element count) is registered already — and
    ///   whether the name was created, updated or left unchanged.
    ///
    /// - Parameter onlyIfAbsent: Register only when the registry has no row for `name` (not
    ///   even a removal); else the row is returned as it is, `unchanged`: what a host joining
    ///   the fleet with schemes of its own does, so that the registry's rows win.
    public func register(name: String, hash: String, document: Data, elementCount: Int,
                         onlyIfAbsent: Bool = false) async throws(FleetError) -> (entry: RegistryEntry, outcome: RegistrationOutcome) {
        let host = hostName, count = Int32(clamping: elementCount)
        return try await withRegistry("register '\(name)'") { client, logger in
            do {
                return try await client.transaction(logger: logger) { connection -> (entry: RegistryEntry, outcome: RegistrationOutcome) in
                    let revision = try await Self.nextRevision(connection, logger)
                    let current = try await Self.entry(named: name, connection, logger)
                    if let current, onlyIfAbsent || (current.hash == hash && current.document == document && current.elementCount == Int(count)) {
                        throw Unchanged(entry: current)
                    }
                    let outcome: RegistrationOutcome = if let previousHash = current?.hash { .updated(previousHash: previousHash) } else { .created }
                    let rows = try await connection.query("""
                        INSERT INTO cgld_schemes (name, hash, document, element_count, revision, registered_at, updated_at, updated_by)
                        VALUES (\(name), \(hash), \(document), \(count), \(revision), now(), now(), \(host))
                        ON CONFLICT (name) DO UPDATE SET
                            hash = EXCLUDED.hash, document = EXCLUDED.document, element_count = EXCLUDED.element_count,
                            revision = EXCLUDED.revision, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by,
                            registered_at = CASE WHEN cgld_schemes.document IS NULL THEN EXCLUDED.registered_at
                                                 ELSE cgld_schemes.registered_at END
                        RETURNING registered_at, updated_at
                        """, logger: logger)
                    var times: (Date, Date)?
                    for try await row in rows.decode((Date, Date).self) { times = row }
                    try await Self.notify(revision, connection, logger)
                    let entry = RegistryEntry(name: name, hash: hash, document: document, elementCount: Int(count), revision: revision,
                                              registeredAt: times?.0 ?? Date(), updatedAt: times?.1 ?? Date(), updatedBy: host)
                    return (entry, outcome)
                }
            } catch let unchanged as Unchanged {
                return (unchanged.entry, .unchanged)
            }
        }
    }

    /// Removes the document registered under `name`; the registry keeps the removal, with
    /// its revision, so that every host applies it.
    ///
    /// - Returns: The removal and the hash the name had, or nil when no document was
    ///   registered under `name`.
    public func unregister(name: String) async throws(FleetError) -> (removal: RegistryEntry, previousHash: String)? {
        let host = hostName
        return try await withRegistry("unregister '\(name)'") { client, logger in
            do {
                return try await client.transaction(logger: logger) { connection -> (removal: RegistryEntry, previousHash: String)? in
                    let revision = try await Self.nextRevision(connection, logger)
                    guard var entry = try await Self.entry(named: name, connection, logger), let previousHash = entry.hash else {
                        throw NothingToRemove()
                    }
                    let rows = try await connection.query("""
                        UPDATE cgld_schemes SET hash = NULL, document = NULL, element_count = 0, revision = \(revision),
                            updated_at = now(), updated_by = \(host)
                        WHERE name = \(name) RETURNING updated_at
                        """, logger: logger)
                    for try await updated in rows.decode(Date.self) { entry.updatedAt = updated }
                    try await Self.notify(revision, connection, logger)
                    entry.hash = nil
                    entry.document = nil
                    entry.elementCount = 0
                    entry.revision = revision
                    entry.updatedBy = host
                    return (entry, previousHash)
                }
            } catch is NothingToRemove {
                return nil
            }
        }
    }

    // MARK: Reading

    /// The rows changed after `revision`, in revision order (all of them from 0), at most
    /// `limit` of them: the next page starts after the last one's revision.
    public func changes(since revision: Int64, limit: Int = 1000) async throws(FleetError) -> [RegistryEntry] {
        let limit = Int64(limit)
        return try await withRegistry("read the changes after revision \(revision)") { client, logger in
            let rows = try await client.query("""
                SELECT name, hash, document, element_count, revision, registered_at, updated_at, updated_by
                FROM cgld_schemes WHERE revision > \(revision) ORDER BY revision LIMIT \(limit)
                """, logger: logger)
            var entries: [RegistryEntry] = []
            for try await row in rows.decode((String, String?, Data?, Int32, Int64, Date, Date, String).self) {
                entries.append(Self.entry(row))
            }
            return entries
        }
    }

    /// The registry's identity and latest revision (0 before any change).
    public func head() async throws(FleetError) -> RegistryHead {
        try await withRegistry("read the registry's revision") { client, logger in
            try await Self.head(client.query(Self.headQuery, logger: logger))
        }
    }

    /// The registry's latest revision (0 before any change).
    public func headRevision() async throws(FleetError) -> Int64 {
        try await head().revision
    }

    /// Every name's revision and hash (none for a removal), without the documents: what a
    /// host compares its mirror with. Read in one snapshot of the database with the head,
    /// so that it is the registry exactly as of `head.revision`.
    public func index() async throws(FleetError) -> (head: RegistryHead, revisions: [String: RegistryRevision]) {
        try await withRegistry("read the registry's index") { client, logger in
            try await client.transaction(logger: logger) { connection in
                // The first statement of the transaction, so that every read sees one snapshot.
                try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
                let head = try await Self.head(connection.query(Self.headQuery, logger: logger))
                var revisions: [String: RegistryRevision] = [:]
                let rows = try await connection.query("SELECT name, revision, hash FROM cgld_schemes", logger: logger)
                for try await (name, revision, hash) in rows.decode((String, Int64, String?).self) {
                    revisions[name] = RegistryRevision(revision: revision, hash: hash)
                }
                return (head, revisions)
            }
        }
    }

    /// The rows of `names` (those the registry has), in revision order.
    public func entries(named names: [String]) async throws(FleetError) -> [RegistryEntry] {
        try await withRegistry("read \(names.count) schemes") { client, logger in
            let rows = try await client.query("""
                SELECT name, hash, document, element_count, revision, registered_at, updated_at, updated_by
                FROM cgld_schemes WHERE name = ANY(\(names)) ORDER BY revision
                """, logger: logger)
            var entries: [RegistryEntry] = []
            for try await row in rows.decode((String, String?, Data?, Int32, Int64, Date, Date, String).self) {
                entries.append(Self.entry(row))
            }
            return entries
        }
    }

    private static let headQuery: PostgresQuery = "SELECT registry_id::text, revision FROM cgld_registry_head"

    private static func head(_ rows: PostgresRowSequence) async throws -> RegistryHead {
        var head = RegistryHead(registryID: "", revision: 0)
        for try await (id, revision) in rows.decode((String, Int64).self) {
            head = RegistryHead(registryID: id, revision: revision)
        }
        return head
    }

    /// Listens for changes, calling `changed` with each notified revision, until the
    /// connection breaks (it throws then) or the task is cancelled (it returns).
    ///
    /// - Parameter listening: Called once the server listens for this host: a change made
    ///   afterwards is notified.
    public func listen(listening: @Sendable () async -> Void, changed: @Sendable (Int64) async -> Void) async throws(FleetError) {
        do {
            // Fails fast when the server is down, as every other call does.
            _ = try await headRevision()
            try await client.withConnection { connection in
                try await connection.listen(on: Self.channel) { notifications in
                    await listening()
                    for try await notification in notifications {
                        if let revision = Int64(notification.payload) { await changed(revision) }
                    }
                }
            }
        } catch let error as FleetError {
            throw error
        } catch is CancellationError {
            return
        } catch {
            if Task.isCancelled { return }
            throw unavailable("listen for changes", error)
        }
    }

    // MARK: Schema

    /// Brings the registry to this binary's schema under an advisory lock, so that hosts
    /// starting at once migrate it once; refuses a registry migrated by a newer `cgld`.
    ///
    /// - Returns: The identifiers of the migrations it applied.
    @discardableResult
    public func migrate() async throws(FleetError) -> [String] {
        // Unreachable is answered within `timeout`; only a reachable server is waited on for
        // longer (while another host holds the lock and migrates).
        try await ping()
        return try await RegistryMigrator(files: MigrationFile.embedded).migrate(self)
    }

    /// Checks that PostgreSQL answers, within `timeout`.
    public func ping() async throws(FleetError) {
        try await withRegistry("reach the registry") { client, logger in
            _ = try await client.query("SELECT 1", logger: logger).collect()
        }
    }

    /// Runs `body` on one connection, as `migrate` needs: within `timeout`, longer than a
    /// call's (a host waits while another migrates).
    func withConnection<Result: Sendable>(_ what: String, timeout: Duration,
                                          _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> Result) async throws(FleetError) -> Result {
        let client = self.client, logger = self.logger
        return try await withDeadline(what, timeout: timeout) {
            try await client.withConnection { connection in try await body(connection, logger) }
        }
    }

    // MARK: Plumbing

    /// A registration that would change nothing: its transaction rolls back, returning its
    /// revision.
    private struct Unchanged: Error {
        let entry: RegistryEntry
    }

    /// A removal of a name that has no document: likewise.
    private struct NothingToRemove: Error {}

    private static func nextRevision(_ connection: PostgresConnection, _ logger: Logger) async throws -> Int64 {
        // The head's row lock, held to commit, orders the changes.
        var revision: Int64 = 0
        let rows = try await connection.query("UPDATE cgld_registry_head SET revision = revision + 1 RETURNING revision", logger: logger)
        for try await value in rows.decode(Int64.self) { revision = value }
        return revision
    }

    /// The row of `name`, locked until the transaction ends.
    private static func entry(named name: String, _ connection: PostgresConnection, _ logger: Logger) async throws -> RegistryEntry? {
        let rows = try await connection.query("""
            SELECT name, hash, document, element_count, revision, registered_at, updated_at, updated_by
            FROM cgld_schemes WHERE name = \(name) FOR UPDATE
            """, logger: logger)
        var found: RegistryEntry?
        for try await row in rows.decode((String, String?, Data?, Int32, Int64, Date, Date, String).self) { found = entry(row) }
        return found
    }

    private static func entry(_ row: (String, String?, Data?, Int32, Int64, Date, Date, String)) -> RegistryEntry {
        RegistryEntry(name: row.0, hash: row.1, document: row.2, elementCount: Int(row.3), revision: row.4,
                      registeredAt: row.5, updatedAt: row.6, updatedBy: row.7)
    }

    private static func notify(_ revision: Int64, _ connection: PostgresConnection, _ logger: Logger) async throws {
        // Delivered when the transaction commits, not before.
        try await connection.query("SELECT pg_notify(\(channel), \(String(revision)))", logger: logger)
    }

    /// Runs `body` within the deadline; any failure to reach PostgreSQL becomes
    /// `registryUnavailable`, a refused value `refused`.
    private func withRegistry<Result: Sendable>(_ what: String, _ body: @escaping @Sendable (PostgresClient, Logger) async throws -> Result) async throws(FleetError) -> Result {
        let client = self.client, logger = self.logger
        return try await withDeadline(what) { try await body(client, logger) }
    }

    private func withDeadline<Result: Sendable>(_ what: String, timeout: Duration? = nil,
                                                _ body: @escaping @Sendable () async throws -> Result) async throws(FleetError) -> Result {
        let timeout = timeout ?? self.timeout, location = self.location
        do {
            return try await Deadline.run(within: timeout, body) {
                FleetError(.registryUnavailable, "the registry at \(location) did not answer within \(timeout) to \(what); "
                    + "a change may or may not have been made: it reaches this host when the registry answers again")
            }
        } catch let error as FleetError {
            throw error
        } catch let error as PSQLError where error.serverInfo?[.sqlState].map({ $0.hasPrefix("23") || $0.hasPrefix("22") }) == true {
            throw FleetError(.refused, "the registry at \(location) refused to \(what): \(error.serverInfo?[.message] ?? "\(error.code)")")
        } catch {
            throw unavailable(what, error)
        }
    }

    private func unavailable(_ what: String, _ error: any Error) -> FleetError {
        let reason = (error as? PSQLError).map { $0.serverInfo?[.message] ?? "\($0.code)" } ?? "\(error)"
        return FleetError(.registryUnavailable, "could not \(what): the registry at \(location) is unavailable (\(reason))")
    }
}
