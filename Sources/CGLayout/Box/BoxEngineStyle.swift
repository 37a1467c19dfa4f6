import Foundation

// Resolving a node's style values to lengths: percentages against a basis, keywords left
// undefined for the algorithm to treat, and every input sanitized so that no value read from a
// style can be NaN, infinite or (where CSS forbids it) negative.

extension CGFloat {
    /// The value when finite, otherwise `fallback` (NaN and infinities never enter the layout).
    @inline(__always) func finiteOr(_ fallback: CGFloat) -> CGFloat { isFinite ? self : fallback }
    /// The value when finite and at least 0, otherwise 0.
    @inline(__always) var nonNegative: CGFloat { isFinite && self > 0 ? self : 0 }
}

extension BoxLength {
    /// The length in points: percentages of `basis` (undefined without one); `auto` undefined.
    func resolve(_ basis: CGFloat?) -> CGFloat? {
        switch self {
        case .points(let value): return value.isFinite ? value : nil
        case .percent(let value): return basis.flatMap { value.isFinite ? $0 * value / 100 : nil }
        case .auto: return nil
        }
    }

    func resolveOrZero(_ basis: CGFloat?) -> CGFloat { resolve(basis) ?? 0 }

    var isAuto: Bool { self == .auto }
}

extension BoxSize {
    /// The length in points; keywords and `auto` are undefined here.
    func resolve(_ basis: CGFloat?) -> CGFloat? {
        switch self {
        case .points(let value): return value.isFinite ? value : nil
        case .percent(let value): return basis.flatMap { value.isFinite ? $0 * value / 100 : nil }
        default: return nil
        }
    }

    /// `min-content`, `max-content`, `fit-content` or `stretch`.
    var isSizingKeyword: Bool {
        switch self {
        case .minContent, .maxContent, .fitContent, .stretch: return true
        default: return false
        }
    }
}

/// What a sizing keyword asks for: an exact size, or to be measured under a constraint.
enum BoxKeywordResolution {
    case exact(CGFloat)
    case measure(BoxAvailableSpace)
}

extension BoxSize {
    /// CSS Sizing 3 keywords: `stretch` fills `stretchSize`; the content keywords measure the
    /// box under the matching constraint (`fit-content` within the stretch size). Undefined
    /// when the keyword cannot be resolved here (it then behaves as `auto`).
    func resolveKeyword(stretchSize: CGFloat?) -> BoxKeywordResolution? {
        switch self {
        case .minContent: return .measure(.minContent)
        case .maxContent: return .measure(.maxContent)
        case .fitContent: return stretchSize.map { .measure(.definite($0)) }
        case .stretch: return stretchSize.map { .exact($0) }
        default: return nil
        }
    }
}

extension BoxStyle {
    var size: BoxAxes<BoxSize> { BoxAxes(width: width, height: height) }
    var minSize: BoxAxes<BoxSize> { BoxAxes(width: minWidth, height: minHeight) }
    var maxSize: BoxAxes<BoxSize> { BoxAxes(width: maxWidth, height: maxHeight) }
    var overflow: BoxAxes<Overflow> { BoxAxes(width: overflowX, height: overflowY) }
    var isScrollContainer: Bool { overflowX.isScrollContainer || overflowY.isScrollContainer }
    /// Whether the box reports how far its content scrolls: its overflow is not `visible` on
    /// some axis (BOXES.md §2; `clip` too, whose content is cut but not scrolled).
    var reportsScrollSize: Bool { overflowX != .visible || overflowY != .visible }

    /// `aspect-ratio` when it is a usable ratio.
    var usableAspectRatio: CGFloat? {
        guard let aspectRatio, aspectRatio.isFinite, aspectRatio > 0 else { return nil }
        return aspectRatio
    }

    var grow: CGFloat { flexGrow.nonNegative }
    var shrink: CGFloat { flexShrink.nonNegative }
    var scrollbarThickness: CGFloat { scrollbarWidth.nonNegative }

    func resolvedMargin(_ basis: CGFloat?) -> BoxSides<CGFloat> {
        BoxSides(top: margin.top.resolveOrZero(basis), right: margin.right.resolveOrZero(basis),
                 bottom: margin.bottom.resolveOrZero(basis), left: margin.left.resolveOrZero(basis))
    }

    /// Padding (never negative) against `basis`, the containing block's width.
    func resolvedPadding(_ basis: CGFloat?) -> BoxSides<CGFloat> {
        BoxSides(top: padding.top.resolveOrZero(basis).nonNegative, right: padding.right.resolveOrZero(basis).nonNegative,
                 bottom: padding.bottom.resolveOrZero(basis).nonNegative, left: padding.left.resolveOrZero(basis).nonNegative)
    }

    var resolvedBorder: BoxSides<CGFloat> {
        BoxSides(top: border.top.nonNegative, right: border.right.nonNegative, bottom: border.bottom.nonNegative, left: border.left.nonNegative)
    }

    /// Padding plus border.
    func paddingBorder(_ basis: CGFloat?) -> BoxSides<CGFloat> { resolvedPadding(basis) + resolvedBorder }

    /// What `width`/`height` and their limits add to reach the border box: padding and border
    /// for `content-box`, nothing for `border-box`.
    func boxSizingAdjustment(_ basis: CGFloat?) -> BoxAxes<CGFloat> {
        boxSizing == .contentBox ? paddingBorder(basis).sums : .zero
    }

    /// `width`/`height` as border-box lengths, completed through the aspect ratio.
    func resolvedSize(_ parent: BoxAxes<CGFloat?>, adjustment: BoxAxes<CGFloat>) -> BoxAxes<CGFloat?> {
        BoxAxes(width: width.resolve(parent.width), height: height.resolve(parent.height))
            .applyingAspectRatio(usableAspectRatio).maybeAdd(adjustment)
    }

    func resolvedMinSize(_ parent: BoxAxes<CGFloat?>, adjustment: BoxAxes<CGFloat>, ratio: Bool = true) -> BoxAxes<CGFloat?> {
        BoxAxes(width: minWidth.resolve(parent.width), height: minHeight.resolve(parent.height))
            .applyingAspectRatio(ratio ? usableAspectRatio : nil).maybeAdd(adjustment)
    }

    func resolvedMaxSize(_ parent: BoxAxes<CGFloat?>, adjustment: BoxAxes<CGFloat>, ratio: Bool = true) -> BoxAxes<CGFloat?> {
        BoxAxes(width: maxWidth.resolve(parent.width), height: maxHeight.resolve(parent.height))
            .applyingAspectRatio(ratio ? usableAspectRatio : nil).maybeAdd(adjustment)
    }

    /// The room scrollbars take on each axis: a vertical scrollbar (`overflow-y: scroll`)
    /// takes width, a horizontal one height.
    var scrollbarGutter: BoxAxes<CGFloat> {
        BoxAxes(width: overflowY == .scroll ? scrollbarThickness : 0, height: overflowX == .scroll ? scrollbarThickness : 0)
    }

    /// The gaps as a pair: `width` is the column gap, `height` the row gap.
    func resolvedGap(_ basis: BoxAxes<CGFloat?>) -> BoxAxes<CGFloat> {
        BoxAxes(width: (columnGap.resolve(basis.width) ?? 0).nonNegative, height: (rowGap.resolve(basis.height) ?? 0).nonNegative)
    }
}
