import Foundation

// [Absolutely positioned children](https://www.w3.org/TR/css-flexbox-1/#abspos-items): sized
// and placed against the container's padding box by their insets; an axis without insets takes
// the static position the container's alignment gives a sole item.

extension BoxLayoutRun {
    func placeAbsoluteChildren(_ c: BoxFlexContainer) -> BoxOverflowRect {
        // Insets and percentages resolve against the padding box (less the scrollbar).
        let area = BoxAxes(width: c.containerSize.width - c.border.horizontal - c.scrollbarGutter.width,
                           height: c.containerSize.height - c.border.vertical - c.scrollbarGutter.height)
        var overflow = BoxOverflowRect()
        for index in childRange(c.node) {
            let child = Int(childList[index])
            let style = style(child)
            guard !isNone[child], style.pointee.position == .absolute else { continue }
            overflow = overflow.union(placeAbsoluteChild(child, style, area: area, c))
        }
        return overflow
    }

    private func placeAbsoluteChild(_ child: Int, _ style: UnsafeMutablePointer<BoxStyle>, area: BoxAxes<CGFloat>, _ c: BoxFlexContainer) -> BoxOverflowRect {
        let ratio = style.pointee.usableAspectRatio
        let alignSelf = resolveSelfAlignment(style.pointee.alignSelf ?? c.alignItems, child: child, c)
        let margin = BoxSides(top: style.pointee.margin.top.resolve(area.width), right: style.pointee.margin.right.resolve(area.width),
                              bottom: style.pointee.margin.bottom.resolve(area.width), left: style.pointee.margin.left.resolve(area.width))
        let padding = style.pointee.resolvedPadding(area.width)
        let border = style.pointee.resolvedBorder
        let paddingBorder = (padding + border).sums
        let adjustment = style.pointee.boxSizing == .contentBox ? paddingBorder : .zero
        let left = style.pointee.inset.left.resolve(area.width), right = style.pointee.inset.right.resolve(area.width)
        let top = style.pointee.inset.top.resolve(area.height), bottom = style.pointee.inset.bottom.resolve(area.height)
        let areaOptional = area.map { Optional($0) }

        let minSize = BoxAxes(width: style.pointee.resolvedMinSize(areaOptional, adjustment: adjustment).width ?? paddingBorder.width,
                              height: style.pointee.resolvedMinSize(areaOptional, adjustment: adjustment).height ?? paddingBorder.height)
            .map { Optional($0) }.maybeMax(paddingBorder)
        let maxSize = style.pointee.resolvedMaxSize(areaOptional, adjustment: adjustment)
        var known = style.pointee.resolvedSize(areaOptional, adjustment: adjustment).maybeClamp(minSize, maxSize)

        if style.pointee.width.isSizingKeyword || style.pointee.height.isSizingKeyword {
            resolveAbsoluteKeywords(child, style, &known, area: area, insets: BoxSides(top: top, right: right, bottom: bottom, left: left), margin: margin)
            known = known.applyingAspectRatio(ratio).maybeClamp(minSize, maxSize)
        }
        // Both insets on an axis fix the size on it.
        if known.width == nil, let left, let right {
            known.width = max(area.width - (margin.left ?? 0) - (margin.right ?? 0) - left - right, 0)
            known = known.applyingAspectRatio(ratio).maybeClamp(minSize, maxSize)
        }
        if known.height == nil, let top, let bottom {
            known.height = max(area.height - (margin.top ?? 0) - (margin.bottom ?? 0) - top - bottom, 0)
            known = known.applyingAspectRatio(ratio).maybeClamp(minSize, maxSize)
        }

        let space = BoxAxes<BoxAvailableSpace>(width: .definite(c.containerSize.width.maybeClamp(minSize.width, maxSize.width)),
                                               height: .definite(c.containerSize.height.maybeClamp(minSize.height, maxSize.height)))
        var finalSize: BoxAxes<CGFloat>
        if let width = known.width, let height = known.height {
            finalSize = BoxAxes(width: width, height: height)
        } else {
            let measured = measureBoth(child, known: known, parent: c.innerSize, available: space, mode: .inherentSize)
            finalSize = BoxAxes(width: known.width ?? measured.width, height: known.height ?? measured.height)
        }
        finalSize = BoxAxes(width: finalSize.width.maybeClamp(minSize.width, maxSize.width),
                            height: finalSize.height.maybeClamp(minSize.height, maxSize.height))
        let output = performLayout(child, known: finalSize.map { Optional($0) }, parent: c.innerSize, available: space, mode: .inherentSize)

        // Auto margins absorb free space only between two insets; otherwise they are 0.
        let fixedMargin = margin.map { $0 ?? 0 }
        let freeWidth: CGFloat = c.containerSize.width - finalSize.width - fixedMargin.horizontal
        let freeHeight: CGFloat = c.containerSize.height - finalSize.height - fixedMargin.vertical
        let free = BoxAxes(width: max(freeWidth, 0), height: max(freeHeight, 0))
        let autoX = (margin.left == nil ? 1 : 0) + (margin.right == nil ? 1 : 0)
        let autoY = (margin.top == nil ? 1 : 0) + (margin.bottom == nil ? 1 : 0)
        let shareX: CGFloat = autoX > 0 && left != nil && right != nil ? free.width / CGFloat(autoX) : 0
        let shareY: CGFloat = autoY > 0 && top != nil && bottom != nil ? free.height / CGFloat(autoY) : 0
        let resolvedMargin = BoxSides(top: margin.top ?? shareY, right: margin.right ?? shareX, bottom: margin.bottom ?? shareY, left: margin.left ?? shareX)

        let row = c.isRow
        let main = absoluteMainOffset(start: row ? left : top, end: row ? right : bottom, size: finalSize, margin: resolvedMargin, c)
        let cross = absoluteCrossOffset(start: row ? top : left, end: row ? bottom : right, size: finalSize, margin: resolvedMargin,
                                        alignSelf: alignSelf, c)
        let location = row ? CGPoint(x: main, y: cross) : CGPoint(x: cross, y: main)
        layouts[child] = BoxUnroundedLayout(location: location, size: finalSize, overflow: output.overflow,
                                            scrollbar: style.pointee.scrollbarGutter, border: border, firstBaseline: output.firstBaseline)

        // The contribution to the container's scrollable overflow, from the scroll origin.
        let originX = c.border.left + (c.isRTL ? c.scrollbarGutter.width : 0)
        let relative = CGPoint(x: location.x - originX, y: location.y - c.border.top)
        let origin = c.isRTL ? CGPoint(x: area.width - relative.x - finalSize.width, y: relative.y) : relative
        return overflowContribution(origin, finalSize, output.overflow, style, parentIsScroll: c.isScrollContainer)
    }

