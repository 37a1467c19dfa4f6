import Crypto

/// The canonical form of a scheme document and its content hash (`docs/format.md` §3).
///
/// Keys sorted (by their UTF-8 bytes), no whitespace, numbers in shortest round-trip form,
/// expressions re-printed from their parsed form, `name` and `description` left out: so
/// documents that differ only in formatting share a hash, and any change of meaning changes it.
enum CanonicalForm {
    static func text(of root: JSONValue, expressions: [JSONPointer: String]) -> String {
        var output = ""
        write(root, at: .root, expressions: expressions, into: &output)
        return output
    }

    /// `sha256:` and the lowercase hex digest of the canonical text.
    static func hash(of text: String) -> String {
        let digest = SHA256.hash(data: Array(text.utf8))
        return "sha256:" + digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    private static func write(_ value: JSONValue, at pointer: JSONPointer, expressions: [JSONPointer: String], into output: inout String) {
        switch value.kind {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += formatNumber(number)
        case .string(let string): output += JSONText.string(expressions[pointer] ?? string)
        case .array(let values):
            output += "["
            for (index, element) in values.enumerated() {
                if index > 0 { output += "," }
                write(element, at: pointer.appending(index), expressions: expressions, into: &output)
            }
            output += "]"
        case .object(let members):
            let excluded: Set<String> = pointer == .root ? ["name", "description"] : []
            let sorted = members.filter { !excluded.contains($0.key) }.map { (bytes: Array($0.key.utf8), member: $0) }
                .sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }.map(\.member)
            output += "{"
            for (index, member) in sorted.enumerated() {
                if index > 0 { output += "," }
                output += JSONText.string(member.key) + ":"
                write(member.value, at: pointer.appending(member.key), expressions: expressions, into: &output)
            }
            output += "}"
        }
    }
}
