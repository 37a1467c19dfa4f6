/// A line box as Chrome (Blink) sizes one for the paragraph's style, on a screen of
/// `pixelScale` device pixels per point: what a box tree's text measures, so that its lines
/// and baselines land where the browser's do (`docs/text.md`, boxes).
///
/// Blink works in device pixels: it rounds the font's ascent and descent to whole pixels
/// (`FontMetrics::AscentDescentWithHacks`; on Linux with a scale above 1, where glyphs are
/// positioned by subpixels, a descent rounded down borrows a pixel from the ascent); the
/// font's own line height is their sum plus the rounded line gap; an explicit line height is
/// kept to 1/64 of a pixel (`LayoutUnit`); and the half-leading above the glyphs is floored
/// to a whole pixel (`FontHeight::AddLeading`). Checked in headless Chromium against DejaVu
/// Sans at 12–28 pt, at scales 1 and 2.
public struct CSSLineBox: Sendable, Hashable {
    /// Each line's height, in points.
    public var lineHeight: Double
    /// The distance from a line's top to its baseline, in points.
    public var baseline: Double
}

extension TextParagraph {
    /// The paragraph's line box as Chrome sizes it at `pixelScale` device pixels per point.
    public func cssLineBox(pixelScale: Double) -> CSSLineBox {
        let scale = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        var ascent = (self.ascent * scale).rounded()
        var descent = (self.descent * scale).rounded()
        if scale > 1, descent < self.descent * scale, ascent >= 1 {
            ascent -= 1
            descent += 1
        }
        let gap = ((fontLineHeight - self.ascent - self.descent) * scale).rounded()
        let layoutUnits = 64 * scale
        let lineHeight: Double = switch style.lineHeight {
        case .font: ascent + descent + gap
        case .points(let points): (points * layoutUnits).rounded() / 64
        case .multiple(let factor): (fontLineHeight * factor * layoutUnits).rounded() / 64
        }
        let halfLeading = ((lineHeight - ascent - descent) / 2).rounded(.down)
        return CSSLineBox(lineHeight: lineHeight / scale, baseline: (ascent + halfLeading) / scale)
    }
}
