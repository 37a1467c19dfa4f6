/// An error of the layout engine: a stable code, a message saying what is wrong and how
/// to fix it.
public struct LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of error this is; new codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let name: String

        /// A snapshot was applied to a scheme other than the one that produced it.
        public static let snapshotMismatch = Code(name: "snapshotMismatch")
        /// A flexible row or column whose fixed sizes need more room than it has.
        public static let outOfSpace = Code(name: "outOfSpace")
        /// A flexible item with a negative or non-finite fixed size.
        public static let invalidSize = Code(name: "invalidSize")
        /// A required linear constraint that cannot hold with the others.
        public static let unsatisfiable = Code(name: "unsatisfiable")
        /// A linear constraint with a priority outside 1…1000.
        public static let invalidPriority = Code(name: "invalidPriority")
        /// A linear constraint relating leading or trailing with left or right.
        public static let mixedDirections = Code(name: "mixedDirections")
        /// A box tree nested deeper than `BoxLayoutBlock.maximumDepth` levels.
        public static let tooDeep = Code(name: "tooDeep")

        public var description: String { name }
    }

    public let code: Code
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
