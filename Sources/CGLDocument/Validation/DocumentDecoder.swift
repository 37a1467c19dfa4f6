import CGLText
import CGLayout
import Foundation

/// Reads a scheme document's JSON into the validated model, collecting every issue
/// (`docs/format.md` §1, §4), and records the canonical form of each expression.
final class DocumentDecoder {
    static let format = "cglayout/1"
    static let maximumSchemeDepth = 64
    /// `[a-z0-9][a-z0-9._-]{0,63}` (`docs/format.md` §1).
    static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= 64, isLowercase(first) || isDigit(first) else { return false }
        return bytes.dropFirst().allSatisfy { isLowercase($0) || isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// `[A-Za-z_][A-Za-z0-9_.-]{0,63}` (`docs/format.md` §1).
    static func isValidID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard let first = bytes.first, bytes.count <= 64, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.dropFirst().allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }

    private static func isLowercase(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
    private static func isLetter(_ byte: UInt8) -> Bool { isLowercase(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    let issues: IssueCollector
    lazy var terms = TermResolver(issues: issues)
    lazy var relations = RelationResolver(terms: terms)
    /// Elements by id, as declared so far.
    var elements: [String: ElementSpec] = [:]
    var elementOrder: [ElementSpec] = []
    /// Block ids seen, with where.
    var blockIDs: [String: JSONPointer] = [:]
    /// The canonical text of each expression string, by its pointer.
    var canonicalExpressions: [JSONPointer: String] = [:]
    /// The document's text styles, by name.
    var styles: [String: TextStyle] = [:]
    /// The names declared in 'styles', valid or not (an invalid one is reported once, where it is declared).
    var declaredStyles: Set<String> = []
    /// The longest styled text measured, in UTF-16 units: a label, not a book.
    static let maximumTextLength = 65_536
    /// The slots declared so far, with where each was first declared.
    var slots: [String: (slot: Slot, pointer: JSONPointer)] = [:]

    struct Result {
        var name: String
        var description: String?
        var elements: [ElementSpec]
        var blocks: [BlockSpec]
        var variants: [VariantSpec]
        var styles: [String: TextStyle]
        var slots: [Slot]
    }

    /// How large the document may be.
    let limits: SchemeDocument.Limits
    /// Blocks and equations decoded so far, against `limits`.
    var blockCount = 0
    var equationCount = 0

    /// The profiles the document is checked against: a variant naming another gets a warning.
    let profileNames: [String]

    init(root: JSONValue, limits: SchemeDocument.Limits = SchemeDocument.Limits(), profileNames: [String] = ProfileSet.defaults.names) {
        issues = IssueCollector(root: root)
        self.limits = limits
        self.profileNames = profileNames
    }

    /// Reports that the document has more of `what` than `limit` allows (`key` in cgld's
    /// configuration), at `pointer`.
    func reportLimit(_ what: String, count: String, limit: Int, key: String, at pointer: JSONPointer) {
        issues.error(.tooLarge, pointer, "the document has \(count) \(what); the limit is \(limit) (\(key))",
                     hint: "split the layout into several schemes, or raise \(key) in cgld's configuration")
    }

    /// Decodes the top-level object; `nil` when it is not an object at all.
    func decode(_ root: JSONValue) -> Result? {
        guard let object = ObjectReader(root, at: .root, issues: issues, what: "a scheme document") else { return nil }
        object.rejectUnknownKeys(allowed: ["format", "name", "description", "styles", "elements", "blocks", "variants"], what: "the document")
        if let format = object.string("format", required: true, what: "the document"), format != Self.format {
            issues.error(.invalidValue, JSONPointer.root.appending("format"), "unknown format '\(format)'", hint: "this version reads \"\(Self.format)\"")
        }
        let name = object.string("name", required: true, what: "the document") ?? ""
        if object.has("name"), !Self.isValidName(name) {
            issues.error(.invalidValue, JSONPointer.root.appending("name"), "the name '\(name)' is not allowed",
                         hint: "use 1 to 64 characters: lowercase letters, digits, '.', '_' and '-', starting with a letter or digit")
        }
        let description = object.string("description", what: "the document")
        styles = object.value("styles").map { decodeStyles($0, at: JSONPointer.root.appending("styles")) } ?? [:]
        var isCutOff = false
        if let list = object.array("elements", required: true, what: "the document") {
            isCutOff = !decodeElements(list, at: JSONPointer.root.appending("elements"))
        }
        let blockList = object.array("blocks", required: true, what: "the document")
        // Over the elements' limit, no element is declared: the blocks and variants, which
        // name elements throughout, would report each one unknown. The limit alone is what
        // is wrong.
        guard !isCutOff else { return nil }
        let blocks = blockList.map { decodeBlocks($0, at: JSONPointer.root.appending("blocks"), depth: 1) } ?? []
        let variants = object.array("variants", what: "the document").map { decodeVariants($0, at: JSONPointer.root.appending("variants")) } ?? []
        checkBoxTrees(blocks: blocks, variants: variants)
        return Result(name: name, description: description, elements: elementOrder, blocks: blocks, variants: variants, styles: styles,
                      slots: slots.values.map(\.slot).sorted { $0.name < $1.name })
    }

    // MARK: Elements

    /// Declares the elements of `list`; false, with the limit reported and nothing
    /// declared, when there are more than the limit allows.
    private func decodeElements(_ list: [JSONValue], at pointer: JSONPointer) -> Bool {
        guard list.count <= limits.maximumElements else {
            reportLimit("elements", count: "\(list.count)", limit: limits.maximumElements, key: "limits.maxDocumentElements", at: pointer)
            return false
        }
        for (index, value) in list.enumerated() {
            if let element = decodeElement(value, at: pointer.appending(index)) {
                elements[element.id] = element
                elementOrder.append(element)
            }
        }
        // Items may be declared after their stack: check them once every element is known.
        var stackOf: [String: String] = [:]
        for element in elementOrder {
            guard let stack = element.stack else { continue }
            checkItems(stack.items, at: stack.pointer.appending("items"), parent: element.parent, container: element.id, what: "stack")
            for (index, item) in stack.items.enumerated() {
                if let other = stackOf[item] {
                    issues.error(.invalidValue, stack.pointer.appending("items").appending(index),
                                 "'\(item)' is already an item of the stack '\(other)'", hint: "an element belongs to one stack at most")
                }
                stackOf[item] = element.id
            }
        }
        return true
    }

    private func decodeElement(_ value: JSONValue, at pointer: JSONPointer) -> ElementSpec? {
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: "an element") else { return nil }
        object.rejectUnknownKeys(allowed: ["id", "parent", "kind", "intrinsicSize", "text", "boundsOrigin", "stack", "scroll", "visible", "box"], what: "an element")
        guard let id = object.string("id", required: true, what: "an element"), validID(id, at: pointer.appending("id")) else { return nil }
        if let earlier = elements[id] {
            issues.error(.duplicateId, pointer.appending("id"), "the id '\(id)' is already used by \(earlier.pointer)", hint: "give every element its own id")
            return nil
        }
        let parent = decodeParent(object, id: id, at: pointer)
        let kind = decodeKind(object, at: pointer)
        var size: CGSize?
        var sizeSlot: SizeSlotSpec?
        if let value = object.value("intrinsicSize"), case .object = value.kind {
            (size, sizeSlot) = decodeSizeSlot(value, at: pointer.appending("intrinsicSize")) ?? (nil, nil)
        } else if let numbers = object.numbers("intrinsicSize", count: 2, meaning: "width and height") {
            if numbers.contains(where: { $0 < 0 }) {
                issues.error(.outOfRange, pointer.appending("intrinsicSize"), "a size cannot be negative: [\(formatNumber(numbers[0])), \(formatNumber(numbers[1]))]",
                             hint: "give a width and a height of 0 or more")
            } else {
                size = CGSize(width: numbers[0], height: numbers[1])
            }
        }
        let textValue = object.value("text")
        if textValue != nil, object.has("intrinsicSize") {
            issues.error(.incompatible, pointer.appending("intrinsicSize"), "an element measures its text or its intrinsic size, not both",
                         hint: "keep 'text' for a label, 'intrinsicSize' for an image or a fixed view")
        }
        var textSlot: TextSlotSpec?
        let styledText = textValue.flatMap { styledTextSpec($0, at: pointer.appending("text"), slot: &textSlot) }
        let text = styledText == nil ? textValue.flatMap { decodeText($0, at: pointer.appending("text")) } : nil
        var boundsOrigin = CGPoint.zero
        if let numbers = object.numbers("boundsOrigin", count: 2, meaning: "x and y") { boundsOrigin = CGPoint(x: numbers[0], y: numbers[1]) }
        let resolvedKind = kind ?? .view
        if resolvedKind != .view {
            let hint = resolvedKind == .scroll ? "a scroll's offset is 'scroll.contentOffset'" : "make '\(id)' a view, or remove it"
            for key in ["intrinsicSize", "text", "boundsOrigin"] where object.has(key) {
                issues.error(.incompatible, pointer.appending(key), "a \(resolvedKind.rawValue) has no '\(key)'", hint: hint)
            }
        }
        for (key, owner) in [("stack", ElementSpec.Kind.stack), ("scroll", .scroll)] {
            if object.has(key), kind != nil, resolvedKind != owner {
                issues.error(.incompatible, pointer.appending(key), "'\(key)' belongs to elements of kind '\(owner.rawValue)'",
                             hint: "add \"kind\": \"\(owner.rawValue)\" or remove '\(key)'")
            } else if object.has(key), kind == nil {
                issues.error(.incompatible, pointer.appending(key), "'\(key)' belongs to elements of kind '\(owner.rawValue)'",
                             hint: "add \"kind\": \"\(owner.rawValue)\"")
            } else if resolvedKind == owner, !object.has(key) {
                let needs = owner == .stack ? "its 'items'" : "its 'contentSize'"
                issues.error(.missingKey, pointer, "a \(owner.rawValue) needs '\(key)' with \(needs)")
            }
        }
        let stack = resolvedKind == .stack ? object.value("stack").flatMap { decodeStack($0, at: pointer.appending("stack"), what: "'stack'") } : nil
        let scroll = resolvedKind == .scroll ? object.value("scroll").flatMap { decodeScroll($0, at: pointer.appending("scroll")) } : nil
        let measures = resolvedKind == .view
        let visibleSlot = object.value("visible").flatMap { decodeVisibleSlot($0, at: pointer.appending("visible")) }
        let box = object.value("box").flatMap { BoxStyleReader(issues: issues).read($0, at: pointer.appending("box")) }
        if object.has("box"), resolvedKind != .view {
            issues.error(.incompatible, pointer.appending("box"), "a \(resolvedKind.rawValue) cannot be in a box tree; boxes are views",
                         hint: "make '\(id)' a view, or remove 'box'")
        }
        return ElementSpec(id: id, parent: parent ?? ReservedID.root, kind: resolvedKind, intrinsicSize: measures ? size : nil,
                           text: measures ? text : nil, styledText: measures ? styledText : nil,
                           textSlot: measures ? textSlot : nil, sizeSlot: measures ? sizeSlot : nil, visibleSlot: visibleSlot,
                           boundsOrigin: scroll?.contentOffset ?? (measures ? boundsOrigin : .zero),
                           stack: stack, scroll: scroll, box: box, pointer: pointer)
    }

    private func decodeParent(_ object: ObjectReader, id: String, at pointer: JSONPointer) -> String? {
        guard let parent = object.string("parent", what: "an element") else { return nil }
        let at = pointer.appending("parent")
        if parent == ReservedID.safeArea {
            issues.error(.invalidValue, at, "'$safeArea' is a guide and cannot contain elements",
                         hint: "make '\(id)' a child of '$root' and constrain it to '$safeArea'")
            return nil
        }
        if parent == ReservedID.root { return parent }
        if parent == id {
            issues.error(.invalidValue, at, "'\(id)' cannot be its own parent")
            return nil
        }
        guard let element = elements[parent] else {
            let declaredLater = "declare '\(parent)' before '\(id)' (parents come first, so the tree has no cycles)"
            issues.error(.unknownElement, at, "the parent '\(parent)' is not declared before '\(id)'",
                         hint: suggestion(for: parent, among: elements.keys).map { "did you mean '\($0)'? Otherwise \(declaredLater)" } ?? declaredLater)
            return nil
        }
        guard element.canContainElements else {
            issues.error(.incompatible, at, "'\(parent)' is a \(element.kind.rawValue) and cannot contain elements",
                         hint: element.kind == .stack ? "make '\(id)' a sibling of '\(parent)' and list it in its 'items'" : "choose a view or a scroll as the parent")
            return nil
        }
        return parent
    }

    private func decodeKind(_ object: ObjectReader, at pointer: JSONPointer) -> ElementSpec.Kind? {
        guard let name = object.string("kind", what: "an element") else { return nil }
        guard let kind = ElementSpec.Kind(rawValue: name) else {
            issues.error(.invalidValue, pointer.appending("kind"), "unknown kind '\(name)'",
                         hint: hint(for: name, among: ElementSpec.Kind.allCases.map(\.rawValue)))
            return nil
        }
        return kind
    }

    /// Text in a real font: `{"string": "…", "style": "body"}`, in runs,
    /// `{"runs": [...], "style": "body"}`, or from a slot, `{"slot": "body", "default": "…" or
    /// [runs], "style": "body"}`; `nil` (and nothing reported) when the text names no style,
    /// runs or slot, which makes it monospace.
    private func styledTextSpec(_ value: JSONValue, at pointer: JSONPointer, slot: inout TextSlotSpec?) -> StyledTextSpec? {
        guard case .object(let members) = value.kind, members.contains(where: { ["style", "slot", "runs"].contains($0.key) }),
              let object = ObjectReader(value, at: pointer, issues: issues, what: "'text'") else { return nil }
        object.rejectUnknownKeys(allowed: ["string", "runs", "style", "slot", "default", "length", "advance", "lineHeight"], what: "'text' with a style")
        for key in ["length", "advance", "lineHeight"] where object.has(key) {
            issues.error(.incompatible, pointer.appending(key), "'\(key)' belongs to monospace text; a styled text measures in its style's font",
                         hint: key == "length" ? "give the text as 'string'" : "set it in the style, or remove 'style'")
        }
        if !object.has("style") {
            issues.error(.missingKey, pointer, "a text \(object.has("slot") ? "from a slot" : "in runs") needs a 'style'",
                         hint: "name one of the document's 'styles': the text's own, which runs without a style take")
        }
        let text: SlotValue?
        let textKey: String
        if let name = object.string("slot", what: "'text'") {
            for key in ["string", "runs"] where object.has(key) {
                issues.error(.incompatible, pointer.appending(key), "a text from a slot has a 'default', not \(key == "string" ? "a 'string'" : "'runs'")",
                             hint: "rename '\(key)' to 'default'")
            }
            textKey = "default"
            if let value = object.value("default") {
                text = textValue(value, at: pointer.appending("default"))
            } else {
                issues.error(.missingKey, pointer, "a text from a slot needs a 'default'", hint: "the text to lay out without content: a string or runs")
                text = nil
            }
            if let text { declareSlot(name, text, at: pointer.appending("slot")) }
            slot = TextSlotSpec(slot: name)
        } else {
            if object.has("default") {
                issues.error(.incompatible, pointer.appending("default"), "'default' belongs to a text from a slot", hint: "add \"slot\": NAME, or write the text as 'string'")
            }
            switch (object.value("string"), object.value("runs")) {
            case (.some, .some):
                issues.error(.incompatible, pointer.appending("runs"), "a text is a 'string' or 'runs', not both", hint: "keep one")
                (text, textKey) = (nil, "string")
            case (nil, let runs?):
                (text, textKey) = (RunListReader(issues: issues).read(runs, at: pointer.appending("runs")).map { .runs($0) }, "runs")
            default:
                (text, textKey) = (object.string("string", required: true, what: "'text' with a style").map { .text($0) }, "string")
            }
        }
        switch text {
        case .text(let string)? where string.utf16.count > Self.maximumTextLength:
            issues.error(.tooLarge, pointer.appending(textKey),
                         "the text is \(string.utf16.count) UTF-16 units long; at most \(Self.maximumTextLength) are measured",
                         hint: "split it into several elements, or lay out an excerpt")
        case .runs(let runs)?:
            RunChecks.check(runs, at: pointer.appending(textKey), styles: declaredStyles, into: issues)
        default:
            break
        }
        guard let name = object.string("style", what: "'text'") else { return StyledTextSpec(value: text ?? .text(""), style: "") }
        if !declaredStyles.contains(name) {
            let hint = styles.isEmpty ? "declare it in the document's 'styles'" : suggestion(for: name, among: styles.keys).map { "did you mean '\($0)'?" } ?? "declare it in 'styles'"
            issues.error(.invalidValue, pointer.appending("style"), "unknown text style '\(name)'", hint: hint)
        }
        return StyledTextSpec(value: text ?? .text(""), style: name)
    }

    /// A text's string, or its runs.
    private func textValue(_ value: JSONValue, at pointer: JSONPointer) -> SlotValue? {
        if case .string(let string) = value.kind { return .text(string) }
        if case .array = value.kind { return RunListReader(issues: issues).read(value, at: pointer).map { .runs($0) } }
        issues.error(.wrongType, pointer, "a text is a string or a list of runs, not \(value.typeDescription)", at: value.position)
        return nil
    }

    /// An intrinsic size from a slot: `{"slot": "photo", "default": [1200, 800]}`, with an
    /// optional `"width"` at which the size's aspect is shown: a number, or `"fill"` for the
    /// width the element is laid out at. Returns the default's intrinsic size and the slot.
    private func decodeSizeSlot(_ value: JSONValue, at pointer: JSONPointer) -> (CGSize, SizeSlotSpec)? {
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: "'intrinsicSize'") else { return nil }
        object.rejectUnknownKeys(allowed: ["slot", "default", "width"], what: "an 'intrinsicSize' from a slot")
        let name = object.string("slot", required: true, what: "an 'intrinsicSize' from a slot")
        let numbers = object.numbers("default", count: 2, meaning: "width and height")
        if !object.has("default") {
            issues.error(.missingKey, pointer, "an 'intrinsicSize' from a slot needs a 'default'", hint: "the size to lay out without content, such as [1200, 800]")
        }
        if let numbers, numbers.contains(where: { $0 < 0 }) {
            issues.error(.outOfRange, pointer.appending("default"), "a size cannot be negative")
        }
        var width = SizeSlotSpec.Width.natural
        if case .string(let text)? = object.value("width")?.kind {
            if text == "fill" {
                width = .fill
            } else {
                issues.error(.invalidValue, pointer.appending("width"), "'width' is a number of points or \"fill\", not \"\(text)\"",
                             hint: "\"fill\" shows the size's aspect at the width the element is laid out at")
            }
        } else if let number = object.number("width", what: "an 'intrinsicSize' from a slot") {
            if number < 0 { issues.error(.outOfRange, pointer.appending("width"), "the width cannot be negative") }
            width = .fixed(CGFloat(number))
        }
        guard let name, let numbers else { return nil }
        let size = CGSize(width: numbers[0], height: numbers[1])
        declareSlot(name, .size(size), at: pointer.appending("slot"))
        let spec = SizeSlotSpec(slot: name, width: width)
        return (spec.intrinsicSize(for: size), spec)
    }

    /// Whether an element shows, from a slot: `{"slot": "hasBadge", "default": true}`.
    private func decodeVisibleSlot(_ value: JSONValue, at pointer: JSONPointer) -> String? {
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: "'visible'") else { return nil }
        object.rejectUnknownKeys(allowed: ["slot", "default"], what: "'visible'")
        let name = object.string("slot", required: true, what: "'visible'")
        let flag = object.bool("default")
        if !object.has("default") {
            issues.error(.missingKey, pointer, "'visible' needs a 'default'", hint: "true to show the element without content")
        }
        guard let name, let flag else { return nil }
        declareSlot(name, .flag(flag), at: pointer.appending("slot"))
        return name
    }

