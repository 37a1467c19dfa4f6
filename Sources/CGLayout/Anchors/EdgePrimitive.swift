import Foundation

/// The six axis primitives every side anchor is made of (`ENGINE.md` §3.1).
///
/// On one axis the source starts at `s0` with length `L`, and `a` is a coordinate read from
/// the reference rect. "After" keeps the part of the source at or after `a`; "before" the
/// part at or before it. As CGLayout, the primitives read the source's edges and length
/// standardized (`minX`, `maxX`, `width`; they differ from the raw ones only for a negative
/// length) but keep its raw origin where they leave it in place.
enum EdgePrimitive: UInt8, Sendable, Hashable {
    case afterAlign, beforeAlign, afterLimit, beforeLimit, afterPull, beforePull

    /// Applies the primitive. The degenerate cases are the model's, kept on purpose: a
    /// limit or pull whose anchor lies past the opposite edge collapses the source to zero
    /// length located *at the anchor* (`ENGINE.md` §13.4); a limit whose anchor is outside
    /// on its own side leaves the source unchanged.
    @inline(__always)
    func apply(to source: Interval, anchor a: CGFloat) -> Interval {
        let s0 = source.min
        let extent = source.extent
        switch self {
        case .afterAlign:
            return Interval(min: a, length: source.length)
        case .beforeAlign:
            return Interval(min: a - extent, length: source.length)
        case .afterLimit:
            return Interval(min: Swift.max(a, s0), length: Swift.max(0, Swift.min(extent, source.upper - a)))
        case .beforeLimit:
            return Interval(min: Swift.min(a, s0), length: Swift.max(0, Swift.min(extent, a - source.lower)))
        case .afterPull:
            return Interval(min: a, length: Swift.max(0, source.upper - a))
        case .beforePull:
            let newLength = Swift.max(0, a - source.lower)
            return Interval(min: a - newLength, length: newLength)
        }
    }
}
