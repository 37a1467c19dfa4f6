/// The height and baseline of a paragraph's lines. Plain text: every line is the style's
/// line height. A paragraph of runs: a line holding something that reaches above the
/// style's own font or below it is as tall as its tallest ascent and deepest descent where
/// those pass the line height (the style's own font always counts, as CSS's strut does).
///
/// A value, so that a measurement holds it whole: reading it costs no reference counting.
struct LineBoxes: Sendable {
    let lineHeight: Double
    let firstBaseline: Double
    /// The style's own font's ascent and descent, in points.
    let ascent: Double
    let descent: Double
    /// Whether lines may have heights of their own (a paragraph of runs).
    let hasRuns: Bool
    /// The stretches of one style that reach above the style's own font or below it (UTF-16
    /// offsets, ascending), with their ascent and descent in points: the only ones that can
    /// make a line taller.
    let tallStretches: [(start: Int32, end: Int32, ascent: Double, descent: Double)]

    init(_ prepared: PreparedParagraph, size: Double, ascent: Double, descent: Double, lineHeight: Double, firstBaseline: Double) {
        self.lineHeight = lineHeight
        self.firstBaseline = firstBaseline
        self.ascent = ascent
        self.descent = descent
        hasRuns = !prepared.clusterStyles.isEmpty
        var stretches: [(start: Int32, end: Int32, ascent: Double, descent: Double)] = []
        var stretchStyle: UInt16?
        for (index, clusterStyle) in prepared.clusterStyles.enumerated() {
            let end = index + 1 < prepared.clusterOffsets.count ? prepared.clusterOffsets[index + 1] : Int32(prepared.length)
            if clusterStyle == stretchStyle {
                stretches[stretches.count - 1].end = end
                continue
            }
            stretchStyle = clusterStyle
            let metrics = prepared.styleMetrics[Int(clusterStyle)]
            stretches.append((prepared.clusterOffsets[index], end, metrics.ascent * size, metrics.descent * size))
        }
        tallStretches = stretches.filter { $0.ascent > ascent || $0.descent > descent }
    }

    /// The line's height and its baseline from its top, in points.
    func box(_ line: FilledLine) -> (height: Double, baseline: Double) {
        guard hasRuns else { return (lineHeight, firstBaseline) }
        var ascent = self.ascent, descent = self.descent
        // The first stretch ending past the line's start (they ascend), then each that begins
        // before its end: a line visits the few tall stretches, not its clusters.
        var (index, upper) = (0, tallStretches.count)
        while index < upper {
            let middle = (index + upper) / 2
            if Int(tallStretches[middle].end) <= line.start { index = middle + 1 } else { upper = middle }
        }
        while index < tallStretches.count, Int(tallStretches[index].start) < line.end, line.start < line.end {
            ascent = Swift.max(ascent, tallStretches[index].ascent)
            descent = Swift.max(descent, tallStretches[index].descent)
            index += 1
        }
        guard ascent + descent <= lineHeight else { return (ascent + descent, ascent) }
        return (lineHeight, (lineHeight - (ascent + descent)) / 2 + ascent)
    }
}
