import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One daemon per database: an exclusive lock on a file beside it (`<database>.lock`), held
/// for as long as the daemon runs and let go by the kernel when it exits, however it exits.
/// Two daemons writing one database would each cache what the other changed underneath.
final class DatabaseLock: Sendable {
    private let descriptor: Int32
    /// The lock file's path.
    let path: String

    /// Takes the lock of the database at `databasePath`.
    ///
    /// - Throws: `DaemonError` `databaseInUse` when another process holds it, `store` when
    ///   the lock file cannot be made.
    init(databasePath: String) throws(DaemonError) {
        path = databasePath + ".lock"
        // The database's folder, as opening the store would make it.
        let folder = (databasePath as NSString).deletingLastPathComponent
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw DaemonError(code: .store, message: "cannot create the lock file \(path) beside the database: \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            close(descriptor)
            if busy {
                throw DaemonError(code: .databaseInUse,
                                  message: "another cgld is using the database \(databasePath) (it holds \(path)); stop it first, or give this one another --database")
            }
            throw DaemonError(code: .store, message: "cannot lock \(path): \(reason)")
        }
    }

    deinit {
        close(descriptor)
    }
}
