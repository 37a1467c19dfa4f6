import Foundation

// # [9. Flex Layout Algorithm](https://www.w3.org/TR/css-flexbox-1/#layout-algorithm): the
// container's steps in the spec's order, each in the file of its section.

extension BoxLayoutRun {
    /// A flex container's layout: its own sizes folded into the known sizes, then §9.
    func computeFlexboxLayout(_ node: Int, _ input: BoxLayoutInput) -> BoxLayoutOutput {
        let style = style(node)
        let parent = input.parentSize
        let paddingBorder = style.pointee.paddingBorder(parent.width).sums
        let adjustment = style.pointee.boxSizingAdjustment(parent.width)
        let minSize = style.pointee.resolvedMinSize(parent, adjustment: adjustment)
        let maxSize = style.pointee.resolvedMaxSize(parent, adjustment: adjustment)
        let styleSize = input.sizingMode == .inherentSize
            ? style.pointee.resolvedSize(parent, adjustment: adjustment).maybeClamp(minSize, maxSize) : .none
        // Limits that cross (max ≤ min) fix the size.
        func crossed(_ lower: CGFloat?, _ upper: CGFloat?) -> CGFloat? {
            if let lower, let upper, upper <= lower { return lower }
            return nil
        }
        let fixed = BoxAxes(width: crossed(minSize.width, maxSize.width), height: crossed(minSize.height, maxSize.height))
        // Padding and border floor the size.
        let known = input.known.or(fixed.or(styleSize).maybeMax(paddingBorder))

        if input.runMode == .computeSize {
            if let width = known.width, let height = known.height { return BoxLayoutOutput(size: BoxAxes(width: width, height: height)) }
            if input.axis == .horizontal, let width = known.width { return BoxLayoutOutput(size: BoxAxes(width: width, height: 0)) }
        }
        var adjusted = input
        adjusted.known = known
        // Sizes the box resolved itself (not passed in) are definite.
        adjusted.knownIsDefinite = BoxAxes(width: input.knownIsDefinite.width || input.known.width == nil,
                                           height: input.knownIsDefinite.height || input.known.height == nil)
        return computeFlexLines(node, adjusted)
    }

    /// §9.1–9.8 for a container whose known sizes are final.
    private func computeFlexLines(_ node: Int, _ input: BoxLayoutInput) -> BoxLayoutOutput {
        var c = makeFlexContainer(node, input)
        let row = c.isRow
        // The items and lines live on the run's arenas until this container is done.
        let (itemBase, lineBase) = (itemTop, lineTop)
        defer { (itemTop, lineTop) = (itemBase, lineBase) }
        // 9.1 Initial setup; 9.2 line length determination.
        let items = generateFlexItems(c)
        let available = determineAvailableSpace(input.known, input.available, c)
        determineFlexBaseSizes(items, available, c)

        // 9.3 Main size: lines, then the container's main size (if it was not known).
        let lines = collectFlexLines(items, available, c)
        if let innerMain = c.innerSize.main(row) {
            c.innerContainerSize.setMain(row, innerMain)
            c.containerSize.setMain(row, innerMain + c.contentInset.mainSum(row))
        } else {
            determineContainerMainSize(items, lines, available, &c)
            c.outerSize.setMain(row, c.containerSize.main(row))
            // Percentage gaps resolve against the size just found.
            let gaps = style(node).pointee.resolvedGap(BoxAxes(width: c.innerContainerSize.width, height: c.innerContainerSize.height))
            c.gap.setMain(row, gaps.main(row))
        }
        for line in lines { resolveFlexibleLengths(items, line, c) }

        // 9.4 Cross sizes.
        determineHypotheticalCrossSizes(items, available, c)
        calculateChildBaselines(items, lines, input.known, available, c)
        calculateLineCrossSizes(items, lines, input.known, c)
        stretchLines(lines, input.known, c)
        determineUsedCrossSizes(items, lines, c)

        // 9.5 Main-axis alignment; 9.6 cross-axis alignment.
        distributeRemainingFreeSpace(items, lines, c)
        alignItemsOnCrossAxis(items, lines, c)
        let totalCross = determineContainerCrossSize(lines, input.known, &c)
        if input.runMode == .computeSize { return BoxLayoutOutput(size: c.containerSize) }
        alignLines(lines, c, totalCross: totalCross)

        // Placement of in-flow items, then of absolutely positioned children.
        var overflow = placeItems(items, lines, c)
        overflow = overflow.union(placeAbsoluteChildren(c))
        return BoxLayoutOutput(size: c.containerSize, overflow: overflow, firstBaseline: containerBaseline(items, lines, c))
    }

    /// §8.5 Flex container baselines: from the first line in visual order — in a row its first
    /// baseline-aligned item (else its first item), in a column its start-most item.
    private func containerBaseline(_ items: BoxFlexItems, _ lines: BoxFlexLines, _ c: BoxFlexContainer) -> CGFloat? {
        guard let line = c.isWrapReverse ? lines.last : lines.first, !line.items.isEmpty else { return nil }
        if c.isColumn { return items[c.isReverse ? line.items.upperBound - 1 : line.items.lowerBound].baseline }
        let first = line.items.first { items[$0].participatesInBaseline(true) } ?? line.items.lowerBound
        return items[first].baseline
    }
}
