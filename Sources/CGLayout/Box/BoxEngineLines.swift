import Foundation

// # [9.3. Main Size Determination](https://www.w3.org/TR/css-flexbox-1/#main-sizing):
// collecting items into lines (step 5) and the container's main size (step 4, found after the
// lines because an indefinite container sizes to them).

/// A container's lines, in the run's line arena.
typealias BoxFlexLines = UnsafeMutableBufferPointer<BoxFlexLine>

/// A flex line: a run of the container's items.
struct BoxFlexLine {
    var items: Range<Int>
    var crossSize: CGFloat = 0
    var offsetCross: CGFloat = 0
}

/// The total of the gaps between `count` items.
func boxGapSum(_ gap: CGFloat, _ count: Int) -> CGFloat { count > 1 ? gap * CGFloat(count - 1) : 0 }

extension BoxLayoutRun {
    /// Step 5. One line for a single-line container (or one whose main size comes from its
    /// content); otherwise items are packed greedily by outer hypothetical main size — each
    /// line takes at least one item, and zero-sized items join the line they follow. The lines
    /// are pushed on the run's line arena; the caller pops them (`lineTop`).
    func collectFlexLines(_ items: BoxFlexItems, _ available: BoxAxes<BoxAvailableSpace>, _ c: BoxFlexContainer) -> BoxFlexLines {
        let first = lineTop
        func push(_ range: Range<Int>) {
            precondition(lineTop < lineArena.count, "box layout: more lines than nodes")
            (lineArena.baseAddress! + lineTop).initialize(to: BoxFlexLine(items: range))
            lineTop += 1
        }
        var space = available.main(c.isRow)
        if let maxMain = c.maxSize.main(c.isRow) {
            var limit = space.definite ?? maxMain
            // An indefinite container is at most its max size: that is what items wrap against.
            if !c.hasDefiniteMain { limit = min(limit, maxMain) }
            space = .definite(limit.maybeMax(c.minSize.main(c.isRow)))
        }
        if !c.isWrap || !c.knownMainIsDefinite || items.isEmpty { space = .maxContent }
        switch space {
        case .maxContent:
            push(0..<items.count)
        case .minContent:
            for index in items.indices { push(index..<(index + 1)) }
        case .definite(let limit):
            var start = 0
            while start < items.count {
                var length: CGFloat = 0
                var end = start
                while end < items.count {
                    length += items[end].hypotheticalOuter.main(c.isRow) + (end == start ? 0 : c.gap.main(c.isRow))
                    if length > limit && end != start { break }
                    end += 1
                }
                push(start..<end)
                start = end
            }
        }
        return BoxFlexLines(rebasing: lineArena[first..<lineTop])
    }

    /// Step 4, for a container whose main size is not known: fit the longest line within a
    /// definite space (at least the space when the items wrapped); under a min-content
    /// constraint, a wrapping container's longest line; otherwise the intrinsic main size
    /// from each item's content contribution (§9.9.1).
    func determineContainerMainSize(_ items: BoxFlexItems, _ lines: BoxFlexLines, _ available: BoxAxes<BoxAvailableSpace>,
                                    _ c: inout BoxFlexContainer) {
        let row = c.isRow
        let insetSum = c.contentInset.mainSum(row)
        let outer: CGFloat
        if let known = c.outerSize.main(row) {
            outer = known
        } else {
            switch available.main(row) {
            case .definite(let space):
                // A column's content height is its items' hypothetical heights (below).
                let size = (c.isColumn ? longestHypotheticalLine(items, lines, c) : longestLine(items, lines, c)) + insetSum
                outer = lines.count > 1 ? max(size, space) : size
            case .minContent where c.isWrap:
                outer = longestLine(items, lines, c) + insetSum
            case .minContent where c.isColumn, .maxContent where c.isColumn:
                // A column's content height, as Chrome computes it: its items' hypothetical
                // outer heights, not §9.9.1's contributions (an item with `flex-basis: 0` and
                // `min-height: 0` adds nothing, however tall its content).
                outer = longestHypotheticalLine(items, lines, c) + insetSum
            case .minContent, .maxContent:
                outer = intrinsicMainSize(items, lines, available, c) + insetSum
            }
        }
        let clamped = max(outer.maybeClamp(c.minSize.main(row), c.maxSize.main(row)), insetSum - c.scrollbarGutter.main(row))
        let inner = max(clamped - insetSum, 0)
        c.containerSize.setMain(row, clamped)
        c.innerContainerSize.setMain(row, inner)
        c.innerSize.setMain(row, inner)
    }