    /// Records a slot; a name used again must be of the same kind with the same default.
    private func declareSlot(_ name: String, _ value: SlotValue, at pointer: JSONPointer) {
        guard validSlotName(name, at: pointer) else { return }
        guard let earlier = slots[name] else {
            slots[name] = (Slot(name: name, kind: value.kind, defaultValue: value), pointer)
            return
        }
        if earlier.slot.kind != value.kind {
            issues.error(.incompatible, pointer, "the slot '\(name)' is \(earlier.slot.kind.spelling) at \(earlier.pointer), not \(value.kind.spelling)",
                         hint: "give this slot another name")
        } else if earlier.slot.defaultValue != value {
            issues.error(.incompatible, pointer, "the slot '\(name)' has another default at \(earlier.pointer)",
                         hint: "a slot has one default; use the same one, or another name")
        }
    }

    /// Slot names are ids: letters, digits, '_', '.' and '-', starting with a letter or '_'.
    private func validSlotName(_ name: String, at pointer: JSONPointer) -> Bool {
        let bytes = Array(name.utf8)
        let valid = (1...64).contains(bytes.count) && (Self.isLetter(bytes[0]) || bytes[0] == UInt8(ascii: "_"))
            && bytes.allSatisfy { Self.isLetter($0) || Self.isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
        if !valid {
            issues.error(.invalidValue, pointer, "the slot name '\(name)' is not allowed",
                         hint: "use 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or '_'")
        }
        return valid
    }

    private func decodeText(_ value: JSONValue, at pointer: JSONPointer) -> TextMetrics? {
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: "'text'") else { return nil }
        object.rejectUnknownKeys(allowed: ["length", "string", "advance", "lineHeight"], what: "'text'")
        let advance = object.number("advance", required: true, what: "'text'")
        let lineHeight = object.number("lineHeight", required: true, what: "'text'")
        if let advance, advance <= 0 {
            issues.error(.outOfRange, pointer.appending("advance"), "the advance must be positive", hint: "the width of one glyph, such as 7")
        }
        if let lineHeight, lineHeight < 0 {
            issues.error(.outOfRange, pointer.appending("lineHeight"), "the line height cannot be negative")
        }
        var length: Int?
        var words: [TextMetrics.Word]?
        switch (object.value("length"), object.string("string", what: "'text'")) {
        case (.some, .some):
            issues.error(.invalidValue, pointer, "'text' has both 'length' and 'string'", hint: "keep one")
        case (.some, nil):
            if let number = object.number("length", what: "'text'") {
                if number < 0 || number != number.rounded() {
                    issues.error(.outOfRange, pointer.appending("length"), "the length must be a whole number of glyphs, 0 or more")
                } else {
                    length = Int(number)
                }
            }
        case (nil, .some(let string)):
            length = string.count
            // Inside a box tree, text wraps between words (docs/format.md §1.9).
            words = TextMetrics(wrappingWords: string, advance: 1, lineHeight: 0).words
        case (nil, nil):
            issues.error(.missingKey, pointer, "'text' needs a 'length' or a 'string'")
        }
        guard let advance, advance > 0, let lineHeight, lineHeight >= 0, let length else { return nil }
        var metrics = TextMetrics(length: length, advance: advance, lineHeight: lineHeight)
        metrics.words = words
        return metrics
    }

