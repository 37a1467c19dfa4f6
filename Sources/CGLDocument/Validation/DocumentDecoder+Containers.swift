import CGLayout
import Foundation

/// Stacks, scrolls and flex blocks (`docs/format.md` §1.1, §1.2, §1.5).
extension DocumentDecoder {
    // MARK: Stacks

    /// The settings of a stack element or a bare stack block.
    func decodeStack(_ value: JSONValue, at pointer: JSONPointer, what: String) -> StackSpec? {
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: what) else { return nil }
        object.rejectUnknownKeys(allowed: ["axis", "spacing", "filling", "alignment", "direction", "crossAlignment", "insets", "items"], what: what)
        var stack = StackSpec(pointer: pointer)
        var valid = true
        /// Reads a setting that is present into `target`; a bad value makes the stack invalid.
        func setting<T>(_ key: String, _ target: inout T, _ read: (JSONValue, JSONPointer) -> T?) {
            guard let value = object.value(key) else { return }
            if let result = read(value, pointer.appending(key)) { target = result } else { valid = false }
        }
        let directions: [String: StackLayoutScheme.Direction] = ["fromLeading": .fromLeading, "fromTrailing": .fromTrailing, "fromCenter": .fromCenter]
        let crossAlignments: [String: StackLayoutScheme.CrossAlignment] = ["fill": .fill, "leading": .leading, "center": .center, "trailing": .trailing]
        setting("axis", &stack.axis) { _, _ in object.choice("axis", what: what, { ["horizontal": .horizontal, "vertical": .vertical][$0] }, names: ["horizontal", "vertical"]) }
        setting("direction", &stack.direction) { _, _ in object.choice("direction", what: what, { directions[$0] }, names: directions.keys.sorted()) }
        setting("crossAlignment", &stack.crossAlignment) { _, _ in
            object.choice("crossAlignment", what: what, { crossAlignments[$0] }, names: ["fill", "leading", "center", "trailing"])
        }
        setting("spacing", &stack.spacing) { term($0, at: $1, what: "the spacing", forms: Self.spacingForms) }
        setting("filling", &stack.filling) { term($0, at: $1, what: "the filling", forms: Self.fillingForms) }
        setting("alignment", &stack.alignment) { term($0, at: $1, what: "the alignment", forms: Self.stackAlignmentForms) }
        setting("insets", &stack.insets) { _, _ in object.insets("insets") }
        if let list = object.array("items", required: true, what: what) {
            stack.items = itemIDs(list, at: pointer.appending("items"))
            if stack.items.count != list.count { valid = false }
        } else {
            valid = false
        }
        return valid ? stack : nil
    }

    private func term<T>(_ value: JSONValue, at pointer: JSONPointer, what: String, forms: [String: [TermResolver.Form<T>]]) -> T? {
        guard let parsed = expression(value, at: pointer, what: what), let term = terms.single(parsed, at: pointer, what: what) else { return nil }
        return terms.resolve(term, forms: forms, context: what, pointer: pointer)
    }

    static let spacingForms: [String: [TermResolver.Form<StackLayoutScheme.Spacing>]] = [
        "equally": [TermResolver.Form(signature: .none) { _ in .equally }],
        "equal": [TermResolver.Form(signature: .number) { .equal($0[0].number!) }],
    ]

    static let fillingForms: [String: [TermResolver.Form<StackLayoutScheme.Filling>]] = [
        "equally": [TermResolver.Form(signature: .none) { _ in .equally }],
        // A negative length is meaningless; the form rejects it and the usage is shown.
        "equal": [TermResolver.Form(signature: .number) { $0[0].number! >= 0 ? .equal($0[0].number!) : nil }],
    ]

    static let stackAlignmentForms: [String: [TermResolver.Form<StackLayoutScheme.Alignment>]] = [
        "leading": [TermResolver.Form(signature: .number) { .leading($0[0].number!) }, TermResolver.Form(signature: .none) { _ in .leading(0) }],
        "center": [TermResolver.Form(signature: .number) { .center($0[0].number!) }, TermResolver.Form(signature: .none) { _ in .center(0) }],
        "trailing": [TermResolver.Form(signature: .number) { .trailing($0[0].number!) }, TermResolver.Form(signature: .none) { _ in .trailing(0) }],
    ]

    /// A list of element ids (strings), each reported if it is not a string.
    private func itemIDs(_ list: [JSONValue], at pointer: JSONPointer) -> [String] {
        list.enumerated().compactMap { index, value in
            guard case .string(let id) = value.kind else {
                issues.error(.wrongType, pointer.appending(index), "an item is an element id, not \(value.typeDescription)", at: value.position)
                return nil
            }
            return id
        }
    }

    /// Checks that items name distinct elements with one parent (`parent`, when given) and
    /// returns that parent, or `nil` after reporting what is wrong.
    @discardableResult
    func checkItems(_ items: [String], at pointer: JSONPointer, parent: String?, container: String?, what: String) -> String? {
        var seen: Set<String> = []
        var common = parent
        var valid = true
        for (index, id) in items.enumerated() {
            let at = pointer.appending(index)
            if ReservedID.all.contains(id) {
                issues.error(.invalidValue, at, "'\(id)' cannot be an item of a \(what)", hint: "list the elements to distribute")
                valid = false
                continue
            }
            guard let element = elements[id] else {
                issues.error(.unknownElement, at, "no element has the id '\(id)'",
                             hint: suggestion(for: id, among: elements.keys).map { "did you mean '\($0)'?" } ?? "declare it in 'elements'")
                valid = false
                continue
            }
            if id == container {
                issues.error(.invalidValue, at, "the \(what) '\(id)' cannot be its own item")
                valid = false
            } else if !seen.insert(id).inserted {
                issues.error(.invalidValue, at, "'\(id)' is listed twice", hint: "list each item once")
                valid = false
            } else if let expected = common, element.parent != expected {
                let owner = container.map { "the \(what) '\($0)'" } ?? "the other items"
                issues.error(.incompatible, at, "'\(id)' is a child of '\(element.parent)', but the items of \(owner) are children of '\(expected)'",
                             hint: "a \(what) lays out siblings: make '\(id)' a child of '\(expected)'")
                valid = false
            }
            if common == nil { common = element.parent }
        }
        return valid ? common : nil
    }

    func decodeStackBlock(_ object: ObjectReader, id: String?, at pointer: JSONPointer) -> StackBlockSpec? {
        object.rejectUnknownKeys(allowed: ["id", "stack"], what: "a stack block")
        guard let value = object.value("stack"), let stack = decodeStack(value, at: pointer.appending("stack"), what: "a stack block") else { return nil }
        guard checkItems(stack.items, at: stack.pointer.appending("items"), parent: nil, container: nil, what: "stack") != nil || stack.items.isEmpty else { return nil }
        return StackBlockSpec(id: id, stack: stack, pointer: pointer)
    }

    // MARK: Scrolls

    func decodeScroll(_ value: JSONValue, at pointer: JSONPointer) -> ScrollSpec? {
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: "'scroll'") else { return nil }
        object.rejectUnknownKeys(allowed: ["contentSize", "contentOffset", "contentInset"], what: "'scroll'")
        guard object.required("contentSize", what: "'scroll'") != nil,
              let size = object.numbers("contentSize", count: 2, meaning: "width and height") else { return nil }
        if let negative = size.firstIndex(where: { $0 < 0 }) {
            issues.error(.outOfRange, pointer.appending("contentSize").appending(negative), "a content size cannot be negative")
            return nil
        }
        let inset = object.has("contentInset") ? object.insets("contentInset") : EdgeInsets.zero
        let offset = object.has("contentOffset") ? object.numbers("contentOffset", count: 2, meaning: "x and y") : nil
        guard let inset, object.has("contentOffset") == (offset != nil) else { return nil }
        return ScrollSpec(contentSize: CGSize(width: size[0], height: size[1]),
                          contentOffset: offset.map { CGPoint(x: $0[0], y: $0[1]) } ?? CGPoint(x: -inset.left, y: -inset.top),
                          contentInset: inset)
    }

    // MARK: Flex

    func decodeFlexBlock(_ object: ObjectReader, id: String?, at pointer: JSONPointer) -> FlexBlockSpec? {
        object.rejectUnknownKeys(allowed: ["id", "flex"], what: "a flex block")
        let at = pointer.appending("flex")
        guard let value = object.value("flex"), let flex = ObjectReader(value, at: at, issues: issues, what: "'flex'") else { return nil }
        flex.rejectUnknownKeys(allowed: ["in", "direction", "alignment", "items"], what: "'flex'")
        let container = flex.string("in", what: "'flex'")
        var valid = true
        if let container, !ReservedID.all.contains(container), elements[container] == nil {
            issues.error(.unknownElement, at.appending("in"), "no element has the id '\(container)'",
                         hint: suggestion(for: container, among: Array(elements.keys) + ReservedID.all).map { "did you mean '\($0)'?" } ?? "declare it in 'elements'")
            valid = false
        }
        let direction = flex.has("direction") ? flex.choice("direction", what: "'flex'", FlexDirection.init(rawValue:), names: FlexDirection.allCases.map(\.rawValue)) : .column
        let alignment = flex.has("alignment") ? flex.choice("alignment", what: "'flex'", FlexAlignment.init(rawValue:), names: FlexAlignment.allCases.map(\.rawValue)) : .leading
        let list = flex.array("items", required: true, what: "'flex'")
        let items = list.map { $0.enumerated().compactMap { decodeFlexItem($1, at: at.appending("items").appending($0)) } }
        guard valid, let direction, let alignment, let list, let items, items.count == list.count else { return nil }
        guard let parent = checkItems(items.map(\.element), at: at.appending("items"), parent: nil, container: nil, what: "flex block") ?? (items.isEmpty ? ReservedID.root : nil) else {
            return nil
        }
        if let container, items.contains(where: { $0.element == container }) {
            issues.error(.invalidValue, at.appending("in"), "'\(container)' is one of the items; items cannot be laid out in one of themselves",
                         hint: "use their parent '\(parent)', or leave out 'in'")
            return nil
        }
        return FlexBlockSpec(id: id, container: container, direction: direction, alignment: alignment, items: items, pointer: pointer)
    }

    private func decodeFlexItem(_ value: JSONValue, at pointer: JSONPointer) -> FlexBlockSpec.Item? {
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: "a flex item") else { return nil }
        object.rejectUnknownKeys(allowed: ["element", "size", "width", "height"], what: "a flex item")
        let element = object.string("element", required: true, what: "a flex item")
        func length(_ key: String) -> Double?? {
            guard object.has(key) else { return .some(nil) }
            guard let number = object.number(key, what: "a flex item") else { return nil }
            guard number >= 0 else {
                issues.error(.outOfRange, pointer.appending(key), "a fixed \(key) cannot be negative", hint: "use 0 or more, or leave it out to make it flexible")
                return nil
            }
            return .some(number)
        }
        let width = length("width")
        let height = length("height")
        var size: FlexItemSize?
        if let value = object.value("size") {
            if object.has("width") || object.has("height") {
                issues.error(.invalidValue, pointer, "a flex item has 'size' or 'width'/'height', not both", hint: "keep one")
                return nil
            }
            if case .string(let name) = value.kind {
                guard name == "flexible" else {
                    issues.error(.invalidValue, pointer.appending("size"), "unknown size '\(name)'", hint: "write \"flexible\" or [width, height]", at: value.position)
                    return nil
                }
                size = .flexible
            } else {
                guard let numbers = object.numbers("size", count: 2, meaning: "width and height") else { return nil }
                guard numbers.allSatisfy({ $0 >= 0 }) else {
                    issues.error(.outOfRange, pointer.appending("size"), "a fixed size cannot be negative", hint: "use 0 or more")
                    return nil
                }
                size = .size(CGSize(width: numbers[0], height: numbers[1]))
            }
        }
        guard let element, let width, let height else { return nil }
        switch (size, width, height) {
        case (let size?, _, _): return FlexBlockSpec.Item(element: element, size: size, pointer: pointer)
        case (nil, let width?, let height?): return FlexBlockSpec.Item(element: element, size: .size(CGSize(width: width, height: height)), pointer: pointer)
        case (nil, let width?, nil): return FlexBlockSpec.Item(element: element, size: .width(width), pointer: pointer)
        case (nil, nil, let height?): return FlexBlockSpec.Item(element: element, size: .height(height), pointer: pointer)
        case (nil, nil, nil): return FlexBlockSpec.Item(element: element, size: .flexible, pointer: pointer)
        }
    }
}
