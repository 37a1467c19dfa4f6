/// Where `/metrics` is served (`metrics.address`): a loopback TCP address, such as
/// `127.0.0.1:9464` or `[::1]:9464`, or a Unix socket, `unix:/run/cgld/metrics.sock` (or
/// just the absolute path). Never another interface: the metrics name the schemes' counts
/// and the host's load, and a host exposes them through its agent or proxy, which decides
/// who may read them.
public enum MetricsAddress: Sendable, Hashable, CustomStringConvertible {
    case tcp(host: String, port: Int)
    case unixSocket(path: String)

    /// Parses `text`.
    ///
    /// - Throws: `DaemonError` `configuration` naming `metrics.address`, what is wrong and
    ///   the accepted forms.
    public init(_ text: String) throws(DaemonError) {
        func invalid(_ problem: String) -> DaemonError {
            .configuration(key: "metrics.address", value: "\"\(text)\"",
                           expected: "a loopback address and port such as \"127.0.0.1:9464\" or \"[::1]:9464\", or a Unix socket such as "
                               + "\"unix:/run/cgld/metrics.sock\" (\(problem))")
        }
        if text.hasPrefix("unix:") || text.hasPrefix("/") {
            let path = text.hasPrefix("unix:") ? String(text.dropFirst(5)) : text
            guard path.hasPrefix("/") else { throw invalid("a socket path must be absolute") }
            guard path.utf8.count <= 107 else { throw invalid("a socket path is at most 107 bytes") }
            self = .unixSocket(path: path)
            return
        }
        guard let colon = text.lastIndex(of: ":") else { throw invalid("no port") }
        var host = String(text[..<colon])
        guard let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port) else { throw invalid("the port is not a number from 1 to 65535") }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard Self.isLoopback(host) else { throw invalid("'\(host)' is not a loopback address") }
        self = .tcp(host: host, port: port)
    }

    private static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    public var description: String {
        switch self {
        case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case .unixSocket(let path): "unix:\(path)"
        }
    }
}
