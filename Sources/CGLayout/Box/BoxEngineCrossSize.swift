import Foundation

// # [9.4. Cross Size Determination](https://www.w3.org/TR/css-flexbox-1/#cross-sizing), steps 7–11.

extension BoxLayoutRun {
    /// Which of an item's sizes are definite for its own children when it is laid out: the
    /// main size when the container's is definite or the basis was; the cross size when the
    /// item is stretched, sized, or (a column's item) fit into definite space.
    func itemDefiniteness(_ item: BoxFlexItem, _ c: BoxFlexContainer) -> BoxAxes<Bool> {
        let row = c.isRow
        let crossStyle = item.sizeStyle.cross(row)
        let stretched = !item.hasAutoCrossMargin(row)
            && (crossStyle == .stretch || (item.alignSelf.position == .stretch && crossStyle == .auto))
        let crossDefinite = stretched || item.size.cross(row) != nil || (!row && c.crossAvailableIsDefinite)
        return BoxAxes(width: true, height: true).withMain(row, c.hasDefiniteMain || item.flexBasisIsDefinite).withCross(row, crossDefinite)
    }

    /// Step 7. Each item laid out at its used main size, its cross size `auto` treated as
    /// fit-content (or measured under the constraint a sizing keyword names).
    func determineHypotheticalCrossSizes(_ items: BoxFlexItems, _ available: BoxAxes<BoxAvailableSpace>, _ c: BoxFlexContainer) {
        for index in items.indices { determineHypotheticalCrossSize(&items[index], available, c) }
    }

    private func determineHypotheticalCrossSize(_ item: inout BoxFlexItem, _ available: BoxAxes<BoxAvailableSpace>, _ c: BoxFlexContainer) {
        let row = c.isRow
        let paddingBorder = item.paddingBorder.crossSum(row)
        let minCross = item.minSize.applyingAspectRatio(item.aspectRatio).cross(row)
        let maxCross = item.maxSize.applyingAspectRatio(item.aspectRatio).cross(row)
        let styleCross = item.size.cross(row).maybeClamp(minCross, maxCross).maybeMax(paddingBorder)
        var availableCross = available.cross(row).maybeClamp(minCross, maxCross).mapDefinite { max($0, paddingBorder) }
        let stretchSize = c.innerSize.cross(row).map { $0 - item.margin.crossSum(row) }
        if case .measure(let space)? = item.sizeStyle.cross(row).resolveKeyword(stretchSize: stretchSize) { availableCross = space }

        let inner = styleCross ?? {
            let known = BoxAxes<CGFloat?>(width: row ? item.target.width : styleCross, height: row ? styleCross : item.target.height)
            let space = BoxAxes<BoxAvailableSpace>(width: row ? .definite(c.containerSize.width) : availableCross,
                                                   height: row ? availableCross : .definite(c.containerSize.height))
            var input = BoxLayoutInput(known: known, parentSize: c.innerSize, available: space, sizingMode: .contentSize,
                                       runMode: .computeSize, axis: row ? .vertical : .horizontal)
            input.knownIsDefinite = itemDefiniteness(item, c)
            return computeLayout(item.node, input).size.cross(row).maybeClamp(minCross, maxCross).maybeMax(paddingBorder)
        }()
        item.hypotheticalInner.setCross(row, inner)
        item.hypotheticalOuter.setCross(row, inner + item.margin.crossSum(row))
    }

    /// The baselines of items taking part in baseline alignment, in rows with more than one
    /// such item (only rows: the cross axis must be the block axis).
    func calculateChildBaselines(_ items: BoxFlexItems, _ lines: BoxFlexLines, _ known: BoxAxes<CGFloat?>,
                                 _ available: BoxAxes<BoxAvailableSpace>, _ c: BoxFlexContainer) {
        guard c.isRow else { return }
        for line in lines where items.count(line.items, where: { $0.participatesInBaseline(true) }) > 1 {
            for index in line.items where items[index].participatesInBaseline(true) {
                let item = items[index]
                var input = BoxLayoutInput(known: BoxAxes(width: item.target.width, height: item.hypotheticalInner.height),
                                           parentSize: c.innerSize,
                                           available: BoxAxes(width: .definite(c.containerSize.width), height: available.height.or(known.height)),
                                           sizingMode: .contentSize, runMode: .performLayout)
                input.knownIsDefinite = itemDefiniteness(item, c)
                let output = computeLayout(item.node, input)
                items[index].baseline = clampedBaseline(output, item) + item.margin.top
            }
        }
    }

