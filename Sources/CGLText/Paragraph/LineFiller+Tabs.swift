// Tabs, as Pango sets them without a tab array of its own: stops every eight spaces of the
// layout's font, and a tab advances to the first stop at least a space past where it starts
// (pango/pango-layout.c, `shape_tab`, 1.50). A tab's width is known only once the line's
// width before it is: the segment is placed at that width.

extension PreparedParagraph {
    /// `segment` as it stands when its line is `lineX` ems wide before it: each tab of its
    /// trailing whitespace reaches its stop, which sets the trailing width and what hangs.
    @inline(__always)
    func placed(_ segment: Segment, at lineX: Double) -> Segment {
        guard segment.hasTab else { return segment }
        var placed = segment
        var x = lineX + segment.content
        var trailing = 0.0
        var last = 0.0
        for index in Int(segment.clusters.lowerBound)..<Int(segment.clusters.upperBound) where clusterOffsets[index] >= segment.contentEnd {
            let width = tabClusters.contains(Int32(index)) ? tabAdvance(at: x) : clusterAdvances[index]
            trailing += width
            last = width
            x += width
        }
        placed.trailing = trailing
        placed.hanging = last
        return placed
    }

    /// A tab's width when it starts `x` ems into its line.
    private func tabAdvance(at x: Double) -> Double {
        guard tabStop > 0 else { return 0 }
        let stop = ((x + tabStop / 8) / tabStop).rounded(.up) * tabStop
        return stop - x
    }
}
