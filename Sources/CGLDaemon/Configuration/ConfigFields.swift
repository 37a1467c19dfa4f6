import CGLWire
import Configuration
import Logging

/// Typed, validated reads of configuration keys, each checked in every layer that sets it.
///
/// swift-configuration answers `nil` both for a missing key and for a value of the wrong
/// type; a daemon that silently ignored `"workers": "four"` would surprise its operator, so
/// a key that holds something but not the expected type is an error. Errors do not stop the
/// reading: each is gathered in ``problems`` with the place that set the value, so that one
/// run names every mistake (`cgld --check-config`), and the key keeps the value of the first
/// layer that sets it validly, else its default.
struct ConfigFields {
    /// The layers, highest priority first.
    let layers: [ConfigLayer]
    /// What the reads found wrong, and where each value came from.
    let problems = ConfigProblems()

    func int(_ key: String, in range: ClosedRange<Int>) -> Int? {
        read(key) { (layer) throws(InvalidValue) -> Int? in
            let expected = "an integer"
            try layer.requireJSON(key, .integer, expected: expected)
            guard let value = layer.reader.int(forKey: ConfigKey(key)) else { return try Self.absent(key, in: layer, expected: expected) }
            guard range.contains(value) else { throw InvalidValue(found: "\(value)", expected: "an integer from \(range.lowerBound) to \(range.upperBound)") }
            return value
        }
    }

    func seconds(_ key: String) -> Duration? {
        read(key) { (layer) throws(InvalidValue) -> Duration? in
            let expected = "a number of seconds"
            try layer.requireJSON(key, .number, expected: expected)
            let value = layer.reader.double(forKey: ConfigKey(key)) ?? layer.reader.int(forKey: ConfigKey(key)).map(Double.init)
            guard let value else { return try Self.absent(key, in: layer, expected: expected) }
            guard value.isFinite, value >= 0.001, value <= 86_400 * 365 else {
                throw InvalidValue(found: "\(value)", expected: "a number of seconds, at least 0.001")
            }
            return .milliseconds(Int64((value * 1000).rounded()))
        }
    }

    func bool(_ key: String) -> Bool? {
        read(key) { (layer) throws(InvalidValue) -> Bool? in
            try layer.requireJSON(key, .boolean, expected: "true or false")
            guard let value = layer.reader.bool(forKey: ConfigKey(key)) else { return try Self.absent(key, in: layer, expected: "true or false") }
            return value
        }
    }

    /// A string; secrets are redacted in what the configuration reports of its reads.
    func string(_ key: String, isSecret: Bool = false) -> String? {
        text(key, expected: "a string", isSecret: isSecret) { $0 }
    }

    /// A non-empty path.
    func path(_ key: String) -> String? {
        text(key, expected: "a path, as a string") { (value) throws(InvalidValue) in
            guard !value.isEmpty else { throw InvalidValue(found: "\"\"", expected: "a path") }
            return value
        }
    }

    /// A path a Unix socket is bound at: not empty, and within `sun_path`.
    func socketPath(_ key: String) -> String? {
        text(key, expected: "a path, as a string") { (value) throws(InvalidValue) in
            guard !value.isEmpty else { throw InvalidValue(found: "\"\"", expected: "a path") }
            guard let invalid = SocketAddressLimit.check(value) else { return value }
            throw invalid
        }
    }

    /// A path, where `""` turns the feature off (nil); `defaultValue` when no layer sets it.
    func optionalPath(_ key: String, default defaultValue: String?) -> String? {
        let value = text(key, expected: "a path, as a string (\"\" for none)") { $0 }
        guard let value else { return defaultValue }
        return value.isEmpty ? nil : value
    }

    /// File permissions written in octal, such as `0660`.
    func octalMode(_ key: String) -> UInt16? {
        text(key, expected: "permissions in octal, as a string such as \"0660\"") { (text) throws(InvalidValue) in
            guard let mode = UInt16(text, radix: 8), mode <= 0o777 else { throw InvalidValue(found: text, expected: "permissions in octal, such as \"0660\"") }
            return mode
        }
    }

