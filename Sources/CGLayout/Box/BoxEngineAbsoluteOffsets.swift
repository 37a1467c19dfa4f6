import Foundation

// Where an absolutely positioned child sits on each axis: from an inset when it has one (the
// end inset first on a right-to-left horizontal axis), otherwise at its static position —
// where `justify-content` (main axis) or `align-self` (cross axis) would put a sole item.

extension BoxLayoutRun {
    func absoluteMainOffset(start: CGFloat?, end: CGFloat?, size: BoxAxes<CGFloat>, margin: BoxSides<CGFloat>, _ c: BoxFlexContainer) -> CGFloat {
        let row = c.isRow
        let isRTL = row && c.isRTL
        let gutter = c.scrollbarGutter.main(row)
        let container = c.containerSize.main(row)
        let itemSize = size.main(row)
        let fromEnd = container - c.border.mainEnd(row) - (isRTL ? 0 : gutter) - itemSize - (end ?? 0) - margin.mainEnd(row)
        if start != nil || end != nil {
            if isRTL && end != nil { return fromEnd }
            if let start { return start + c.border.mainStart(row) + (isRTL ? gutter : 0) + margin.mainStart(row) }
            return fromEnd
        }
        // The static position. `safe` is not applied here (Chrome does not, on this axis).
        let atStart = c.contentInset.mainStart(row) + margin.mainStart(row)
        let atEnd = container - c.contentInset.mainEnd(row) - itemSize - margin.mainEnd(row)
        let reversed = c.isReverse != isRTL
        switch c.justifyContent.position {
        case .start: return isRTL ? atEnd : atStart
        case .end: return isRTL ? atStart : atEnd
        case .flexStart, .stretch, .spaceBetween: return reversed ? atEnd : atStart
        case .flexEnd: return reversed ? atStart : atEnd
        case .center, .spaceAround, .spaceEvenly:
            return (container + c.contentInset.mainStart(row) - c.contentInset.mainEnd(row) - itemSize
                    + margin.mainStart(row) - margin.mainEnd(row)) / 2
        }
    }

    // swiftlint:disable:next function_parameter_count
    func absoluteCrossOffset(start: CGFloat?, end: CGFloat?, size: BoxAxes<CGFloat>, margin: BoxSides<CGFloat>,
                             alignSelf: BoxStyle.ItemAlignment, _ c: BoxFlexContainer) -> CGFloat {
        let row = c.isRow
        let isRTL = !row && c.isRTL
        let gutter = c.scrollbarGutter.cross(row)
        let container = c.containerSize.cross(row)
        let itemSize = size.cross(row)
        let fromEnd = container - c.border.crossEnd(row) - (isRTL ? 0 : gutter) - itemSize - (end ?? 0) - margin.crossEnd(row)
        if start != nil || end != nil {
            if isRTL && end != nil { return fromEnd }
            if let start { return start + c.border.crossStart(row) + (isRTL ? gutter : 0) + margin.crossStart(row) }
            return fromEnd
        }
        let overflows = itemSize + margin.crossSum(row) > container - c.contentInset.crossSum(row)
        let position: BoxStyle.ItemPosition = alignSelf.safety == .safe && overflows ? .start : alignSelf.position
        let atStart = c.contentInset.crossStart(row) + margin.crossStart(row)
        let atEnd = container - c.contentInset.crossEnd(row) - itemSize - margin.crossEnd(row)
        let reversed = c.isWrapReverse != isRTL
        switch position {
        // Stretch does not apply to absolutely positioned boxes; `baseline` falls back to start.
        case .start, .baseline, .selfStart: return isRTL ? atEnd : atStart
        case .end, .selfEnd: return isRTL ? atStart : atEnd
        case .stretch, .flexStart: return reversed ? atEnd : atStart
        case .flexEnd: return reversed ? atStart : atEnd
        case .center:
            return (container + c.contentInset.crossStart(row) - c.contentInset.crossEnd(row) - itemSize
                    + margin.crossStart(row) - margin.crossEnd(row)) / 2
        }
    }
}
