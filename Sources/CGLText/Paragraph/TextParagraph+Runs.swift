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
        if sink.truncated {
            // The last line shows up to where its ellipsis fits: its box is of what shows.
            let cut = prepared.truncatedLine(from: sink.last.start, limit: limit)
            last.end = cut.end
            lastWidth = cut.width
        }
        let box = sink.count > 0 ? lineBox(last) : (height: lineHeight, baseline: firstBaseline)
        let size = style.size
        return TextMeasurement(width: Swift.max(sink.widestBeforeLast, lastWidth) * size, height: sink.heightBeforeLast + box.height,
                               lineCount: Swift.max(sink.count, 1), lineHeight: lineHeight,
                               firstBaseline: sink.count > 1 ? sink.firstBaseline : box.baseline,
                               lastBaseline: sink.heightBeforeLast + box.baseline, isTruncated: sink.truncated)
    }
}

/// Counts the lines of a paragraph of runs as they are found, keeping the widest and the
/// heights of their boxes; the last line is kept apart (truncation may cut it).
private struct LineBoxSink: LineSink {
    let boxes: LineBoxes
    let maximumLines: Int
    let length: Int
    var count = 0
    var widestBeforeLast = 0.0
    var heightBeforeLast = 0.0
    var firstBaseline = 0.0
    var last = FilledLine(start: 0, end: 0, width: 0)
    var truncated = false

    init(boxes: LineBoxes, maximumLines: Int, length: Int) {
        self.boxes = boxes
        self.maximumLines = maximumLines
        self.length = length
    }

    mutating func add(_ line: FilledLine) -> Bool {
        guard count < maximumLines else {
            truncated = hidesText(line, length: length)
            return false
        }
        if count > 0 {
            let box = boxes.box(last)
            if count == 1 { firstBaseline = box.baseline }
            heightBeforeLast += box.height
            widestBeforeLast = Swift.max(widestBeforeLast, last.width)
        }
        last = line
        count += 1
        return true
    }
}
