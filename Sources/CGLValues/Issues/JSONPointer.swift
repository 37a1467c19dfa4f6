/// A JSON pointer (RFC 6901): `/blocks/3/constraints/0`.
///
/// It keeps its text as it grows: validation makes one pointer per value it visits, and
/// most are only ever used as a dictionary key or printed.
package struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    package private(set) var description: String = ""

    package static let root = JSONPointer()

    package func appending(_ key: String) -> JSONPointer {
        var copy = self
        copy.description += "/"
        if key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
            for character in key {
                switch character {
                case "~": copy.description += "~0"
                case "/": copy.description += "~1"
                default: copy.description.append(character)
                }
            }
        } else {
            copy.description += key
        }
        return copy
    }

    package func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

    /// The reference tokens, unescaped.
    package var tokens: [String] {
        description.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            String($0).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }
}
