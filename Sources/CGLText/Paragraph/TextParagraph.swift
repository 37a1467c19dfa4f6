/// A paragraph prepared in a style: measure it at any width, as often as needed, on any
/// thread. Preparing did the costly work (fonts, shaping, break opportunities); measuring
/// only fills lines, without allocating.
///
/// ```swift
/// let paragraph = try engine.paragraph("The quick brown fox", style: body)
/// paragraph.measure(width: 120).height      // lines × line height
/// ```
public final class TextParagraph: Sendable {
    public let string: String
    public let style: TextStyle
    public let direction: TextDirection
    let prepared: PreparedParagraph
    /// The height of each line, in points.
    public let lineHeight: Double
    /// The distance from the top to the first line's baseline, in points (whatever the width).
    public let firstBaseline: Double
    /// The primary font's ascent, descent and own line height at the style's size, in points.
    let ascent: Double
    let descent: Double
    let fontLineHeight: Double
    /// Each line's height and baseline.
    let lineBoxes: LineBoxes

    init(string: String, style: TextStyle, direction: TextDirection, prepared: PreparedParagraph, primary: FontFace) {
        self.string = string
        self.style = style
        self.direction = direction
        self.prepared = prepared
        let size = style.size
        let ascent = primary.ascender * size
        let descent = -primary.descender * size
        let fontLineHeight = primary.lineHeight * size
        let lineHeight: Double = switch style.lineHeight {
        case .font: fontLineHeight
        case .points(let points): points
        case .multiple(let factor): fontLineHeight * factor
        }
        self.lineHeight = lineHeight
        self.ascent = ascent
        self.descent = descent
        self.fontLineHeight = fontLineHeight
        // The glyphs sit in the middle of the line: half the leading above (CSS's model).
        firstBaseline = (lineHeight - (ascent + descent)) / 2 + ascent
        lineBoxes = LineBoxes(prepared, size: size, ascent: ascent, descent: descent, lineHeight: lineHeight, firstBaseline: firstBaseline)
    }

    /// The font files that draw the text: the style's font, then any fallback a character needed.
    public var fontFiles: [FontFile] { prepared.fontFiles }

    /// The paragraph's size and baselines when lines may be `width` points wide (`nil`:
    /// unwrapped, breaking only at hard breaks).
    public func measure(width: Double?) -> TextMeasurement {
        // A paragraph of runs: lines of their own heights, known from the lines themselves.
        guard !prepared.hasRuns else { return measureRuns(width: width) }
        var sink = MeasuringSink(maximumLines: maximumLines, length: prepared.length)
        let limit = self.limit(width)
        prepared.fill(limit: limit, into: &sink)
        var widest = sink.widest
        if sink.truncated {
            widest = Swift.max(sink.widestBeforeLast, prepared.truncatedLine(from: sink.lastStart, limit: limit).width)
        }
        return measurement(lines: sink.count, widestEms: widest, truncated: sink.truncated)
    }

    /// The paragraph's lines when lines may be `width` points wide (`nil`: unwrapped).
    public func layout(width: Double?) -> ParagraphLayout {
        var sink = CollectingSink(maximumLines: maximumLines, length: prepared.length)
        let limit = self.limit(width)
        prepared.fill(limit: limit, into: &sink)
        var lines = sink.lines
        if sink.truncated, let last = lines.last {
            let cut = prepared.truncatedLine(from: last.start, limit: limit)
            lines[lines.count - 1].end = cut.end
            lines[lines.count - 1].width = cut.width
        }
        let size = style.size
        var top = 0.0
        let textLines = lines.enumerated().map { index, line in
            let box = lineBox(line)
            defer { top += box.height }
            return TextLine(range: line.start..<Swift.max(line.start, line.end), width: line.width * size,
                            baseline: top + box.baseline, isTruncated: sink.truncated && index == lines.count - 1)
        }
        var measurement = measurement(lines: lines.count, widestEms: lines.map(\.width).max() ?? 0, truncated: sink.truncated)
        if !prepared.clusterStyles.isEmpty, let first = textLines.first, let last = textLines.last {
            (measurement.height, measurement.firstBaseline, measurement.lastBaseline) = (top, first.baseline, last.baseline)
        }
        return ParagraphLayout(measurement: measurement, lines: textLines)
    }

    /// A line's height and its baseline from its top, in points (``LineBoxes``).
    func lineBox(_ line: FilledLine) -> (height: Double, baseline: Double) { lineBoxes.box(line) }

    var maximumLines: Int {
        guard let maxLines = style.maxLines, maxLines > 0 else { return .max }
        return maxLines
    }

    func limit(_ width: Double?) -> Double {
        guard let width, width.isFinite, style.size > 0 else { return .infinity }
        return width / style.size
    }

    private func measurement(lines: Int, widestEms: Double, truncated: Bool) -> TextMeasurement {
        let lines = Swift.max(lines, 1)
        return TextMeasurement(width: widestEms * style.size, height: Double(lines) * lineHeight, lineCount: lines,
                               lineHeight: lineHeight, firstBaseline: firstBaseline,
                               lastBaseline: firstBaseline + Double(lines - 1) * lineHeight, isTruncated: truncated)
    }
}

/// Whether a line past the most that show hides text. The empty line after a closing hard
/// break hides nothing: "Hello\n" in one line is not truncated.
func hidesText(_ line: FilledLine, length: Int) -> Bool {
    !(line.start >= length && line.end <= line.start)
}

/// Counts lines and keeps the widest, stopping one line after the most that show.
struct MeasuringSink: LineSink {
    let maximumLines: Int
    let length: Int
    var count = 0
    var widest = 0.0
    var widestBeforeLast = 0.0
    var lastStart = 0
    var truncated = false

    init(maximumLines: Int, length: Int) {
        self.maximumLines = maximumLines
        self.length = length
    }

    mutating func add(_ line: FilledLine) -> Bool {
        guard count < maximumLines else {
            truncated = hidesText(line, length: length)
            return false
        }
        widestBeforeLast = widest
        widest = Swift.max(widest, line.width)
        lastStart = line.start
        count += 1
        return true
    }
}

/// Keeps the lines, stopping one line after the most that show.
private struct CollectingSink: LineSink {
    let maximumLines: Int
    let length: Int
    var lines: [FilledLine] = []
    var truncated = false

    init(maximumLines: Int, length: Int) {
        self.maximumLines = maximumLines
        self.length = length
    }

    mutating func add(_ line: FilledLine) -> Bool {
        guard lines.count < maximumLines else {
            truncated = hidesText(line, length: length)
            return false
        }
        lines.append(line)
        return true
    }
}
