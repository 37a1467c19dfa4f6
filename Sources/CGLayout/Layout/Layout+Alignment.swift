public import Foundation

extension Layout {
    /// Where a rect goes inside the source: one rule per axis. Alignment reads the source and
    /// the rect's already-final size; it writes only the origin.
    public struct Alignment: Sendable, Hashable {
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

        /// Top-left of the source: `x = S.minX`, `y = S.minY`.
        public static let equal = Alignment(horizontal: .equal, vertical: .equal)
        /// Centred on both axes.
        public static let center = Alignment(horizontal: .center(), vertical: .center())

        /// Applies the alignment to `rect` (keeping its size) inside `source`.
        public func layout(rect: CGRect, in source: CGRect, direction: LayoutDirection = .leftToRight) -> CGRect {
            var result = rect
            result.origin.x = horizontal.origin(length: rect.size.width, in: source.interval(.horizontal), direction: direction)
            result.origin.y = vertical.origin(length: rect.size.height, in: source.interval(.vertical), direction: direction)
            return result
        }
    }
}

extension Layout.Alignment {
    /// Horizontal alignment (`ENGINE.md` §2.2); writes `x` only. An integer or float literal
    /// means `left(value)`. `a + b` runs `a` then `b`; the last one wins.
    public struct Horizontal: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
        var steps: [AlignmentStep]

        init(_ step: AlignmentStep) { steps = [step] }
        init(steps: [AlignmentStep]) { self.steps = steps }

        public init(floatLiteral value: Double) { self.init(.min(CGFloat(value))) }
        public init(integerLiteral value: Int) { self.init(.min(CGFloat(value))) }

        /// `x = S.minX`.
        public static let equal = Horizontal(.equal)
        /// `x = S.minX + offset`.
        public static func left(_ offset: CGFloat = 0) -> Horizontal { Horizontal(.min(offset)) }
        /// `x = S.maxX − w − offset` (a positive offset moves left).
        public static func right(_ offset: CGFloat = 0) -> Horizontal { Horizontal(.max(offset)) }
        /// `x = S.midX − w/2 + offset`.
        public static func center(_ offset: CGFloat = 0) -> Horizontal { Horizontal(.center(offset)) }
        /// `left(offset)`, or `right(offset)` when the layout runs right-to-left.
        public static func leading(_ offset: CGFloat = 0) -> Horizontal { Horizontal(.leading(offset)) }
        /// `right(offset)`, or `left(offset)` when the layout runs right-to-left.
        public static func trailing(_ offset: CGFloat = 0) -> Horizontal { Horizontal(.trailing(offset)) }
        /// `x = S.minX + multiplier · S.width`.
        public static func left(multiplier: CGFloat) -> Horizontal { Horizontal(.minMultiplier(multiplier)) }
        /// `x = S.maxX − w − multiplier · S.width`.
        public static func right(multiplier: CGFloat) -> Horizontal { Horizontal(.maxMultiplier(multiplier)) }
        /// `x = S.minX + clamp(S.width − w, lower, upper)`: the gap before the rect, kept in range.
        public static func left(between range: ClosedRange<CGFloat>) -> Horizontal {
            Horizontal(.minBetween(range.lowerBound, range.upperBound))
        }
        /// `x = S.maxX − w − clamp(S.width − w, lower, upper)`: the gap after the rect, kept in range.
        public static func right(between range: ClosedRange<CGFloat>) -> Horizontal {
            Horizontal(.maxBetween(range.lowerBound, range.upperBound))
        }
        @available(*, unavailable, message: "use a closed range a...b; CGLayout read a..<b as a...(b+1)")
        public static func left(between range: Range<CGFloat>) -> Horizontal { fatalError("unavailable") }
        @available(*, unavailable, message: "use a closed range a...b; CGLayout read a..<b as a...(b+1)")
        public static func right(between range: Range<CGFloat>) -> Horizontal { fatalError("unavailable") }

        /// Runs `lhs` then `rhs`; the last one wins.
        public static func + (lhs: Horizontal, rhs: Horizontal) -> Horizontal { Horizontal(steps: lhs.steps + rhs.steps) }

        func origin(length: CGFloat, in source: Interval, direction: LayoutDirection) -> CGFloat {
            var origin = source.min
            for step in steps { origin = step.origin(length: length, in: source, direction: direction) }
            return origin
        }
    }

    /// Vertical alignment (`ENGINE.md` §2.3); writes `y` only. A literal means `top(value)`.
    public struct Vertical: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
        var steps: [AlignmentStep]

        init(_ step: AlignmentStep) { steps = [step] }
        init(steps: [AlignmentStep]) { self.steps = steps }

        public init(floatLiteral value: Double) { self.init(.min(CGFloat(value))) }
        public init(integerLiteral value: Int) { self.init(.min(CGFloat(value))) }

        /// `y = S.minY`.
        public static let equal = Vertical(.equal)
        /// `y = S.minY + offset`.
        public static func top(_ offset: CGFloat = 0) -> Vertical { Vertical(.min(offset)) }
        /// `y = S.maxY − h − offset` (a positive offset moves up).
        public static func bottom(_ offset: CGFloat = 0) -> Vertical { Vertical(.max(offset)) }
        /// `y = S.midY − h/2 + offset`.
        public static func center(_ offset: CGFloat = 0) -> Vertical { Vertical(.center(offset)) }
        /// `y = S.minY + multiplier · S.height`.
        public static func top(multiplier: CGFloat) -> Vertical { Vertical(.minMultiplier(multiplier)) }
        /// `y = S.maxY − h − multiplier · S.height`.
        public static func bottom(multiplier: CGFloat) -> Vertical { Vertical(.maxMultiplier(multiplier)) }
        /// `y = S.minY + clamp(S.height − h, lower, upper)`.
        public static func top(between range: ClosedRange<CGFloat>) -> Vertical {
            Vertical(.minBetween(range.lowerBound, range.upperBound))
        }
        /// `y = S.maxY − h − clamp(S.height − h, lower, upper)`.
        public static func bottom(between range: ClosedRange<CGFloat>) -> Vertical {
            Vertical(.maxBetween(range.lowerBound, range.upperBound))
        }
        /// As `top(between:)`, with the gap rounded down to a multiple of `step` unless it
        /// reached the upper bound. A non-positive step leaves the gap unrounded.
        public static func top(between range: ClosedRange<CGFloat>, step: CGFloat) -> Vertical {
            Vertical(.minBetweenStep(range.lowerBound, range.upperBound, step))
        }
        @available(*, unavailable, message: "use a closed range a...b; CGLayout read a..<b as a...(b+1)")
        public static func top(between range: Range<CGFloat>) -> Vertical { fatalError("unavailable") }
        @available(*, unavailable, message: "use a closed range a...b; CGLayout read a..<b as a...(b+1)")
        public static func bottom(between range: Range<CGFloat>) -> Vertical { fatalError("unavailable") }

        /// Runs `lhs` then `rhs`; the last one wins.
        public static func + (lhs: Vertical, rhs: Vertical) -> Vertical { Vertical(steps: lhs.steps + rhs.steps) }

        func origin(length: CGFloat, in source: Interval, direction: LayoutDirection) -> CGFloat {
            var origin = source.min
            for step in steps { origin = step.origin(length: length, in: source, direction: direction) }
            return origin
        }
    }
}
