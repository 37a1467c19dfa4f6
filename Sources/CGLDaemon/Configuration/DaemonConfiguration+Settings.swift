import CGLDocument
import CGLFleet
import Logging

extension DaemonConfiguration {
    /// Every setting as its key and its value written as in a file, in key order, secrets
    /// masked: what `cgld --check-config` prints as the effective configuration.
    ///
    /// A password shows as `***` when set, and the credentials in `registry.url` are
    /// redacted; users and groups show as the ids they resolve to (`@socket` stays).
    public var settings: [(key: String, value: String)] {
        let values: [String: String] = [
            "socket.path": socketPath,
            "socket.mode": "0" + String(socketMode, radix: 8),
            "database.path": databasePath,
            "schemes.directory": schemesDirectory ?? "",
            "schemes.dropRemoved": "\(schemesDropRemoved)",
            "profiles.file": profilesFile ?? "",
            "prewarm.atStart": "\(prewarmAtStart)",
            "prewarm.directions": prewarmDirections.map(\.rawValue).joined(separator: ","),
            "cache.memoryBytes": "\(cacheMemoryBytes)",
            "cache.persistContent": "\(persistContent)",
            "workers": "\(workers)",
            "eventLoops": "\(eventLoops)",
            "log.level": logLevel.rawValue,
            "metrics.address": metricsAddress?.description ?? "",
        ].merging(limits.settings) { $1 }.merging(registry.settings) { $1 }.merging(authorization.settings) { $1 }
        return values.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    }

    /// A duration as a number of seconds, as the file writes it (`1.5`).
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return value.rounded() == value ? "\(Int(value))" : "\(value)"
    }
}

extension DaemonConfiguration.Limits {
    var settings: [String: String] {
        [
            "limits.maxFrameBytes": "\(maximumFrameSize)",
            "limits.maxConnections": "\(maximumConnections)",
            "limits.maxRequestsInFlight": "\(maximumRequestsInFlight)",
            "limits.maxRequestsInFlightTotal": "\(maximumRequestsInFlightTotal)",
            "limits.idleTimeoutSeconds": DaemonConfiguration.seconds(idleTimeout),
            "limits.helloTimeoutSeconds": DaemonConfiguration.seconds(helloTimeout),
            "limits.maxBatchItems": "\(maximumBatchItems)",
            "limits.maxContentTextBytes": "\(maximumContentTextBytes)",
            "limits.maxUnreadAnswerBytes": "\(maximumUnreadAnswerBytes)",
            "limits.maxDocumentElements": "\(document.maximumElements)",
            "limits.maxDocumentBlocks": "\(document.maximumBlocks)",
            "limits.maxDocumentEquations": "\(document.maximumEquations)",
            "limits.computeSeconds": DaemonConfiguration.seconds(computeTime),
        ]
    }
}

extension RegistryConfiguration {
    var settings: [String: String] {
        [
            "registry.kind": kind.rawValue,
            "registry.url": url.map(RegistryConnection.redacted) ?? "",
            "registry.passwordFile": passwordFile ?? "",
            // Never the password, nor its length: only that one is set.
            "registry.password": password == nil ? "" : "***",
            "registry.hostName": resolvedHostName,
            "registry.timeoutSeconds": DaemonConfiguration.seconds(timeout),
            "registry.reconcileSeconds": DaemonConfiguration.seconds(reconcileInterval),
        ]
    }
}

extension AuthorizationConfiguration {
    var settings: [String: String] {
        [
            "authorization.readers.users": Self.list(readers.users.sorted().map(String.init)),
            "authorization.readers.groups": Self.list(readers.groups.map(Self.name).sorted()),
            "authorization.admins.users": Self.list(admins.users.sorted().map(String.init)),
            "authorization.admins.groups": Self.list(admins.groups.map(Self.name).sorted()),
        ]
    }

    private static func list(_ entries: [String]) -> String {
        entries.joined(separator: ",")
    }

    private static func name(_ group: GroupReference) -> String {
        switch group {
        case .id(let gid): "\(gid)"
        case .socketGroup: "@socket"
        case .ifExists(let name): name
        }
    }
}
