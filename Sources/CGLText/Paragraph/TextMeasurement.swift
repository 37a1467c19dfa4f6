/// A paragraph's measured size and baselines, in points.
public struct TextMeasurement: Sendable, Hashable {
    /// The widest visible line (trailing spaces hang and do not count).
    public var width: Double
    /// The visible lines × the line height.
    public var height: Double
    /// How many lines show (at most the style's `maxLines`).
    public var lineCount: Int
    /// The height of each line.
    public var lineHeight: Double
    /// The distance from the top to the first line's baseline.
    public var firstBaseline: Double
    /// The distance from the top to the last visible line's baseline.
    public var lastBaseline: Double
    /// Whether lines were cut by `maxLines` (the last one then ends with an ellipsis).
    public var isTruncated: Bool

    public init(width: Double, height: Double, lineCount: Int, lineHeight: Double,
                firstBaseline: Double, lastBaseline: Double, isTruncated: Bool) {
        self.width = width
        self.height = height
        self.lineCount = lineCount
        self.lineHeight = lineHeight
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.isTruncated = isTruncated
    }
}

/// One line of a laid-out paragraph.
public struct TextLine: Sendable, Hashable {
    /// The line's text, as UTF-16 offsets into the paragraph's string, without the
    /// whitespace that hangs at its end.
    public var range: Range<Int>
    /// The line's width in points (with the ellipsis, on a truncated last line).
    public var width: Double
    /// The distance from the paragraph's top to this line's baseline.
    public var baseline: Double
    /// Whether the line ends with an ellipsis because lines after it were cut.
    public var isTruncated: Bool

    public init(range: Range<Int>, width: Double, baseline: Double, isTruncated: Bool) {
        self.range = range
        self.width = width
        self.baseline = baseline
        self.isTruncated = isTruncated
    }

    /// The line's text in `string`, the paragraph's string.
    public func text(in string: String) -> String {
        let utf16 = string.utf16
        let lower = utf16.index(utf16.startIndex, offsetBy: range.lowerBound, limitedBy: utf16.endIndex) ?? utf16.endIndex
        let upper = utf16.index(utf16.startIndex, offsetBy: range.upperBound, limitedBy: utf16.endIndex) ?? utf16.endIndex
        return String(string[lower..<upper])
    }
}

/// A paragraph's measurement and its lines: what a renderer draws.
public struct ParagraphLayout: Sendable, Hashable {
    public var measurement: TextMeasurement
    public var lines: [TextLine]

    public init(measurement: TextMeasurement, lines: [TextLine]) {
        self.measurement = measurement
        self.lines = lines
    }
}
