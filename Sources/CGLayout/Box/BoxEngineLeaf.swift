import Foundation

// A box without children, or one whose content is measured (text, images): its own size
// styles, padding and border around what `measure` says its content needs.

extension BoxLayoutRun {
    func computeLeafLayout(_ node: Int, _ input: BoxLayoutInput) -> BoxLayoutOutput {
        let style = style(node)
        let parentWidth = input.parentSize.width
        let margin = style.pointee.resolvedMargin(parentWidth)
        let padding = style.pointee.resolvedPadding(parentWidth)
        let paddingBorder = padding + style.pointee.resolvedBorder
        let adjustment = style.pointee.boxSizingAdjustment(parentWidth)

        // In content-size mode the caller has applied the size styles already.
        var nodeSize = input.known
        var minSize = BoxAxes<CGFloat?>.none
        var maxSize = BoxAxes<CGFloat?>.none
        var ratio: CGFloat?
        if input.sizingMode == .inherentSize {
            ratio = style.pointee.usableAspectRatio
            nodeSize = input.known.or(style.pointee.resolvedSize(input.parentSize, adjustment: adjustment))
            minSize = style.pointee.resolvedMinSize(input.parentSize, adjustment: adjustment)
            maxSize = style.pointee.resolvedMaxSize(input.parentSize, adjustment: adjustment, ratio: false)
        }

        var inset = paddingBorder
        let gutter = style.pointee.scrollbarGutter
        inset.right += gutter.width
        inset.bottom += gutter.height

        if input.runMode == .computeSize, let width = nodeSize.width, let height = nodeSize.height {
            let size = BoxAxes(width: width.maybeClamp(minSize.width, maxSize.width), height: height.maybeClamp(minSize.height, maxSize.height))
            return BoxLayoutOutput(size: BoxAxes(width: max(size.width, paddingBorder.horizontal), height: max(size.height, paddingBorder.vertical)))
        }

        func contentSpace(_ known: CGFloat?, _ available: BoxAvailableSpace, _ marginSum: CGFloat, _ size: CGFloat?,
                          _ lower: CGFloat?, _ upper: CGFloat?, _ insetSum: CGFloat) -> BoxAvailableSpace {
            available.or(known).minus(marginSum).or(known).or(size).mapDefinite { $0.maybeClamp(lower, upper) - insetSum }
        }
        let availableWidth = contentSpace(input.known.width, input.available.width, margin.horizontal, nodeSize.width,
                                          minSize.width, maxSize.width, inset.horizontal)

        var content = BoxAxes<CGFloat>.zero
        var baseline: CGFloat?
        let knownForMeasure = input.runMode == .computeSize ? input.known : .none
        if measures[node] {
            let knownContent = BoxAxes(width: knownForMeasure.width.map { max($0 - inset.horizontal, 0) },
                                       height: knownForMeasure.height.map { max($0 - inset.vertical, 0) })
            if let width = knownContent.width, let height = knownContent.height {
                content = BoxAxes(width: width, height: height)
            } else {
                // In horizontal writing modes a leaf's height follows from its width, so the
                // space offered below it is not part of the question (BoxMeasureRequest): asking
                // max-content there lets passes that differ only in it share one answer.
                let measured = measureContent(node, BoxMeasureRequest(knownWidth: knownContent.width, knownHeight: knownContent.height,
                                                                      availableWidth: availableWidth,
                                                                      availableHeight: knownContent.height.map { .definite($0) } ?? .maxContent))
                content = BoxAxes(width: knownContent.width ?? measured.size.width.finiteOr(0).nonNegative,
                                  height: knownContent.height ?? measured.size.height.finiteOr(0).nonNegative)
                baseline = measured.firstBaseline.flatMap { $0.isFinite ? $0 + padding.top + style.pointee.resolvedBorder.top : nil }
            }
        }

        let width = (input.known.width ?? nodeSize.width ?? content.width + inset.horizontal).maybeClamp(minSize.width, maxSize.width)
        var height = (input.known.height ?? nodeSize.height ?? content.height + inset.vertical).maybeClamp(minSize.height, maxSize.height)
        height = max(height, ratio.map { width / $0 } ?? 0)
        let size = BoxAxes(width: max(width, paddingBorder.horizontal), height: max(height, paddingBorder.vertical))

        let isScroll = style.pointee.isScrollContainer
        let startPadding = isRTL[node] ? padding.right : padding.left
        let endPadding = isRTL[node] ? padding.left : padding.right
        let overflow = BoxOverflowRect(left: 0, right: startPadding + content.width + (isScroll ? endPadding : 0),
                                       top: 0, bottom: padding.top + content.height + (isScroll ? padding.bottom : 0))
        return BoxLayoutOutput(size: size, overflow: overflow, firstBaseline: baseline)
    }
}

extension BoxLayoutRun {
    /// Asks `measure` about a leaf's content, once per distinct request in a layout
    /// (`BoxMeasurementCache`).
    func measureContent(_ node: Int, _ request: BoxMeasureRequest) -> BoxMeasurement {
        if caching, let known = measurementCache.get(node, request, generation: generation) { return known }
        measureCalls += 1
        let answer = callMeasure(node, request)
        if caching { measurementCache.store(node, request, answer, generation: generation) }
        return answer
    }
}
