import Foundation

/// Edge arithmetic on rectangles exactly as the layout model defines it.
///
/// Foundation's `minX`, `width` and friends *standardize* a rectangle (a negative width
/// becomes positive and moves the origin), but the model keeps negative sizes as they are
/// (`ENGINE.md` §0: `minX = x`, `maxX = x + w`). Everything in the engine reads edges through
/// these accessors, never through Foundation's.
extension CGRect {
    @inline(__always) var left: CGFloat { origin.x }
    @inline(__always) var right: CGFloat { origin.x + size.width }
    @inline(__always) var top: CGFloat { origin.y }
    @inline(__always) var bottom: CGFloat { origin.y + size.height }
    @inline(__always) var centerX: CGFloat { origin.x + size.width / 2 }
    @inline(__always) var centerY: CGFloat { origin.y + size.height / 2 }

    /// The model's union: the smallest rectangle holding both edge ranges, without
    /// standardizing. Used for scheme snapshots (`snapshot.frame` = union of its children).
    func modelUnion(_ other: CGRect) -> CGRect {
        let minX = Swift.min(left, other.left)
        let minY = Swift.min(top, other.top)
        let maxX = Swift.max(right, other.right)
        let maxY = Swift.max(bottom, other.bottom)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension Sequence<CGRect> {
    /// The model's union of all rectangles; `.zero` when there are none (CGLayout returns a
    /// zero rect for an empty scheme's snapshot, and we also do so for `currentRect`).
    func modelUnion() -> CGRect {
        var iterator = makeIterator()
        guard var result = iterator.next() else { return .zero }
        while let next = iterator.next() { result = result.modelUnion(next) }
        return result
    }
}

/// `max(lower, min(upper, value))`, CGLayout's clamp (the lower bound wins if they cross).
@inline(__always)
func clamp(_ value: CGFloat, _ lower: CGFloat, _ upper: CGFloat) -> CGFloat {
    Swift.max(lower, Swift.min(upper, value))
}
