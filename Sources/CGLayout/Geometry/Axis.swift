import Foundation

/// One axis of the plane. Most rules of the model are the same on both axes, so they are
/// written once on an `Interval` and applied to the axis they concern.
enum Axis: UInt8, Sendable, Hashable {
    case horizontal
    case vertical
}

/// A one-dimensional range `[min, min + length]`; `length` may be negative.
///
/// `min`, `length` and `max` are the raw values. CGLayout reads most rules through
/// Foundation's `CGRect` accessors, which *standardize* (`ENGINE.md` §0): those readings are
/// `lower`, `upper` and `extent`, which differ from the raw ones only when `length` is
/// negative (an `insets` anchor larger than its rect makes one).
struct Interval: Sendable, Hashable {
    var min: CGFloat
    var length: CGFloat

    @inline(__always) var max: CGFloat { min + length }
    /// `midX`: Foundation's `(minX + maxX) / 2`, which can differ from `x + w/2` in the last bit.
    @inline(__always) var mid: CGFloat { (lower + upper) * 0.5 }
    /// `minX`: the lower end, whatever the sign of `length`.
    @inline(__always) var lower: CGFloat { Swift.min(min, min + length) }
    /// `maxX`: the upper end, whatever the sign of `length`.
    @inline(__always) var upper: CGFloat { Swift.max(min, min + length) }
    /// `width`: the length's magnitude.
    @inline(__always) var extent: CGFloat { abs(length) }
}

extension CGRect {
    /// The rectangle's extent on one axis.
    @inline(__always)
    func interval(_ axis: Axis) -> Interval {
        switch axis {
        case .horizontal: Interval(min: origin.x, length: size.width)
        case .vertical: Interval(min: origin.y, length: size.height)
        }
    }

    /// Replaces the rectangle's extent on one axis.
    @inline(__always)
    mutating func setInterval(_ interval: Interval, _ axis: Axis) {
        switch axis {
        case .horizontal:
            origin.x = interval.min
            size.width = interval.length
        case .vertical:
            origin.y = interval.min
            size.height = interval.length
        }
    }

    /// The rectangle's size on one axis.
    @inline(__always)
    func length(_ axis: Axis) -> CGFloat {
        axis == .horizontal ? size.width : size.height
    }
}
