import CGLayout
import Foundation

extension DocumentDecoder {
    static let blockKinds = ["element", "stack", "flex", "box", "equations", "scheme"]

    func decodeBlocks(_ list: [JSONValue], at pointer: JSONPointer, depth: Int) -> [BlockSpec] {
        list.enumerated().compactMap { decodeBlock($1, at: pointer.appending($0), depth: depth) }
    }

    private func decodeBlock(_ value: JSONValue, at pointer: JSONPointer, depth: Int) -> BlockSpec? {
        // Counted before anything is decoded, so that a document over the limit costs no
        // more than the limit's worth of work; reported once, at the first block too many.
        blockCount += 1
        guard blockCount <= limits.maximumBlocks else {
            if blockCount == limits.maximumBlocks + 1 {
                reportLimit("blocks", count: "more than \(limits.maximumBlocks)", limit: limits.maximumBlocks, key: "limits.maxDocumentBlocks", at: pointer)
            }
            return nil
        }
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: "a block") else { return nil }
        let kinds = Self.blockKinds.filter(object.has)
        guard kinds.count == 1, let kind = kinds.first else {
            let problem = kinds.isEmpty ? "a block needs one of 'element', 'scheme', 'stack', 'flex', 'box', 'equations'"
                : "a block has one kind, not \(kinds.map { "'\($0)'" }.joined(separator: " and "))"
            issues.error(kinds.isEmpty ? .missingKey : .invalidValue, pointer, problem, hint: "split it into several blocks")
            return nil
        }
        let id = decodeBlockID(object, at: pointer)
        switch kind {
        case "element":
            return decodeElementBlock(object, id: id, at: pointer).map(BlockSpec.element)
        case "scheme":
            object.rejectUnknownKeys(allowed: ["id", "scheme"], what: "a scheme block")
            guard depth < Self.maximumSchemeDepth else {
                issues.error(.tooLarge, pointer, "schemes are nested deeper than \(Self.maximumSchemeDepth) levels", hint: "flatten the nesting")
                return nil
            }
            guard let list = object.array("scheme", what: "a scheme block") else { return nil }
            return .scheme(SchemeBlockSpec(id: id, blocks: decodeBlocks(list, at: pointer.appending("scheme"), depth: depth + 1), pointer: pointer))
        case "stack":
            return decodeStackBlock(object, id: id, at: pointer).map(BlockSpec.stack)
        case "flex":
            return decodeFlexBlock(object, id: id, at: pointer).map(BlockSpec.flex)
        case "box":
            return decodeBoxBlock(object, id: id, at: pointer).map(BlockSpec.box)
        default:
            return decodeEquationsBlock(object, id: id, at: pointer).map(BlockSpec.equations)
        }
    }

    private func decodeBlockID(_ object: ObjectReader, at pointer: JSONPointer) -> String? {
        guard let id = object.string("id", what: "a block"), validID(id, at: pointer.appending("id")) else { return nil }
        if let earlier = blockIDs[id] {
            issues.error(.duplicateId, pointer.appending("id"), "the block id '\(id)' is already used by \(earlier)", hint: "give every block its own id")
            return nil
        }
        blockIDs[id] = pointer
        return id
    }

    private func decodeElementBlock(_ object: ObjectReader, id: String?, at pointer: JSONPointer) -> ElementBlockSpec? {
        object.rejectUnknownKeys(allowed: ["id", "element", "layout", "constraints", "anchors"], what: "an element block")
        guard let elementID = object.string("element", what: "a block") else { return nil }
        guard let element = declaredElement(elementID, at: pointer.appending("element"), what: "lay out") else { return nil }
        let layout = object.value("layout").flatMap { decodeLayout($0, at: pointer.appending("layout")) } ?? .equal
        if object.has("constraints"), object.has("anchors") {
            issues.error(.invalidValue, pointer, "a block has either 'constraints' (API v1) or 'anchors' (the anchors API), not both",
                         hint: "move the relations into one of them")
        }
        let constraints = object.array("constraints", what: "a block").map {
            $0.enumerated().compactMap { decodeConstraint($1, block: element, at: pointer.appending("constraints").appending($0)) }
        } ?? []
        let relations = object.array("anchors", what: "a block").map { list in
            list.enumerated().compactMap { index, value in
                let at = pointer.appending("anchors").appending(index)
                return expression(value, at: at, what: "a relation").flatMap { decodeRelation($0, block: element, at: at) }
            }
        }
        return ElementBlockSpec(id: id, element: elementID, layout: layout, constraints: constraints, relations: relations, pointer: pointer)
    }

    /// The element an id names, for a block to lay out or refer to; records an issue if none.
    func declaredElement(_ id: String, at pointer: JSONPointer, what: String) -> ElementSpec? {
        if let element = elements[id] { return element }
        if ReservedID.all.contains(id) {
            issues.error(.invalidValue, pointer, "'\(id)' is sized by the environment; a block cannot \(what) it", hint: "lay out its children instead")
        } else {
            issues.error(.unknownElement, pointer, "no element has the id '\(id)'",
                         hint: suggestion(for: id, among: elements.keys).map { "did you mean '\($0)'?" } ?? "declare it in 'elements'")
        }
        return nil
    }

    /// An element a constraint or relation refers to: a declared element or a reserved id.
    private func referencedElement(_ id: String, at pointer: JSONPointer) -> Bool {
        if ReservedID.all.contains(id) || elements[id] != nil { return true }
        issues.error(.unknownElement, pointer, "no element has the id '\(id)'",
                     hint: suggestion(for: id, among: Array(elements.keys) + ReservedID.all).map { "did you mean '\($0)'?" } ?? "declare it in 'elements'")
        return false
    }

    // MARK: Layout

    private func decodeLayout(_ value: JSONValue, at pointer: JSONPointer) -> Layout? {
        if case .string = value.kind {
            guard let parsed = expression(value, at: pointer, what: "a layout"), let term = terms.single(parsed, at: pointer, what: "a layout") else { return nil }
            let forms: [String: [TermResolver.Form<Layout>]] = [
                "equal": [TermResolver.Form(signature: .none) { _ in .equal }],
                "rect": [TermResolver.Form(signature: .numbers(4)) { values in
                    // CGLayout's `Layout.equal(rect)`: a constant frame, the source ignored.
                    let n = values.map { CGFloat($0.number!) }
                    return .equal(CGRect(x: n[0], y: n[1], width: n[2], height: n[3]))
                }],
            ]
            return terms.resolve(term, forms: forms, context: "layout", pointer: pointer)
        }
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: "a layout") else { return nil }
        if object.has("alignment") || object.has("filling") {
            object.rejectUnknownKeys(allowed: ["alignment", "filling"], what: "a layout")
            let alignment = object.value("alignment").flatMap { ObjectReader($0, at: pointer.appending("alignment"), issues: issues, what: "'alignment'") }
            let filling = object.value("filling").flatMap { ObjectReader($0, at: pointer.appending("filling"), issues: issues, what: "'filling'") }
            alignment?.rejectUnknownKeys(allowed: ["x", "y"], what: "'alignment'")
            filling?.rejectUnknownKeys(allowed: ["width", "height"], what: "'filling'")
            return layout(x: alignment, y: alignment, width: filling, height: filling)
        }
        object.rejectUnknownKeys(allowed: ["x", "y", "width", "height"], what: "a layout")
        return layout(x: object, y: object, width: object, height: object)
    }

    /// A layout from the readers holding each field (the same one, or alignment/filling).
    private func layout(x: ObjectReader?, y: ObjectReader?, width: ObjectReader?, height: ObjectReader?) -> Layout? {
        func field<T>(_ reader: ObjectReader?, _ key: String, _ resolve: (Expression, JSONPointer) -> T?) -> T?? {
            guard let reader, let value = reader.value(key) else { return .some(nil) }
            let at = reader.pointer.appending(key)
            guard let parsed = expression(value, at: at, what: "'\(key)'"), let result = resolve(parsed, at) else { return nil }
            return .some(result)
        }
        // Every field is read (and its issues reported) before any failure is acted on.
        let xRule = field(x, "x", terms.horizontalAlignment)
        let yRule = field(y, "y", terms.verticalAlignment)
        let widthRule = field(width, "width", { terms.filling($0, at: $1, context: "width rule") as Layout.Filling.Horizontal? })
        let heightRule = field(height, "height", { terms.filling($0, at: $1, context: "height rule") as Layout.Filling.Vertical? })
        guard let xRule, let yRule, let widthRule, let heightRule else { return nil }
        return Layout(x: xRule ?? .equal, y: yRule ?? .equal, width: widthRule ?? .equal, height: heightRule ?? .equal)
    }

    // MARK: Constraints

    private func decodeConstraint(_ value: JSONValue, block element: ElementSpec, at pointer: JSONPointer) -> ConstraintSpec? {
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: "a constraint") else { return nil }
        object.rejectUnknownKeys(allowed: ["to", "type", "anchors", "alignment", "active"], what: "a constraint")
        let type = object.string("type", what: "a constraint")
        let target = object.string("to", what: "a constraint")
        let isActive = object.bool("active") ?? true
        // An unknown target is reported, and the anchors are still checked.
        let knownTarget = target.map { referencedElement($0, at: pointer.appending("to")) } ?? true
        let anchorValues = object.array("anchors", required: true, what: "a constraint") ?? []
        let anchorsPointer = pointer.appending("anchors")
        if object.has("alignment"), type != "adjust" {
            issues.error(.invalidValue, pointer.appending("alignment"), "only adjust constraints have an 'alignment'", hint: "remove it")
        }
        let kind: ConstraintSpec.Kind
        switch (type, target) {
        case ("adjust", _):
            if target != nil {
                issues.error(.invalidValue, pointer.appending("to"), "an adjust constraint measures the block's own element", hint: "remove 'to'")
            }
            guard element.measuresContent else {
                issues.error(.incompatible, pointer, "'\(element.id)' does not measure its content", hint: "give it 'intrinsicSize' or 'text'")
                return nil
            }
            let sizes = anchorValues.enumerated().compactMap { index, value in
                expression(value, at: anchorsPointer.appending(index), what: "a size anchor").flatMap { terms.sizeAnchor($0, at: anchorsPointer.appending(index)) }
            }
            guard sizes.count == anchorValues.count, let alignment = decodeAlignment(object, at: pointer.appending("alignment")) else { return nil }
            return ConstraintSpec(kind: .adjust(sizes: sizes, alignment: alignment), anchors: [], isActive: isActive, pointer: pointer)
        case (nil, nil):
            kind = .anonymous
        case (nil, let id?):
            kind = .frame(id)
        case ("content", let id?):
            kind = .content(id)
        case ("baseline", let id?):
            guard !knownTarget || (!ReservedID.all.contains(id) && elements[id]?.hasText == true) else {
                issues.error(.incompatible, pointer.appending("to"), "'\(id)' has no baseline", hint: "refer to an element with 'text'")
                return nil
            }
            kind = .baseline(id)
        case (let name?, nil) where name == "content" || name == "baseline":
            issues.error(.missingKey, pointer, "a \(name) constraint needs 'to'")
            return nil
        case (let name?, _):
            issues.error(.invalidValue, pointer.appending("type"), "unknown constraint type '\(name)'",
                         hint: hint(for: name, among: ["content", "baseline", "adjust"]))
            return nil
        }
        let anchors = anchorValues.enumerated().compactMap { index, value in
            expression(value, at: anchorsPointer.appending(index), what: "an anchor").flatMap { terms.anchor($0, at: anchorsPointer.appending(index)) }
        }
        guard anchors.count == anchorValues.count, knownTarget else { return nil }
        return ConstraintSpec(kind: kind, anchors: anchors, isActive: isActive, pointer: pointer)
    }

    private func decodeAlignment(_ object: ObjectReader, at pointer: JSONPointer) -> Layout.Alignment? {
        guard let value = object.value("alignment") else { return .equal }
        guard let alignment = ObjectReader(value, at: pointer, issues: issues, what: "'alignment'") else { return nil }
        alignment.rejectUnknownKeys(allowed: ["x", "y"], what: "'alignment'")
        var result = Layout.Alignment.equal
        if let x = alignment.value("x") {
            guard let rule = expression(x, at: pointer.appending("x"), what: "'x'").flatMap({ terms.horizontalAlignment($0, at: pointer.appending("x")) }) else { return nil }
            result.horizontal = rule
        }
        if let y = alignment.value("y") {
            guard let rule = expression(y, at: pointer.appending("y"), what: "'y'").flatMap({ terms.verticalAlignment($0, at: pointer.appending("y")) }) else { return nil }
            result.vertical = rule
        }
        return result
    }

    private func decodeRelation(_ expression: Expression, block element: ElementSpec, at pointer: JSONPointer) -> RelationSpec? {
        guard let relation = relations.relation(expression, at: pointer, sourceHasText: element.hasText) else { return nil }
        if let target = relation.target {
            guard referencedElement(target, at: pointer) else { return nil }
            if case .point(_, _, _, "baseline") = relation.kind, elements[target]?.hasText != true {
                issues.error(.incompatible, pointer, "'\(target)' has no baseline", hint: "refer to an element with 'text'")
                return nil
            }
        }
        if case .intrinsic = relation.kind, !element.measuresContent {
            issues.error(.incompatible, pointer, "'\(element.id)' does not measure its content", hint: "give it 'intrinsicSize' or 'text'")
            return nil
        }
        return relation
    }

    // MARK: Variants

    func decodeVariants(_ list: [JSONValue], at pointer: JSONPointer) -> [VariantSpec] {
        list.enumerated().compactMap { index, value in
            let at = pointer.appending(index)
            guard let object = ObjectReader(value, at: at, issues: issues, what: "a variant") else { return nil }
            object.rejectUnknownKeys(allowed: ["when", "blocks"], what: "a variant")
            let conditions = object.required("when", what: "a variant").flatMap { decodeConditions($0, at: at.appending("when")) }
            // A variant block reuses the id of the base block it replaces: ids are unique
            // within the base blocks and within each variant, not across them.
            let baseIDs = blockIDs
            blockIDs = [:]
            let blocks = object.array("blocks", required: true, what: "a variant").map { decodeBlocks($0, at: at.appending("blocks"), depth: 1) }
            blockIDs = baseIDs
            guard let conditions, let blocks else { return nil }
            return VariantSpec(conditions: conditions, blocks: blocks, pointer: at)
        }
    }

    private func decodeConditions(_ value: JSONValue, at pointer: JSONPointer) -> VariantConditions? {
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: "'when'") else { return nil }
        let keys = ["orientation", "horizontalSizeClass", "verticalSizeClass", "direction", "minWidth", "maxWidth", "minHeight", "maxHeight", "profile"]
        object.rejectUnknownKeys(allowed: keys, what: "'when'")
        var conditions = VariantConditions()
        conditions.orientation = object.choice("orientation", what: "'when'", Orientation.init(rawValue:), names: Orientation.allCases.map(\.rawValue))
        conditions.horizontalSizeClass = object.choice("horizontalSizeClass", what: "'when'", SizeClass.init(rawValue:), names: SizeClass.allCases.map(\.rawValue))
        conditions.verticalSizeClass = object.choice("verticalSizeClass", what: "'when'", SizeClass.init(rawValue:), names: SizeClass.allCases.map(\.rawValue))
        conditions.direction = object.choice("direction", what: "'when'", LayoutDirection.init(documentName:), names: ["ltr", "rtl"])
        conditions.minWidth = object.number("minWidth", what: "'when'")
        conditions.maxWidth = object.number("maxWidth", what: "'when'")
        conditions.minHeight = object.number("minHeight", what: "'when'")
        conditions.maxHeight = object.number("maxHeight", what: "'when'")
        if let profile = object.value("profile") {
            switch profile.kind {
            case .string(let name):
                conditions.profiles = [name]
                checkProfile(name, at: pointer.appending("profile"))
            case .array(let names):
                conditions.profiles = names.enumerated().compactMap { index, value in
                    guard case .string(let name) = value.kind else {
                        issues.error(.wrongType, pointer.appending("profile").appending(index), "a profile name must be a string")
                        return nil
                    }
                    checkProfile(name, at: pointer.appending("profile").appending(index))
                    return name
                }
            default:
                issues.error(.wrongType, pointer.appending("profile"), "'profile' must be a name or a list of names, not \(profile.typeDescription)")
            }
        }
        return conditions
    }

    /// A misspelt profile never matches, silently: say so (a warning, since the profiles a
    /// document is laid out for may differ from those it is checked against).
    private func checkProfile(_ name: String, at pointer: JSONPointer) {
        guard !profileNames.contains(name) else { return }
        issues.warning(.unknownProfile, pointer, "no profile is called '\(name)', so this variant never applies to a profile",
                       hint: hint(for: name, among: profileNames))
    }
}
