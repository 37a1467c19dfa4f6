import Foundation

extension Content: ExpressibleByDictionaryLiteral {
    /// Content written in code: `["body": .text(post.body), "photo": .size(1200, 800), "hasBadge": false]`.
    ///
    /// A slot written twice keeps its last value.
    public init(dictionaryLiteral elements: (String, SlotValue)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension SlotValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
    /// A text slot's value written as a string literal.
    public init(stringLiteral value: String) {
        self = .text(value)
    }

    /// A visibility slot's value written as `true` or `false`.
    public init(booleanLiteral value: Bool) {
        self = .flag(value)
    }

    /// An intrinsic-size slot's value: `.size(1200, 800)`.
    public static func size(_ width: Double, _ height: Double) -> SlotValue {
        .size(CGSize(width: width, height: height))
    }
}

extension Content {
    /// Content read from its JSON form without a document to check it against, for a
    /// client that sends it to `cgld`, which checks it against the registered scheme: a
    /// string is a text, `[width, height]` a size, `true` or `false` a flag.
    ///
    /// - Throws: ``ContentError`` for text that is not a JSON object, a value that is none
    ///   of those three, or a slot given twice.
    public init(json bytes: [UInt8]) throws(ContentError) {
        let root: JSONValue
        do {
            root = try JSONReader.parse(bytes, maximumDepth: 8)
        } catch {
            throw ContentError(issues: [DocumentIssue(severity: .error, code: .syntax, pointer: "", message: "invalid JSON: \(error.message)",
                                                      hint: "check the text near \(error.position)", position: error.position)])
        }
        guard case .object(let members) = root.kind else {
            throw ContentError(issues: [DocumentIssue(severity: .error, code: .wrongType, pointer: "", message: "content is a JSON object",
                                                      hint: "write {\"slot\": value, …}", position: root.position)])
        }
        var values: [String: SlotValue] = [:]
        var issues: [DocumentIssue] = []
        for member in members {
            let pointer = JSONPointer.root.appending(member.key).description
            guard values[member.key] == nil else {
                issues.append(.slotGivenTwice(member.key, position: member.value.position))
                continue
            }
            switch member.value.kind {
            case .string(let text): values[member.key] = .text(text)
            case .bool(let flag): values[member.key] = .flag(flag)
            case .array(let items) where items.count == 2:
                if case .number(let width) = items[0].kind, case .number(let height) = items[1].kind {
                    values[member.key] = .size(width, height)
                    continue
                }
                fallthrough
            default:
                issues.append(DocumentIssue(severity: .error, code: .wrongType, pointer: pointer,
                                            message: "the slot '\(member.key)' is given neither a string, a size [width, height] nor true or false",
                                            position: member.value.position))
            }
        }
        guard issues.isEmpty else { throw ContentError(issues: issues) }
        self.init(values)
    }
}
