import Foundation

/// A value of a JSON configuration file, with JSON's own type.
///
/// swift-configuration's JSON reader converts between types on the way (a `true` reads as
/// the number 1, a `1` as `true`), so a value of the wrong type could be taken, or be
/// reported as something the file does not say; the file is read again with this to check
/// and name each value by what the file holds.
indirect enum ConfigJSONValue: Decodable, Equatable, Sendable {
    case null
    case boolean(Bool)
    case number(Double)
    case string(String)
    case array([ConfigJSONValue])
    case object([String: ConfigJSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // JSONDecoder keeps booleans and numbers apart: a Bool is never decoded from 1.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ConfigJSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ConfigJSONValue].self))
        }
    }

    /// The leaves of a JSON object by their dotted keys (`{"socket": {"mode": …}}` →
    /// `socket.mode`); arrays and `null` are leaves. Nil when `json` is not a JSON object.
    static func leaves(of json: Data) -> [String: ConfigJSONValue]? {
        guard case .object(let root)? = try? JSONDecoder().decode(ConfigJSONValue.self, from: json) else { return nil }
        var leaves: [String: ConfigJSONValue] = [:]
        func visit(_ value: ConfigJSONValue, _ key: String) {
            guard case .object(let members) = value else {
                leaves[key] = value
                return
            }
            for (name, member) in members { visit(member, key.isEmpty ? name : key + "." + name) }
        }
        visit(.object(root), "")
        return leaves
    }

    /// The value as an operator reads it: JSON's type, then the value
    /// (`a boolean (true)`, `a number (7)`, `a string ("x")`, `an array ([1, 2])`).
    var described: String {
        switch self {
        case .null: "null"
        case .boolean: "a boolean (\(text))"
        case .number: "a number (\(text))"
        case .string: "a string (\(text))"
        case .array: "an array (\(text))"
        case .object: "an object"
        }
    }

    /// The value written as JSON, shortened past 60 characters.
    private var text: String {
        let full: String = switch self {
        case .null: "null"
        case .boolean(let value): "\(value)"
        case .number(let value): Int(exactly: value).map(String.init) ?? "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let values): "[" + values.map(\.text).joined(separator: ", ") + "]"
        case .object: "{…}"
        }
        return full.count > 60 ? String(full.prefix(59)) + "…" : full
    }
}
