import CGLWire
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket's file before bind and after shutdown: its folder created, a stale file left
/// by a daemon that died removed, a live daemon detected, and its permissions.
enum SocketFile {
    /// Refuses a socket path longer than `bind` takes (`sun_path`), naming the path, its
    /// length and the limit: a `Daemon` made without reading a configuration gets the same
    /// refusal as `cgld`, before the database is touched.
    ///
    /// - Throws: `DaemonError` `configuration`.
    static func checkLength(_ path: String, key: String) throws(DaemonError) {
        guard let problem = UnixSocketPath.problem(path) else { return }
        throw DaemonError(code: .configuration, message: "cannot use \(key): \(problem); choose a shorter path, or reach its folder through a shorter symbolic link")
    }

    /// Makes `path` ready to bind.
    ///
    /// - Throws: `DaemonError` `socketInUse` when a daemon answers there, `socket` when
    ///   something that is not a socket is in the way or the folder cannot be made.
    static func prepare(_ path: String) throws(DaemonError) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw DaemonError(code: .socket, message: "cannot create the socket's folder \(folder): \(error.localizedDescription)")
            }
        }
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFSOCK else {
            throw DaemonError(code: .socket, message: "\(path) exists and is not a socket; remove it or configure another socket.path")
        }
        if isLive(path) {
            throw DaemonError(code: .socketInUse, message: "another cgld is already serving on \(path); stop it first, or give this one another --socket")
        }
        // Nothing listens: a daemon died without removing it.
        guard unlink(path) == 0 || errno == ENOENT else {
            throw DaemonError(code: .socket, message: "cannot remove the stale socket \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Whether something accepts connections on the socket at `path`.
    static func isLive(_ path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return result == 0
    }

    /// Sets the socket's permissions (who may connect).
    static func setMode(_ path: String, _ mode: UInt16) throws(DaemonError) {
        guard chmod(path, mode_t(mode)) == 0 else {
            throw DaemonError(code: .socket, message: "cannot set the permissions of \(path) to \(String(mode, radix: 8)): \(String(cString: strerror(errno)))")
        }
    }

    /// The group owning the socket file at `path`; nil when there is no such file.
    static func group(of path: String) -> UInt32? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_gid : nil
    }

    /// Where to bind before the socket is published at `path`: a fresh folder beside it that
    /// only this user may enter (`mkdtemp` makes it 0700), so that nobody can connect while
    /// the socket still has the mode the umask gave it. Nil when that path would not fit a
    /// socket address (the socket is then bound at `path` under a private umask).
    static func stagingPath(for path: String) throws(DaemonError) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.cgld-bind-XXXXXX").utf8CString)
        let staged = (folder.isEmpty ? "." : folder).utf8.count + "/.cgld-bind-XXXXXX/s".utf8.count
        guard staged < MemoryLayout.size(ofValue: sockaddr_un().sun_path) else { return nil }
        guard let created = mkdtemp(&template) else {
            throw DaemonError(code: .socket, message: "cannot create a private folder beside \(path) to bind in: \(String(cString: strerror(errno)))")
        }
        return String(cString: created) + "/s"
    }

    /// Gives the socket bound at `staged` its `mode`, then moves it to `path` (a rename: it
    /// appears there whole, with its mode), and removes the private folder.
    static func publish(_ staged: String, at path: String, mode: UInt16) throws(DaemonError) {
        let folder = (staged as NSString).deletingLastPathComponent
        defer { rmdir(folder) }
        try setMode(staged, mode)
        guard rename(staged, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(staged)
            throw DaemonError(code: .socket, message: "cannot move the socket bound at \(staged) to \(path): \(reason)")
        }
    }

    /// Runs `body` (a bind at a path too long to stage) with a umask that leaves the socket
    /// open to its owner alone until its mode is set.
    static func withPrivateUmask<T>(_ body: () async throws -> T) async rethrows -> T {
        let previous = umask(0o177)
        defer { umask(previous) }
        return try await body()
    }

    /// Removes the socket file at shutdown.
    static func remove(_ path: String) {
        unlink(path)
    }
}
