import Foundation

// A box without children, or one whose content is measured (text, images): its own size
// styles, padding and border around what `measure` says its content needs.

extension BoxLayoutRun {
    func computeLeafLayout(_ node: Int, _ input: BoxLayoutInput) -> BoxLayoutOutput {
        let style = style(node)
        let parentWidth = input.parentSize.width
        let margin = style.resolvedMargin(parentWidth)
        let padding = style.resolvedPadding(parentWidth)
        let paddingBorder = padding + style.resolvedBorder
        let adjustment = style.boxSizingAdjustment(parentWidth)

        // In content-size mode the caller has applied the size styles already.
        var nodeSize = input.known
        var minSize = BoxAxes<CGFloat?>.none
        var maxSize = BoxAxes<CGFloat?>.none
        var ratio: CGFloat?
        if input.sizingMode == .inherentSize {
            ratio = style.usableAspectRatio
            nodeSize = input.known.or(style.resolvedSize(input.parentSize, adjustment: adjustment))
            minSize = style.resolvedMinSize(input.parentSize, adjustment: adjustment)
            maxSize = style.resolvedMaxSize(input.parentSize, adjustment: adjustment, ratio: false)
        }

        var inset = paddingBorder
        let gutter = style.scrollbarGutter
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
        if tree.nodes[node].measures {
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
                baseline = measured.firstBaseline.flatMap { $0.isFinite ? $0 + padding.top + style.resolvedBorder.top : nil }
            }
        }

        let width = (input.known.width ?? nodeSize.width ?? content.width + inset.horizontal).maybeClamp(minSize.width, maxSize.width)
        var height = (input.known.height ?? nodeSize.height ?? content.height + inset.vertical).maybeClamp(minSize.height, maxSize.height)
        height = max(height, ratio.map { width / $0 } ?? 0)
        let size = BoxAxes(width: max(width, paddingBorder.horizontal), height: max(height, paddingBorder.vertical))

        let isScroll = style.isScrollContainer
        let startPadding = isRTL[node] ? padding.right : padding.left
        let endPadding = isRTL[node] ? padding.left : padding.right
        let overflow = BoxOverflowRect(left: 0, right: startPadding + content.width + (isScroll ? endPadding : 0),
                                       top: 0, bottom: padding.top + content.height + (isScroll ? padding.bottom : 0))
        return BoxLayoutOutput(size: size, overflow: overflow, firstBaseline: baseline)
    }
}

extension BoxLayoutRun {
    /// Asks `measure` about a leaf's content, once per distinct request: the layout reaches a
    /// leaf with many inputs (sizing modes, parent sizes, definiteness) that come down to the
    /// same question about its content.
    func measureContent(_ node: Int, _ request: BoxMeasureRequest) -> BoxMeasurement {
        if caching, let known = measurements[node]?.first(where: { $0.request == request }) { return known.answer }
        measureCalls += 1
        let answer = measure(node, request)
        if caching {
            var entries = measurements[node] ?? []
            // A leaf is asked a handful of distinct questions; keep the latest sixteen.
            if entries.count >= 16 { entries.removeFirst() }
            entries.append((request, answer))
            measurements[node] = entries
        }
        return answer
    }
}
