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
        // What the line adds if it breaks after its last segment (a hyphen after a soft hyphen,
        // the piece before a break inside a run shaped again).
        var lineExtra = 0.0
        var hasContent = false

        for original in segments {
            // Its tabs' widths depend on where the line has got to.
            var segment = original
            if original.hasTab { segment = placed(original, at: advance) }
            // Before a hard break no line can end, so no space hangs there.
            var segmentHanging = segment.hardBreak ? 0 : segment.hanging
            if hasContent, advance + segment.content + segment.trailing - segmentHanging + segment.breakExtra > limit {
                guard sink.add(FilledLine(start: lineStart, end: lineEnd, width: advance - hanging + lineExtra)) else { return }
                lineStart = Int(segment.start)
                advance = 0
                hanging = 0
                hasContent = false
                if original.hasTab {
                    segment = placed(original, at: 0)
                    segmentHanging = segment.hardBreak ? 0 : segment.hanging
                }
            }
            if !hasContent, segment.contentEnd == segment.start, !segment.hardBreak {
                // Leading whitespace of a line (at the start, or after a hard break) takes
                // room and does not make the line breakable yet.
                advance += segment.trailing
                lineEnd = Int(segment.contentEnd)
                continue
            }
            if !hasContent, advance + segment.content + segment.breakExtra > limit {
                // Too wide for any line: break between clusters, each line as full as it can
                // be with what a break inside a word adds (Pango's hyphen and reshaping).
                var width = advance
                var anyPlaced = advance > 0
                let clusters = Int(segment.clusters.lowerBound)..<Int(segment.clusters.upperBound)
                for index in clusters {
                    let offset = Int(clusterOffsets[index])
                    guard offset < segment.contentEnd else { break }
                    let clusterAdvance = clusterAdvances[index]
                    // Placing this cluster, the line ends before the next one: with what that
                    // break adds, unless the rest of the word follows it.
                    let isLast = index + 1 >= clusters.upperBound || Int(clusterOffsets[index + 1]) >= segment.contentEnd
                    let extraAfter = isLast ? segment.breakExtra : breakExtra(before: index + 1)
                    if anyPlaced, width + clusterAdvance + extraAfter > limit {
                        guard sink.add(FilledLine(start: lineStart, end: offset, width: width + breakExtra(before: index))) else { return }
                        lineStart = offset
                        width = 0
                    }
                    width += clusterAdvance
                    anyPlaced = true
                }
                if original.hasTab { segment = placed(original, at: width - original.content) }
                advance = width + segment.trailing
            } else {
                advance += segment.content + segment.trailing
            }
            lineExtra = segment.breakExtra
            hanging = segment.hanging
            lineEnd = Int(segment.contentEnd)
            hasContent = true
            if segment.trailing > 0, advance - segmentHanging > limit, advance - segment.trailing <= limit {
                // Its spaces alone pass the end of the line: Pango breaks between them, the
                // line keeping as many as fit with the last of them hanging; the rest start
                // the next line, which may end after them (before the next word).
                guard let rest = splitTrailingSpaces(of: segment, lineStart: lineStart, contentWidth: advance - segment.trailing,
                                                     limit: limit, into: &sink) else { return }
                (lineStart, lineEnd, advance, hanging, lineExtra) = (rest.start, rest.start, rest.width, segment.hanging, 0)
            }
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

    /// Ends the line that `segment`'s content closes within its trailing spaces, at the last
    /// space that can hang within `limit`; returns where the spaces left over start and their
    /// width, or nil when the sink stopped.
    private func splitTrailingSpaces<Sink: LineSink>(of segment: Segment, lineStart: Int, contentWidth: Double, limit: Double,
                                                     into sink: inout Sink) -> (start: Int, width: Double)? {
        let spaces = Array(Int(segment.clusters.lowerBound)..<Int(segment.clusters.upperBound)).filter { clusterOffsets[$0] >= segment.contentEnd }
        // With `kept` spaces on the line, the last hangs: the line is as wide as the others.
        // The line cannot end after them all (that did not fit, or a hard break follows).
        var kept = min(1, spaces.count - 1)
        var width = contentWidth
        while kept + 1 < spaces.count, width + clusterAdvances[spaces[kept - 1]] <= limit {
            width += clusterAdvances[spaces[kept - 1]]
            kept += 1
        }
        let restStart = Int(clusterOffsets[spaces[kept]])
        guard sink.add(FilledLine(start: lineStart, end: Int(segment.contentEnd), width: width)) else { return nil }
        return (restStart, spaces[kept...].reduce(0) { $0 + clusterAdvances[$1] })
    }

    /// What a line broken right before cluster `index` adds to its advances, in ems.
    @inline(__always)
    private func breakExtra(before index: Int) -> Double {
        index < clusterBreakExtras.count ? Double(clusterBreakExtras[index]) : 0
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
