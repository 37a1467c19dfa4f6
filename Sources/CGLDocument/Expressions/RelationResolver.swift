import CGLayout
import Foundation

/// Turns anchors-API strings (`"<source>.<operation>(<target>.<anchor>)"`) into relations,
/// checking names, axes and arguments (`docs/format.md` §1.2, `ENGINE.md` §7).
struct RelationResolver {
    let terms: TermResolver
    var issues: IssueCollector { terms.issues }

    static let horizontalPoints = ["left", "right", "leading", "trailing", "centerX"]
    static let verticalPoints = ["top", "bottom", "centerY", "baseline"]
    static let dimensions = ["width", "height"]
    static let sideOperations = ["align", "equal", "pull", "limit", "fartherThanOrEqual", "nearerThanOrEqual"]
    static let centerOperations = ["align", "equal", "pull"]
    static let dimensionOperations = ["equal", "scaled", "boxed", "equalIntrinsicSize"]

    /// Resolves one relation; `sourceHasText` allows a `baseline` source.
    func relation(_ expression: Expression, at pointer: JSONPointer, sourceHasText: Bool) -> RelationSpec? {
        guard let term = terms.single(expression, at: pointer, what: "a relation") else { return nil }
        guard let (source, operation) = split(term.name), term.arguments != nil else {
            issues.error(.expression, pointer, "'\(term.canonical)' is not a relation", hint: "write <anchor>.<operation>(<element>.<anchor>), such as left.align(avatar.right)")
            return nil
        }
        let sources = Self.horizontalPoints + Self.verticalPoints + Self.dimensions
        guard sources.contains(source) else {
            issues.error(.unknownTerm, pointer, "unknown source anchor '\(source)'", hint: hint(for: source, among: sources))
            return nil
        }
        if source == "baseline", !sourceHasText {
            issues.error(.incompatible, pointer, "the block's element has no baseline", hint: "give it 'text', or use 'top'")
            return nil
        }
        if Self.dimensions.contains(source) { return dimension(source, operation, term, pointer) }
        return point(source, operation, term, pointer)
    }

    private func point(_ source: String, _ operation: String, _ term: Term, _ pointer: JSONPointer) -> RelationSpec? {
        let isCenter = source.hasPrefix("center")
        let operations = isCenter ? Self.centerOperations : Self.sideOperations
        guard operations.contains(operation) else {
            let why = isCenter && (operation == "limit" || operation.hasSuffix("ThanOrEqual")) ? "'\(operation)' is not available on centre anchors; " : ""
            issues.error(.unknownTerm, pointer, "\(why)unknown operation '\(operation)' on '\(source)'", hint: hint(for: operation, among: operations))
            return nil
        }
        let arguments = term.arguments ?? []
        guard arguments.count == 1, arguments[0].label == nil || arguments[0].label == "to", let reference = arguments[0].value.name,
              let (target, anchor) = split(reference) else {
            issues.error(.arguments, pointer, "'\(term.canonical)' takes one anchor of another element", hint: "write \(source).\(operation)(element.anchor)")
            return nil
        }
        let sameAxis = Self.horizontalPoints.contains(source) ? Self.horizontalPoints : Self.verticalPoints
        guard sameAxis.contains(anchor) else {
            let known = Self.horizontalPoints + Self.verticalPoints
            let message = known.contains(anchor) ? "'\(source)' cannot relate to '\(anchor)', an anchor of the other axis"
                : "unknown anchor '\(anchor)' of '\(target)'"
            issues.error(known.contains(anchor) ? .incompatible : .unknownTerm, pointer, message, hint: hint(for: anchor, among: sameAxis))
            return nil
        }
        return RelationSpec(kind: .point(source: source, operation: operation, target: target, targetAnchor: anchor), pointer: pointer)
    }

