/// How much the solver cares about a constraint: required, or a weight in its objective.
///
/// A required constraint must hold exactly; adding one that cannot fails. Any other
/// constraint may be violated, and the solver minimises the sum of its violations, each
/// multiplied by its strength's ``weight``. Strengths follow kiwi's scheme
/// ``create(_:_:_:weight:)``: `strong·10⁶ + medium·10³ + weak`, each part clamped to
/// 0…1000, so a strong constraint outweighs up to a thousand medium ones.
///
/// ## Auto Layout priorities
///
/// ``priority(_:)`` maps the priorities Auto Layout users know, 1…1000, onto strengths:
/// 1000 is ``required``, and below it the weight grows geometrically, by a factor of 1000
/// every 250 points, so that the familiar priorities land on kiwi's named strengths:
///
/// | priority | weight | behaves as |
/// |---:|---:|---|
/// | 1 | ≈ 0.001 | far below weak |
/// | 250 | 1 | ``weak`` (exactly) |
/// | 500 | 1 000 | ``medium`` (exactly) |
/// | 750 | 1 000 000 | ``strong`` (exactly) |
/// | 999 | ≈ 9.7 × 10⁸ | strongest optional |
/// | 1000 | — | ``required`` |
///
/// The mapping is strictly increasing, so a higher priority always beats one lower
/// priority. It cannot let a higher priority beat *any number* of lower ones: that would
/// need a range of 10³⁰⁰⁰ between priorities 1 and 999, far beyond a `Double`. What it
/// gives instead: with equal violations, priority `p` beats up to `1.028^(p − q)`
/// constraints of priority `q` — a thousand at 250 points below, about 1.3 at 10 below.
/// Where strict ordering matters, leave priorities at least 250 apart (as UIKit's
/// `defaultLow` 250, `defaultHigh` 750 and `required` 1000 are).
public struct Strength: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The factor applied to the constraint's violation in the objective, 0…``required``.
    public let weight: Double

    /// Creates a strength of the given weight, clamped to 0…`Strength.required.weight`.
    /// - Parameter weight: The factor applied to violations; `required.weight` or more
    ///   means required. It must not be NaN.
    public init(weight: Double) {
        precondition(!weight.isNaN, "a strength's weight must be a number")
        self.weight = Swift.min(Swift.max(weight, 0), Self.required.weight)
    }

    private init(exactly weight: Double) {
        self.weight = weight
    }

    /// Must hold exactly. Edit variables cannot be required.
    public static var required: Strength { Strength(exactly: 1_001_001_000) }
    /// `create(1, 0, 0)`: weight 10⁶, Auto Layout priority 750.
    public static var strong: Strength { Strength(exactly: 1_000_000) }
    /// `create(0, 1, 0)`: weight 1000, Auto Layout priority 500.
    public static var medium: Strength { Strength(exactly: 1000) }
    /// `create(0, 0, 1)`: weight 1, Auto Layout priority 250.
    public static var weak: Strength { Strength(exactly: 1) }

    /// kiwi's strength scheme: three parts, each multiplied by `weight` and clamped to 0…1000.
    /// - Parameters:
    ///   - strong: The strong part, worth 10⁶ each.
    ///   - medium: The medium part, worth 10³ each.
    ///   - weak: The weak part, worth 1 each.
    ///   - weight: A factor applied to each part before clamping; 1 by default.
    public static func create(_ strong: Double, _ medium: Double, _ weak: Double, weight: Double = 1) -> Strength {
        func clamped(_ part: Double) -> Double { Swift.min(Swift.max(part * weight, 0), 1000) }
        return Strength(weight: clamped(strong) * 1_000_000 + clamped(medium) * 1000 + clamped(weak))
    }

    /// The strength for an Auto Layout priority (see the table in ``Strength``).
    /// - Parameter priority: 1…1000; smaller values count as 1, larger as 1000. It must
    ///   not be NaN.
    public static func priority(_ priority: Double) -> Strength {
        precondition(!priority.isNaN, "a priority must be a number")
        let clamped = Swift.min(Swift.max(priority, 1), 1000)
        if clamped == 1000 { return .required }
        return Strength(exactly: PriorityScale.weight(clamped))
    }

    /// Whether constraints of this strength must hold exactly.
    public var isRequired: Bool { weight >= Self.required.weight }

    /// Orders by weight.
    public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.weight < rhs.weight }

    /// `required`, `strong`, `medium`, `weak`, or the weight.
    public var description: String {
        switch weight {
        case Self.required.weight: "required"
        case Self.strong.weight: "strong"
        case Self.medium.weight: "medium"
        case Self.weak.weight: "weak"
        default: "\(weight)"
        }
    }
}
