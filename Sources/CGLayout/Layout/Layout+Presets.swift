public import Foundation

extension Layout {
    /// The frame becomes the source rect.
    public static let equal = Layout()

    /// The frame becomes `rect`; the source is ignored.
    public static func equal(_ rect: CGRect) -> Layout {
        Layout(operations: [.rect(rect)])
    }

    /// The frame is left unchanged (the block's constraints still run, to no effect).
    public static let nothing = Layout(operations: [])

    /// Only the width; joined with `+`, the other fields keep their current values.
    public static func width(_ filling: Filling.Horizontal) -> Layout {
        Layout(operations: filling.steps.map { .fill($0, .horizontal) })
    }

    /// Only the height; the other fields keep their current values.
    public static func height(_ filling: Filling.Vertical) -> Layout {
        Layout(operations: filling.steps.map { .fill($0, .vertical) })
    }

    /// Only `x`; the other fields keep their current values.
    public static func horizontal(_ alignment: Alignment.Horizontal) -> Layout {
        Layout(operations: alignment.steps.map { .align($0, .horizontal) })
    }

    /// Only `y`; the other fields keep their current values.
    public static func vertical(_ alignment: Alignment.Vertical) -> Layout {
        Layout(operations: alignment.steps.map { .align($0, .vertical) })
    }

    /// Beta: moves the current frame's left edge to `S.minX + max(s, S.width − w)`, keeping
    /// its right edge (width clamped at 0). Experimental in CGLayout and rarely meaningful.
    public static func left(_ spacing: PartialRangeFrom<CGFloat>) -> Layout {
        Layout(operations: [.edgeRange(.left, spacing.lowerBound)])
    }

    /// Beta: moves the current frame's right edge to `S.maxX − max(s, S.width − w)`, keeping its left edge.
    public static func right(_ spacing: PartialRangeFrom<CGFloat>) -> Layout {
        Layout(operations: [.edgeRange(.right, spacing.lowerBound)])
    }

    /// Beta: the vertical counterpart of `left(_:)`.
    public static func top(_ spacing: PartialRangeFrom<CGFloat>) -> Layout {
        Layout(operations: [.edgeRange(.top, spacing.lowerBound)])
    }

    /// Beta: the vertical counterpart of `right(_:)`.
    public static func bottom(_ spacing: PartialRangeFrom<CGFloat>) -> Layout {
        Layout(operations: [.edgeRange(.bottom, spacing.lowerBound)])
    }
}


extension CGRect {
    /// A layout that places this rect relative to the source's origin:
    /// `Layout(x: .left(x), y: .top(y), width: .fixed(width), height: .fixed(height))`, the
    /// size read as Foundation reads it (`|w|`, `|h|`).
    public func asLayout() -> Layout {
        Layout(x: .left(origin.x), y: .top(origin.y), width: .fixed(width), height: .fixed(height))
    }
}
