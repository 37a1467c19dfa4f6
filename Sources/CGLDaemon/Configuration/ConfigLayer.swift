public import Configuration
import Foundation
import SystemPackage

/// One place the configuration comes from — the flags, the `CGLD_*` environment, a file —
/// read on its own, so that every value is checked where it is set and not only where it
/// wins: a file's `"path": 7` under a `--database` flag would otherwise wait, unnoticed,
/// for the day the flag goes.
///
/// Layers are given highest priority first (``DaemonConfiguration/read(_:)``).
public struct ConfigLayer: Sendable {
    enum Source: Sendable {
        /// A reader not otherwise named (tests, library callers).
        case unnamed
        /// Command-line flags, each key's flag named (`database.path` → `--database`).
        case flags(names: [String: String])
        /// `CGLD_*` variables, one per key.
        case environment
        /// One variable standing for one key (`CGLD_SOCKET` for `socket.path`).
        case variable(String)
        /// A JSON file and its values with JSON's own types.
        case file(path: String, leaves: [String: ConfigJSONValue])
    }

    let source: Source
    let reader: ConfigReader

    init(source: Source, provider: any ConfigProvider) {
        self.source = source
        reader = ConfigReader(provider: provider)
    }

    /// A layer of `reader`, whose problems name the key alone.
    public init(reader: ConfigReader) {
        source = .unnamed
        self.reader = reader
    }

    /// Flags given on the command line.
    ///
    /// - Parameters:
    ///   - values: The flags' values by configuration key.
    ///   - names: Each key's flag, as the user types it (`socket.path` → `--socket`).
    public static func flags(_ values: [String: ConfigContent], names: [String: String]) -> ConfigLayer {
        ConfigLayer(source: .flags(names: names), provider: InMemoryProvider(name: "flags", values: configValues(values)))
    }

    /// The `CGLD_*` variables of `environment` (`CGLD_LIMITS_MAX_CONNECTIONS` for
    /// `limits.maxConnections`).
    public static func environment(_ environment: [String: String]) -> ConfigLayer {
        ConfigLayer(source: .environment, provider: EnvironmentVariablesProvider(environmentVariables: environment).prefixKeys(with: "cgld"))
    }

    /// A variable that sets one key (`CGLD_SOCKET`, which `cglctl` reads too, for `socket.path`).
    public static func variable(_ name: String, key: String, value: String) -> ConfigLayer {
        ConfigLayer(source: .variable(name), provider: InMemoryProvider(name: name, values: configValues([key: .string(value)])))
    }

    /// The JSON file at `path` (`config/cgld.json` format).
    ///
    /// - Throws: `DaemonError` `configuration` naming the file when it cannot be read or is
    ///   not a JSON object of settings.
    public static func file(_ path: String) async throws(DaemonError) -> ConfigLayer {
        let provider: FileProvider<JSONSnapshot>
        do {
            provider = try await FileProvider<JSONSnapshot>(filePath: FilePath(path))
        } catch {
            throw DaemonError(code: .configuration, message: "cannot read the configuration file \(path): \(error)")
        }
        guard let data = FileManager.default.contents(atPath: path), let leaves = ConfigJSONValue.leaves(of: data) else {
            throw DaemonError(code: .configuration, message: "cannot read the configuration file \(path): it is not a JSON object")
        }
        return ConfigLayer(source: .file(path: path, leaves: leaves), provider: provider)
    }

    /// The dotted keys a file sets (its leaves, `socket.mode`); empty for a layer that is
    /// no file.
    public var keys: [String] {
        guard case .file(_, let leaves) = source else { return [] }
        return leaves.keys.sorted()
    }

    /// How the layer is named where it sets `key`, as a place a value came from:
    /// `--database`, `CGLD_DATABASE_PATH`, the file's path.
    func place(of key: String) -> String {
        switch source {
        case .unnamed: "the configuration"
        case .flags(let names): names[key] ?? "a flag"
        case .environment: DaemonConfiguration.variable(for: key)
        case .variable(let name): name
        case .file(let path, _): path
        }
    }

    /// What the layer holds for `key`, as an error shows it; nil when it sets nothing there.
    ///
    /// A file's value is named by JSON's type (`a boolean (true)`); the others hold text or
    /// a flag's typed value.
    func found(_ key: String) -> String? {
        if case .file(_, let leaves) = source { return leaves[key]?.described }
        let config = ConfigKey(key)
        if let text = reader.string(forKey: config) { return "\"\(text)\"" }
        if let value = reader.int(forKey: config) { return "the number \(value)" }
        if let value = reader.double(forKey: config) { return "the number \(value)" }
        if let value = reader.bool(forKey: config) { return "\(value)" }
        if reader.intArray(forKey: config) != nil || reader.stringArray(forKey: config) != nil { return "a list" }
        return nil
    }

    /// Throws when this is a file whose value at `key` is not of JSON type `kind`: the file's
    /// reader would convert it (a `true` read as 1) rather than refuse it.
    func requireJSON(_ key: String, _ kind: JSONKind, expected: String) throws(InvalidValue) {
        guard case .file(_, let leaves) = source, let value = leaves[key], !kind.matches(value) else { return }
        throw InvalidValue(found: value.described, expected: expected)
    }

    /// The error for the invalid value of `key` in this layer: where it is set, what it is,
    /// what it must be, and how to fix it.
    ///
    /// - Parameter overriddenBy: The place of a layer above this one that sets `key` too: the
    ///   value is wrong all the same, and the message says so.
    func problem(_ key: String, _ invalid: InvalidValue, overriddenBy: String?) -> DaemonError {
        let requirement = "it must be \(invalid.expected)"
        let overridden = overriddenBy.map { " (\($0) overrides it for now, but every value is checked wherever it is set)" } ?? ""
        let message = switch source {
        case .unnamed:
            "the configuration key '\(key)' is \(invalid.found); \(requirement)"
        case .flags(let names):
            "the flag \(names[key] ?? key) ('\(key)') is \(invalid.found); \(requirement)"
        case .environment, .variable:
            "the environment variable \(place(of: key)) ('\(key)') is \(invalid.found); \(requirement). Correct it or unset it\(overridden)"
        case .file(let path, _):
            "the configuration file \(path) sets '\(key)' to \(invalid.found); \(requirement). Correct it in the file or remove it\(overridden)"
        }
        return DaemonError(code: .configuration, message: message)
    }

    private static func configValues(_ contents: [String: ConfigContent]) -> [AbsoluteConfigKey: ConfigValue] {
        Dictionary(uniqueKeysWithValues: contents.map { (AbsoluteConfigKey(stringLiteral: $0.key), ConfigValue($0.value, isSecret: false)) })
    }
}

/// What is wrong with one value, apart from where it is set: what it is, and what it must be.
struct InvalidValue: Error {
    /// The value as the error shows it (`"many"`, `a boolean (true)`).
    var found: String
    /// What it must be (`an integer from 0 to 256`).
    var expected: String
}

/// The JSON type a key's value must have in a file.
enum JSONKind {
    case string, integer, number, boolean
    /// A list of strings.
    case strings
    /// A list of all strings or all integers (user and group names or ids).
    case names

    func matches(_ value: ConfigJSONValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.number, .number), (.boolean, .boolean): true
        case (.integer, .number(let number)): number.rounded() == number
        case (.strings, .array(let items)): items.allSatisfy { if case .string = $0 { true } else { false } }
        case (.names, .array(let items)):
            items.allSatisfy { if case .string = $0 { true } else { false } } || items.allSatisfy { JSONKind.integer.matches($0) }
        default: false
        }
    }
}
