import Foundation

/// Pixel snapping (`docs/format.md` §2): each edge rounded once, half away from zero, to
/// `1/scale`; the size is the difference of the rounded edges.
enum PixelSnapping {
    static func snap(_ rect: CGRect, scale: Double) -> CGRect {
        let minX = round(rect.origin.x, scale)
        let minY = round(rect.origin.y, scale)
        let maxX = round(rect.origin.x + rect.size.width, scale)
        let maxY = round(rect.origin.y + rect.size.height, scale)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// A measured length rounded up to whole pixels (without a scale, as it is). A length a
    /// hair over a pixel boundary from floating-point sums stays on it.
    static func roundUp(_ length: Double, scale: Double?) -> Double {
        guard let scale, scale > 0, length.isFinite else { return length }
        return ((length * scale) - 1e-9).rounded(.up) / scale
    }

    private static func round(_ value: CGFloat, _ scale: Double) -> CGFloat {
        (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}