    /// A box's first baseline, or its bottom edge; a scroll container's within its border box.
    func clampedBaseline(_ output: BoxLayoutOutput, _ item: BoxFlexItem) -> CGFloat {
        let baseline = output.firstBaseline ?? output.size.height
        return item.overflow.height.isScrollContainer ? max(min(baseline, output.size.height), 0) : baseline
    }

    /// Step 8. A single line in a definite cross size takes the container's inner cross size;
    /// otherwise each line is as tall as its largest outer hypothetical cross size (baseline-
    /// aligned items measured from the shared baseline), a single line within the limits.
    func calculateLineCrossSizes(_ items: BoxFlexItems, _ lines: BoxFlexLines, _ known: BoxAxes<CGFloat?>, _ c: BoxFlexContainer) {
        let row = c.isRow
        let insetSum = c.contentInset.crossSum(row)
        if !c.isWrap, let cross = known.cross(row) {
            lines[0].crossSize = max(cross.maybeClamp(c.minSize.cross(row), c.maxSize.cross(row)) - insetSum, 0)
            return
        }
        for index in lines.indices {
            let maxBaseline = items.maximum(lines[index].items) { $0.baseline }
            lines[index].crossSize = items.maximum(lines[index].items) { item in
                let outer = item.hypotheticalOuter.cross(row)
                return item.participatesInBaseline(row) ? maxBaseline - item.baseline + outer : outer
            }
        }
        if !c.isWrap {
            lines[0].crossSize = lines[0].crossSize.maybeClamp(c.minSize.cross(row).map { $0 - insetSum }, c.maxSize.cross(row).map { $0 - insetSum })
        }
    }

    /// Step 9. `align-content: stretch` shares the container's leftover cross space (its
    /// definite or minimum cross size) equally among the lines.
    func stretchLines(_ lines: BoxFlexLines, _ known: BoxAxes<CGFloat?>, _ c: BoxFlexContainer) {
        guard c.alignContent.position == .stretch, !lines.isEmpty else { return }
        let row = c.isRow
        let minCross = c.minSize.cross(row)
        let innerMin = max(((known.cross(row) ?? minCross).maybeClamp(minCross, c.maxSize.cross(row)) ?? 0) - c.contentInset.crossSum(row), 0)
        let total = lines.reduce(0) { $0 + $1.crossSize } + boxGapSum(c.gap.cross(row), lines.count)
        if total < innerMin {
            let addition = (innerMin - total) / CGFloat(lines.count)
            for index in lines.indices { lines[index].crossSize += addition }
        }
    }

    /// Step 11. A stretched item (`align-self: stretch` with an `auto` cross size, or a
    /// `stretch` cross size, and no `auto` cross margin) fills its line within its limits
    /// (its max not transferred through the ratio); others keep their hypothetical size.
    func determineUsedCrossSizes(_ items: BoxFlexItems, _ lines: BoxFlexLines, _ c: BoxFlexContainer) {
        for line in lines {
            for index in line.items { determineUsedCrossSize(&items[index], line, c) }
        }
    }

    private func determineUsedCrossSize(_ item: inout BoxFlexItem, _ line: BoxFlexLine, _ c: BoxFlexContainer) {
        let row = c.isRow
        let style = style(item.node)
        let crossStyle = item.sizeStyle.cross(row)
        let stretched = !item.hasAutoCrossMargin(row)
            && (crossStyle == .stretch || (item.alignSelf.position == .stretch && crossStyle == .auto))
        if stretched {
            let adjustment = style.pointee.boxSizing == .contentBox ? item.paddingBorder.sums : .zero
            let maxSize = style.pointee.resolvedMaxSize(c.innerSize, adjustment: adjustment, ratio: false)
            item.target.setCross(row, (line.crossSize - item.margin.crossSum(row)).maybeClamp(item.minSize.cross(row), maxSize.cross(row)))
        } else {
            item.target.setCross(row, item.hypotheticalInner.cross(row))
        }
        item.outerTarget.setCross(row, item.target.cross(row) + item.margin.crossSum(row))
    }
}
