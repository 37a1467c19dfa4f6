public import Foundation

/// A rule that computes a rect inside a source rect: CGLayout's extension point for layouts.
///
/// `Layout` is the library's implementation; conform your own type to add a layout the
/// library does not have and use it with `Layout.custom(_:)`. Implementations must be pure
/// functions of their arguments: snapshots run them on any thread.
public protocol RectBasedLayout: Sendable {
    /// Computes the new rect.
    ///
    /// - Parameters:
    ///   - rect: On entry the element's current frame; on return its new frame.
    ///   - source: The space available, after the block's constraints.
    ///   - direction: The reading direction of this layout pass.
    func formLayout(rect: inout CGRect, in source: CGRect, direction: LayoutDirection)
}

extension RectBasedLayout {
    /// Returns `rect` laid out in `source`.
    public func layout(
        rect: CGRect,
        in source: CGRect,
        direction: LayoutDirection = .leftToRight
    ) -> CGRect {
        var result = rect
        formLayout(rect: &result, in: source, direction: direction)
        return result
    }

    /// Returns `rect` laid out in `source` after reducing the source by constraints, each
    /// group of constraints evaluated against its own reference rect, in order.
    ///
    /// This is CGLayout's `layout(rect:in:use:)` helper for ad-hoc layouts without elements.
    public func layout(
        rect: CGRect,
        in source: CGRect,
        use constraints: [(rect: CGRect, constraints: [any RectBasedConstraint])],
        direction: LayoutDirection = .leftToRight
    ) -> CGRect {
        var space = source
        for group in constraints {
            for constraint in group.constraints {
                constraint.formConstrain(sourceRect: &space, by: group.rect, direction: direction)
            }
        }
        return layout(rect: rect, in: space, direction: direction)
    }

    /// Lays out `element`'s current frame in `source`, reduced by the constraints as in
    /// `layout(rect:in:use:)`, and assigns the result (CGLayout's `apply(for:in:use:)`).
    public func apply(
        for element: any LayoutElement,
        in source: CGRect,
        use constraints: [(rect: CGRect, constraints: [any RectBasedConstraint])] = [],
        direction: LayoutDirection = .leftToRight
    ) {
        element.frame = layout(rect: element.frame, in: source, use: constraints, direction: direction)
    }
}
