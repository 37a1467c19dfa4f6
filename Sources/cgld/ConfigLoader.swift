import CGLDaemon
import Configuration

/// Reads the configuration, highest priority first: flags, `CGLD_*` environment variables,
/// the config file, and (in `DaemonConfiguration`) the defaults.
///
/// The same loader serves the start, every reload and `--check-config`, so that each reads
/// exactly what a restart would: the flags and environment of the process, and the file as
/// it is now.
struct ConfigLoader: Sendable {
    /// Flag values by configuration key.
    var flags: [String: ConfigContent]
    /// Each key's flag (`database.path` → `--database`), to name it in errors.
    var flagNames: [String: String]
    /// The `--config` file, if given.
    var configFile: String?
    /// The process environment at start.
    var environment: [String: String]

    /// The configuration, validated.
    ///
    /// - Throws: `DaemonError` `configuration` listing every problem: a file that cannot be
    ///   read or parsed, a key or variable that is no setting, a value of the wrong type or
    ///   out of range wherever it is set (a flag overriding it does not excuse it).
    func load() async throws(DaemonError) -> DaemonConfiguration {
        let (reading, sourceProblems) = await read()
        if let error = DaemonError.gathering(sourceProblems + reading.problems) { throw error }
        return reading.configuration
    }

    /// The configuration checked whole, with the files it names (`--check-config`).
    func check() async -> ConfigurationCheck {
        let (reading, sourceProblems) = await read()
        return ConfigurationCheck(reading: reading, sourceProblems: sourceProblems)
    }

    /// Reads every layer; the problems of the sources themselves come apart from those of
    /// the values.
    private func read() async -> (ConfigurationReading, [DaemonError]) {
        var problems: [DaemonError] = []
        var layers = [ConfigLayer.flags(flags, names: flagNames), ConfigLayer.environment(environment)]
        // CGLD_SOCKET names the socket for cglctl; the daemon honours it too, so that one
        // variable points both at the same place.
        if let socket = environment["CGLD_SOCKET"] {
            layers.append(.variable("CGLD_SOCKET", key: "socket.path", value: socket))
        }
        var fileKeys: [String] = []
        let file = configFile ?? environment["CGLD_CONFIG"]
        if let file {
            do throws(DaemonError) {
                let layer = try await ConfigLayer.file(file)
                layers.append(layer)
                fileKeys = layer.keys
            } catch {
                problems.append(error)
            }
        }
        // Misspelt keys and variables are errors, not settings silently left at their default.
        problems += DaemonConfiguration.unknownKeys(fileKeys: fileKeys, file: file, environment: environment)
        return (DaemonConfiguration.read(layers), problems)
    }
}
