import CGLFleet
import Foundation

/// Where the registry of scheme documents lives: in this host's SQLite database (the
/// embedded default), or shared by a fleet of hosts in PostgreSQL, which each host mirrors
/// into its SQLite database (`docs/operations.md`, "Running a fleet").
public struct RegistryConfiguration: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The registry's kind (`registry.kind`).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// This host's own registry, in its SQLite database.
        case sqlite
        /// The fleet's registry in PostgreSQL, mirrored into this host's SQLite database.
        case postgres
    }

    /// `registry.kind`.
    public var kind: Kind
    /// `registry.url`: libpq's URI form (`postgres://cgld@db:5432/cglayout`, or
    /// `postgres://cgld@/cglayout?host=/run/postgresql` for a Unix-socket directory).
    public var url: String?
    /// `registry.passwordFile`: a file whose first line is the role's password.
    public var passwordFile: String?
    /// `registry.password` (set it through `CGLD_REGISTRY_PASSWORD`, not in a file others
    /// read); `registry.passwordFile` is read instead when both are set.
    public var password: String?
    /// `registry.hostName`: this host's name in the registry's records of who changed what;
    /// the machine's host name by default.
    public var hostName: String?
    /// `registry.timeoutSeconds`: how long a call to PostgreSQL may take before a register
    /// answers `registryUnavailable` and the host serves from its mirror.
    public var timeout: Duration
    /// `registry.reconcileSeconds`: how often the whole mirror is compared with the registry
    /// (the safety net under `LISTEN/NOTIFY`: a lost notification, a restored backup).
    public var reconcileInterval: Duration

    /// A configuration; the SQLite registry by default.
    public init(kind: Kind = .sqlite, url: String? = nil, passwordFile: String? = nil, password: String? = nil,
                hostName: String? = nil, timeout: Duration = .seconds(5), reconcileInterval: Duration = .seconds(60)) {
        self.kind = kind
        self.url = url
        self.passwordFile = passwordFile
        self.password = password
        self.hostName = hostName
        self.timeout = timeout
        self.reconcileInterval = reconcileInterval
    }

    /// The registry for a fleet sharing the PostgreSQL database at `url`.
    public static func postgres(url: String, password: String? = nil, hostName: String? = nil,
                                timeout: Duration = .seconds(5), reconcileInterval: Duration = .seconds(60)) -> RegistryConfiguration {
        RegistryConfiguration(kind: .postgres, url: url, password: password, hostName: hostName, timeout: timeout,
                              reconcileInterval: reconcileInterval)
    }

    /// The host name recorded with this host's changes.
    public var resolvedHostName: String {
        if let hostName, !hostName.isEmpty { return hostName }
        return ProcessInfo.processInfo.hostName
    }

    /// What printing it shows, as any dump of a configuration holding it: the same.
    public var debugDescription: String { description }

    /// The kind and URL, never the password.
    public var description: String {
        switch kind {
        case .sqlite: "sqlite"
        case .postgres: "postgres \(url.map(RegistryConnection.redacted) ?? "")"
        }
    }
}
