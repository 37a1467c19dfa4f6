import GRDB

/// Brings a database to the schema of this binary: refuses one that is newer, then applies
/// the embedded migrations that it lacks, in order.
struct SchemaMigrator: Sendable {
    /// The migrations, in the order they are applied.
    let files: [MigrationFile]

    init(files: [MigrationFile] = MigrationFile.embedded) {
        self.files = files
    }

    /// The identifiers of the migrations this binary knows, in order.
    var identifiers: [String] { files.map(\.identifier) }

    /// GRDB's migrator: one registered migration per file. GRDB runs each in its own
    /// transaction and records its identifier in `grdb_migrations` in that same transaction,
    /// so a failed migration leaves neither its changes nor its record behind.
    var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for file in files {
            let sql = file.sql
            migrator.registerMigration(file.identifier) { db in
                try db.execute(sql: sql)
            }
        }
        return migrator
    }

    /// Applies the missing migrations.
    ///
    /// - Throws: `StoreError.schemaTooNew` naming the unknown migrations when the database
    ///   has been migrated by a newer binary (nothing is changed then), or the database error.
    func migrate(_ writer: any DatabaseWriter, path: String?) throws {
        let migrator = self.migrator
        // Checked before anything is applied: applying our migrations to a database a newer
        // binary has shaped could only make it worse, and serving from it could be wrong.
        let unknown = try writer.read { db in try unknownMigrations(in: db, migrator: migrator) }
        if !unknown.isEmpty {
            throw StoreError.schemaTooNew(unknown: unknown, known: identifiers, path: path)
        }
        try migrator.migrate(writer)
    }

    /// The identifiers recorded in the database that this binary does not know, sorted.
    func unknownMigrations(in db: Database, migrator: DatabaseMigrator) throws -> [String] {
        guard try migrator.hasBeenSuperseded(db) else { return [] }
        return try migrator.appliedIdentifiers(db).subtracting(identifiers).sorted()
    }

    /// The identifiers of the migrations applied to the database, in order.
    func appliedMigrations(in db: Database) throws -> [String] {
        try migrator.appliedMigrations(db)
    }
}
