public import Foundation

extension Content {
    /// Content read from its JSON form and checked against `document`'s slots.
    ///
    /// - Throws: ``ContentError`` with every problem: not an object, an unknown slot (with
    ///   the closest name), a value of the wrong kind, a text over the limit, a size that is
    ///   not finite or negative.
    public init(json: Data, for document: SchemeDocument, limits: Limits = Limits()) throws(ContentError) {
        try self.init(bytes: Array(json), for: document, limits: limits)
    }

    /// Content read from JSON text; see ``init(json:for:limits:)-(Data,_,_)``.
    public init(json: String, for document: SchemeDocument, limits: Limits = Limits()) throws(ContentError) {
        try self.init(bytes: Array(json.utf8), for: document, limits: limits)
    }

    private init(bytes: [UInt8], for document: SchemeDocument, limits: Limits) throws(ContentError) {
        let root = try Self.parse(bytes) { $0 }
        guard case .object(let members) = root.kind else {
            throw ContentError(issues: [DocumentIssue(severity: .error, code: .wrongType, pointer: "", message: "content is a JSON object",
                                                      hint: "write {\"slot\": value, …}", position: root.position)])
        }
        var values: [String: SlotValue] = [:]
        var issues: [DocumentIssue] = []
        let kinds = document.slotKinds
        var seen: Set<String> = []
        for member in members {
            let pointer = JSONPointer.root.appending(member.key)
            guard seen.insert(member.key).inserted else {
                issues.append(.slotGivenTwice(member.key, position: member.value.position))
                continue
            }
            guard let kind = kinds[member.key] else {
                issues.append(Self.unknownSlot(member.key, pointer: pointer.description, document: document, position: member.value.position))
                continue
            }
            if kind == .text, case .array = member.value.kind {
                let collector = IssueCollector()
                if let runs = RunListReader(issues: collector).read(member.value, at: pointer) { values[member.key] = .runs(runs) }
                issues += collector.issues
                continue
            }
            switch Self.value(member.value, kind: kind) {
            case .some(let value): values[member.key] = value
            case nil:
                issues.append(DocumentIssue(severity: .error, code: .wrongType, pointer: pointer.description,
                                            message: "the slot '\(member.key)' takes \(kind.spelling)", position: member.value.position))
            }
        }
        let content = Content(values)
        issues += content.problems(for: document, limits: limits)
        guard issues.isEmpty else { throw ContentError(issues: issues) }
        self = content
    }

    /// Checks content made in code against `document`'s slots.
    ///
    /// - Throws: ``ContentError`` as ``init(json:for:limits:)-(Data,_,_)`` does.
    public func validate(for document: SchemeDocument, limits: Limits = Limits()) throws(ContentError) {
        let problems = problems(for: document, limits: limits)
        guard problems.isEmpty else { throw ContentError(issues: problems) }
    }

    /// The content without the values equal to the slots' defaults: the same layout, and
    /// no content at all when it only repeats the document. Its ``digest`` is the one a
    /// snapshot's key carries.
    public func normalized(for document: SchemeDocument) -> Content {
        var kept = values
        // Byte for byte, as the digest sees values: a text canonically equivalent to the
        // default but written otherwise (NFD for NFC) is content of its own.
        for slot in document.slots where kept[slot.name].map({ $0.isIdentical(to: slot.defaultValue) }) == true {
            kept[slot.name] = nil
        }
        return kept.count == values.count ? self : Content(kept)
    }

