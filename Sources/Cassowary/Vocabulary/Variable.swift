/// An unknown of a constraint system: a cheap, `Sendable` value with an identity and a name.
///
/// Unlike kiwi's `Variable`, this holds no value: the solver computes values and hands
/// them out through `Solver.value(of:)`. Equality and hashing use the identity
/// only, so every `Variable(...)` is a distinct unknown, and copies of it are the same one:
///
/// ```swift
/// let left = Variable("left"), width = Variable("width")
/// var solver = Solver()
/// try solver.add(width == 100)
/// ```
///
/// Because `Variable` is `Equatable`, `left == width` is a `Bool` where a `Bool` is expected
/// and a ``Constraint`` where a constraint is expected (`solver.add(left == width)`).
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// The identity that equality and hashing use.
    let id: Int

    /// The name given at creation, used in descriptions and ``Solver/dump()``.
    public let name: String

    /// Creates a new unknown, distinct from every other variable.
    /// - Parameter name: A name for descriptions and dumps; it need not be unique.
    public init(_ name: String = "") {
        self.id = Identity.next()
        self.name = name
    }

    /// Whether both values denote the same unknown (the names are not compared).
    public static func == (lhs: Variable, rhs: Variable) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// The name, or `var<id>` for an unnamed variable.
    public var description: String {
        name.isEmpty ? "var\(id)" : name
    }
}
