import Foundation

// # [9.5. Main-Axis Alignment](https://www.w3.org/TR/css-flexbox-1/#main-alignment) and
// # [9.6. Cross-Axis Alignment](https://www.w3.org/TR/css-flexbox-1/#cross-alignment), steps 12–16,
// with CSS Box Alignment's fallbacks and `safe`/`unsafe`.

extension BoxLayoutRun {
    /// CSS Box Alignment §4.3 and §5.3: distributed alignment falls back (space-between and
    /// stretch to flex-start, space-around and space-evenly to center, both as `safe`) with
    /// one subject or no free space; `safe` alignment that would overflow becomes `start`.
    static func alignmentFallback(_ alignment: BoxStyle.ContentAlignment, freeSpace: CGFloat, count: Int) -> BoxStyle.ContentPosition {
        var position = alignment.position
        var isSafe = alignment.safety == .safe
        if count <= 1 || freeSpace <= 0 {
            switch position {
            case .stretch, .spaceBetween: position = .flexStart; isSafe = true
            case .spaceAround, .spaceEvenly: position = .center; isSafe = true
            default: break
            }
        }
        if freeSpace <= 0 && isSafe { position = .start }
        return position
    }

    /// The offset before the subject at `isFirst` (the first in visual order) or between two
    /// subjects, for `free` space shared by `position`.
    static func alignmentOffset(free: CGFloat, count: Int, gap: CGFloat, position: BoxStyle.ContentPosition,
                                reversed: Bool, isFirst: Bool) -> CGFloat {
        if isFirst {
            switch position {
            case .start, .stretch, .spaceBetween: return 0
            case .flexStart: return reversed ? free : 0
            case .end: return free
            case .flexEnd: return reversed ? 0 : free
            case .center: return free / 2
            case .spaceAround: return free >= 0 ? free / CGFloat(count) / 2 : free / 2
            case .spaceEvenly: return free >= 0 ? free / CGFloat(count + 1) : free / 2
            }
        }
        let free = max(free, 0)
        switch position {
        case .start, .flexStart, .end, .flexEnd, .center, .stretch: return gap
        case .spaceBetween: return gap + free / CGFloat(max(count - 1, 1))
        case .spaceAround: return gap + free / CGFloat(count)
        case .spaceEvenly: return gap + free / CGFloat(count + 1)
        }
    }

    /// Step 12. Positive free space goes to `auto` main margins if any, otherwise is placed
    /// by `justify-content`.
    func distributeRemainingFreeSpace(_ items: BoxFlexItems, _ lines: BoxFlexLines, _ c: BoxFlexContainer) {
        let row = c.isRow
        for line in lines {
            let used = boxGapSum(c.gap.main(row), line.items.count) + items.sum(line.items) { $0.outerTarget.main(row) }
            var free = c.innerContainerSize.main(row) - used
            let autoCount = items.count(line.items) { $0.marginIsAuto.mainStart(row) } + items.count(line.items) { $0.marginIsAuto.mainEnd(row) }
            if free > 0 && autoCount > 0 {
                let share = free / CGFloat(autoCount)
                for index in line.items {
                    if items[index].marginIsAuto.mainStart(row) { if row { items[index].margin.left = share } else { items[index].margin.top = share } }
                    if items[index].marginIsAuto.mainEnd(row) { if row { items[index].margin.right = share } else { items[index].margin.bottom = share } }
                }
                free = 0
            }
            let count = line.items.count
            let position = Self.alignmentFallback(c.justifyContent, freeSpace: free, count: count)
            for visual in 0..<count {
                let index = c.isReverse ? line.items.upperBound - 1 - visual : line.items.lowerBound + visual
                items[index].offsetMain = Self.alignmentOffset(free: free, count: count, gap: c.gap.main(row), position: position,
                                                               reversed: c.isReverse, isFirst: visual == 0)
            }
        }
    }

    /// Step 13 (and 14). `auto` cross margins take the line's leftover space; other items are
    /// aligned by `align-self`.
    func alignItemsOnCrossAxis(_ items: BoxFlexItems, _ lines: BoxFlexLines, _ c: BoxFlexContainer) {
        let row = c.isRow
        for line in lines {
            let maxBaseline = items.maximum(line.items) { $0.baseline }
            let maxBelowBaseline = items.maximum(line.items) { $0.participatesInBaseline(row) ? $0.outerTarget.cross(row) - $0.baseline : 0 }
            for index in line.items {
                alignItemOnCrossAxis(&items[index], line, maxBaseline: maxBaseline, maxBelowBaseline: maxBelowBaseline, c)
            }
        }
    }

