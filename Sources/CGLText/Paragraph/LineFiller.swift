/// Where a line ends, as the filler finds it.
struct FilledLine {
    var start: Int
    var end: Int
    /// In ems.
    var width: Double
}

/// What receives the lines of a paragraph as they are found; returns `false` to stop.
protocol LineSink {
    mutating func add(_ line: FilledLine) -> Bool
}

extension PreparedParagraph {
    /// Slack for comparing widths, in ems: sums of the same advances in another order differ
    /// in their last bits, and a line that fits exactly must keep fitting.
    private static var tolerance: Double { 1e-7 }

    /// Greedy line filling (what Pango, TextKit and browsers do): each segment goes on the
    /// current line if it fits, else starts the next; a segment wider than a line on its own
    /// is broken between clusters; hard breaks always end a line. Whitespace is counted as
    /// Pango counts it: at a soft break the last space hangs past the line's end and any
    /// before it take room; at a hard break and at the paragraph's end every space takes
    /// room. `limit` is the line width in ems (`.infinity` to break only at hard breaks).
    func fill<Sink: LineSink>(limit: Double, into sink: inout Sink) {
        let limit = limit.isNaN ? .infinity : limit + Self.tolerance
        var lineStart = 0
        var lineEnd = 0
        // The line's advance with all its whitespace, and the part that hangs at a soft break.
        var advance = 0.0
        var hanging = 0.0
        var hasContent = false

        for segment in segments {
            if hasContent, advance + segment.content + segment.trailing - segment.hanging > limit {
                guard sink.add(FilledLine(start: lineStart, end: lineEnd, width: advance - hanging)) else { return }
                lineStart = Int(segment.start)
                advance = 0
                hanging = 0
                hasContent = false
            }
            if !hasContent, segment.contentEnd == segment.start, !segment.hardBreak {
                // Leading whitespace of a line (at the start, or after a hard break) takes
                // room and does not make the line breakable yet.
                advance += segment.trailing
                lineEnd = Int(segment.contentEnd)
                continue
            }
            if !hasContent, advance + segment.content > limit {
                // Too wide for any line: break between clusters.
                var width = advance
                var placed = advance > 0
                for index in Int(segment.clusters.lowerBound)..<Int(segment.clusters.upperBound) {
                    let offset = Int(clusterOffsets[index])
                    guard offset < segment.contentEnd else { break }
                    let clusterAdvance = clusterAdvances[index]
                    if placed, width + clusterAdvance > limit {
                        guard sink.add(FilledLine(start: lineStart, end: offset, width: width)) else { return }
                        lineStart = offset
                        width = 0
                    }
                    width += clusterAdvance
                    placed = true
                }
                advance = width + segment.trailing
            } else {
                advance += segment.content + segment.trailing
            }
            hanging = segment.hanging
            lineEnd = Int(segment.contentEnd)
            hasContent = true
            if segment.hardBreak {
                guard sink.add(FilledLine(start: lineStart, end: lineEnd, width: advance)) else { return }
                lineStart = Int(segment.end)
                lineEnd = lineStart
                advance = 0
                hanging = 0
                hasContent = false
            }
        }
        _ = sink.add(FilledLine(start: lineStart, end: lineEnd, width: advance))
    }

    /// The last visible line starting at `start`, cut to fit `limit` with an ellipsis: the
    /// longest run of clusters up to the next hard break that leaves room for it. Returns
    /// where the text is cut (a UTF-16 offset) and the line's width in ems, ellipsis included.
    func truncatedLine(from start: Int, limit: Double) -> (end: Int, width: Double) {
        let limit = limit.isNaN ? .infinity : limit + Self.tolerance
        var width = 0.0
        var end = start
        for segment in segments where segment.end > start {
            for index in Int(segment.clusters.lowerBound)..<Int(segment.clusters.upperBound) where clusterOffsets[index] >= start {
                let next = width + clusterAdvances[index]
                if next + ellipsis > limit { return (end, width + ellipsis) }
                width = next
                end = index + 1 < clusterOffsets.count ? Int(clusterOffsets[index + 1]) : length
            }
            if segment.hardBreak {
                end = min(end, Int(segment.contentEnd))
                break
            }
        }
        return (end, width + ellipsis)
    }
}
