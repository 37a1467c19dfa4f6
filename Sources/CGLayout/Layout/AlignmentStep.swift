import Foundation

/// One alignment rule on one axis: where the rect's min edge goes, given its final length
/// and the source interval (`ENGINE.md` §2.2–2.4). Shared by both axes; the public
/// `Layout.Alignment.Horizontal` and `.Vertical` values are lists of these.
enum AlignmentStep: Sendable, Hashable {
    /// `x = S.min`.
    case equal
    /// `left(o)` / `top(o)`: `x = S.min + o`.
    case min(CGFloat)
    /// `right(o)` / `bottom(o)`: `x = S.max − w − o` (a positive offset moves inwards).
    case max(CGFloat)
    /// `center(o)`: `x = S.mid − w/2 + o`.
    case center(CGFloat)
    /// `leading(o)`: `min(o)` left-to-right, `max(o)` right-to-left (horizontal only).
    case leading(CGFloat)
    /// `trailing(o)`: `max(o)` left-to-right, `min(o)` right-to-left (horizontal only).
    case trailing(CGFloat)
    /// `left(multiplier: m)`: `x = S.min + m·S.length`.
    case minMultiplier(CGFloat)
    /// `right(multiplier: m)`: `x = S.max − w − m·S.length`.
    case maxMultiplier(CGFloat)
    /// `left(between: a...b)`: `x = S.min + clamp(S.length − w, a, b)`.
    case minBetween(CGFloat, CGFloat)
    /// `right(between: a...b)`: `x = S.max − w − clamp(S.length − w, a, b)`.
    case maxBetween(CGFloat, CGFloat)
    /// `top(between: a...b, step: s)`: the gap `g = clamp(S.length − h, a, b)` is rounded
    /// down to a multiple of `s` unless it reached `b`.
    case minBetweenStep(CGFloat, CGFloat, CGFloat)

    /// The step with `leading`/`trailing` resolved to `min`/`max` for `direction`.
    func resolved(_ direction: LayoutDirection) -> AlignmentStep {
        switch self {
        case .leading(let offset): direction == .leftToRight ? .min(offset) : .max(offset)
        case .trailing(let offset): direction == .leftToRight ? .max(offset) : .min(offset)
        default: self
        }
    }

    /// The new min edge for a rect of `length` inside `source`, reading direction included.
    @inline(__always)
    func origin(length: CGFloat, in source: Interval, direction: LayoutDirection) -> CGFloat {
        resolved(direction).origin(length: length, in: source)
    }

    /// The new min edge for a rect of `length` inside `source`; `leading`/`trailing` must
    /// have been resolved (they read as left-to-right here).
    ///
    /// CGLayout's rules read the source and the rect through Foundation's accessors, which
    /// standardize (`S.maxX`, `S.width`, `F.width`), except `equal` and `left`/`top`, which
    /// read the source's raw origin. The two readings differ only for negative lengths.
    @inline(__always)
    func origin(length rawLength: CGFloat, in source: Interval) -> CGFloat {
        let length = abs(rawLength)
        switch self {
        case .equal:
            return source.min
        case .min(let offset):
            return source.min + offset
        case .max(let offset):
            return source.upper - length - offset
        case .center(let offset):
            return source.mid - length / 2 + offset
        case .leading(let offset):
            return source.min + offset
        case .trailing(let offset):
            return source.upper - length - offset
        case .minMultiplier(let multiplier):
            return source.lower + multiplier * source.extent
        case .maxMultiplier(let multiplier):
            return source.upper - length - multiplier * source.extent
        case .minBetween(let lower, let upper):
            return source.lower + clamp(source.extent - length, lower, upper)
        case .maxBetween(let lower, let upper):
            return source.upper - length - clamp(source.extent - length, lower, upper)
        case .minBetweenStep(let lower, let upper, let step):
            let gap = clamp(source.extent - length, lower, upper)
            // A gap that reached the upper bound is kept as is (CGLayout: `g ≥ b ? g : …`);
            // a non-positive step would divide by zero, so it leaves the gap unrounded.
            guard gap < upper, step > 0 else { return source.lower + gap }
            return source.lower + gap - fmod(gap, step)
        }
    }
}

/// One filling rule on one axis: the rect's new length from the source length only
/// (`ENGINE.md` §2.5), read as Foundation's `width` reads it: its magnitude.
enum FillingStep: Sendable, Hashable {
    /// The source length.
    case equal
    /// A constant length.
    case fixed(CGFloat)
    /// `k ·` the source length.
    case scaled(CGFloat)
    /// `max(0, source − i)`; a negative `i` grows the length.
    case boxed(CGFloat)
    /// `min(v, source)`.
    case upTo(CGFloat)
    /// `max(v, source)`.
    case from(CGFloat)
    /// `clamp(source, a, b)`.
    case between(CGFloat, CGFloat)

    @inline(__always)
    func length(in rawSource: CGFloat) -> CGFloat {
        let source = abs(rawSource)
        return switch self {
        case .equal: source
        case .fixed(let value): value
        case .scaled(let scale): scale * source
        case .boxed(let box): Swift.max(0, source - box)
        case .upTo(let value): Swift.min(value, source)
        case .from(let value): Swift.max(value, source)
        case .between(let lower, let upper): clamp(source, lower, upper)
        }
    }
}
