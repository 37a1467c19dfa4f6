import Foundation

extension BoxLayoutRun {
    /// # [9.7. Resolving Flexible Lengths](https://www.w3.org/TR/css-flexbox-1/#resolve-flexible-lengths)
    /// Sets each item's target main size: free space shared by flex-grow (or taken by
    /// flex-shrink scaled by the inner base size), items clamped by their limits and frozen
    /// until no unfrozen item violates one.
    func resolveFlexibleLengths(_ items: inout [BoxFlexItem], _ line: BoxFlexLine, _ c: BoxFlexContainer) {
        let row = c.isRow
        let range = line.items
        let gapSum = boxGapSum(c.gap.main(row), range.count)
        let inner = c.innerSize.main(row)

        // 1. The used flex factor: grow when the hypothetical sizes leave room, else shrink.
        let hypotheticalSum = gapSum + items[range].reduce(0) { $0 + $1.hypotheticalOuter.main(row) }
        let growing = hypotheticalSum < (inner ?? 0)
        let shrinking = hypotheticalSum > (inner ?? 0)
        let exact = !growing && !shrinking

        // 2. Size inflexible items: no factor, or a base size on the wrong side of the
        // hypothetical size, freezes the item at its hypothetical size.
        for index in range {
            var item = items[index]
            let hypothetical = item.hypotheticalInner.main(row)
            item.target.setMain(row, hypothetical)
            item.frozen = false
            if exact || (item.flexGrow == 0 && item.flexShrink == 0)
                || (growing && item.flexBasis > hypothetical) || (shrinking && item.flexBasis < hypothetical) {
                item.frozen = true
                item.outerTarget.setMain(row, hypothetical + item.margin.mainSum(row))
            }
            items[index] = item
        }
        if exact { return }

        // 3. The initial free space: frozen items at their targets, the rest at their bases.
        func usedSpace() -> CGFloat {
            gapSum + items[range].reduce(0) { total, item in
                total + (item.frozen ? item.outerTarget.main(row) : item.flexBasis + item.margin.mainSum(row))
            }
        }
        let initialFree = inner.map { $0 - usedSpace() } ?? 0

        // 4. Loop until every item is frozen (each pass freezes at least one item).
        var passes = 0
        while items[range].contains(where: { !$0.frozen }), passes <= range.count {
            passes += 1
            let used = usedSpace()
            let unfrozen = range.filter { !items[$0].frozen }
            let growSum = unfrozen.reduce(0) { $0 + items[$1].flexGrow }
            let shrinkSum = unfrozen.reduce(0) { $0 + items[$1].flexShrink }

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
                    for index in unfrozen {
                        items[index].target.setMain(row, items[index].flexBasis + free * (items[index].flexGrow / growSum))
                    }
                } else if shrinking && shrinkSum > 0 {
                    let scaledSum = unfrozen.reduce(0) { $0 + items[$1].innerFlexBasis * items[$1].flexShrink }
                    if scaledSum > 0 {
                        for index in unfrozen {
                            let scaled = items[index].innerFlexBasis * items[index].flexShrink
                            items[index].target.setMain(row, items[index].flexBasis + free * (scaled / scaledSum))
                        }
                    }
                }
            }

            // d. Fix min/max violations (the content box floored at 0).
            var totalViolation: CGFloat = 0
            for index in unfrozen {
                var item = items[index]
                let unclamped = item.target.main(row)
                let clamped = max(unclamped.maybeClamp(item.resolvedMinimumMainSize, item.maxSize.main(row)), 0)
                item.violation = clamped - unclamped
                item.target.setMain(row, clamped)
                item.outerTarget.setMain(row, clamped + item.margin.mainSum(row))
                totalViolation += item.violation
                items[index] = item
            }

            // e. Freeze over-flexed items: min violators when the total is positive, max
            // violators when negative, everything when zero.
            for index in unfrozen {
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
