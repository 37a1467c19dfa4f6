package import Foundation

/// A system of linear equations over numbered elements, independent of live objects: what
/// `LinearLayoutBlock` compiles to, and what document validation checks.
///
/// Every element has four unknowns in one shared space: `x`, `y`, `width`, `height`. A
/// *solved* element's unknowns are free; a *constant* element's (laid out before, or fixed)
/// are pinned to values given when the system runs. A solved element whose position or
/// size no equation determines falls back on defaults: its intrinsic size (as in Auto
/// Layout: it resists growing at priority 250 and shrinking at 750) and position 0 in its
/// parent's space (weaker than any priority).
package struct EquationSystem: Sendable {
    /// `coefficient · element.attribute`.
    package struct Term: Sendable, Hashable {
        package var element: Int
        package var attribute: LayoutAttribute
        package var coefficient: Double

        package init(element: Int, attribute: LayoutAttribute, coefficient: Double) {
            self.element = element
            self.attribute = attribute
            self.coefficient = coefficient
        }
    }

    /// `Σ terms + constant  relation  0`, at a priority 1…1000.
    package struct Equation: Sendable {
        package var terms: [Term]
        package var constant: Double
        package var relation: LinearConstraint.Relation
        package var priority: Double

        package init(terms: [Term], constant: Double, relation: LinearConstraint.Relation, priority: Double) {
            self.terms = terms
            self.constant = constant
            self.relation = relation
            self.priority = priority
        }

        /// Whether the equation mentions leading or trailing.
        package var mentionsReadingDirection: Bool {
            terms.contains { $0.attribute == .leading || $0.attribute == .trailing }
        }

        /// Whether it relates leading or trailing with left or right.
        package var mixesDirections: Bool {
            mentionsReadingDirection && terms.contains { $0.attribute == .left || $0.attribute == .right }
        }
    }

    /// Where a solved element's parent space has its origin.
    package enum Origin: Sendable {
        /// At the origin of the shared space (a root's children).
        case zero
        /// At a solved element's position less its bounds origin.
        case solved(element: Int, boundsOrigin: CGPoint)
        /// Given when the system runs.
        case given
    }

    package struct Element: Sendable {
        package var isSolved: Bool
        /// Distance from the top to the first baseline.
        package var baselineOffset: Double
        /// For a solved element: its parent space's origin.
        package var origin: Origin

        package init(isSolved: Bool, baselineOffset: Double = 0, origin: Origin = .given) {
            self.isSolved = isSolved
            self.baselineOffset = baselineOffset
            self.origin = origin
        }
    }

    package var elements: [Element]
    package var equations: [Equation]

    package init(elements: [Element], equations: [Equation]) {
        self.elements = elements
        self.equations = equations
    }

    /// Whether an equation mentions leading or trailing (so the system depends on direction).
    package var dependsOnDirection: Bool {
        equations.contains(where: \.mentionsReadingDirection)
    }

    /// Why an equation was left out of the system.
    package struct Rejection: Sendable {
        package enum Reason: Sendable {
            /// A required equation cannot hold together with `conflicts` (indices of required
            /// equations added before it): the smallest such set found, or none when finding
            /// it would take too long.
            case unsatisfiable(conflicts: [Int])
            /// The priority is not a number in 1…1000.
            case invalidPriority
            /// The equation relates leading or trailing with left or right, which has no
            /// meaning in both directions (Auto Layout refuses it too).
            case mixedDirections
        }

        package var equation: Int
        package var reason: Reason
    }
}
