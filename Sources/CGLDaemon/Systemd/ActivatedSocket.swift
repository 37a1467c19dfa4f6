#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening socket systemd opened and passed to cgld (socket activation, `sd_listen_fds(3)`):
/// `LISTEN_PID` names this process, `LISTEN_FDS` counts the descriptors passed from fd 3 on,
/// `LISTEN_FDNAMES` names them.
///
/// systemd owns the socket: cgld serves on it, never binds, changes the permissions of, or
/// removes its file; at exit cgld only closes its own descriptor, and systemd keeps
/// listening (connections made meanwhile wait in the backlog for the next start).
public struct ActivatedSocket: Sendable, Hashable {
    /// The descriptor to serve on.
    public let descriptor: Int32
    /// Its name from `LISTEN_FDNAMES` (`cgld.socket` unless the unit sets `FileDescriptorName=`).
    public let name: String?
    /// The path it is bound to, when it has one.
    public let path: String?

    /// The first descriptor systemd passes (`SD_LISTEN_FDS_START`).
    public static let firstDescriptor: Int32 = 3

    /// The socket passed to process `pid` according to `environment`; nil when none was (the
    /// variables are absent, or meant for another process, or count no descriptor).
    ///
    /// - Parameter firstDescriptor: Where the passed descriptors start; 3 but in tests.
    /// - Throws: `DaemonError` `socket` when systemd passed more than one descriptor, or one
    ///   that is not a listening Unix stream socket: the socket unit does not fit cgld.
    public static func from(environment: [String: String], pid: Int32,
                            firstDescriptor: Int32 = firstDescriptor) throws(DaemonError) -> ActivatedSocket? {
        guard let listenPID = environment["LISTEN_PID"].flatMap({ Int32($0) }), listenPID == pid,
              let count = environment["LISTEN_FDS"].flatMap({ Int($0) }), count > 0 else { return nil }
        guard count == 1 else {
            throw DaemonError(code: .socket, message: "systemd passed \(count) sockets (LISTEN_FDS=\(count)); cgld serves one: give its socket unit a single ListenStream=")
        }
        let descriptor = firstDescriptor
        try requireListeningUnixStream(descriptor)
        // Like sd_listen_fds(): the descriptor is ours alone, not for processes we might start.
        _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
        let name = environment["LISTEN_FDNAMES"]?.split(separator: ":", omittingEmptySubsequences: false).first.map(String.init)
        return ActivatedSocket(descriptor: descriptor, name: name, path: UnixAddress.boundPath(of: descriptor))
    }

    /// Takes the socket passed to this process and removes `LISTEN_PID`, `LISTEN_FDS` and
    /// `LISTEN_FDNAMES` from its environment, so that no process it starts mistakes them for
    /// its own.
    ///
    /// - Throws: As ``from(environment:pid:firstDescriptor:)``.
    public static func takeFromProcess(environment: [String: String]) throws(DaemonError) -> ActivatedSocket? {
        defer { for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) } }
        return try from(environment: environment, pid: getpid())
    }

    private static func requireListeningUnixStream(_ descriptor: Int32) throws(DaemonError) {
        func option(_ name: Int32) -> Int32? {
            var value: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(descriptor, SOL_SOCKET, name, &value, &length) == 0 ? value : nil
        }
        guard let type = option(SO_TYPE) else {
            throw DaemonError(code: .socket, message: "the descriptor \(descriptor) systemd passed (LISTEN_FDS) is not a socket: \(String(cString: strerror(errno)))")
        }
        guard option(SO_DOMAIN) == AF_UNIX, type == Int32(SOCK_STREAM.rawValue), option(SO_ACCEPTCONN) == 1 else {
            throw DaemonError(code: .socket, message: "the socket systemd passed (descriptor \(descriptor)) is not a listening Unix stream socket; cgld's socket unit needs ListenStream=/path and Accept=no")
        }
    }
}
