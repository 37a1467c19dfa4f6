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
        do throws(InvalidValue) {
            self = try Self.parse(text)
        } catch {
            throw .configuration(key: "metrics.address", value: error.found, expected: error.expected)
        }
    }

    /// Parses `text`, saying what is wrong apart from where it was set.
    static func parse(_ text: String) throws(InvalidValue) -> MetricsAddress {
        func invalid(_ problem: String) -> InvalidValue {
            InvalidValue(found: "\"\(text)\"",
                         expected: "a loopback address and port such as \"127.0.0.1:9464\" or \"[::1]:9464\", or a Unix socket such as "
                             + "\"unix:/run/cgld/metrics.sock\" (\(problem))")
        }
        if text.hasPrefix("unix:") || text.hasPrefix("/") {
            let path = text.hasPrefix("unix:") ? String(text.dropFirst(5)) : text
            guard path.hasPrefix("/") else { throw invalid("a socket path must be absolute") }
            if let tooLong = SocketAddressLimit.check(path) {
                throw InvalidValue(found: "\"\(text)\", a socket path \(path.utf8.count) bytes long", expected: tooLong.expected)
            }
            return .unixSocket(path: path)
        }
        guard let colon = text.lastIndex(of: ":") else { throw invalid("no port") }
        var host = String(text[..<colon])
        guard let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port) else { throw invalid("the port is not a number from 1 to 65535") }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard isLoopback(host) else { throw invalid("'\(host)' is not a loopback address") }
        return .tcp(host: host, port: port)
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
