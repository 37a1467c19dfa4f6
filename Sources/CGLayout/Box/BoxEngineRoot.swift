import Foundation

// The root of a box tree: where the `box` block places it (BOXES.md, "The `box` block"), and its
// width in a definite space when its own `width` does not fix it.

extension BoxLayoutRun {
    /// Places the root (BOXES.md, "The `box` block"): laid out in the available space with
    /// its own sizes, at the top-left — the top-right for a right-to-left root in a definite
    /// width. Its `auto` margins are 0.
    func layoutRoot(available: BoxAxes<BoxAvailableSpace>, containingBlock: CGSize?) {
        let parent: BoxAxes<CGFloat?> = containingBlock.map {
            BoxAxes(width: $0.width.isFinite ? max($0.width, 0) : nil, height: $0.height.isFinite ? max($0.height, 0) : nil)
        } ?? BoxAxes(width: available.width.definite, height: available.height.definite)
        let style = style(0)
        let known = BoxAxes<CGFloat?>(width: rootWidth(style.pointee, parent: parent, available: available), height: nil)
        let output = performLayout(0, known: known, parent: parent, available: available, mode: .inherentSize)
        var x: CGFloat = 0
        if isRTL[0], let width = available.width.definite { x = width - output.size.width }
        layouts[0] = BoxUnroundedLayout(location: CGPoint(x: x, y: 0), size: output.size, overflow: output.overflow,
                                        scrollbar: style.pointee.scrollbarGutter, border: style.pointee.resolvedBorder,
                                        firstBaseline: output.firstBaseline)
    }

    /// The root's width in a definite available width when its `width` does not fix it: CSS's
    /// fit-content (`auto`, `fit-content`) — its max-content width, but no wider than the space
    /// and no narrower than its min-content width — or the keyword's size, within its limits.
    private func rootWidth(_ style: BoxStyle, parent: BoxAxes<CGFloat?>, available: BoxAxes<BoxAvailableSpace>) -> CGFloat? {
        guard let space = available.width.definite, !isNone[0], style.width.resolve(parent.width) == nil else { return nil }
        func content(_ constraint: BoxAvailableSpace) -> CGFloat {
            computeLayout(0, BoxLayoutInput(known: .none, parentSize: parent, available: available.withMain(true, constraint),
                                            sizingMode: .inherentSize, runMode: .computeSize, axis: .horizontal)).size.width
        }
        let stretch = space - style.resolvedMargin(parent.width).horizontal
        let width: CGFloat
        switch style.width {
        case .minContent: width = content(.minContent)
        case .maxContent: width = content(.maxContent)
        case .stretch: width = stretch
        default: width = min(content(.maxContent), max(content(.minContent), stretch))
        }
        let adjustment = style.boxSizingAdjustment(parent.width)
        let lower = style.resolvedMinSize(parent, adjustment: adjustment).width
        let upper = style.resolvedMaxSize(parent, adjustment: adjustment).width
        return max(width.maybeClamp(lower, upper), style.paddingBorder(parent.width).horizontal)
    }

}
