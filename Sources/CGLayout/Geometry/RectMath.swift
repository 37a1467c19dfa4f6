import Foundation

/// How the engine reads rectangles: as CGLayout does, through Foundation's `CGRect`
/// accessors (`ENGINE.md` §0).
///
/// Those *standardize*: `width` is `|w|`, `minX`/`maxX` are the standardized edges, `midX` is
/// `(minX + maxX) / 2`, and `union` standardizes both rectangles. They differ from the raw
/// values only for a negative size, which an `insets` anchor larger than its rect makes; a
/// rule that leaves an origin in place keeps it raw. Per axis, `Interval.lower`, `.upper`,
/// `.mid` and `.extent` are the same readings.
extension Sequence<CGRect> {
    /// CGLayout's union of a scheme's frames: the first frame as it is, each later one joined
    /// with Foundation's `union`; `.zero` when there are none (CGLayout returns a zero rect for
    /// an empty scheme's snapshot, and we also do so for `currentRect`).
    func modelUnion() -> CGRect {
        var iterator = makeIterator()
        guard var result = iterator.next() else { return .zero }
        while let next = iterator.next() { result = result.union(next) }
        return result
    }
}

/// `max(lower, min(upper, value))`, CGLayout's clamp (the lower bound wins if they cross).
@inline(__always)
func clamp(_ value: CGFloat, _ lower: CGFloat, _ upper: CGFloat) -> CGFloat {
    Swift.max(lower, Swift.min(upper, value))
}
