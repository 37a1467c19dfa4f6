internal import Cassowary
public import Foundation

/// `~` sets a constraint's priority: `a[.width] == b[.width] ~ 750` (the same operator and
/// precedence as the Cassowary module's, so both can be imported together).
infix operator ~ : StrengthPrecedence

/// A linear relation between element attributes with an Auto Layout priority, as
/// SwiftyLayout writes them: `a[.width] == 0.5 * b[.width] - 4 ~ 750`.
///
/// Solve a set of them with a `LinearLayoutBlock`. The priority is 1…1000; 1000 (the
/// default) is required, 750 strong, 500 medium, 250 weak (the mapping onto solver strengths
/// is the `Cassowary` module's `Strength.priority(_:)`).
public struct LinearConstraint: CustomStringConvertible {
    /// How the left side compares with the right side.
    public enum Relation: String, Sendable, Hashable {
        case equal = "=="
        case lessThanOrEqual = "<="
        case greaterThanOrEqual = ">="
    }

    /// The left side.
    public let lhs: LayoutExpression
    /// The right side.
    public let rhs: LayoutExpression
    public let relation: Relation
    /// 1…1000; 1000 means required.
    public var priority: Double = 1000

    init(_ lhs: LayoutExpression, _ relation: Relation, _ rhs: LayoutExpression) {
        self.lhs = lhs
        self.relation = relation
        self.rhs = rhs
    }

    /// Whether the constraint must hold.
    public var isRequired: Bool { priority >= 1000 }

    /// `title[.left] == avatar[.right] + 8 ~ 750` (the priority only when not required).
    public var description: String {
        "\(lhs) \(relation.rawValue) \(rhs)" + (isRequired ? "" : " ~ \(format(CGFloat(priority)))")
    }
}

public func == (lhs: LayoutExpression, rhs: LayoutExpression) -> LinearConstraint { LinearConstraint(lhs, .equal, rhs) }
public func == (lhs: LayoutExpression, rhs: CGFloat) -> LinearConstraint { LinearConstraint(lhs, .equal, LayoutExpression(constant: rhs)) }
public func == (lhs: CGFloat, rhs: LayoutExpression) -> LinearConstraint { LinearConstraint(LayoutExpression(constant: lhs), .equal, rhs) }
public func <= (lhs: LayoutExpression, rhs: LayoutExpression) -> LinearConstraint { LinearConstraint(lhs, .lessThanOrEqual, rhs) }
public func <= (lhs: LayoutExpression, rhs: CGFloat) -> LinearConstraint { LinearConstraint(lhs, .lessThanOrEqual, LayoutExpression(constant: rhs)) }
public func <= (lhs: CGFloat, rhs: LayoutExpression) -> LinearConstraint { LinearConstraint(LayoutExpression(constant: lhs), .lessThanOrEqual, rhs) }
public func >= (lhs: LayoutExpression, rhs: LayoutExpression) -> LinearConstraint { LinearConstraint(lhs, .greaterThanOrEqual, rhs) }
public func >= (lhs: LayoutExpression, rhs: CGFloat) -> LinearConstraint { LinearConstraint(lhs, .greaterThanOrEqual, LayoutExpression(constant: rhs)) }
public func >= (lhs: CGFloat, rhs: LayoutExpression) -> LinearConstraint { LinearConstraint(LayoutExpression(constant: lhs), .greaterThanOrEqual, rhs) }

/// The constraint with another priority, 1…1000.
public func ~ (constraint: LinearConstraint, priority: Double) -> LinearConstraint {
    var copy = constraint
    copy.priority = priority
    return copy
}
