import CGLayout
import Foundation

/// Turns parsed expressions into engine values for one context (an x rule, a height rule,
/// a v1 anchor), recording an issue with a suggestion for anything it cannot turn.
struct TermResolver {
    let issues: IssueCollector

    /// One accepted way of writing a term, and what it makes.
    struct Form<Result>: Sendable {
        var signature: TermSignature
        var make: @Sendable ([Value]) -> Result?
    }

    /// Resolves one term against the forms known for its name in this context.
    func resolve<Result>(_ term: Term, forms: [String: [Form<Result>]], context: String, pointer: JSONPointer) -> Result? {
        guard let candidates = forms[term.name] else {
            issues.error(.unknownTerm, pointer, "unknown \(context) '\(term.name)' at character \(term.offset + 1)",
                         hint: hint(for: term.name, among: forms.keys.sorted()))
            return nil
        }
        for form in candidates {
            if let values = form.signature.match(term) {
                guard let result = form.make(values) else { break }
                return result
            }
        }
        for form in candidates {
            if let (argument, allowed) = form.signature.misnamedArgument(in: term), let name = argument.value.name {
                issues.error(.unknownTerm, pointer, "unknown '\(name)' in '\(term.canonical)' at character \(argument.offset + 1)",
                             hint: hint(for: name, among: allowed))
                return nil
            }
        }
        let usages = candidates.map { $0.signature.usage(term.name) }.joined(separator: " or ")
        issues.error(.arguments, pointer, "'\(term.canonical)' does not fit \(context) '\(term.name)' (character \(term.offset + 1))",
                     hint: "write \(usages)")
        return nil
    }

    // MARK: Layout rules

    func horizontalAlignment(_ expression: Expression, at pointer: JSONPointer) -> Layout.Alignment.Horizontal? {
        combine(expression.terms.map { resolve($0, forms: Self.horizontalForms, context: "x rule", pointer: pointer) }, +)
    }

    func verticalAlignment(_ expression: Expression, at pointer: JSONPointer) -> Layout.Alignment.Vertical? {
        combine(expression.terms.map { resolve($0, forms: Self.verticalForms, context: "y rule", pointer: pointer) }, +)
    }

    func filling<Axis>(_ expression: Expression, at pointer: JSONPointer, context: String) -> Layout.AxisFilling<Axis>? {
        combine(expression.terms.map { resolve($0, forms: Self.fillingForms(), context: context, pointer: pointer) }, +)
    }

    private func combine<T>(_ parts: [T?], _ plus: (T, T) -> T) -> T? {
        let resolved = parts.compactMap { $0 }
        guard resolved.count == parts.count, let first = resolved.first else { return nil }
        return resolved.dropFirst().reduce(first, plus)
    }

    static let horizontalForms: [String: [Form<Layout.Alignment.Horizontal>]] = {
        var forms: [String: [Form<Layout.Alignment.Horizontal>]] = [
            "equal": [Form(signature: .none) { _ in .equal }],
            "center": offsetForms { .center($0) },
            "leading": offsetForms { .leading($0) },
            "trailing": offsetForms { .trailing($0) },
        ]
        forms["left"] = offsetForms { .left($0) } + [
            Form(signature: .labeled("multiplier", .number)) { .left(multiplier: $0[0].number!) },
            Form(signature: .labeled("between", .range)) { let (a, b) = $0[0].range!; return .left(between: a...b) },
        ]
        forms["right"] = offsetForms { .right($0) } + [
            Form(signature: .labeled("multiplier", .number)) { .right(multiplier: $0[0].number!) },
            Form(signature: .labeled("between", .range)) { let (a, b) = $0[0].range!; return .right(between: a...b) },
        ]
        return forms
    }()

    static let verticalForms: [String: [Form<Layout.Alignment.Vertical>]] = {
        var forms: [String: [Form<Layout.Alignment.Vertical>]] = [
            "equal": [Form(signature: .none) { _ in .equal }],
            "center": offsetForms { .center($0) },
        ]
        forms["top"] = offsetForms { .top($0) } + [
            Form(signature: .labeled("multiplier", .number)) { .top(multiplier: $0[0].number!) },
            Form(signature: .labeled("between", .range)) { let (a, b) = $0[0].range!; return .top(between: a...b) },
            Form(signature: TermSignature(parameters: [("between", .range), ("step", .number)])) { values in
                let (a, b) = values[0].range!
                guard let step = values[1].number, step > 0 else { return nil }
                return .top(between: a...b, step: step)
            },
        ]
        forms["bottom"] = offsetForms { .bottom($0) } + [
            Form(signature: .labeled("multiplier", .number)) { .bottom(multiplier: $0[0].number!) },
            Form(signature: .labeled("between", .range)) { let (a, b) = $0[0].range!; return .bottom(between: a...b) },
        ]
        return forms
    }()

