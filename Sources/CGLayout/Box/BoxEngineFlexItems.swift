import Foundation

// The state of one flex container's layout (Taffy's `AlgoConstants`, the container's values
// the steps share) and of each in-flow item (`FlexItem`), and §9.1–9.2: generating the items,
// the available space, and each item's flex base size and hypothetical main size.

/// What the steps of one container's layout share.
struct BoxFlexContainer {
    var node: Int
    var isRow: Bool
    var isReverse: Bool
    var isRTL: Bool
    var isWrap: Bool
    var isWrapReverse: Bool
    var minSize: BoxAxes<CGFloat?>
    var maxSize: BoxAxes<CGFloat?>
    var margin: BoxSides<CGFloat>
    var border: BoxSides<CGFloat>
    /// Padding, border and scrollbar gutter: from the border box to the content box.
    var contentInset: BoxSides<CGFloat>
    var scrollbarGutter: BoxAxes<CGFloat>
    var isScrollContainer: Bool
    var gap: BoxAxes<CGFloat>
    var alignItems: BoxStyle.ItemAlignment
    var alignContent: BoxStyle.ContentAlignment
    var justifyContent: BoxStyle.ContentAlignment
    /// The border-box size when known.
    var outerSize: BoxAxes<CGFloat?>
    /// The content-box size when known.
    var innerSize: BoxAxes<CGFloat?>
    /// Whether the known main size is definite (not derived from the container's own content).
    var knownMainIsDefinite: Bool
    var hasDefiniteMain: Bool
    var hasDefiniteCross: Bool
    var crossAvailableIsDefinite: Bool
    /// The container's final border-box and content-box sizes, as the steps find them.
    var containerSize: BoxAxes<CGFloat> = .zero
    var innerContainerSize: BoxAxes<CGFloat> = .zero

    var isColumn: Bool { !isRow }
}

/// A container's items, in the run's item arena.
typealias BoxFlexItems = UnsafeMutableBufferPointer<BoxFlexItem>

extension UnsafeMutableBufferPointer where Element == BoxFlexItem {
    // Items are read in place: an item is a few hundred bytes, and iterating a slice of them
    // (`reduce`, `first`, `for … in`) copies each one.

    /// The sum of `value` over the items in `range`.
    @inline(__always) func sum(_ range: Range<Int>, _ value: (BoxFlexItem) -> CGFloat) -> CGFloat {
        var total: CGFloat = 0
        for index in range { total += value(self[index]) }
        return total
    }

    /// The largest `value` of the items in `range`, and at least 0.
    @inline(__always) func maximum(_ range: Range<Int>, _ value: (BoxFlexItem) -> CGFloat) -> CGFloat {
        var largest: CGFloat = 0
        for index in range { largest = Swift.max(largest, value(self[index])) }
        return largest
    }

    /// How many items in `range` satisfy `predicate`.
    @inline(__always) func count(_ range: Range<Int>, where predicate: (BoxFlexItem) -> Bool) -> Int {
        var count = 0
        for index in range where predicate(self[index]) { count += 1 }
        return count
    }
}

/// One in-flow flex item while its container is laid out.
struct BoxFlexItem {
    var node: Int
    var size: BoxAxes<CGFloat?>
    var sizeStyle: BoxAxes<BoxSize>
    var minSize: BoxAxes<CGFloat?>
    var maxSize: BoxAxes<CGFloat?>
    var aspectRatio: CGFloat?
    var alignSelf: BoxStyle.ItemAlignment
    var overflow: BoxAxes<BoxStyle.Overflow>
    var flexGrow: CGFloat
    var flexShrink: CGFloat
    var flexBasisIsDefinite = false
    var resolvedMinimumMainSize: CGFloat = 0
    var inset: BoxSides<CGFloat?>
    var margin: BoxSides<CGFloat>
    var marginIsAuto: BoxSides<Bool>
    var padding: BoxSides<CGFloat>
    var border: BoxSides<CGFloat>
    var flexBasis: CGFloat = 0
    var innerFlexBasis: CGFloat = 0
    var violation: CGFloat = 0
    var frozen = false
    var contentFlexFraction: CGFloat = 0
    var hypotheticalInner: BoxAxes<CGFloat> = .zero
    var hypotheticalOuter: BoxAxes<CGFloat> = .zero
    var target: BoxAxes<CGFloat> = .zero
    var outerTarget: BoxAxes<CGFloat> = .zero
    var baseline: CGFloat = 0
    var offsetMain: CGFloat = 0
    var offsetCross: CGFloat = 0

