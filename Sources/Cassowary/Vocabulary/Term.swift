/// A variable multiplied by a coefficient: one summand of a linear ``Expression``.
///
/// Terms come out of the operators (`2 * x`, `x / 2`, `-x`); there is deliberately no
/// `Equatable` conformance, so that `==` between terms always builds a ``Constraint``.
public struct Term: Sendable, CustomStringConvertible {
    /// The unknown.
    public var variable: Variable

    /// The factor applied to the variable.
    public var coefficient: Double

    /// Creates the term `coefficient * variable`.
    /// - Parameters:
    ///   - variable: The unknown.
    ///   - coefficient: Its factor; 1 by default.
    public init(_ variable: Variable, coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    /// `coefficient * name`, for example `2.0 * left`.
    public var description: String {
        "\(coefficient) * \(variable)"
    }
}
