import Foundation

// # [9.2. Line Length Determination](https://www.w3.org/TR/css-flexbox-1/#algo-main-item), step 3:
// each item's flex base size, hypothetical main size and automatic minimum size (§4.5).

extension BoxLayoutRun {
    /// The cross-axis space an item is measured in while its main size is found: the
    /// container's inner cross size (or the available space), within the item's cross limits.
    private func itemCrossAvailable(_ item: BoxFlexItem, _ available: BoxAxes<BoxAvailableSpace>, _ c: BoxFlexContainer,
                                    minCross: CGFloat?, maxCross: CGFloat?) -> BoxAvailableSpace {
        let marginSum = c.margin.crossSum(c.isRow)
        let lower = minCross.map { $0 + marginSum }
        let upper = maxCross.map { $0 + marginSum }
        switch available.cross(c.isRow) {
        case .definite(let value): return .definite((c.innerSize.cross(c.isRow) ?? value).maybeClamp(lower, upper))
        case .minContent: return lower.map { .definite($0) } ?? .minContent
        case .maxContent: return upper.map { .definite($0) } ?? .maxContent
        }
    }

    func determineFlexBaseSizes(_ items: BoxFlexItems, _ available: BoxAxes<BoxAvailableSpace>, _ c: BoxFlexContainer) {
        for index in items.indices { determineFlexBaseSize(&items[index], available, c) }
    }

    private func determineFlexBaseSize(_ item: inout BoxFlexItem, _ available: BoxAxes<BoxAvailableSpace>, _ c: BoxFlexContainer) {
        let row = c.isRow
        let style = style(item.node)
        let childParent = BoxAxes<CGFloat?>.none.withCross(row, c.innerSize.cross(row))
        // Limits transferred through the aspect ratio bound the measuring space.
        let transferredMin = item.minSize.applyingAspectRatio(item.aspectRatio)
        let transferredMax = item.maxSize.applyingAspectRatio(item.aspectRatio)
        let crossAvailable = itemCrossAvailable(item, available, c, minCross: transferredMin.cross(row), maxCross: transferredMax.cross(row))

        var crossIsDefinite = item.size.cross(row) != nil
        var known = item.size.withMain(row, nil)
        known.setCross(row, known.cross(row).maybeClamp(transferredMin.cross(row), transferredMax.cross(row)))
        if item.alignSelf.position == .stretch, !item.hasAutoCrossMargin(row), known.cross(row) == nil {
            known.setCross(row, crossAvailable.definite.map { $0 - item.margin.crossSum(row) })
            crossIsDefinite = !c.isWrap && c.hasDefiniteCross && c.innerSize.cross(row) != nil
        }

        let adjustment = style.pointee.boxSizing == .contentBox ? item.paddingBorder.mainSum(row) : 0
        let percentBasis = c.knownMainIsDefinite ? c.innerSize.main(row) : nil
        let basisStyle = style.pointee.flexBasis
        let basis = basisStyle.resolve(percentBasis).map { $0 + adjustment }
        let stretchSize = percentBasis.map { $0 - item.margin.mainSum(row) }

        item.flexBasis = flexBasis(&item, known: known, crossIsDefinite: crossIsDefinite, basisStyle: basisStyle, basis: basis,
                                   stretchSize: stretchSize, parent: childParent, crossAvailable: crossAvailable, available: available, c)

        // Chrome and Firefox floor the flex base size at padding + border (the content box at 0).
        let paddingBorder = item.paddingBorder
        item.flexBasis = max(item.flexBasis, paddingBorder.mainSum(row))
        item.innerFlexBasis = item.flexBasis - paddingBorder.mainSum(row)

        // 4.5. Automatic Minimum Size: the smaller of the content size suggestion and the
        // specified size suggestion (and any transferred max), for items that are not scroll
        // containers; min-width/min-height when given.
        let styleMin = item.minSize.main(row) ?? (item.overflow.main(row).isScrollContainer ? 0 : nil)
        item.resolvedMinimumMainSize = styleMin ?? {
            let minContent = measureSize(item.node, known: known, parent: childParent,
                                         available: BoxAxes(width: .minContent, height: .minContent).withCross(row, crossAvailable),
                                         mode: .contentSize, horizontal: row)
            return minContent.maybeMin(item.size.main(row)).maybeMin(transferredMax.main(row)).maybeMax(paddingBorder.mainSum(row))
        }()

        // Sizes transferred through the ratio clamp the hypothetical main size only (csswg 10997).
        let hypotheticalMin = item.resolvedMinimumMainSize.maybeMax(transferredMin.main(row)).maybeMax(paddingBorder.mainSum(row))
        let hypothetical = item.flexBasis.maybeClamp(hypotheticalMin, transferredMax.main(row))
        item.hypotheticalInner.setMain(row, hypothetical)
        item.hypotheticalOuter.setMain(row, hypothetical + item.margin.mainSum(row))
    }

    // swiftlint:disable:next function_parameter_count
    private func flexBasis(_ item: inout BoxFlexItem, known: BoxAxes<CGFloat?>, crossIsDefinite: Bool, basisStyle: BoxSize, basis: CGFloat?,
                           stretchSize: CGFloat?, parent: BoxAxes<CGFloat?>, crossAvailable: BoxAvailableSpace,
                           available: BoxAxes<BoxAvailableSpace>, _ c: BoxFlexContainer) -> CGFloat {
        let row = c.isRow
        var keywordSpace: BoxAvailableSpace?
        // A. A definite flex basis (or, for `auto`, a definite main size) is the base size.
        // Sizing keywords in the basis or the main size either resolve exactly (`stretch`) or
        // say which constraint the item is measured under.
        if basisStyle == .content {
            keywordSpace = nil
        } else if basisStyle.isSizingKeyword {
            switch basisStyle.resolveKeyword(stretchSize: stretchSize) {
            case .exact(let size)?: item.flexBasisIsDefinite = true; return size
            case .measure(let space)?: keywordSpace = space
            case nil: keywordSpace = nil
            }
        } else {
            if let definite = basis ?? item.size.main(row) {
                item.flexBasisIsDefinite = true
                return definite
            }
            switch item.sizeStyle.main(row).resolveKeyword(stretchSize: stretchSize) {
            case .exact(let size)?: item.flexBasisIsDefinite = true; return size
            case .measure(let space)?: keywordSpace = space
            case nil: keywordSpace = nil
            }
        }
        // B. An aspect ratio with a definite cross size gives a definite base size (the
        // item's own layout applies the ratio to its known cross size).
        if item.aspectRatio != nil, crossIsDefinite, known.cross(row) != nil { item.flexBasisIsDefinite = true }
        // C–E. Otherwise the item is sized in the available space, its content as max-content
        // (min-content under a min-content constraint).
        let mainSpace = keywordSpace ?? (available.main(row) == .minContent ? .minContent : .maxContent)
        let space = BoxAxes<BoxAvailableSpace>(width: .maxContent, height: .maxContent).withMain(row, mainSpace).withCross(row, crossAvailable)
        return measureSize(item.node, known: known, parent: parent, available: space, mode: .contentSize, horizontal: row)
    }
}
