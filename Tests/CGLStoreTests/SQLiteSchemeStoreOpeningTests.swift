import Crypto
import Foundation
import GRDB
import Testing

@testable import CGLStore

/// Opening: migrations, refusing newer schemas and non-databases, connection settings.
@Suite struct SQLiteSchemeStoreOpeningTests {
    @Test(arguments: Backing.allCases)
    func migrationsAreAppliedAndRecorded(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            #expect(try await store.appliedMigrations() == SQLiteSchemeStore.knownMigrations)
            let tables = try await store.writer.read { db in
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            }
            #expect(tables == ["grdb_migrations", "registry_mirror", "schemes", "snapshots"])
        }
    }

    @Test func reopeningAppliesNothingNew() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "store.sqlite").path
            let first = try SQLiteSchemeStore(location: .file(path: path))
            _ = try await first.register(name: "a", hash: hash(1), document: document("a"), elementCount: 1)
            let schemaSQL = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name"
            let schema = try first.writer.read { db in try Row.fetchAll(db, sql: schemaSQL) }
            try await first.close()

            let second = try SQLiteSchemeStore(location: .file(path: path))
            #expect(try await second.appliedMigrations() == SQLiteSchemeStore.knownMigrations)
            let (reopenedSchema, recorded) = try second.writer.read { db in
                (try Row.fetchAll(db, sql: schemaSQL), try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations"))
            }
            #expect(reopenedSchema == schema)
            #expect(recorded == SQLiteSchemeStore.knownMigrations.count)
            #expect(try await second.scheme(named: "a")?.hash == hash(1))
            try await second.close()
        }
    }

    @Test(arguments: Backing.allCases)
    func aDatabaseWithAnUnknownMigrationIsRefused(_ backing: Backing) async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "store.sqlite").path
            // A queue in memory stands for a database another cgld migrated further.
            let writer: any DatabaseWriter = switch backing {
            case .inMemory: try DatabaseQueue()
            case .onDisk: try DatabasePool(path: path)
            }
            try SchemaMigrator().migrate(writer, path: nil)
            try await writer.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('0002_from_the_future'), ('0003_later')")
            }
            let error: StoreError
            switch backing {
            case .inMemory:
                error = try #require(throws: StoreError.self) { try SchemaMigrator().migrate(writer, path: nil) }
            case .onDisk:
                try writer.close()
                error = try #require(throws: StoreError.self) { try SQLiteSchemeStore(location: .file(path: path)) }
                #expect(error.path == path)
            }
            #expect(error.code == .schemaTooNew)
            #expect(error.unknownMigrations == ["0002_from_the_future", "0003_later"])
            #expect(error.message.contains("0002_from_the_future, 0003_later"))
            #expect(error.message.contains("Upgrade cgld"))
        }
    }

    /// The database a newer cgld migrated, as a cgld leaves it when it stops: refused
    /// without a byte written to it or to its -wal and -shm files (the same files, the
    /// same SHA-256 each).
    @Test func aNewerDatabaseIsRefusedUntouched() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "store.sqlite").path
            let store = try SQLiteSchemeStore(location: .file(path: path))
            _ = try await store.register(name: "a", hash: hash(1), document: document("a"), elementCount: 1)
            _ = try await store.writer.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('0099_from_the_future')") }
            try await store.close()
            func digests() throws -> [String: SHA256.Digest] {
                var digests: [String: SHA256.Digest] = [:]
                for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
                    digests[name] = SHA256.hash(data: try Data(contentsOf: directory.appending(path: name)))
                }
                return digests
            }
            let before = try digests()
            #expect(before["store.sqlite"] != nil)
            let error = try #require(throws: StoreError.self) { try SQLiteSchemeStore(location: .file(path: path)) }
            #expect(error.code == .schemaTooNew && error.unknownMigrations == ["0099_from_the_future"])
            let after = try digests()
            #expect(after == before)
        }
    }

    @Test func aGarbageFileIsRefusedAndLeftAsItWas() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "store.sqlite").path
            let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
            try garbage.write(to: URL(fileURLWithPath: path))
            let error = try #require(throws: StoreError.self) { try SQLiteSchemeStore(location: .file(path: path)) }
            #expect(error.code == .corrupt)
            #expect(error.path == path)
            #expect(error.message.contains(path))
            #expect(error.message.contains("not an SQLite database"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        }
    }

    @Test func aMissingDirectoryIsRefusedClearly() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "missing/store.sqlite").path
            let error = try #require(throws: StoreError.self) { try SQLiteSchemeStore(location: .file(path: path)) }
            #expect(error.code == .cannotOpen)
            #expect(error.message.contains("directory exists"))
        }
    }

    @Test func fileConnectionsUseWALFullSyncAndForeignKeys() async throws {
        try await withStore(.onDisk, configuration: .init(busyTimeout: .milliseconds(1500))) { store, _ in
            let pragmas = ["journal_mode", "synchronous", "foreign_keys", "busy_timeout"]
            let writer = try store.writer.write { db in
                try pragmas.map { try String.fetchOne(db, sql: "PRAGMA \($0)") }
            }
            // synchronous 2 = FULL: GRDB's WAL setup sets NORMAL, the store sets FULL again.
            #expect(writer == ["wal", "2", "1", "1500"])
            let reader = try store.writer.read { db in try String.fetchOne(db, sql: "PRAGMA foreign_keys") }
            #expect(reader == "1")
        }
    }

    @Test(arguments: Backing.allCases)
    func aClosedStoreThrowsClosed(_ backing: Backing) async throws {
        try await withTemporaryDirectory { directory in
            let location: SQLiteSchemeStore.Location = backing == .inMemory ? .inMemory : .file(path: directory.appending(path: "s.sqlite").path)
            let store = try SQLiteSchemeStore(location: location)
            try await store.close()
            let error = await #expect(throws: StoreError.self) { try await store.schemes() }
            #expect(error?.code == .closed)
        }
    }
}