    private func dimension(_ source: String, _ operation: String, _ term: Term, _ pointer: JSONPointer) -> RelationSpec? {
        guard Self.dimensionOperations.contains(operation) else {
            issues.error(.unknownTerm, pointer, "unknown operation '\(operation)' on '\(source)'", hint: hint(for: operation, among: Self.dimensionOperations))
            return nil
        }
        let arguments = term.arguments ?? []
        let usage: String
        switch operation {
        case "equal":
            if arguments.count == 1, let value = arguments[0].value.number {
                return RelationSpec(kind: .constant(source: source, value: value), pointer: pointer)
            }
            if arguments.count == 1, let (target, anchor) = dimensionReference(arguments[0], pointer, sameAxisAs: nil) {
                return RelationSpec(kind: .dimension(source: source, target: target, targetAnchor: anchor, multiplier: 1, constant: 0), pointer: pointer)
            }
            usage = "\(source).equal(element.width) or \(source).equal(44)"
        case "scaled", "boxed":
            if arguments.count == 2, let factor = arguments[1].value.number,
               let (target, anchor) = dimensionReference(arguments[0], pointer, sameAxisAs: source) {
                let (multiplier, constant) = operation == "scaled" ? (factor, 0.0) : (1.0, -factor)
                return RelationSpec(kind: .dimension(source: source, target: target, targetAnchor: anchor, multiplier: multiplier, constant: constant),
                                    pointer: pointer)
            }
            usage = "\(source).\(operation)(element.\(source), \(operation == "scaled" ? "0.5" : "24"))"
        default:
            if let intrinsic = intrinsic(source, arguments, pointer) { return intrinsic }
            usage = "\(source).equalIntrinsicSize(1) or \(source).equalIntrinsicSize(0.5, x: center(0), y: top(0))"
        }
        if !issues.hasErrors(at: pointer) {
            issues.error(.arguments, pointer, "'\(term.canonical)' does not fit '\(source).\(operation)'", hint: "write \(usage)")
        }
        return nil
    }

    private func dimensionReference(_ argument: Argument, _ pointer: JSONPointer, sameAxisAs source: String?) -> (String, String)? {
        guard argument.label == nil, let reference = argument.value.name, let (target, anchor) = split(reference) else { return nil }
        guard Self.dimensions.contains(anchor) else {
            issues.error(.unknownTerm, pointer, "'\(anchor)' of '\(target)' is not a dimension", hint: hint(for: anchor, among: Self.dimensions))
            return nil
        }
        if let source, source != anchor {
            issues.error(.incompatible, pointer, "'\(source)' can only be scaled or boxed by another '\(source)'", hint: "write \(target).\(source)")
            return nil
        }
        return (target, anchor)
    }

    private func intrinsic(_ source: String, _ arguments: [Argument], _ pointer: JSONPointer) -> RelationSpec? {
        var multiplier = 1.0
        var alignment = Layout.Alignment.equal
        for (index, argument) in arguments.enumerated() {
            switch (index, argument.label, argument.value) {
            case (0, nil, .number(let value)):
                multiplier = value
            case (_, "x", .term(let term)):
                guard let x = terms.horizontalAlignment(Expression(terms: [term]), at: pointer) else { return nil }
                alignment.horizontal = x
            case (_, "y", .term(let term)):
                guard let y = terms.verticalAlignment(Expression(terms: [term]), at: pointer) else { return nil }
                alignment.vertical = y
            default:
                return nil
            }
        }
        return RelationSpec(kind: .intrinsic(source: source, multiplier: multiplier, alignment: alignment), pointer: pointer)
    }

    /// `a.b.c` → (`a.b`, `c`): ids may contain dots, anchors may not.
    private func split(_ name: String) -> (String, String)? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else { return nil }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }
}

extension IssueCollector {
    /// Whether an error was already recorded at `pointer` (so as not to report one mistake twice).
    func hasErrors(at pointer: JSONPointer) -> Bool {
        let text = pointer.description
        return issues.contains { $0.severity == .error && $0.pointer == text }
    }
}
