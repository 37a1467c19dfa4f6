import Configuration
import CGLDocument
public import Foundation
import Synchronization

/// The keys a configuration may set, and the check that a file or the environment sets no
/// other: a misspelt key (`"mdoe"`) would otherwise be ignored without a word, and the
/// daemon run on a setting its operator did not choose.
extension DaemonConfiguration {
    /// Every key the configuration reads (`socket.path`, `limits.maxConnections`, …),
    /// found by reading an empty configuration and noting what is asked for.
    public static let knownKeys: Set<String> = {
        let recorder = KeyRecorder()
        let reader = ConfigReader(providers: [InMemoryProvider(values: [:])], accessReporter: recorder)
        _ = try? DaemonConfiguration(config: reader)
        return recorder.keys.withLock { $0 }
    }()

    /// Variables that name no key but are read anyway: `CGLD_SOCKET` (as `cglctl` reads
    /// it), `CGLD_CONFIG` (the file).
    static let otherVariables: Set<String> = ["CGLD_SOCKET", "CGLD_CONFIG"]

    /// The `CGLD_` variable of `key`: capitals, `_` between words and levels
    /// (`limits.maxConnections` → `CGLD_LIMITS_MAX_CONNECTIONS`).
    public static func variable(for key: String) -> String {
        var name = "CGLD_"
        for character in key {
            if character == "." {
                name += "_"
            } else if character.isUppercase {
                name += "_" + character.uppercased()
            } else {
                name += character.uppercased()
            }
        }
        return name
    }

    /// Refuses keys of a configuration file, and `CGLD_` variables, that are no setting,
    /// naming the closest one.
    ///
    /// - Parameters:
    ///   - fileKeys: The file's keys, dotted (`socket.mode`), leaves only.
    ///   - file: The file's path, for the message.
    ///   - environment: The process environment.
    /// - Throws: `DaemonError` `configuration` (exit 78), listing every such key and variable.
    public static func checkKeys(fileKeys: [String], file: String?, environment: [String: String]) throws(DaemonError) {
        if let error = DaemonError.gathering(unknownKeys(fileKeys: fileKeys, file: file, environment: environment)) { throw error }
    }

    /// Each key of a configuration file, and each `CGLD_` variable, that is no setting, as
    /// a problem naming the closest setting.
    public static func unknownKeys(fileKeys: [String], file: String?, environment: [String: String]) -> [DaemonError] {
        var problems: [DaemonError] = []
        for key in fileKeys where !knownKeys.contains(key) {
            let hint = suggestion(for: key, among: knownKeys.sorted()).map { "; did you mean '\($0)'?" } ?? "; config/README.md lists every key"
            problems.append(DaemonError(code: .configuration, message: "the configuration file \(file ?? "") sets '\(key)', which is no setting of cgld\(hint)"))
        }
        let variables = Set(knownKeys.map(variable(for:))).union(otherVariables)
        for name in environment.keys.sorted() where name.hasPrefix("CGLD_") && !variables.contains(name) {
            let hint = suggestion(for: name, among: variables.sorted()).map { "; did you mean \($0)?" } ?? "; config/README.md lists every key"
            problems.append(DaemonError(code: .configuration, message: "the environment variable \(name) is no setting of cgld\(hint)"))
        }
        return problems
    }

    /// The dotted keys of the leaves of a JSON configuration file (`{"socket": {"mode": …}}`
    /// → `socket.mode`); nil when it is not a JSON object (the file's reader says why).
    public static func fileKeys(json: Data) -> [String]? {
        ConfigJSONValue.leaves(of: json)?.keys.sorted()
    }
}

/// Notes every key a configuration reader is asked for.
final class KeyRecorder: AccessReporter {
    let keys = Mutex<Set<String>>([])

    func report(_ event: AccessEvent) {
        let key = event.metadata.key.components.joined(separator: ".")
        keys.withLock { _ = $0.insert(key) }
    }
}