    private func alignItemOnCrossAxis(_ item: inout BoxFlexItem, _ line: BoxFlexLine, maxBaseline: CGFloat, maxBelowBaseline: CGFloat,
                                      _ c: BoxFlexContainer) {
        let row = c.isRow
        let free = line.crossSize - item.outerTarget.cross(row)
        let autoStart = item.marginIsAuto.crossStart(row)
        let autoEnd = item.marginIsAuto.crossEnd(row)
        if autoStart && autoEnd {
            if row { item.margin.top = free / 2; item.margin.bottom = free / 2 } else { item.margin.left = free / 2; item.margin.right = free / 2 }
        } else if autoStart {
            if row { item.margin.top = free } else { item.margin.left = free }
        } else if autoEnd {
            if row { item.margin.bottom = free } else { item.margin.right = free }
        } else {
            item.offsetCross = crossAlignmentOffset(item, free: free, maxBaseline: maxBaseline, maxBelowBaseline: maxBelowBaseline, c)
        }
    }

    /// Step 14. Where `align-self` puts an item in its line. In a right-to-left column the
    /// cross axis runs right to left, which flips start and end.
    private func crossAlignmentOffset(_ item: BoxFlexItem, free: CGFloat, maxBaseline: CGFloat, maxBelowBaseline: CGFloat,
                                      _ c: BoxFlexContainer) -> CGFloat {
        let reverseCross = c.isColumn && c.isRTL
        let position: BoxStyle.ItemPosition = item.alignSelf.safety == .safe && free < 0 ? .start : item.alignSelf.position
        switch position {
        case .start, .selfStart: return reverseCross ? free : 0
        case .end, .selfEnd: return reverseCross ? 0 : free
        case .flexStart, .stretch: return c.isWrapReverse != reverseCross ? free : 0
        case .flexEnd: return c.isWrapReverse != reverseCross ? 0 : free
        case .center: return free / 2
        case .baseline:
            if c.isRow {
                if c.isWrapReverse {
                    // The cross axis is flipped: the baseline group sits at the line's bottom.
                    return free + item.outerTarget.cross(true) - maxBelowBaseline - item.baseline
                }
                return maxBaseline - item.baseline
            }
            // A column has no shared baseline here: flex-start.
            return c.isWrapReverse != (reverseCross && !c.isWrap) ? free : 0
        }
    }

    /// Step 15. The container's cross size: its definite size, or the lines' total, within
    /// its limits. Returns the lines' total cross size.
    func determineContainerCrossSize(_ lines: BoxFlexLines, _ known: BoxAxes<CGFloat?>, _ c: inout BoxFlexContainer) -> CGFloat {
        let row = c.isRow
        let gapSum = boxGapSum(c.gap.cross(row), lines.count)
        let total = lines.reduce(0) { $0 + $1.crossSize }
        let insetSum = c.contentInset.crossSum(row)
        let outer = max((known.cross(row) ?? total + gapSum + insetSum).maybeClamp(c.minSize.cross(row), c.maxSize.cross(row)),
                        insetSum - c.scrollbarGutter.cross(row))
        c.containerSize.setCross(row, outer)
        c.innerContainerSize.setCross(row, max(outer - insetSum, 0))
        return total
    }

    /// Step 16. Lines placed in the container's cross space by `align-content`.
    func alignLines(_ lines: BoxFlexLines, _ c: BoxFlexContainer, totalCross: CGFloat) {
        let row = c.isRow
        let count = lines.count
        let free = c.innerContainerSize.cross(row) - totalCross - boxGapSum(c.gap.cross(row), count)
        let position = Self.alignmentFallback(c.alignContent, freeSpace: free, count: count)
        for visual in 0..<count {
            let index = c.isWrapReverse ? count - 1 - visual : visual
            lines[index].offsetCross = Self.alignmentOffset(free: free, count: count, gap: c.gap.cross(row), position: position,
                                                            reversed: c.isWrapReverse, isFirst: visual == 0)
        }
    }
}
