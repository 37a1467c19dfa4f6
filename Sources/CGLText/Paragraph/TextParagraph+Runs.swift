extension TextParagraph {
    /// The measurement of a paragraph of runs, whose lines have heights of their own (a line
    /// holding something taller grows): each line's box is taken as the line is found, so
    /// that measuring allocates nothing, as plain text's does. Equal to
    /// `layout(width:).measurement`.
    func measureRuns(width: Double?) -> TextMeasurement {
        let limit = self.limit(width)
        var sink = LineBoxSink(boxes: lineBoxes, maximumLines: maximumLines, length: prepared.length)
        prepared.fill(limit: limit, into: &sink)
        var (last, lastWidth) = (sink.last, sink.last.width)
        let (count, truncated) = (sink.counted.count, sink.counted.truncated)
        if truncated {
            // The last line shows up to where its ellipsis fits: its box is of what shows.
            let cut = prepared.truncatedLine(from: sink.last.start, limit: limit)
            last.end = cut.end
            lastWidth = cut.width
        }
        let box = count > 0 ? lineBox(last) : (height: lineHeight, baseline: firstBaseline)
        let size = style.size
        return TextMeasurement(width: Swift.max(sink.counted.widestBeforeLast, lastWidth) * size, height: sink.heightBeforeLast + box.height,
                               lineCount: Swift.max(count, 1), lineHeight: lineHeight,
                               firstBaseline: count > 1 ? sink.firstBaseline : box.baseline,
                               lastBaseline: sink.heightBeforeLast + box.baseline, isTruncated: truncated)
    }
}

/// Counts the lines of a paragraph of runs as a plain paragraph's are counted, and adds up
/// the heights of their boxes; the last line's box is left to the end (truncation may cut it).
private struct LineBoxSink: LineSink {
    let boxes: LineBoxes
    var counted: MeasuringSink
    var heightBeforeLast = 0.0
    var firstBaseline = 0.0
    var last = FilledLine(start: 0, end: 0, width: 0)

    init(boxes: LineBoxes, maximumLines: Int, length: Int) {
        self.boxes = boxes
        counted = MeasuringSink(maximumLines: maximumLines, length: length)
    }

    mutating func add(_ line: FilledLine) -> Bool {
        guard counted.add(line) else { return false }
        if counted.count > 1 {
            let box = boxes.box(last)
            if counted.count == 2 { firstBaseline = box.baseline }
            heightBeforeLast += box.height
        }
        last = line
        return true
    }
}
