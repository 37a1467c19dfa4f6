import Logging
import PostgresNIO

/// Brings the shared registry to this binary's schema: the files of `migrations/postgres/`,
/// in order, each in its own transaction with its record in `cgld_schema_migrations`, all
/// under one advisory lock, so that fifty hosts starting at once migrate once.
struct RegistryMigrator: Sendable {
    /// The migrations, in the order they are applied.
    let files: [MigrationFile]

    /// What quotes a file's text in the statement that runs it.
    static let delimiter = "$cgld_migration_sql$"

    /// How long a host waits to migrate: another host may be migrating meanwhile.
    static let timeout: Duration = .seconds(300)

    /// The advisory lock's key: "cgld" in ASCII.
    static let lockKey: Int64 = 0x6367_6C64

    /// Applies the migrations the registry lacks.
    ///
    /// - Returns: The identifiers applied (none when the registry was up to date).
    /// - Throws: `schemaTooNew` naming the migrations this binary does not know (nothing is
    ///   changed then), or `registryUnavailable`.
    func migrate(_ registry: PostgresRegistry) async throws(FleetError) -> [String] {
        let files = self.files, location = registry.location
        return try await registry.withConnection("migrate the registry's schema", timeout: Self.timeout) { connection, logger in
            try await connection.query("SELECT pg_advisory_lock(\(Self.lockKey))", logger: logger)
            do {
                let applied = try await Self.migrate(files, connection, logger, location: location)
                try await connection.query("SELECT pg_advisory_unlock(\(Self.lockKey))", logger: logger)
                return applied
            } catch {
                // The lock is the session's: release it.
                _ = try? await connection.query("SELECT pg_advisory_unlock(\(Self.lockKey))", logger: logger)
                throw error
            }
        }
    }

    private static func migrate(_ files: [MigrationFile], _ connection: PostgresConnection, _ logger: Logger, location: String) async throws -> [String] {
        try await connection.query("""
            CREATE TABLE IF NOT EXISTS cgld_schema_migrations (
                identifier text PRIMARY KEY,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """, logger: logger)
        var applied: Set<String> = []
        for try await identifier in try await connection.query("SELECT identifier FROM cgld_schema_migrations", logger: logger).decode(String.self) {
            applied.insert(identifier)
        }
        let known = files.map(\.identifier)
        let unknown = applied.subtracting(known).sorted()
        guard unknown.isEmpty else {
            throw FleetError(.schemaTooNew, "the registry at \(location) has migrations this cgld does not know (\(unknown.joined(separator: ", "))): "
                + "a newer cgld migrated it; upgrade this host (it knows \(known.joined(separator: ", ")))")
        }
        var done: [String] = []
        for file in files where !applied.contains(file.identifier) {
            guard !file.sql.contains(Self.delimiter) else {
                throw FleetError(.refused, "migration \(file.fileName) contains \(Self.delimiter), which cgld uses to apply it")
            }
            // A file holds several statements, and postgres-nio speaks the extended protocol,
            // one statement per query: the file runs as the string of one PL/pgSQL EXECUTE.
            // Its identifier is [0-9a-z_] only (the build checks the names).
            try await connection.transaction(logger: logger) { connection in
                try await connection.query(PostgresQuery(unsafeSQL: "DO $cgld_migration$ BEGIN EXECUTE \(Self.delimiter)\(file.sql)\(Self.delimiter); END $cgld_migration$"), logger: logger)
                try await connection.query("INSERT INTO cgld_schema_migrations (identifier) VALUES (\(file.identifier))", logger: logger)
            }
            done.append(file.identifier)
        }
        return done
    }
}
