import Foundation

extension Content {
    /// Content read from its JSON form without a document to check it against, for a
    /// program that sends it to `cgld` (`cglctl lookup --content`), which checks it against
    /// the registered scheme. (It reads JSON with the document layer's reader: `CGLClient`
    /// alone takes content made in code, not JSON text.) A
    /// string is a text, a list of run objects a text in runs, `[width, height]` a size, `true`
    /// or `false` a flag.
    ///
    /// - Throws: ``ContentError`` for text that is not a JSON object, a value that is none
    ///   of those, runs that are not written as runs, or a slot given twice.
    public init(json bytes: [UInt8]) throws(ContentError) {
        self = try Self.parse(bytes) { root throws(ContentError) in try Content(untyped: root, at: .root) }
    }

    /// A list of content items (a page of a feed) read from a JSON array of content
    /// objects, as ``init(json:)`` reads each; problems are pointed at by index (`/3/body`).
    ///
    /// - Throws: ``ContentError`` with every problem of every item.
    public static func items(json bytes: [UInt8]) throws(ContentError) -> [Content] {
        try parse(bytes) { root throws(ContentError) in
            guard case .array(let elements) = root.kind else {
                throw ContentError(issues: [DocumentIssue(severity: .error, code: .wrongType, pointer: "", message: "content items are a JSON array",
                                                          hint: "write [{\"slot\": value, …}, …]", position: root.position)])
            }
            var items: [Content] = []
            var issues: [DocumentIssue] = []
            for (index, element) in elements.enumerated() {
                do throws(ContentError) {
                    items.append(try Content(untyped: element, at: JSONPointer.root.appending(index)))
                } catch {
                    issues += error.issues
                }
            }
            guard issues.isEmpty else { throw ContentError(issues: issues) }
            return items
        }
    }

    /// Parses content's JSON text and hands its root to `body`; a syntax error is the
    /// content's one issue.
    static func parse<Value>(_ bytes: [UInt8], _ body: (JSONValue) throws(ContentError) -> Value) throws(ContentError) -> Value {
        let root: JSONValue
        do {
            root = try JSONReader.parse(bytes, maximumDepth: 8)
        } catch {
            throw ContentError(issues: [DocumentIssue(severity: .error, code: .syntax, pointer: "", message: "invalid JSON: \(error.message)",
                                                      hint: "check the text near \(error.position)", position: error.position)])
        }
        return try body(root)
    }

    /// One content object, its values' kinds told by their JSON types.
    private init(untyped value: JSONValue, at pointer: JSONPointer) throws(ContentError) {
        guard case .object(let members) = value.kind else {
            throw ContentError(issues: [DocumentIssue(severity: .error, code: .wrongType, pointer: pointer.description, message: "content is a JSON object",
                                                      hint: "write {\"slot\": value, …}", position: value.position)])
        }
        var values: [String: SlotValue] = [:]
        var issues: [DocumentIssue] = []
        for member in members {
            let slotPointer = pointer.appending(member.key).description
            guard values[member.key] == nil else {
                var issue = DocumentIssue.slotGivenTwice(member.key, position: member.value.position)
                issue.pointer = slotPointer
                issues.append(issue)
                continue
            }
            switch member.value.kind {
            case .string(let text): values[member.key] = .text(text)
            case .bool(let flag): values[member.key] = .flag(flag)
            case .array(let items) where items.count == 2 && items.allSatisfy({ if case .number = $0.kind { true } else { false } }):
                if case .number(let width) = items[0].kind, case .number(let height) = items[1].kind { values[member.key] = .size(width, height) }
            case .array(let items) where items.allSatisfy({ if case .object = $0.kind { true } else { false } }):
                let collector = IssueCollector()
                if let runs = RunListReader(issues: collector).read(member.value, at: pointer.appending(member.key)) { values[member.key] = .runs(runs) }
                issues += collector.issues
            default:
                issues.append(DocumentIssue(severity: .error, code: .wrongType, pointer: slotPointer,
                                            message: "the slot '\(member.key)' is given neither a string, runs [{\"string\": …}, …], a size [width, height] nor true or false",
                                            position: member.value.position))
            }
        }
        guard issues.isEmpty else { throw ContentError(issues: issues) }
        self.init(values)
    }
}
