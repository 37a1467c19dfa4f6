import CGLDaemon
import Configuration
import Foundation
import SystemPackage

/// Reads the configuration, highest priority first: flags, `CGLD_*` environment variables,
/// the config file, and (in `DaemonConfiguration`) the defaults.
///
/// The same loader serves the start and every reload, so that a reload reads exactly what a
/// restart would: the flags and environment of the process, and the file as it is now.
struct ConfigLoader: Sendable {
    /// Flag values by configuration key.
    var flags: [String: ConfigContent]
    /// The `--config` file, if given.
    var configFile: String?
    /// The process environment at start.
    var environment: [String: String]

    /// The configuration, validated.
    ///
    /// - Throws: `DaemonError` `configuration` for a file that cannot be read or parsed, or
    ///   a value of the wrong type or out of range.
    func load() async throws(DaemonError) -> DaemonConfiguration {
        let configuration = try DaemonConfiguration(config: try await reader())
        // Misspelt keys and variables are errors, not settings silently left at their default.
        let file = configFile ?? environment["CGLD_CONFIG"]
        let fileKeys = file.flatMap { FileManager.default.contents(atPath: $0) }.flatMap(DaemonConfiguration.fileKeys(json:)) ?? []
        try DaemonConfiguration.checkKeys(fileKeys: fileKeys, file: file, environment: environment)
        return configuration
    }

    private func reader() async throws(DaemonError) -> ConfigReader {
        var providers: [any ConfigProvider] = [
            InMemoryProvider(name: "flags", values: Self.values(flags)),
            EnvironmentVariablesProvider(environmentVariables: environment).prefixKeys(with: "cgld"),
        ]
        // CGLD_SOCKET names the socket for cglctl; the daemon honours it too, so that one
        // variable points both at the same place.
        if let socket = environment["CGLD_SOCKET"] {
            providers.append(InMemoryProvider(name: "CGLD_SOCKET", values: Self.values(["socket.path": .string(socket)])))
        }
        if let path = configFile ?? environment["CGLD_CONFIG"] {
            do {
                providers.append(try await FileProvider<JSONSnapshot>(filePath: FilePath(path)))
            } catch {
                throw DaemonError(code: .configuration, message: "cannot read the configuration file \(path): \(error)")
            }
        }
        return ConfigReader(providers: providers)
    }

    private static func values(_ contents: [String: ConfigContent]) -> [AbsoluteConfigKey: ConfigValue] {
        Dictionary(uniqueKeysWithValues: contents.map { (AbsoluteConfigKey(stringLiteral: $0.key), ConfigValue($0.value, isSecret: false)) })
    }
}
