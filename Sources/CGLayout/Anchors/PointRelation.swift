import Foundation

/// A relation of the anchors API between a point anchor of the source and a point anchor
/// of a reference element: `left.align(by: ref.right)` and friends (`ENGINE.md` §7.1–7.2).
struct PointRelation: Sendable, Hashable {
    var source: PointAnchor
    var kind: Kind
    var target: PointAnchor

    enum Kind: UInt8, Sendable, Hashable {
        /// Offset the source point to the target (the rect moves, keeps its size).
        case align
        /// Move (stretch) the source point to the target.
        case pull
        /// Stretch the source point to the target if it is on the forbidden side.
        case limit
        /// Offset the source point to the target if it is before it in reading order.
        case fartherThanOrEqual
        /// Offset the source point to the target if it is after it.
        case nearerThanOrEqual
    }

    /// The relation with `leading`/`trailing` resolved to `left`/`right` for `direction`.
    ///
    /// Leading/trailing limits then behave exactly as left/right do (CGLayout compared them
    /// the opposite way: `ENGINE.md` §13.5, fixed). "Farther" means later in reading order:
    /// for a leading/trailing source right-to-left that is a smaller x, which is what
    /// `nearerThanOrEqual` checks on the resolved side, and the reverse.
    func resolved(_ direction: LayoutDirection) -> PointRelation {
        var result = PointRelation(source: source.resolved(direction), kind: kind, target: target.resolved(direction))
        if source.isDirectional, direction == .rightToLeft {
            switch kind {
            case .fartherThanOrEqual: result.kind = .nearerThanOrEqual
            case .nearerThanOrEqual: result.kind = .fartherThanOrEqual
            default: break
            }
        }
        return result
    }

    /// Applies a resolved relation.
    @inline(__always)
    func apply(to rect: inout CGRect, reference: CGRect) {
        let (sourceAxis, sourceRole) = source.role
        let (targetAxis, targetRole) = target.role
        let value = targetRole.get(reference.interval(targetAxis))
        var interval = rect.interval(sourceAxis)
        let current = sourceRole.get(interval)
        switch kind {
        case .align:
            interval = sourceRole.offset(interval, to: value)
        case .pull:
            interval = sourceRole.move(interval, to: value)
        case .limit:
            let violated: Bool = switch sourceRole {
            case .min: current < value
            case .max: current > value
            case .center: false
            }
            if violated { interval = sourceRole.move(interval, to: value) }
        case .fartherThanOrEqual:
            if current < value { interval = sourceRole.offset(interval, to: value) }
        case .nearerThanOrEqual:
            if current > value { interval = sourceRole.offset(interval, to: value) }
        }
        rect.setInterval(interval, sourceAxis)
    }
}

/// The point anchors of the anchors API. Baseline sources are `top` anchors (CGLayout
/// places the label's top, not its baseline: `ENGINE.md` §7.5, kept); baseline targets
/// read the `top` of the reference's baseline rect.
enum PointAnchor: UInt8, Sendable, Hashable {
    case left, right, leading, trailing, centerX, top, bottom, centerY

    var isDirectional: Bool { self == .leading || self == .trailing }

    /// `leading`/`trailing` as `left`/`right` for `direction`.
    func resolved(_ direction: LayoutDirection) -> PointAnchor {
        switch self {
        case .leading: direction == .leftToRight ? .left : .right
        case .trailing: direction == .leftToRight ? .right : .left
        default: self
        }
    }

    /// The axis and the point of a resolved anchor (leading/trailing read as left-to-right).
    @inline(__always)
    var role: (Axis, PointRole) {
        switch self {
        case .left, .leading: (.horizontal, .min)
        case .right, .trailing: (.horizontal, .max)
        case .centerX: (.horizontal, .center)
        case .top: (.vertical, .min)
        case .bottom: (.vertical, .max)
        case .centerY: (.vertical, .center)
        }
    }
}

/// Which point of an interval an anchor names, and the §7.1 operations on it.
///
/// As CGLayout's anchors backend, points and lengths are read standardized (`minX`, `maxX`,
/// `midX`, `width`), and an origin that an operation leaves in place stays raw.
enum PointRole: UInt8, Sendable, Hashable {
    case min, max, center

    @inline(__always)
    func get(_ interval: Interval) -> CGFloat {
        switch self {
        case .min: interval.lower
        case .max: interval.upper
        case .center: interval.mid
        }
    }

    /// Moves the whole interval so that this point is at `value`.
    @inline(__always)
    func offset(_ interval: Interval, to value: CGFloat) -> Interval {
        switch self {
        case .min: Interval(min: value, length: interval.length)
        case .max: Interval(min: value - interval.extent, length: interval.length)
        case .center: Interval(min: value - interval.extent / 2, length: interval.length)
        }
    }

    /// Stretches the interval so that this point is at `value`, keeping the opposite edge
    /// (for the centre: keeping the edge nearer to the move's side, `ENGINE.md` §7.1).
    @inline(__always)
    func move(_ interval: Interval, to value: CGFloat) -> Interval {
        switch self {
        case .min:
            return Interval(min: value, length: Swift.max(0, interval.upper - value))
        case .max:
            return Interval(min: interval.min, length: Swift.max(0, value - interval.lower))
        case .center:
            var result = interval
            if interval.mid > value {
                result.length = 2 * (value - interval.lower)
            } else {
                result.min = interval.upper - 2 * (interval.upper - value)
                result.length = 2 * (interval.upper - value)
            }
            result.length = Swift.max(0, result.length)
            return result
        }
    }
}
