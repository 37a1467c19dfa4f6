#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `sockaddr_un` values for the raw socket calls that NIO does not make for us.
enum UnixAddress {
    /// The address of `name` and its length: a path, or `@name` for a Linux abstract socket
    /// (a leading NUL byte, and a length that counts exactly the name's bytes, since an
    /// abstract name may hold any byte, NUL included). Nil when it does not fit.
    static func make(_ name: String) -> (sockaddr_un, socklen_t)? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let isAbstract = name.hasPrefix("@")
        var bytes = Array(name.utf8)
        if isAbstract { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        // A path needs its terminating NUL; an abstract name does not have one.
        guard bytes.count + (isAbstract ? 0 : 1) <= capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let offset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
        let length = isAbstract ? offset + bytes.count : MemoryLayout<sockaddr_un>.size
        return (address, socklen_t(length))
    }

    /// The path a bound Unix socket descriptor listens on; nil for an unnamed or abstract one.
    static func boundPath(of descriptor: Int32) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
        let path = withUnsafeBytes(of: &address.sun_path) { bytes in Array(bytes.prefix { $0 != 0 }) }
        // An abstract address starts with NUL: no file to name.
        guard !path.isEmpty else { return nil }
        return String(decoding: path, as: UTF8.self)
    }
}