    var isScrollContainer: Bool { overflow.width.isScrollContainer || overflow.height.isScrollContainer }
    var paddingBorder: BoxSides<CGFloat> { padding + border }

    /// Baseline participation (§8.3): `align-self: baseline` and no `auto` cross margin.
    func participatesInBaseline(_ isRow: Bool) -> Bool {
        alignSelf.position == .baseline && !marginIsAuto.crossStart(isRow) && !marginIsAuto.crossEnd(isRow)
    }

    func hasAutoCrossMargin(_ isRow: Bool) -> Bool { marginIsAuto.crossStart(isRow) || marginIsAuto.crossEnd(isRow) }
}

extension BoxLayoutRun {
    func makeFlexContainer(_ node: Int, _ input: BoxLayoutInput) -> BoxFlexContainer {
        let style = style(node)
        let isRow = style.pointee.flexDirection.isRow
        let parent = input.parentSize
        let paddingBorder = style.pointee.paddingBorder(parent.width)
        let adjustment = style.pointee.boxSizingAdjustment(parent.width)
        let gutter = style.pointee.scrollbarGutter
        var inset = paddingBorder
        inset.bottom += gutter.height
        if isRTL[node] { inset.left += gutter.width } else { inset.right += gutter.width }
        let inner = BoxAxes(width: input.known.width.map { $0 - inset.horizontal }, height: input.known.height.map { $0 - inset.vertical })
        let knownMainIsDefinite = input.knownIsDefinite.main(isRow)
        let hasDefiniteCross = input.knownIsDefinite.cross(isRow) && input.known.cross(isRow) != nil
        var crossAvailableIsDefinite = hasDefiniteCross
        if case .definite = input.available.cross(isRow) { crossAvailableIsDefinite = true }
        return BoxFlexContainer(
            node: node, isRow: isRow, isReverse: style.pointee.flexDirection.isReverse, isRTL: isRTL[node],
            isWrap: style.pointee.flexWrap != .nowrap, isWrapReverse: style.pointee.flexWrap == .wrapReverse,
            minSize: style.pointee.resolvedMinSize(parent, adjustment: adjustment),
            maxSize: style.pointee.resolvedMaxSize(parent, adjustment: adjustment),
            margin: style.pointee.resolvedMargin(parent.width), border: style.pointee.resolvedBorder, contentInset: inset,
            scrollbarGutter: gutter, isScrollContainer: style.pointee.isScrollContainer,
            gap: style.pointee.resolvedGap(inner), alignItems: style.pointee.alignItems, alignContent: style.pointee.alignContent,
            justifyContent: style.pointee.justifyContent, outerSize: input.known, innerSize: inner,
            knownMainIsDefinite: knownMainIsDefinite,
            hasDefiniteMain: knownMainIsDefinite && input.known.main(isRow) != nil,
            hasDefiniteCross: hasDefiniteCross, crossAvailableIsDefinite: crossAvailableIsDefinite)
    }

