/// Why a ``Solver`` refused an operation, with the constraint or variable concerned.
///
/// Every failing call leaves the solver as it was before the call.
public struct SolverError: Error, Sendable, CustomStringConvertible {
    /// What went wrong; a struct rather than an enum so that codes can be added later.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case unsatisfiableConstraint, duplicateConstraint, unknownConstraint
            case duplicateEditVariable, unknownEditVariable, badRequiredStrength
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// A required constraint conflicts with the required constraints already added.
        public static var unsatisfiableConstraint: Code { Code(.unsatisfiableConstraint) }
        /// The constraint has already been added.
        public static var duplicateConstraint: Code { Code(.duplicateConstraint) }
        /// The constraint to remove was never added (or was removed already).
        public static var unknownConstraint: Code { Code(.unknownConstraint) }
        /// The variable is already an edit variable.
        public static var duplicateEditVariable: Code { Code(.duplicateEditVariable) }
        /// The variable is not an edit variable.
        public static var unknownEditVariable: Code { Code(.unknownEditVariable) }
        /// Edit variables cannot be required: a suggestion must be allowed to lose.
        public static var badRequiredStrength: Code { Code(.badRequiredStrength) }

        /// The code's stable name, such as `unsatisfiableConstraint`.
        public var description: String { base.rawValue }
    }

    /// What went wrong.
    public let code: Code
    /// A sentence for people, naming the input.
    public let message: String
    /// The constraint concerned, for constraint errors.
    public let constraint: Constraint?
    /// The variable concerned, for edit-variable errors.
    public let variable: Variable?

    /// `code: message`.
    public var description: String { "\(code): \(message)" }

    static func unsatisfiable(_ constraint: Constraint) -> SolverError {
        SolverError(code: .unsatisfiableConstraint,
                    message: "The required constraint \(constraint) cannot hold together with the required constraints already added.",
                    constraint: constraint, variable: nil)
    }

    static func duplicate(_ constraint: Constraint) -> SolverError {
        SolverError(code: .duplicateConstraint, message: "The constraint \(constraint) has already been added.",
                    constraint: constraint, variable: nil)
    }

    static func unknown(_ constraint: Constraint) -> SolverError {
        SolverError(code: .unknownConstraint, message: "The constraint \(constraint) is not in the solver.",
                    constraint: constraint, variable: nil)
    }

    static func duplicateEdit(_ variable: Variable) -> SolverError {
        SolverError(code: .duplicateEditVariable, message: "The variable \(variable) is already an edit variable.",
                    constraint: nil, variable: variable)
    }

    static func unknownEdit(_ variable: Variable) -> SolverError {
        SolverError(code: .unknownEditVariable, message: "The variable \(variable) is not an edit variable.",
                    constraint: nil, variable: variable)
    }

    static func requiredEdit(_ variable: Variable) -> SolverError {
        SolverError(code: .badRequiredStrength,
                    message: "The edit variable \(variable) cannot be required: use a strength below required.",
                    constraint: nil, variable: variable)
    }
}
