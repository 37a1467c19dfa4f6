/// A JSON pointer (RFC 6901): `/blocks/3/constraints/0`.
struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    private(set) var tokens: [String] = []

    static let root = JSONPointer()

    func appending(_ key: String) -> JSONPointer {
        var copy = self
        copy.tokens.append(key)
        return copy
    }

    func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

    var description: String {
        tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
