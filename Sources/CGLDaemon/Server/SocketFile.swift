import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket's file before bind and after shutdown: its folder created, a stale file left
/// by a daemon that died removed, a live daemon detected, and its permissions.
enum SocketFile {
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

    /// Removes the socket file at shutdown.
    static func remove(_ path: String) {
        unlink(path)
    }
}
