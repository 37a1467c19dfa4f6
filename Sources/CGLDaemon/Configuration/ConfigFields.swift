import Configuration
import Logging

/// Typed, validated reads of configuration keys.
///
/// swift-configuration answers `nil` both for a missing key and for a value of the wrong
/// type; a daemon that silently ignored `"workers": "four"` would surprise its operator, so
/// a key that holds something (readable as text) but not the expected type is an error.
struct ConfigFields {
    let reader: ConfigReader

    func int(_ key: String, in range: ClosedRange<Int>) throws(DaemonError) -> Int? {
        guard let value = reader.int(forKey: ConfigKey(key)) else { try requireAbsent(key, expected: "an integer"); return nil }
        guard range.contains(value) else { throw .configuration(key: key, value: "\(value)", expected: "an integer from \(range.lowerBound) to \(range.upperBound)") }
        return value
    }

    func seconds(_ key: String) throws(DaemonError) -> Duration? {
        let value = reader.double(forKey: ConfigKey(key)) ?? reader.int(forKey: ConfigKey(key)).map(Double.init)
        guard let value else { try requireAbsent(key, expected: "a number of seconds"); return nil }
        guard value.isFinite, value >= 0.001, value <= 86_400 * 365 else {
            throw .configuration(key: key, value: "\(value)", expected: "a number of seconds, at least 0.001")
        }
        return .milliseconds(Int64((value * 1000).rounded()))
    }

    func bool(_ key: String) throws(DaemonError) -> Bool? {
        guard let value = reader.bool(forKey: ConfigKey(key)) else { try requireAbsent(key, expected: "true or false"); return nil }
        return value
    }

    /// A string; secrets are redacted in what the configuration reports of its reads.
    func string(_ key: String, isSecret: Bool = false) throws(DaemonError) -> String? {
        guard let value = reader.string(forKey: ConfigKey(key), isSecret: isSecret) else {
            try requireNoOtherType(key, expected: "a string")
            return nil
        }
        return value
    }

    /// A non-empty path.
    func path(_ key: String) throws(DaemonError) -> String? {
        guard let value = reader.string(forKey: ConfigKey(key)) else { try requireNoOtherType(key, expected: "a path, as a string"); return nil }
        guard !value.isEmpty else { throw .configuration(key: key, value: "\"\"", expected: "a path") }
        return value
    }

    /// A path, where `""` turns the feature off.
    func optionalPath(_ key: String, default defaultValue: String?) throws(DaemonError) -> String? {
        guard let value = reader.string(forKey: ConfigKey(key)) else {
            try requireNoOtherType(key, expected: "a path, as a string (\"\" for none)")
            return defaultValue
        }
        return value.isEmpty ? nil : value
    }

    /// File permissions written in octal, such as `0660`.
    func octalMode(_ key: String) throws(DaemonError) -> UInt16? {
        guard let text = reader.string(forKey: ConfigKey(key)) else {
            try requireNoOtherType(key, expected: "permissions in octal, as a string such as \"0660\"")
            return nil
        }
        guard let mode = UInt16(text, radix: 8), mode <= 0o777 else {
            throw .configuration(key: key, value: text, expected: "permissions in octal, such as \"0660\"")
        }
        return mode
    }

    func directions(_ key: String) throws(DaemonError) -> [DaemonConfiguration.PrewarmDirection]? {
        guard let names = reader.stringArray(forKey: ConfigKey(key)) else {
            try requireNoOtherType(key, expected: "a list of profile, ltr or rtl")
            return nil
        }
        var directions: [DaemonConfiguration.PrewarmDirection] = []
        for name in names {
            guard let direction = DaemonConfiguration.PrewarmDirection(rawValue: name.trimmingSpaces) else {
                throw .configuration(key: key, value: name, expected: "a list of profile, ltr or rtl")
            }
            if !directions.contains(direction) { directions.append(direction) }
        }
        guard !directions.isEmpty else { throw .configuration(key: key, value: "[]", expected: "at least one of profile, ltr or rtl") }
        return directions
    }

    /// A list of names or numeric ids, such as users and groups: strings or integers in a
    /// file, comma-separated text in an environment variable. Entries are trimmed; empty
    /// ones are dropped, so `""` is an empty list.
    func names(_ key: String) throws(DaemonError) -> [String]? {
        let entries = reader.stringArray(forKey: ConfigKey(key)) ?? reader.intArray(forKey: ConfigKey(key))?.map(String.init)
        guard let entries else { try requireAbsent(key, expected: "a list of names or numeric ids"); return nil }
        return entries.map(\.trimmingSpaces).filter { !$0.isEmpty }
    }

    /// A log level name.
    func logLevel(_ key: String) throws(DaemonError) -> Logger.Level? {
        guard let text = reader.string(forKey: ConfigKey(key)) else { try requireNoOtherType(key, expected: "a level name, as a string"); return nil }
        guard let level = Logger.Level(rawValue: text.trimmingSpaces.lowercased()) else {
            throw .configuration(key: key, value: text, expected: "one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return level
    }

    /// Throws when `key`, which holds text, holds a number, a boolean or a list instead
    /// (`{"socket": {"mode": 600}}`): read as text, it would be ignored without a word.
    private func requireNoOtherType(_ key: String, expected: String) throws(DaemonError) {
        let config = ConfigKey(key)
        let found: String? = if let value = reader.int(forKey: config) { "the number \(value)" }
            else if let value = reader.double(forKey: config) { "the number \(value)" }
            else if let value = reader.bool(forKey: config) { "\(value)" }
            else if reader.intArray(forKey: config) != nil || reader.stringArray(forKey: config) != nil { "a list" }
            else { nil }
        if let found { throw .configuration(key: key, value: found, expected: expected) }
    }

    /// Throws when `key` holds a value (readable as text) that the typed read refused.
    private func requireAbsent(_ key: String, expected: String) throws(DaemonError) {
        if let text = reader.string(forKey: ConfigKey(key)) {
            throw .configuration(key: key, value: text, expected: expected)
        }
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
