import Foundation

// The final pass: each item laid out at its used size and placed — main offsets from the
// start edge (the right edge of a right-to-left row), lines stacked on the cross axis (from the
// right in a right-to-left column), relative offsets applied — and the content's scrollable
// overflow gathered.

extension BoxLayoutRun {
    func placeItems(_ items: BoxFlexItems, _ lines: BoxFlexLines, _ c: BoxFlexContainer) -> BoxOverflowRect {
        let rtlColumn = c.isColumn && c.isRTL
        var crossOffset = rtlColumn ? c.containerSize.width - c.contentInset.crossEnd(false) : c.contentInset.crossStart(c.isRow)
        var overflow = BoxOverflowRect()
        for visualLine in 0..<lines.count {
            let lineIndex = c.isWrapReverse ? lines.count - 1 - visualLine : visualLine
            let line = lines[lineIndex]
            if rtlColumn { crossOffset -= line.offsetCross + line.crossSize }
            let rtlRow = c.isRow && c.isRTL
            var mainOffset = rtlRow ? c.containerSize.width - c.contentInset.mainEnd(true) : c.contentInset.mainStart(c.isRow)
            for visual in 0..<line.items.count {
                let index = c.isReverse ? line.items.upperBound - 1 - visual : line.items.lowerBound + visual
                placeItem(&items[index], mainOffset: &mainOffset, crossOffset: crossOffset,
                          lineOffset: rtlColumn ? 0 : line.offsetCross, overflow: &overflow, c)
            }
            if !rtlColumn { crossOffset += line.offsetCross + line.crossSize }
        }
        // A scroll container's end padding is part of its scrollable area.
        if c.isScrollContainer {
            let endInset = c.isRTL ? c.contentInset.left - c.border.left : c.contentInset.right - c.border.right
            overflow.right += endInset - c.scrollbarGutter.width
            overflow.bottom += c.contentInset.bottom - c.border.bottom - c.scrollbarGutter.height
        }
        return overflow
    }

    // swiftlint:disable:next function_parameter_count
    private func placeItem(_ item: inout BoxFlexItem, mainOffset: inout CGFloat, crossOffset: CGFloat, lineOffset: CGFloat,
                           overflow: inout BoxOverflowRect, _ c: BoxFlexContainer) {
        let row = c.isRow
        var input = BoxLayoutInput(known: item.target.map { Optional($0) }, parentSize: c.innerSize,
                                   available: c.containerSize.map { .definite($0) }, sizingMode: .contentSize, runMode: .performLayout)
        input.knownIsDefinite = itemDefiniteness(item, c)
        let output = computeLayout(item.node, input)
        let size = output.size

        let rtlRow = row && c.isRTL
        let rtlColumn = !row && c.isRTL
        // Relative positioning: the start inset wins; the end inset moves the other way.
        let mainInset: CGFloat = rtlRow
            ? (item.inset.mainEnd(row) ?? item.inset.mainStart(row).map { -$0 } ?? 0)
            : (item.inset.mainStart(row) ?? item.inset.mainEnd(row).map { -$0 } ?? 0)
        let crossInset: CGFloat = rtlColumn
            ? (item.inset.crossEnd(row).map { -$0 } ?? item.inset.crossStart(row) ?? 0)
            : (item.inset.crossStart(row) ?? item.inset.crossEnd(row).map { -$0 } ?? 0)

        let main = rtlRow
            ? mainOffset - item.offsetMain - item.margin.mainEnd(row) - mainInset - size.width
            : mainOffset + item.offsetMain + item.margin.mainStart(row) + mainInset
        let crossBase = crossOffset + item.offsetCross + lineOffset + item.margin.crossStart(row)
        let cross = crossBase + crossInset

        if row {
            item.baseline = crossBase + clampedBaseline(output, item)
        } else {
            item.baseline = mainOffset + item.offsetMain + item.margin.mainStart(row) + (output.firstBaseline ?? size.height)
        }

        let location = row ? CGPoint(x: main, y: cross) : CGPoint(x: cross, y: main)
        let style = style(item.node)
        layouts[item.node] = BoxUnroundedLayout(location: location, size: size, overflow: output.overflow,
                                                scrollbar: style.pointee.scrollbarGutter, border: item.border, firstBaseline: output.firstBaseline)
        let advance = item.offsetMain + item.margin.mainSum(row) + size.main(row)
        mainOffset += rtlRow ? -advance : advance

        let contributionOrigin = c.isRTL
            ? CGPoint(x: c.containerSize.width - (location.x + size.width) - c.border.right, y: location.y - c.border.top)
            : CGPoint(x: location.x - c.border.left, y: location.y - c.border.top)
        // In a scroll container, an item's end margins are scrolled to as well (Chrome's
        // scrollable overflow counts its in-flow children's margin boxes; the start margins
        // only reach the side that does not scroll). The end on the x axis is the left one
        // right-to-left, as `contributionOrigin` is measured from the right then.
        let endMargins = c.isScrollContainer
            ? BoxAxes(width: c.isRTL ? item.margin.left : item.margin.right, height: item.margin.bottom)
            : BoxAxes(width: 0, height: 0)
        overflow = overflow.union(overflowContribution(contributionOrigin, size, output.overflow, style, parentIsScroll: c.isScrollContainer,
                                                       endMargins: endMargins))
    }

    /// How far a child extends its parent's scrollable overflow: its border box, plus its own
    /// overflow on the axes where that is visible (a scroll container clips its content), plus
    /// `endMargins` (an in-flow item's, in a scroll container). A child with an empty border
    /// box extends nothing, as in Chrome, whatever its margins.
    func overflowContribution(_ origin: CGPoint, _ size: BoxAxes<CGFloat>, _ content: BoxOverflowRect, _ style: UnsafeMutablePointer<BoxStyle>,
                              parentIsScroll: Bool, endMargins: BoxAxes<CGFloat> = BoxAxes(width: 0, height: 0)) -> BoxOverflowRect {
        let isScroll = style.pointee.isScrollContainer
        let propagatesX = !isScroll && style.pointee.overflowX == .visible
        let propagatesY = !isScroll && style.pointee.overflowY == .visible
        let hasArea = size.width > 0 && size.height > 0
        let endX = max(propagatesX ? max(size.width, content.right) : size.width, hasArea ? size.width + endMargins.width : 0)
        let endY = max(propagatesY ? max(size.height, content.bottom) : size.height, hasArea ? size.height + endMargins.height : 0)
        guard endX > 0, endY > 0 else { return BoxOverflowRect() }
        let rect = BoxOverflowRect(left: origin.x + (propagatesX ? min(0, content.left) : 0), right: origin.x + endX,
                                   top: origin.y + (propagatesY ? min(0, content.top) : 0), bottom: origin.y + endY)
        if parentIsScroll && (rect.right <= 0 || rect.bottom <= 0) { return BoxOverflowRect() }
        return rect
    }
}
