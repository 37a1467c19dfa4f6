import CGLayout
import Foundation

/// Reads the members of one JSON object for a decoder: typed accessors that record an issue
/// (and return `nil`) when a member is missing or of the wrong type, and a final check that
/// reports unknown keys with a suggestion.
struct ObjectReader {
    let pointer: JSONPointer
    let issues: IssueCollector
    private let members: [String: JSONValue]

    /// Reads `value` as an object; records an issue and returns `nil` if it is not one.
    init?(_ value: JSONValue, at pointer: JSONPointer, issues: IssueCollector, what: String) {
        guard case .object(let list) = value.kind else {
            issues.error(.wrongType, pointer, "\(what) must be an object, not \(value.typeDescription)", at: value.position)
            return nil
        }
        var members: [String: JSONValue] = [:]
        for member in list {
            if members[member.key] != nil {
                issues.error(.invalidValue, pointer.appending(member.key), "the key '\(member.key)' appears twice", hint: "keep one", at: member.value.position)
            }
            members[member.key] = member.value
        }
        self.pointer = pointer
        self.issues = issues
        self.members = members
    }

    /// Reports every key that is not in `allowed`, suggesting the closest allowed one.
    func rejectUnknownKeys(allowed: [String], what: String) {
        for key in members.keys.sorted() where !allowed.contains(key) {
            issues.error(.unknownKey, pointer.appending(key), "unknown key '\(key)' in \(what)", hint: hint(for: key, among: allowed),
                         at: members[key]?.position)
        }
    }

    func has(_ key: String) -> Bool { members[key] != nil }

    func value(_ key: String) -> JSONValue? { members[key] }

    func required(_ key: String, what: String) -> JSONValue? {
        guard let value = members[key] else {
            issues.error(.missingKey, pointer, "\(what) needs a '\(key)'")
            return nil
        }
        return value
    }

    func string(_ key: String, required: Bool = false, what: String) -> String? {
        guard let value = required ? self.required(key, what: what) : members[key] else { return nil }
        guard case .string(let string) = value.kind else {
            issues.error(.wrongType, pointer.appending(key), "'\(key)' must be a string, not \(value.typeDescription)", at: value.position)
            return nil
        }
        return string
    }

    func bool(_ key: String) -> Bool? {
        guard let value = members[key] else { return nil }
        guard case .bool(let flag) = value.kind else {
            issues.error(.wrongType, pointer.appending(key), "'\(key)' must be true or false, not \(value.typeDescription)", at: value.position)
            return nil
        }
        return flag
    }

    func number(_ key: String, required: Bool = false, what: String) -> Double? {
        guard let value = required ? self.required(key, what: what) : members[key] else { return nil }
        return Self.number(value, at: pointer.appending(key), issues: issues)
    }

    func array(_ key: String, required: Bool = false, what: String) -> [JSONValue]? {
        guard let value = required ? self.required(key, what: what) : members[key] else { return nil }
        guard case .array(let values) = value.kind else {
            issues.error(.wrongType, pointer.appending(key), "'\(key)' must be an array, not \(value.typeDescription)", at: value.position)
            return nil
        }
        return values
    }

    /// An array of exactly `count` numbers, such as `[w, h]`.
    func numbers(_ key: String, count: Int, meaning: String) -> [Double]? {
        guard let values = array(key, what: meaning) else { return nil }
        guard values.count == count else {
            issues.error(.wrongType, pointer.appending(key), "'\(key)' must hold \(count) numbers (\(meaning)), not \(values.count)",
                         at: members[key]?.position)
            return nil
        }
        let numbers = values.enumerated().compactMap { Self.number($1, at: pointer.appending(key).appending($0), issues: issues) }
        return numbers.count == count ? numbers : nil
    }

    /// One of a fixed set of names, such as `"vertical"`; an unknown name is reported with
    /// the closest known one.
    func choice<T>(_ key: String, what: String, _ make: (String) -> T?, names: [String]) -> T? {
        guard let name = string(key, what: what) else { return nil }
        guard let value = make(name) else {
            issues.error(.invalidValue, pointer.appending(key), "unknown \(key) '\(name)'", hint: hint(for: name, among: names),
                         at: members[key]?.position)
            return nil
        }
        return value
    }

    /// Insets written `[top, left, bottom, right]`, each 0 or more.
    func insets(_ key: String) -> EdgeInsets? {
        guard let numbers = numbers(key, count: 4, meaning: "top, left, bottom and right") else { return nil }
        if let negative = numbers.firstIndex(where: { $0 < 0 }) {
            issues.error(.outOfRange, pointer.appending(key).appending(negative), "insets cannot be negative", hint: "use 0 or more")
            return nil
        }
        return EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
    }

    /// The largest magnitude a document number may have (`docs/format.md` §1.4).
    static let numberLimit = 1e7

    /// A finite number within the document limit; records an issue otherwise.
    static func number(_ value: JSONValue, at pointer: JSONPointer, issues: IssueCollector) -> Double? {
        guard case .number(let number) = value.kind else {
            let hint = if case .string(let text) = value.kind, Double(text) != nil || text.lowercased().contains("nan") {
                "write the number without quotes; NaN and infinities are not allowed"
            } else { nil as String? }
            issues.error(.wrongType, pointer, "expected a number, not \(value.typeDescription)", hint: hint, at: value.position)
            return nil
        }
        guard abs(number) <= numberLimit else {
            issues.error(.outOfRange, pointer, "\(formatNumber(number)) is out of range", hint: "numbers must lie within ±10,000,000", at: value.position)
            return nil
        }
        return number
    }
}
