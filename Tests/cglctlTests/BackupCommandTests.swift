import CGLClient
import CGLStore
import Foundation
import Testing

/// `cglctl backup` while `cgld` runs, and a restore from what it wrote.
@Suite struct BackupCommandTests {
    @Test func aBackupWhileTheDaemonRunsRestoresEveryScheme() async throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: example("feed-cell"), toPath: folder + "/schemes.d/feed-cell.json")
        let daemon = try DaemonProcess(folder: folder)
        #expect(try cglctl("register", example("toolbar"), "--socket", daemon.socketPath).status == 0)

        let backup = folder + "/backup.sqlite"
        let result = try cglctl("backup", "--database", daemon.databasePath, backup)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("backed up \(daemon.databasePath) to \(backup)"))
        // The daemon went on serving and writing meanwhile.
        #expect(try cglctl("register", example("login-form"), "--socket", daemon.socketPath).status == 0)
        #expect(daemon.stop() == 0)

        let copy = try SQLiteSchemeStore(location: .file(path: backup))
        #expect(try await copy.schemes().map(\.name).sorted() == ["feed-cell", "toolbar"])
        try await copy.close()

        // Restore: the stopped daemon's database replaced by the backup.
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: daemon.databasePath + suffix) }
        try FileManager.default.copyItem(atPath: backup, toPath: daemon.databasePath)
        try FileManager.default.removeItem(atPath: folder + "/schemes.d/feed-cell.json")
        let restored = try DaemonProcess(folder: folder)
        let listed = try cglctl("list", "--format", "json", "--socket", restored.socketPath)
        #expect(listed.stdout.contains("\"feed-cell\"") && listed.stdout.contains("\"toolbar\"") && !listed.stdout.contains("login-form"))
        #expect(restored.stop() == 0)
    }

    @Test func theDatabaseMayComeFromTheDaemonsConfigurationFile() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(folder: folder)
        defer { daemon.stop() }
        let config = folder + "/cgld.json"
        try Data(#"{"database": {"path": "\#(daemon.databasePath)"}}"#.utf8).write(to: URL(fileURLWithPath: config))
        let result = try cglctl("backup", "--config", config, "--format", "json", folder + "/b.sqlite")
        #expect(result.status == 0)
        let json = try #require(try result.json() as? [String: Any])
        #expect(json["database"] as? String == daemon.databasePath && (json["bytes"] as? Int ?? 0) > 0)
    }

    @Test func aMissingDatabaseOrTheDatabaseItselfAsDestinationIsRefused() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = folder + "/none.sqlite"
        let noDatabase = try cglctl("backup", "--database", missing, folder + "/b.sqlite")
        #expect(noDatabase.status == 66 && noDatabase.stderr.contains("no database file at \(missing)"))
        #expect(!FileManager.default.fileExists(atPath: missing))
        let daemon = try DaemonProcess(folder: folder)
        defer { daemon.stop() }
        #expect(try cglctl("backup", "--database", daemon.databasePath, daemon.databasePath).status == 64)
        #expect(try cglctl("backup", "--database", daemon.databasePath, folder + "/missing/b.sqlite").status == 73)
    }
}
