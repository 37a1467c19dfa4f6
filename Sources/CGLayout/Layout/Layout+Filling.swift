public import Foundation

extension Layout {
    /// How big a rect is: one rule per axis, read from the source size only.
    public struct Filling: Sendable, Hashable {
        public var horizontal: Horizontal
        public var vertical: Vertical

        public init(horizontal: Horizontal, vertical: Vertical) {
            self.horizontal = horizontal
            self.vertical = vertical
        }

        /// CGLayout's argument order.
        public init(vertical: Vertical, horizontal: Horizontal) {
            self.init(horizontal: horizontal, vertical: vertical)
        }

        /// The source's size.
        public static let equal = Filling(horizontal: .equal, vertical: .equal)

        /// Width rules (`ENGINE.md` §2.5).
        public typealias Horizontal = AxisFilling<LayoutAxis.Horizontal>
        /// Height rules (`ENGINE.md` §2.5).
        public typealias Vertical = AxisFilling<LayoutAxis.Vertical>
    }

    /// A size rule on one axis: `Layout.Filling.Horizontal` (width) or `.Vertical` (height).
    ///
    /// A literal means `fixed(value)`. `a + b` runs `a` then `b`; the last one wins.
    public struct AxisFilling<Axis>: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
        var steps: [FillingStep]

        init(_ step: FillingStep) { steps = [step] }
        init(steps: [FillingStep]) { self.steps = steps }

        public init(floatLiteral value: Double) { self.init(.fixed(CGFloat(value))) }
        public init(integerLiteral value: Int) { self.init(.fixed(CGFloat(value))) }

        /// The source's size on this axis.
        public static var equal: Self { Self(.equal) }
        /// A constant size.
        public static func fixed(_ value: CGFloat) -> Self { Self(.fixed(value)) }
        /// `scale ·` the source's size.
        public static func scaled(_ scale: CGFloat) -> Self { Self(.scaled(scale)) }
        /// `max(0, source − box)`: the whole `box` comes off this one dimension (it does not
        /// centre anything; that is the alignment's job). A negative box grows the size.
        public static func boxed(_ box: CGFloat) -> Self { Self(.boxed(box)) }
        /// `min(value, source)`.
        public static func upTo(_ value: CGFloat) -> Self { Self(.upTo(value)) }
        /// `max(value, source)`.
        public static func from(_ value: CGFloat) -> Self { Self(.from(value)) }
        /// The source's size clamped to the range.
        public static func between(_ range: ClosedRange<CGFloat>) -> Self { Self(.between(range.lowerBound, range.upperBound)) }
        @available(*, unavailable, message: "use a closed range a...b; CGLayout read a..<b as a...(b+1)")
        public static func between(_ range: Range<CGFloat>) -> Self { fatalError("unavailable") }

        /// Runs `lhs` then `rhs`; the last one wins.
        public static func + (lhs: Self, rhs: Self) -> Self { Self(steps: lhs.steps + rhs.steps) }
    }
}