    func directions(_ key: String) -> [DaemonConfiguration.PrewarmDirection]? {
        read(key) { (layer) throws(InvalidValue) -> [DaemonConfiguration.PrewarmDirection]? in
            let expected = "a list of profile, ltr or rtl"
            try layer.requireJSON(key, .strings, expected: expected)
            guard let names = layer.reader.stringArray(forKey: ConfigKey(key)) else { return try Self.absent(key, in: layer, expected: expected) }
            var directions: [DaemonConfiguration.PrewarmDirection] = []
            for name in names {
                guard let direction = DaemonConfiguration.PrewarmDirection(rawValue: name.trimmingSpaces) else {
                    throw InvalidValue(found: name, expected: expected)
                }
                if !directions.contains(direction) { directions.append(direction) }
            }
            guard !directions.isEmpty else { throw InvalidValue(found: "[]", expected: "at least one of profile, ltr or rtl") }
            return directions
        }
    }

    /// A list of names or numeric ids, such as users and groups: strings or integers in a
    /// file, comma-separated text in an environment variable. Entries are trimmed; empty
    /// ones are dropped, so `""` is an empty list. `resolve` turns the entries into values.
    func names<T>(_ key: String, _ resolve: ([String]) throws(InvalidValue) -> T) -> T? {
        read(key) { (layer) throws(InvalidValue) -> T? in
            let expected = "a list of names or numeric ids"
            try layer.requireJSON(key, .names, expected: expected)
            let config = ConfigKey(key)
            let entries = layer.reader.stringArray(forKey: config) ?? layer.reader.intArray(forKey: config)?.map(String.init)
            guard let entries else { return try Self.absent(key, in: layer, expected: expected) }
            return try resolve(entries.map(\.trimmingSpaces).filter { !$0.isEmpty })
        }
    }

    /// A log level name.
    func logLevel(_ key: String) -> Logger.Level? {
        text(key, expected: "a level name, as a string") { (text) throws(InvalidValue) in
            guard let level = Logger.Level(rawValue: text.trimmingSpaces.lowercased()) else {
                throw InvalidValue(found: text, expected: "one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return level
        }
    }

    /// A text value turned into `T` by `parse`.
    func text<T>(_ key: String, expected: String, isSecret: Bool = false, _ parse: (String) throws(InvalidValue) -> T) -> T? {
        read(key) { (layer) throws(InvalidValue) -> T? in
            try layer.requireJSON(key, .string, expected: expected)
            guard let value = layer.reader.string(forKey: ConfigKey(key), isSecret: isSecret) else {
                return try Self.absent(key, in: layer, expected: expected)
            }
            return try parse(value)
        }
    }

    /// Reads `key` in every layer with `parse`, noting each layer's invalid value as a
    /// problem; the value of the first layer that sets it validly.
    private func read<T>(_ key: String, _ parse: (ConfigLayer) throws(InvalidValue) -> T?) -> T? {
        var result: T?
        for (index, layer) in layers.enumerated() {
            do throws(InvalidValue) {
                guard let value = try parse(layer) else { continue }
                if result == nil {
                    result = value
                    problems.sources[key] = layer.place(of: key)
                }
            } catch {
                let above = layers[..<index].first { $0.found(key) != nil }
                problems.add(layer.problem(key, error, overriddenBy: above?.place(of: key)), key: key)
            }
        }
        return result
    }

    /// Nil when `layer` sets nothing at `key`; throws when it holds a value the typed read
    /// refused (text in a variable, a number where a string belongs).
    private static func absent<T>(_ key: String, in layer: ConfigLayer, expected: String) throws(InvalidValue) -> T? {
        if let found = layer.found(key) { throw InvalidValue(found: found, expected: expected) }
        return nil
    }
}

/// The problems a configuration's reads found, gathered rather than thrown one at a time,
/// and where each key's value came from. A class: the reads of one configuration share it.
final class ConfigProblems {
    private(set) var errors: [DaemonError] = []
    /// Keys some layer sets to an invalid value.
    private(set) var invalidKeys: Set<String> = []
    /// The place each key's value came from (`--database`, `CGLD_WORKERS`, a file's path).
    var sources: [String: String] = [:]

    func add(_ error: DaemonError, key: String? = nil) {
        errors.append(error)
        if let key { invalidKeys.insert(key) }
    }
}

/// The socket path limit as a configuration check.
enum SocketAddressLimit {
    /// The path's problem, naming its length and the limit; nil when it fits.
    static func check(_ path: String) -> InvalidValue? {
        let length = path.utf8.count
        guard length > UnixSocketPath.maximumBytes else { return nil }
        return InvalidValue(found: "\"\(path)\", \(length) bytes long",
                            expected: "a Unix socket path of at most \(UnixSocketPath.maximumBytes) bytes (the sun_path of sockaddr_un): "
                                + "choose a shorter path, or reach its folder through a shorter symbolic link")
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
