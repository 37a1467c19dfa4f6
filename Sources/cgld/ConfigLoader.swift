import ArgumentParser
import CGLDaemon
import Configuration
import Foundation
import SystemPackage

/// Assembles the configuration providers once, highest priority first: flags, `CGLD_*`
/// environment variables, the config file, and (in `DaemonConfiguration`) the defaults.
struct ConfigLoader {
    /// Flag values by configuration key.
    var flags: [String: ConfigContent]
    /// The `--config` file, if given.
    var configFile: String?

    func reader() async throws -> ConfigReader {
        let environment = ProcessInfo.processInfo.environment
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
                FileHandle.standardError.write(Data("cgld: cannot read the configuration file \(path): \(error)\n".utf8))
                throw ExitCode(78)
            }
        }
        return ConfigReader(providers: providers)
    }

    private static func values(_ contents: [String: ConfigContent]) -> [AbsoluteConfigKey: ConfigValue] {
        Dictionary(uniqueKeysWithValues: contents.map { (AbsoluteConfigKey(stringLiteral: $0.key), ConfigValue($0.value, isSecret: false)) })
    }
}