    private func longestLine(_ items: BoxFlexItems, _ lines: BoxFlexLines, _ c: BoxFlexContainer) -> CGFloat {
        let row = c.isRow
        return lines.reduce(0) { longest, line in
            max(longest, items.sum(line.items) { item in
                max(item.flexBasis.maybeMax(item.minSize.main(row)) + item.margin.mainSum(row), item.paddingBorder.mainSum(row))
            } + boxGapSum(c.gap.main(row), line.items.count))
        }
    }

    private func longestHypotheticalLine(_ items: BoxFlexItems, _ lines: BoxFlexLines, _ c: BoxFlexContainer) -> CGFloat {
        lines.reduce(0) { longest, line in
            max(longest, items.sum(line.items) { $0.hypotheticalOuter.main(c.isRow) } + boxGapSum(c.gap.main(c.isRow), line.items.count))
        }
    }

    /// §9.9.1: each item's min-/max-content contribution, turned into a flex fraction and back
    /// into a size (per item, as Chrome and Firefox do, not scaled by the line's largest
    /// fraction); the longest line's sum.
    private func intrinsicMainSize(_ items: BoxFlexItems, _ lines: BoxFlexLines, _ available: BoxAxes<BoxAvailableSpace>,
                                   _ c: BoxFlexContainer) -> CGFloat {
        let row = c.isRow
        var mainSize: CGFloat = 0
        for line in lines {
            var sum: CGFloat = 0
            for index in line.items { sum += flexedContribution(&items[index], available, c) }
            mainSize = max(mainSize, sum + boxGapSum(c.gap.main(row), line.items.count))
        }
        return mainSize
    }

    /// An item's contribution turned into a flex fraction and back into a size: its target.
    private func flexedContribution(_ item: inout BoxFlexItem, _ available: BoxAxes<BoxAvailableSpace>, _ c: BoxFlexContainer) -> CGFloat {
        let difference = contentContribution(item, available, c) - item.flexBasis
        if difference > 0 {
            item.contentFlexFraction = difference / max(1, item.flexGrow)
        } else if difference < 0 {
            item.contentFlexFraction = difference / max(1, item.flexShrink * item.innerFlexBasis)
        } else {
            item.contentFlexFraction = 0
        }
        let fraction = item.contentFlexFraction
        var flexed: CGFloat = 0
        if fraction > 0 {
            flexed = max(1, item.flexGrow) * fraction
        } else if fraction < 0 {
            flexed = max(1, item.flexShrink) * item.innerFlexBasis * fraction
        }
        let size = item.flexBasis + flexed
        item.target.setMain(c.isRow, size)
        item.outerTarget.setMain(c.isRow, size)
        return size
    }

    /// An item's outer min-/max-content contribution on the main axis, clamped by its limits
    /// (and, when it cannot grow or shrink, by its flex base size).
    private func contentContribution(_ item: BoxFlexItem, _ available: BoxAxes<BoxAvailableSpace>, _ c: BoxFlexContainer) -> CGFloat {
        let row = c.isRow
        let styleMin = item.minSize.main(row)
        let preferred = item.size.main(row)
        let styleMax = item.maxSize.main(row)
        // Chrome and Firefox clamp by the preferred size too (csswg-drafts#1435).
        let clampingBasis = item.flexBasis.maybeMax(preferred)
        let basisMin: CGFloat? = item.flexShrink == 0 ? clampingBasis : nil
        let basisMax: CGFloat? = item.flexGrow == 0 ? clampingBasis : nil
        let minMain = max((styleMin.maybeMax(basisMin) ?? basisMin) ?? item.resolvedMinimumMainSize, item.resolvedMinimumMainSize)
        let maxMain = (styleMax.maybeMin(basisMax) ?? basisMax) ?? .infinity
        let marginSum = item.margin.mainSum(row)
        if let preferred, maxMain <= minMain || maxMain <= preferred {
            return max(min(preferred, maxMain), minMain) + marginSum
        }
        if maxMain <= minMain { return minMain + marginSum }
        if item.isScrollContainer { return item.flexBasis + marginSum }

        let marginCross = c.margin.crossSum(row)
        let crossSpace = available.cross(row).mapDefinite { c.innerSize.cross(row) ?? $0 }
            .maybeClamp(item.minSize.cross(row).map { $0 + marginCross }, item.maxSize.cross(row).map { $0 + marginCross })
        var known = item.size.withMain(row, nil)
        if item.alignSelf.position == .stretch, known.cross(row) == nil {
            known.setCross(row, crossSpace.definite.map { $0 - item.margin.crossSum(row) })
        }
        let content = measureSize(item.node, known: known, parent: c.innerSize, available: available.withCross(row, crossSpace),
                                  mode: .inherentSize, horizontal: row) + marginSum
        return row ? content.maybeClamp(styleMin, styleMax) : max(content, item.flexBasis).maybeClamp(styleMin, styleMax)
    }
}
