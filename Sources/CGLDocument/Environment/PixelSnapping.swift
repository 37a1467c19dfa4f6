import Foundation

/// Pixel snapping (`SCHEME-FORMAT.md` §2): each edge rounded once, half away from zero, to
/// `1/scale`; the size is the difference of the rounded edges.
enum PixelSnapping {
    static func snap(_ rect: CGRect, scale: Double) -> CGRect {
        let minX = round(rect.origin.x, scale)
        let minY = round(rect.origin.y, scale)
        let maxX = round(rect.origin.x + rect.size.width, scale)
        let maxY = round(rect.origin.y + rect.size.height, scale)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private static func round(_ value: CGFloat, _ scale: Double) -> CGFloat {
        (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}
