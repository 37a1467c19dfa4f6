import Foundation
import Testing

/// A start that fails on the database's files changes none of them, makes none, and names
/// every one that is in the way: `cgld` run as `nobody` through `setpriv` on a database that
/// user cannot write.
@Suite(
    .enabled(if: getuid() == 0, "runs cgld as another user, which needs root"),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs setpriv (util-linux) to run cgld as another user")
)
struct DatabaseFilesTests {
    /// Each file of `folder` with its mode and owner.
    static func listing(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { name in
            var status = stat()
            _ = stat(folder + "/" + name, &status)
            return "\(name) 0\(String(status.st_mode & 0o777, radix: 8)) \(status.st_uid)"
        }
    }

    @Test func aReadOnlyDatabaseIsRefusedNamingEachFileAndLeftAsItWas() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A database as a stopped cgld leaves it, then handed to nobody, read-only, with the
        // -shm file a failed start once left behind read-only too.
        let first = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        #expect(first.stop() == 0)
        let database = first.databasePath
        for path in [folder, folder + "/schemes.d", database, database + ".lock", database + "-wal", database + "-shm"]
        where FileManager.default.fileExists(atPath: path) {
            #expect(chown(path, 65534, 65534) == 0)
        }
        #expect(chmod(database, 0o444) == 0)
        #expect(chmod(database + "-shm", 0o444) == 0)
        let before = try Self.listing(folder)
        let digest = try Data(contentsOf: URL(fileURLWithPath: database))

        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/setpriv"), [
            "--reuid=65534", "--regid=65534", "--clear-groups", "--", productsDirectory.appendingPathComponent("cgld").path,
            "--socket", folder + "/s.sock", "--database", database, "--schemes-dir", folder + "/schemes.d", "--no-prewarm",
        ])
        #expect(result.status == 70, "\(result.stderr)")
        // Every file in the way is named, with what is wrong with it.
        #expect(result.stderr.contains("cannot write \(database) (mode 0444, owner uid 65534)"), "\(result.stderr)")
        #expect(result.stderr.contains("\(database)-shm (mode 0444, owner uid 65534)"), "\(result.stderr)")
        #expect(!result.stderr.contains("\(database)-wal ("), "\(result.stderr)")
        // Nothing was made, nothing changed.
        #expect(try Self.listing(folder) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == digest)
    }
}