    /// `name(o)` and `name()`/`name` (offset 0).
    private static func offsetForms<T>(_ make: @escaping @Sendable (CGFloat) -> T) -> [Form<T>] {
        [Form(signature: .number) { make($0[0].number!) }, Form(signature: .none) { _ in make(0) }]
    }

    static func fillingForms<Axis>() -> [String: [Form<Layout.AxisFilling<Axis>>]] {
        typealias Filling = Layout.AxisFilling<Axis>
        func number(_ make: @escaping @Sendable (CGFloat) -> Filling) -> [Form<Filling>] { [Form(signature: .number) { make($0[0].number!) }] }
        return [
            "equal": [Form(signature: .none) { _ in .equal }],
            "fixed": number { .fixed($0) },
            "scaled": number { .scaled($0) },
            "boxed": number { .boxed($0) },
            "upTo": number { .upTo($0) },
            "from": number { .from($0) },
            "between": [Form(signature: .range) { let (a, b) = $0[0].range!; return .between(a...b) }],
        ]
    }

    // MARK: v1 anchors

    func anchor(_ expression: Expression, at pointer: JSONPointer) -> LayoutAnchor? {
        guard let term = single(expression, at: pointer, what: "an anchor") else { return nil }
        return resolve(term, forms: Self.anchorForms, context: "anchor", pointer: pointer)
    }

    /// `width(m)` or `height(m)` of an adjust constraint.
    func sizeAnchor(_ expression: Expression, at pointer: JSONPointer) -> LayoutAnchor.Size? {
        guard let term = single(expression, at: pointer, what: "a size anchor") else { return nil }
        let forms: [String: [Form<LayoutAnchor.Size>]] = [
            "width": [Form(signature: .number) { .width($0[0].number!) }, Form(signature: .none) { _ in .width() }],
            "height": [Form(signature: .number) { .height($0[0].number!) }, Form(signature: .none) { _ in .height() }],
        ]
        return resolve(term, forms: forms, context: "size anchor", pointer: pointer)
    }

    func single(_ expression: Expression, at pointer: JSONPointer, what: String) -> Term? {
        guard expression.terms.count == 1 else {
            issues.error(.expression, pointer, "\(what) is one term; '\(expression.canonical)' has \(expression.terms.count)",
                         hint: "write each anchor as its own string")
            return nil
        }
        return expression.terms[0]
    }

    static let anchorForms: [String: [Form<LayoutAnchor>]] = {
        var forms: [String: [Form<LayoutAnchor>]] = [:]
        let sides: [(String, @Sendable (LayoutAnchor.Side) -> LayoutAnchor)] = [
            ("left", LayoutAnchor.left), ("right", LayoutAnchor.right), ("top", LayoutAnchor.top),
            ("bottom", LayoutAnchor.bottom), ("leading", LayoutAnchor.leading), ("trailing", LayoutAnchor.trailing),
        ]
        let kinds: [(String, @Sendable (LayoutAnchor.Dependence) -> LayoutAnchor.Side)] = [
            ("align", LayoutAnchor.Side.align(by:)), ("limit", LayoutAnchor.Side.limit(on:)), ("pull", LayoutAnchor.Side.pull(from:)),
        ]
        for (side, makeAnchor) in sides {
            for (kind, makeSide) in kinds {
                forms["\(side).\(kind)"] = [Form(signature: TermSignature(parameters: [(nil, .name(["inner", "outer"]))])) { values in
                    switch values[0].name {
                    case "inner": makeAnchor(makeSide(.inner))
                    case "outer": makeAnchor(makeSide(.outer))
                    default: nil
                    }
                }]
            }
        }
        forms["center.align"] = [Form(signature: TermSignature(parameters: [(nil, .name(["center", "origin"]))])) { values in
            switch values[0].name {
            case "center": .center(.align(by: .center))
            case "origin": .center(.align(by: .origin))
            default: nil
            }
        }]
        forms["width"] = [Form(signature: .number) { .size(.width($0[0].number!)) }, Form(signature: .none) { _ in .size(.width()) }]
        forms["height"] = [Form(signature: .number) { .size(.height($0[0].number!)) }, Form(signature: .none) { _ in .size(.height()) }]
        forms["insets"] = [Form(signature: .numbers(4)) { values in
            let n = values.map { CGFloat($0.number!) }
            return .insets(EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3]))
        }]
        forms["equal"] = [Form(signature: .numbers(4)) { values in
            let n = values.map { CGFloat($0.number!) }
            return .equal(CGRect(x: n[0], y: n[1], width: n[2], height: n[3]))
        }]
        forms["equally"] = [Form(signature: .none) { _ in .equally }]
        return forms
    }()
}