    /// # [9.1. Initial Setup](https://www.w3.org/TR/css-flexbox-1/#box-manip)
    /// Every child that is neither `display: none` nor absolutely positioned is a flex item.
    /// The items are pushed on the run's item arena; the caller pops them (`itemTop`).
    func generateFlexItems(_ c: BoxFlexContainer) -> BoxFlexItems {
        // Percentages resolve against the container's inner size only where it is definite.
        let percentBasis = c.knownMainIsDefinite ? c.innerSize : c.innerSize.withMain(c.isRow, nil)
        let first = itemTop
        for index in childRange(c.node) {
            let child = Int(childList[index])
            let style = style(child)
            guard !isNone[child], style.pointee.position != .absolute else { continue }
            let paddingBorder = style.pointee.paddingBorder(c.innerSize.width)
            let adjustment = style.pointee.boxSizing == .contentBox ? paddingBorder.sums : .zero
            let inset = BoxSides(top: style.pointee.inset.top.resolve(c.innerSize.height), right: style.pointee.inset.right.resolve(c.innerSize.width),
                                 bottom: style.pointee.inset.bottom.resolve(c.innerSize.height), left: style.pointee.inset.left.resolve(c.innerSize.width))
            // The run's child lists are disjoint (validated when it was made): the containers on
            // one path never hold more items than there are nodes.
            precondition(itemTop < itemArena.count, "box layout: more items than nodes")
            (itemArena.baseAddress! + itemTop).initialize(to: BoxFlexItem(
                node: child, size: style.pointee.resolvedSize(percentBasis, adjustment: adjustment), sizeStyle: style.pointee.size,
                minSize: BoxAxes(width: style.pointee.minWidth.resolve(percentBasis.width), height: style.pointee.minHeight.resolve(percentBasis.height)).maybeAdd(adjustment),
                maxSize: BoxAxes(width: style.pointee.maxWidth.resolve(percentBasis.width), height: style.pointee.maxHeight.resolve(percentBasis.height)).maybeAdd(adjustment),
                aspectRatio: style.pointee.usableAspectRatio,
                alignSelf: resolveSelfAlignment(style.pointee.alignSelf ?? c.alignItems, child: child, c),
                overflow: style.pointee.overflow, flexGrow: style.pointee.grow, flexShrink: style.pointee.shrink, inset: inset,
                margin: style.pointee.resolvedMargin(c.innerSize.width),
                marginIsAuto: BoxSides(top: style.pointee.margin.top.isAuto, right: style.pointee.margin.right.isAuto,
                                       bottom: style.pointee.margin.bottom.isAuto, left: style.pointee.margin.left.isAuto),
                padding: style.pointee.resolvedPadding(c.innerSize.width), border: style.pointee.resolvedBorder))
            itemTop += 1
        }
        return BoxFlexItems(rebasing: itemArena[first..<itemTop])
    }

    /// `self-start`/`self-end` as `start`/`end`: flipped when the cross axis is the inline
    /// axis (a column) and the item's direction differs from the container's.
    func resolveSelfAlignment(_ alignment: BoxStyle.ItemAlignment, child: Int, _ c: BoxFlexContainer) -> BoxStyle.ItemAlignment {
        let flip = c.isColumn && isRTL[child] != c.isRTL
        var resolved = alignment
        switch alignment.position {
        case .selfStart: resolved.position = flip ? .end : .start
        case .selfEnd: resolved.position = flip ? .start : .end
        default: break
        }
        return resolved
    }

    /// # [9.2. Line Length Determination](https://www.w3.org/TR/css-flexbox-1/#line-sizing), step 2
    /// The content box's size where known; otherwise the space offered less margin, border and
    /// padding (min/max-content constraints pass through).
    func determineAvailableSpace(_ known: BoxAxes<CGFloat?>, _ outer: BoxAxes<BoxAvailableSpace>, _ c: BoxFlexContainer) -> BoxAxes<BoxAvailableSpace> {
        BoxAxes(
            width: known.width.map { .definite($0 - c.contentInset.horizontal) }
                ?? outer.width.minus(c.margin.horizontal).minus(c.contentInset.horizontal),
            height: known.height.map { .definite($0 - c.contentInset.vertical) }
                ?? outer.height.minus(c.margin.vertical).minus(c.contentInset.vertical))
    }
}
