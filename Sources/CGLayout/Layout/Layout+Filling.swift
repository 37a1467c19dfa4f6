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
    }
}

extension Layout.Filling {
    /// Width rules (`ENGINE.md` §2.5). A literal means `fixed(value)`.
    public struct Horizontal: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
        var steps: [FillingStep]

        init(_ step: FillingStep) { steps = [step] }
        init(steps: [FillingStep]) { self.steps = steps }

        public init(floatLiteral value: Double) { self.init(.fixed(CGFloat(value))) }
        public init(integerLiteral value: Int) { self.init(.fixed(CGFloat(value))) }

        /// The source width.
        public static let equal = Horizontal(.equal)
        /// A constant width.
        public static func fixed(_ value: CGFloat) -> Horizontal { Horizontal(.fixed(value)) }
        /// `scale ·` the source width.
        public static func scaled(_ scale: CGFloat) -> Horizontal { Horizontal(.scaled(scale)) }
        /// `max(0, source width − box)`: the whole `box` comes off one dimension (it does not
        /// centre anything; that is the alignment's job). A negative box grows the width.
        public static func boxed(_ box: CGFloat) -> Horizontal { Horizontal(.boxed(box)) }
        /// `min(value, source width)`.
        public static func upTo(_ value: CGFloat) -> Horizontal { Horizontal(.upTo(value)) }
        /// `max(value, source width)`.
        public static func from(_ value: CGFloat) -> Horizontal { Horizontal(.from(value)) }
        /// The source width clamped to the range.
        public static func between(_ range: ClosedRange<CGFloat>) -> Horizontal {
            Horizontal(.between(range.lowerBound, range.upperBound))
        }
        @available(*, unavailable, message: "use a closed range a...b; CGLayout read a..<b as a...(b+1)")
        public static func between(_ range: Range<CGFloat>) -> Horizontal { fatalError("unavailable") }

        /// Runs `lhs` then `rhs`; the last one wins.
        public static func + (lhs: Horizontal, rhs: Horizontal) -> Horizontal { Horizontal(steps: lhs.steps + rhs.steps) }
    }

    /// Height rules (`ENGINE.md` §2.5). A literal means `fixed(value)`.
    public struct Vertical: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
        var steps: [FillingStep]

        init(_ step: FillingStep) { steps = [step] }
        init(steps: [FillingStep]) { self.steps = steps }

        public init(floatLiteral value: Double) { self.init(.fixed(CGFloat(value))) }
        public init(integerLiteral value: Int) { self.init(.fixed(CGFloat(value))) }

        /// The source height.
        public static let equal = Vertical(.equal)
        /// A constant height.
        public static func fixed(_ value: CGFloat) -> Vertical { Vertical(.fixed(value)) }
        /// `scale ·` the source height.
        public static func scaled(_ scale: CGFloat) -> Vertical { Vertical(.scaled(scale)) }
        /// `max(0, source height − box)`; a negative box grows the height.
        public static func boxed(_ box: CGFloat) -> Vertical { Vertical(.boxed(box)) }
        /// `min(value, source height)`.
        public static func upTo(_ value: CGFloat) -> Vertical { Vertical(.upTo(value)) }
        /// `max(value, source height)`.
        public static func from(_ value: CGFloat) -> Vertical { Vertical(.from(value)) }
        /// The source height clamped to the range.
        public static func between(_ range: ClosedRange<CGFloat>) -> Vertical {
            Vertical(.between(range.lowerBound, range.upperBound))
        }
        @available(*, unavailable, message: "use a closed range a...b; CGLayout read a..<b as a...(b+1)")
        public static func between(_ range: Range<CGFloat>) -> Vertical { fatalError("unavailable") }

        /// Runs `lhs` then `rhs`; the last one wins.
        public static func + (lhs: Vertical, rhs: Vertical) -> Vertical { Vertical(steps: lhs.steps + rhs.steps) }
    }
}
