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

        /// Horizontal alignment (`ENGINE.md` §2.2); writes `x` only.
        public typealias Horizontal = AxisAlignment<LayoutAxis.Horizontal>
        /// Vertical alignment (`ENGINE.md` §2.3); writes `y` only.
        public typealias Vertical = AxisAlignment<LayoutAxis.Vertical>
    }

    /// An alignment rule on one axis: `Layout.Alignment.Horizontal` or `.Vertical`.
    ///
    /// An integer or float literal means `left(value)` / `top(value)`. `a + b` runs `a` then
    /// `b`; the last one wins.
    public struct AxisAlignment<Axis>: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
        var steps: [AlignmentStep]

        init(_ step: AlignmentStep) { steps = [step] }
        init(steps: [AlignmentStep]) { self.steps = steps }

        public init(floatLiteral value: Double) { self.init(.min(CGFloat(value))) }
        public init(integerLiteral value: Int) { self.init(.min(CGFloat(value))) }

        /// At the source's min edge: `x = S.minX` / `y = S.minY`.
        public static var equal: Self { Self(.equal) }
        /// Centred: `x = S.midX − w/2 + offset` (likewise `y`).
        public static func center(_ offset: CGFloat = 0) -> Self { Self(.center(offset)) }

        /// Runs `lhs` then `rhs`; the last one wins.
        public static func + (lhs: Self, rhs: Self) -> Self { Self(steps: lhs.steps + rhs.steps) }

        func origin(length: CGFloat, in source: Interval, direction: LayoutDirection) -> CGFloat {
            var origin = source.min
            for step in steps { origin = step.origin(length: length, in: source, direction: direction) }
            return origin
        }
    }
}

/// Markers that keep rules and relations on one axis: a horizontal rule only goes where a
/// horizontal one is expected, a horizontal anchor only relates to horizontal targets.
public enum LayoutAxis {
    /// x, width; `left`, `right`, `leading`, `trailing`, `centerX`.
    public enum Horizontal {}
    /// y, height; `top`, `bottom`, `centerY`, `baseline`.
    public enum Vertical {}
}

extension Layout.AxisAlignment where Axis == LayoutAxis.Horizontal {
    /// `x = S.minX + offset`.
    public static func left(_ offset: CGFloat = 0) -> Self { Self(.min(offset)) }
    /// `x = S.maxX − w − offset` (a positive offset moves left).
    public static func right(_ offset: CGFloat = 0) -> Self { Self(.max(offset)) }
    /// `left(offset)`, or `right(offset)` when the layout runs right-to-left.
    public static func leading(_ offset: CGFloat = 0) -> Self { Self(.leading(offset)) }
    /// `right(offset)`, or `left(offset)` when the layout runs right-to-left.
    public static func trailing(_ offset: CGFloat = 0) -> Self { Self(.trailing(offset)) }
    /// `x = S.minX + multiplier · S.width`.
    public static func left(multiplier: CGFloat) -> Self { Self(.minMultiplier(multiplier)) }
    /// `x = S.maxX − w − multiplier · S.width`.
    public static func right(multiplier: CGFloat) -> Self { Self(.maxMultiplier(multiplier)) }
    /// `x = S.minX + clamp(S.width − w, lower, upper)`: the gap before the rect, kept in range.
    public static func left(between range: ClosedRange<CGFloat>) -> Self { Self(.minBetween(range.lowerBound, range.upperBound)) }
    /// `x = S.maxX − w − clamp(S.width − w, lower, upper)`: the gap after the rect, kept in range.
    public static func right(between range: ClosedRange<CGFloat>) -> Self { Self(.maxBetween(range.lowerBound, range.upperBound)) }
    @available(*, unavailable, message: "use a closed range a...b; CGLayout read a..<b as a...(b+1)")
    public static func left(between range: Range<CGFloat>) -> Self { fatalError("unavailable") }
    @available(*, unavailable, message: "use a closed range a...b; CGLayout read a..<b as a...(b+1)")
    public static func right(between range: Range<CGFloat>) -> Self { fatalError("unavailable") }
}

extension Layout.AxisAlignment where Axis == LayoutAxis.Vertical {
    /// `y = S.minY + offset`.
    public static func top(_ offset: CGFloat = 0) -> Self { Self(.min(offset)) }
    /// `y = S.maxY − h − offset` (a positive offset moves up).
    public static func bottom(_ offset: CGFloat = 0) -> Self { Self(.max(offset)) }
    /// `y = S.minY + multiplier · S.height`.
    public static func top(multiplier: CGFloat) -> Self { Self(.minMultiplier(multiplier)) }
    /// `y = S.maxY − h − multiplier · S.height`.
    public static func bottom(multiplier: CGFloat) -> Self { Self(.maxMultiplier(multiplier)) }
    /// `y = S.minY + clamp(S.height − h, lower, upper)`.
    public static func top(between range: ClosedRange<CGFloat>) -> Self { Self(.minBetween(range.lowerBound, range.upperBound)) }
    /// `y = S.maxY − h − clamp(S.height − h, lower, upper)`.
    public static func bottom(between range: ClosedRange<CGFloat>) -> Self { Self(.maxBetween(range.lowerBound, range.upperBound)) }
    /// As `top(between:)`, with the gap rounded down to a multiple of `step` unless it
    /// reached the upper bound. A non-positive step leaves the gap unrounded.
    public static func top(between range: ClosedRange<CGFloat>, step: CGFloat) -> Self {
        Self(.minBetweenStep(range.lowerBound, range.upperBound, step))
    }
    @available(*, unavailable, message: "use a closed range a...b; CGLayout read a..<b as a...(b+1)")
    public static func top(between range: Range<CGFloat>) -> Self { fatalError("unavailable") }
    @available(*, unavailable, message: "use a closed range a...b; CGLayout read a..<b as a...(b+1)")
    public static func bottom(between range: Range<CGFloat>) -> Self { fatalError("unavailable") }
}
