import Foundation

/// The six axis primitives every side anchor is made of (`ENGINE.md` §3.1).
///
/// On one axis the source is `[s0, s1]` with length `L`, and `a` is a coordinate read from
/// the reference rect. "After" keeps the part of the source at or after `a`; "before" the
/// part at or before it.
enum EdgePrimitive: UInt8, Sendable, Hashable {
    case afterAlign, beforeAlign, afterLimit, beforeLimit, afterPull, beforePull

    /// Applies the primitive. The degenerate cases are the model's, kept on purpose: a
    /// limit or pull whose anchor lies past the opposite edge collapses the source to zero
    /// length located *at the anchor* (`ENGINE.md` §13.4); a limit whose anchor is outside
    /// on its own side leaves the source unchanged.
    @inline(__always)
    func apply(to source: Interval, anchor a: CGFloat) -> Interval {
        let s0 = source.min
        let s1 = source.max
        let length = source.length
        switch self {
        case .afterAlign:
            return Interval(min: a, length: length)
        case .beforeAlign:
            return Interval(min: a - length, length: length)
        case .afterLimit:
            return Interval(min: Swift.max(a, s0), length: Swift.max(0, Swift.min(length, s1 - a)))
        case .beforeLimit:
            return Interval(min: Swift.min(a, s0), length: Swift.max(0, Swift.min(length, a - s0)))
        case .afterPull:
            return Interval(min: a, length: Swift.max(0, s1 - a))
        case .beforePull:
            let newLength = Swift.max(0, a - s0)
            return Interval(min: a - newLength, length: newLength)
        }
    }
}
