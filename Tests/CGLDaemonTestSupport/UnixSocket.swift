#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Unix stream socket bound to `path` (not yet listening), or nil when binding failed.
///
/// Tests use it for what a daemon leaves behind when it dies (bound, then closed: a socket
/// file nothing listens on) and for a peer that never answers (bound and listening).
public func boundUnixSocket(at path: String) -> Int32? {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0 else {
        close(descriptor)
        return nil
    }
    return descriptor
}
