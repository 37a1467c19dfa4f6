/// How a paragraph of text is set: the font, its size, the line height and how many lines
/// may show. The same values a scheme document's named styles hold (`docs/format.md` §1.7).
///
/// ```swift
/// let body = TextStyle(family: "DejaVu Sans", size: 15, lineHeight: .points(20), maxLines: 3)
/// ```
public struct TextStyle: Sendable, Hashable {
    /// Where the font comes from.
    public enum Source: Sendable, Hashable {
        /// A fontconfig family or generic name (`"DejaVu Sans"`, `"sans-serif"`).
        case family(String)
        /// A font file, relative to the text engine's fonts directory (or absolute).
        case file(String)
    }

    public var source: Source
    /// The font size in points.
    public var size: Double
    /// The OpenType weight, 1–1000 (400 regular, 700 bold).
    public var weight: Int
    public var italic: Bool
    public var lineHeight: LineHeight
    /// The most lines shown; the rest is truncated with an ellipsis. `nil` shows every line.
    public var maxLines: Int?
    /// The paragraph's base direction; `nil` takes the environment's.
    public var direction: TextDirection?

    public init(family: String, size: Double, weight: Int = 400, italic: Bool = false,
                lineHeight: LineHeight = .font, maxLines: Int? = nil, direction: TextDirection? = nil) {
        self.init(source: .family(family), size: size, weight: weight, italic: italic,
                  lineHeight: lineHeight, maxLines: maxLines, direction: direction)
    }

    public init(source: Source, size: Double, weight: Int = 400, italic: Bool = false,
                lineHeight: LineHeight = .font, maxLines: Int? = nil, direction: TextDirection? = nil) {
        self.source = source
        self.size = size
        self.weight = weight
        self.italic = italic
        self.lineHeight = lineHeight
        self.maxLines = maxLines
        self.direction = direction
    }

    /// The style for a text size category (Dynamic Type): `size` and a fixed line height
    /// multiplied by `factor`; a multiple of the font's line height follows the size by itself.
    public func scaled(by factor: Double) -> TextStyle {
        guard factor != 1 else { return self }
        var scaled = self
        scaled.size = size * factor
        if case .points(let points) = lineHeight { scaled.lineHeight = .points(points * factor) }
        return scaled
    }
}

/// The height of each line of a paragraph.
public enum LineHeight: Sendable, Hashable {
    /// The font's own: ascender − descender + line gap, at the style's size.
    case font
    /// A fixed number of points.
    case points(Double)
    /// A multiple of the font's own line height.
    case multiple(Double)
}

/// A paragraph's base direction (UAX #9).
public enum TextDirection: Sendable, Hashable {
    case leftToRight
    case rightToLeft

    var paragraphLevel: UInt8 { self == .rightToLeft ? 1 : 0 }
}
