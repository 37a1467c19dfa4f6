#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lookups in the system's user and group databases (NSS: `/etc/passwd`, `/etc/group`,
/// systemd-userdb, …), through the reentrant calls.
enum UserDatabase {
    /// The uid of the user called `name`; nil when there is none.
    static func userID(named name: String) -> UInt32? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        return withBuffer { buffer, size in
            getpwnam_r(name, &entry, buffer, size, &result)
        } == 0 && result != nil ? entry.pw_uid : nil
    }

    /// The gid of the group called `name`; nil when there is none.
    static func groupID(named name: String) -> UInt32? {
        var entry = group()
        var result: UnsafeMutablePointer<group>?
        return withBuffer { buffer, size in
            getgrnam_r(name, &entry, buffer, size, &result)
        } == 0 && result != nil ? entry.gr_gid : nil
    }

    /// The name of the user `uid`; nil when it has none.
    static func userName(of uid: UInt32) -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var name: String?
        _ = withBuffer { buffer, size in
            let status = getpwuid_r(uid, &entry, buffer, size, &result)
            // Copied while the buffer the entry points into is alive.
            if status == 0, result != nil, let pointer = entry.pw_name { name = String(cString: pointer) }
            return status
        }
        return name
    }

    /// The groups of the user `uid` according to the group database, `gid` first; just
    /// `[gid]` for a uid with no name.
    static func groups(of uid: UInt32, primaryGroup gid: UInt32) -> [UInt32] {
        guard let name = userName(of: uid) else { return [gid] }
        var capacity: Int32 = 32
        while true {
            var groups = [gid_t](repeating: 0, count: Int(capacity))
            var count = capacity
            if getgrouplist(name, gid, &groups, &count) >= 0 {
                return Array(groups.prefix(Int(count)))
            }
            // Too small: `count` now holds the number needed.
            guard count > capacity else { return [gid] }
            capacity = count
        }
    }

    /// Runs a `get*_r` call with a buffer large enough for its entry, growing it on ERANGE.
    private static func withBuffer(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> Int32 {
        var size = 1024
        while true {
            var buffer = [CChar](repeating: 0, count: size)
            let status = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, size) }
            guard status == ERANGE, size < 1 << 20 else { return status }
            size *= 4
        }
    }
}