    private func problems(for document: SchemeDocument, limits: Limits) -> [DocumentIssue] {
        // The usual case, content that fits, is checked without allocating: a lookup with
        // content does this every time. Problems are then described by the full pass.
        guard !values.allSatisfy({ Self.fits($0.value, document.slotKinds[$0.key], document: document, limits: limits) }) else { return [] }
        let kinds = document.slotKinds
        var issues: [DocumentIssue] = []
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            let pointer = JSONPointer.root.appending(name).description
            guard let kind = kinds[name] else {
                issues.append(Self.unknownSlot(name, pointer: pointer, document: document, position: nil))
                continue
            }
            guard kind == value.kind else {
                issues.append(DocumentIssue(severity: .error, code: .wrongType, pointer: pointer, message: "the slot '\(name)' takes \(kind.spelling)"))
                continue
            }
            switch value {
            case .runs(let runs):
                let collector = IssueCollector()
                RunChecks.check(runs, at: JSONPointer.root.appending(name), styles: document.styles.keys, maximumBytes: limits.maximumTextBytes, into: collector)
                issues += collector.issues
            case .text(let text) where text.utf8.count > limits.maximumTextBytes:
                issues.append(DocumentIssue(severity: .error, code: .tooLarge, pointer: pointer,
                                            message: "the text is \(text.utf8.count) bytes; at most \(limits.maximumTextBytes) are accepted",
                                            hint: "send an excerpt"))
            case .text(let text) where text.utf16.count > DocumentDecoder.maximumTextLength:
                issues.append(DocumentIssue(severity: .error, code: .tooLarge, pointer: pointer,
                                            message: "the text is \(text.utf16.count) UTF-16 units long; at most \(DocumentDecoder.maximumTextLength) are measured"))
            case .size(let size) where !(0 ... ObjectReader.numberLimit).contains(size.width) || !(0 ... ObjectReader.numberLimit).contains(size.height):
                issues.append(DocumentIssue(severity: .error, code: .outOfRange, pointer: pointer,
                                            message: "a size is two numbers from 0 to \(formatNumber(ObjectReader.numberLimit)); this one is [\(formatNumber(size.width)), \(formatNumber(size.height))]"))
            default:
                break
            }
        }
        return issues
    }

    /// Whether `value` fits a slot of `kind` (nil: no such slot) within `limits`.
    private static func fits(_ value: SlotValue, _ kind: Slot.Kind?, document: SchemeDocument, limits: Limits) -> Bool {
        guard let kind, kind == value.kind else { return false }
        switch value {
        case .runs(let runs):
            return RunChecks.check(runs, at: .root, styles: document.styles.keys, maximumBytes: limits.maximumTextBytes, into: nil)
        case .text(let text):
            // A text has no more UTF-16 units than UTF-8 bytes: counting the units (slow for
            // non-ASCII text) is needed only past the limit in bytes.
            let bytes = text.utf8.count
            return bytes <= limits.maximumTextBytes && (bytes <= DocumentDecoder.maximumTextLength || text.utf16.count <= DocumentDecoder.maximumTextLength)
        case .size(let size): return (0 ... ObjectReader.numberLimit).contains(size.width) && (0 ... ObjectReader.numberLimit).contains(size.height)
        case .flag: return true
        }
    }

    private static func unknownSlot(_ name: String, pointer: String, document: SchemeDocument, position: TextPosition?) -> DocumentIssue {
        let names = document.slots.map(\.name)
        let hint = names.isEmpty ? "the scheme '\(document.name)' has no slots"
            : suggestion(for: name, among: names).map { "did you mean '\($0)'?" } ?? "its slots are " + names.map { "'\($0)'" }.joined(separator: ", ")
        return DocumentIssue(severity: .error, code: .unknownKey, pointer: pointer, message: "the scheme '\(document.name)' has no slot '\(name)'",
                             hint: hint, position: position)
    }

    /// A JSON value as a slot of `kind` holds it; nil when it is of another kind.
    private static func value(_ json: JSONValue, kind: Slot.Kind) -> SlotValue? {
        switch (kind, json.kind) {
        case (.text, .string(let text)): return .text(text)
        case (.flag, .bool(let flag)): return .flag(flag)
        case (.size, .array(let items)):
            guard items.count == 2, case .number(let width) = items[0].kind, case .number(let height) = items[1].kind else { return nil }
            return .size(CGSize(width: width, height: height))
        default:
            return nil
        }
    }
}