    // MARK: Helpers

    func validID(_ id: String, at pointer: JSONPointer) -> Bool {
        if id.hasPrefix("$") {
            issues.error(.invalidValue, pointer, "the id '\(id)' is reserved", hint: "'$root' and '$safeArea' are predefined; choose another id")
            return false
        }
        guard Self.isValidID(id) else {
            issues.error(.invalidValue, pointer, "the id '\(id)' is not allowed",
                         hint: "use 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or '_'")
            return false
        }
        return true
    }

    /// Parses an expression string, recording its canonical form or an issue.
    func expression(_ value: JSONValue, at pointer: JSONPointer, what: String) -> Expression? {
        guard case .string(let text) = value.kind else {
            let hint = if case .number(let number) = value.kind { "write it as a term in a string, such as \"fixed(\(formatNumber(number)))\"" } else { nil as String? }
            issues.error(.wrongType, pointer, "\(what) must be a string, not \(value.typeDescription)", hint: hint, at: value.position)
            return nil
        }
        do {
            let parsed = try ExpressionParser.parse(text)
            guard numbersWithinLimit(parsed, at: pointer) else { return nil }
            canonicalExpressions[pointer] = parsed.canonical
            return parsed
        } catch {
            issues.error(.expression, pointer, "cannot read \(what) '\(text)': \(error.message) (character \(error.offset + 1))", at: value.position)
            return nil
        }
    }

    private func numbersWithinLimit(_ expression: Expression, at pointer: JSONPointer) -> Bool {
        func numbers(_ term: Term) -> [Double] {
            (term.arguments ?? []).flatMap { argument -> [Double] in
                switch argument.value {
                case .number(let value): [value]
                case .range(let lower, let upper): [lower, upper]
                case .term(let inner): numbers(inner)
                }
            }
        }
        guard let bad = expression.terms.flatMap(numbers).first(where: { abs($0) > ObjectReader.numberLimit }) else { return true }
        issues.error(.outOfRange, pointer, "\(formatNumber(bad)) is out of range", hint: "numbers must lie within ±10,000,000")
        return false
    }
}
