public import Foundation

/// A rule that reshapes a source rect using a reference rect: CGLayout's extension point
/// for constraints.
///
/// Every `LayoutAnchor` is one; conform your own type and use it with
/// `LayoutAnchor.custom(_:)` to add a rule the library does not have. Implementations must
/// be pure functions of their arguments: snapshots run them on any thread.
public protocol RectBasedConstraint: Sendable {
    /// Reshapes `sourceRect` using `rect`.
    ///
    /// - Parameters:
    ///   - sourceRect: The space available to the block; reshaped in place.
    ///   - rect: The reference rect: another element's frame, some bounds, or the source itself.
    ///   - direction: The reading direction of this layout pass.
    func formConstrain(sourceRect: inout CGRect, by rect: CGRect, direction: LayoutDirection)
}

extension RectBasedConstraint {
    /// Returns `sourceRect` reshaped by this constraint against `rect`.
    public func constrain(
        sourceRect: CGRect,
        by rect: CGRect,
        direction: LayoutDirection = .leftToRight
    ) -> CGRect {
        var result = sourceRect
        formConstrain(sourceRect: &result, by: rect, direction: direction)
        return result
    }
}
