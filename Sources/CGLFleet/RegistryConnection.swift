import Foundation

/// Where the shared registry is: `registry.url` in libpq's URI form, parsed.
///
/// - `postgres://cgld@db.internal:5432/cglayout` — TCP (`sslmode=disable`, `prefer` (the
///   default, as libpq's) or `require` in the query);
/// - `postgres://cgld@/cglayout?host=/run/postgresql` — the server's Unix-socket directory
///   (the socket is `.s.PGSQL.5432` in it, or the `port` given).
///
/// The password comes from `registry.passwordFile` or `CGLD_REGISTRY_PASSWORD`, not the URL
/// (one in the URL is accepted, as libpq does, and never printed): ``description`` shows the
/// URL without it.
public struct RegistryConnection: Sendable, Hashable, CustomStringConvertible {
    /// How to reach the server.
    public enum Endpoint: Sendable, Hashable {
        case tcp(host: String, port: Int)
        case unixSocket(path: String)
    }

    /// Whether TCP connections use TLS (libpq's `sslmode`, in the three forms we honour).
    public enum TLSMode: String, Sendable, Hashable {
        case disable, prefer, require
    }

    public var endpoint: Endpoint
    public var username: String
    public var database: String
    public var password: String?
    public var tls: TLSMode

    /// Parses `url`; `password`, when given, takes the place of one in the URL.
    ///
    /// - Throws: `FleetError.invalidURL` saying what is wrong and what is expected.
    public init(url: String, password: String? = nil) throws(FleetError) {
        func invalid(_ problem: String) -> FleetError {
            FleetError(.invalidURL, "registry.url \(Self.redacted(url)): \(problem); expected postgres://USER@HOST:PORT/DATABASE "
                + "or postgres://USER@/DATABASE?host=/run/postgresql (a Unix-socket directory)")
        }
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else {
            throw invalid("not a URL")
        }
        guard scheme == "postgres" || scheme == "postgresql" else { throw invalid("the scheme is '\(scheme)', not postgres") }
        guard let user = components.percentEncodedUser.flatMap({ $0.removingPercentEncoding }), !user.isEmpty else {
            throw invalid("no user name (the role cgld connects as)")
        }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !path.isEmpty, !path.contains("/") else { throw invalid("no database name after the host") }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let known: Set<String> = ["host", "port", "sslmode"]
        if let unknown = query.keys.sorted().first(where: { !known.contains($0) }) {
            throw invalid("the parameter '\(unknown)' is not supported (host, port and sslmode are)")
        }
        var port = components.port ?? 5432
        if let value = query["port"] {
            guard let number = Int(value) else { throw invalid("the port '\(value)' is not a number") }
            port = number
        }
        guard (1...65535).contains(port) else { throw invalid("the port \(port) is not between 1 and 65535") }
        let host = query["host"] ?? components.percentEncodedHost.flatMap { $0.removingPercentEncoding } ?? ""
        if host.hasPrefix("/") {
            endpoint = .unixSocket(path: (host.hasSuffix("/") ? host : host + "/") + ".s.PGSQL.\(port)")
        } else {
            guard !host.isEmpty else { throw invalid("no host, and no host=/directory for a Unix socket") }
            endpoint = .tcp(host: host, port: port)
        }
        let mode = query["sslmode"] ?? "prefer"
        guard let tls = TLSMode(rawValue: mode) else { throw invalid("sslmode '\(mode)' is not one of disable, prefer, require") }
        self.tls = tls
        username = user
        database = path
        self.password = password ?? components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
    }

    /// The URL as given, without a password.
    public var description: String {
        switch endpoint {
        case .tcp(let host, let port): "postgres://\(username)@\(host):\(port)/\(database)?sslmode=\(tls.rawValue)"
        case .unixSocket(let path): "postgres://\(username)@/\(database)?host=\((path as NSString).deletingLastPathComponent)"
        }
    }

    /// `url` with any password replaced by `***`, for messages about a URL that did not parse.
    public static func redacted(_ url: String) -> String {
        guard let at = url.firstIndex(of: "@"), let scheme = url.range(of: "://"), scheme.upperBound < at else { return url }
        let credentials = url[scheme.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }
}
