public import Foundation

/// A linear expression over element attributes: `0.5 * card[.width] - 4`.
///
/// Build one by subscripting an element (`title[.left]`) and combining with `+ - * /` and
/// constants; relate two with `==`, `<=`, `>=` to get a `LinearConstraint`. Elements are
/// held weakly, as blocks hold them.
public struct LayoutExpression: CustomStringConvertible {
    struct Term {
        var element: ElementReference
        var attribute: LayoutAttribute
        var coefficient: CGFloat
    }

    var terms: [Term]
    /// The constant summand.
    public var constant: CGFloat

    init(terms: [Term] = [], constant: CGFloat = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// `0.5 * card[.width] - 4`.
    public var description: String {
        var text = ""
        for term in terms {
            let magnitude = abs(term.coefficient)
            let factor = magnitude == 1 ? "" : "\(format(magnitude)) * "
            if text.isEmpty {
                text = (term.coefficient < 0 ? "-" : "") + factor + "\(term.element.name)[.\(term.attribute)]"
            } else {
                text += (term.coefficient < 0 ? " - " : " + ") + factor + "\(term.element.name)[.\(term.attribute)]"
            }
        }
        if text.isEmpty { return format(constant) }
        if constant != 0 { text += (constant < 0 ? " - " : " + ") + format(abs(constant)) }
        return text
    }

    fileprivate func scaled(by factor: CGFloat) -> LayoutExpression {
        LayoutExpression(terms: terms.map { Term(element: $0.element, attribute: $0.attribute, coefficient: $0.coefficient * factor) },
                         constant: constant * factor)
    }

    fileprivate static func sum(_ lhs: LayoutExpression, _ rhs: LayoutExpression) -> LayoutExpression {
        LayoutExpression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }
}

/// `8`, `0.5`: no trailing `.0`.
func format(_ value: CGFloat) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(Double(value))"
}

/// An element named in an equation: held weakly, identified by object identity.
struct ElementReference {
    weak var element: (any LayoutElement)?
    let id: ObjectIdentifier
    /// How descriptions name it: its identifier, or its type.
    let name: String

    init(_ element: any LayoutElement) {
        self.element = element
        id = ObjectIdentifier(element)
        name = (element as? LayoutView)?.identifier ?? (element as? LayoutGuide)?.identifier ?? "\(type(of: element))"
    }
}

extension LayoutElement {
    /// The expression `1 · attribute` of this element, to relate in equations:
    /// `title[.left] == avatar[.right] + 8`.
    public subscript(attribute: LayoutAttribute) -> LayoutExpression {
        LayoutExpression(terms: [LayoutExpression.Term(element: ElementReference(self), attribute: attribute, coefficient: 1)])
    }
}

// MARK: Arithmetic (SwiftyLayout's table, plus sums of expressions)

public func * (lhs: LayoutExpression, rhs: CGFloat) -> LayoutExpression { lhs.scaled(by: rhs) }
public func * (lhs: CGFloat, rhs: LayoutExpression) -> LayoutExpression { rhs.scaled(by: lhs) }
public func / (lhs: LayoutExpression, rhs: CGFloat) -> LayoutExpression { lhs.scaled(by: 1 / rhs) }
public func + (lhs: LayoutExpression, rhs: CGFloat) -> LayoutExpression { LayoutExpression(terms: lhs.terms, constant: lhs.constant + rhs) }
public func + (lhs: CGFloat, rhs: LayoutExpression) -> LayoutExpression { rhs + lhs }
public func - (lhs: LayoutExpression, rhs: CGFloat) -> LayoutExpression { lhs + -rhs }
public func - (lhs: CGFloat, rhs: LayoutExpression) -> LayoutExpression { lhs + rhs.scaled(by: -1) }
public func + (lhs: LayoutExpression, rhs: LayoutExpression) -> LayoutExpression { .sum(lhs, rhs) }
public func - (lhs: LayoutExpression, rhs: LayoutExpression) -> LayoutExpression { .sum(lhs, rhs.scaled(by: -1)) }
public prefix func - (operand: LayoutExpression) -> LayoutExpression { operand.scaled(by: -1) }
