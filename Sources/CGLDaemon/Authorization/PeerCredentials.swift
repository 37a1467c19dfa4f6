#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who is at the other end of a Unix socket connection: the credentials the kernel recorded
/// when the peer connected (`SO_PEERCRED`), and the groups the group database gives its user.
///
/// The uid and gid cannot be forged by the peer. The supplementary groups come from the
/// group database (`getgrouplist(3)`) when the credentials are read, so a user added to a
/// group counts as a member from their next connection on, without logging in again.
struct PeerCredentials: Sendable, Hashable, CustomStringConvertible {
    /// Why credentials could not be read.
    struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The `errno` of the failed call.
        var errno: Int32
        /// What failed.
        var message: String

        var description: String { message }
    }

    /// The peer's effective user id.
    var uid: UInt32
    /// The peer's effective group id.
    var gid: UInt32
    /// The peer's process id when it connected (it may have exited since).
    var pid: Int32
    /// Every group the peer counts as a member of: `gid`, then its user's supplementary groups.
    var groups: [UInt32]

    /// Credentials given directly (tests, or a transport that learned them otherwise).
    ///
    /// - Parameter groups: The groups the peer is a member of; `gid` is added when missing.
    init(uid: UInt32, gid: UInt32, pid: Int32, groups: [UInt32] = []) {
        self.uid = uid
        self.gid = gid
        self.pid = pid
        self.groups = groups.contains(gid) ? groups : [gid] + groups
    }

    /// Reads the credentials of the peer of a connected Unix stream socket.
    ///
    /// Looks the groups up in the group database, which may read files: call it off the
    /// event loop, once per connection (credentials do not change during a connection).
    ///
    /// - Throws: ``Failure`` when `descriptor` is not a connected Unix socket.
    init(socket descriptor: Int32) throws(Failure) {
        var credentials = KernelCredentials()
        var length = socklen_t(MemoryLayout<KernelCredentials>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            let code = errno
            throw Failure(errno: code, message: "cannot read the peer credentials of descriptor \(descriptor): \(String(cString: strerror(code)))")
        }
        self.init(kernel: credentials)
    }

    /// Credentials from what `SO_PEERCRED` returned, with the user's groups looked up.
    init(kernel credentials: KernelCredentials) {
        self.init(uid: credentials.uid, gid: credentials.gid, pid: credentials.pid,
                  groups: UserDatabase.groups(of: credentials.uid, primaryGroup: credentials.gid))
    }

    /// Whether the peer's group or one of its supplementary groups is in `gids`.
    func isMember(ofAny gids: Set<UInt32>) -> Bool {
        groups.contains { gids.contains($0) }
    }

    /// `uid 1000 gid 1000 pid 4242`.
    var description: String { "uid \(uid) gid \(gid) pid \(pid)" }
}

/// `struct ucred` of `<sys/socket.h>`, which Swift's Glibc module does not import (it is
/// behind `_GNU_SOURCE`): the layout `SO_PEERCRED` fills on Linux.
struct KernelCredentials: Sendable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
}