    // swiftlint:disable:next function_parameter_count
    private func resolveAbsoluteKeywords(_ child: Int, _ style: UnsafeMutablePointer<BoxStyle>, _ known: inout BoxAxes<CGFloat?>, area: BoxAxes<CGFloat>,
                                         insets: BoxSides<CGFloat?>, margin: BoxSides<CGFloat?>) {
        let stretch = BoxAxes(
            width: max(area.width - (insets.left ?? 0) - (insets.right ?? 0) - (margin.left ?? 0) - (margin.right ?? 0), 0),
            height: max(area.height - (insets.top ?? 0) - (insets.bottom ?? 0) - (margin.top ?? 0) - (margin.bottom ?? 0), 0))
        let parent = area.map { Optional($0) }
        let keywordWidth = known.width == nil ? style.pointee.width.resolveKeyword(stretchSize: stretch.width) : nil
        let keywordHeight = known.height == nil ? style.pointee.height.resolveKeyword(stretchSize: stretch.height) : nil
        if case .measure(let width)? = keywordWidth, case .measure(let height)? = keywordHeight {
            let size = measureBoth(child, known: .none, parent: parent, available: BoxAxes(width: width, height: height), mode: .inherentSize)
            known = size.map { Optional($0) }
            return
        }
        switch keywordWidth {
        case .exact(let width)?: known.width = width
        case .measure(let space)?:
            known.width = measureSize(child, known: known, parent: parent, available: BoxAxes(width: space, height: .definite(stretch.height)),
                                      mode: .inherentSize, horizontal: true)
        case nil: break
        }
        switch keywordHeight {
        case .exact(let height)?: known.height = height
        case .measure(let space)?:
            known.height = measureSize(child, known: known, parent: parent,
                                       available: BoxAxes(width: .definite(known.width ?? stretch.width), height: space),
                                       mode: .inherentSize, horizontal: false)
        case nil: break
        }
    }
}
