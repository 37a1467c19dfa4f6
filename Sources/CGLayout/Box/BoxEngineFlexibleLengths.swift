import Foundation

extension BoxLayoutRun {
    /// # [9.7. Resolving Flexible Lengths](https://www.w3.org/TR/css-flexbox-1/#resolve-flexible-lengths)
    /// Sets each item's target main size: free space shared by flex-grow (or taken by
    /// flex-shrink scaled by the inner base size), items clamped by their limits and frozen
    /// until no unfrozen item violates one.
    func resolveFlexibleLengths(_ items: BoxFlexItems, _ line: BoxFlexLine, _ c: BoxFlexContainer) {
        let row = c.isRow
        let range = line.items
        let gapSum = boxGapSum(c.gap.main(row), range.count)
        let inner = c.innerSize.main(row)

        // 1. The used flex factor: grow when the hypothetical sizes leave room, else shrink.
        let hypotheticalSum = gapSum + items.sum(range) { $0.hypotheticalOuter.main(row) }
        let growing = hypotheticalSum < (inner ?? 0)
        let shrinking = hypotheticalSum > (inner ?? 0)
        let exact = !growing && !shrinking

        // 2. Size inflexible items: no factor, or a base size on the wrong side of the
        // hypothetical size, freezes the item at its hypothetical size.
        for index in range {
            let hypothetical = items[index].hypotheticalInner.main(row)
            items[index].target.setMain(row, hypothetical)
            items[index].frozen = false
            if exact || (items[index].flexGrow == 0 && items[index].flexShrink == 0)
                || (growing && items[index].flexBasis > hypothetical) || (shrinking && items[index].flexBasis < hypothetical) {
                items[index].frozen = true
                items[index].outerTarget.setMain(row, hypothetical + items[index].margin.mainSum(row))
            }
        }
        if exact { return }

        // 3. The initial free space: frozen items at their targets, the rest at their bases.
        func usedSpace() -> CGFloat {
            gapSum + items.sum(range) { item in item.frozen ? item.outerTarget.main(row) : item.flexBasis + item.margin.mainSum(row) }
        }
        let initialFree = inner.map { $0 - usedSpace() } ?? 0

        // 4. Loop until every item is frozen (each pass freezes at least one item).
        var passes = 0
        while items.count(range, where: { !$0.frozen }) > 0, passes <= range.count {
            passes += 1
            let used = usedSpace()
            // The items unfrozen at the start of the pass (step e freezes each as it visits it).
            var growSum: CGFloat = 0
            var shrinkSum: CGFloat = 0
            for index in range where !items[index].frozen {
                growSum += items[index].flexGrow
                shrinkSum += items[index].flexShrink
            }

            // b. The remaining free space; factors summing under 1 take only that share.
            let free: CGFloat
            if growing && growSum < 1 {
                free = (initialFree * growSum - gapSum).maybeMin(inner.map { $0 - used })
            } else if shrinking && shrinkSum < 1 {
                free = (initialFree * shrinkSum - gapSum).maybeMax(inner.map { $0 - used })
            } else {
                free = inner.map { $0 - used } ?? (hypotheticalSum - used)
            }

            // c. Distribute it in proportion to the factors.
            if free.isNormal {
                if growing && growSum > 0 {
                    for index in range where !items[index].frozen {
                        items[index].target.setMain(row, items[index].flexBasis + free * (items[index].flexGrow / growSum))
                    }
                } else if shrinking && shrinkSum > 0 {
                    var scaledSum: CGFloat = 0
                    for index in range where !items[index].frozen { scaledSum += items[index].innerFlexBasis * items[index].flexShrink }
                    if scaledSum > 0 {
                        for index in range where !items[index].frozen {
                            let scaled = items[index].innerFlexBasis * items[index].flexShrink
                            items[index].target.setMain(row, items[index].flexBasis + free * (scaled / scaledSum))
                        }
                    }
                }
            }

            // d. Fix min/max violations (the content box floored at 0).
            var totalViolation: CGFloat = 0
            for index in range where !items[index].frozen {
                let unclamped = items[index].target.main(row)
                let clamped = max(unclamped.maybeClamp(items[index].resolvedMinimumMainSize, items[index].maxSize.main(row)), 0)
                items[index].violation = clamped - unclamped
                items[index].target.setMain(row, clamped)
                items[index].outerTarget.setMain(row, clamped + items[index].margin.mainSum(row))
                totalViolation += items[index].violation
            }

            // e. Freeze over-flexed items: min violators when the total is positive, max
            // violators when negative, everything when zero.
            for index in range where !items[index].frozen {
                if totalViolation > 0 {
                    items[index].frozen = items[index].violation > 0
                } else if totalViolation < 0 {
                    items[index].frozen = items[index].violation < 0
                } else {
                    items[index].frozen = true
                }
            }
        }
    }
}
