public import Foundation

/// Distances inset from the four edges of a rectangle (UIKit's `UIEdgeInsets` on Linux).
///
/// Values are not clamped: negative insets grow a rectangle, and insets larger than the
/// rectangle give a negative size (CGLayout's behaviour, `ENGINE.md` §3.5).
public struct EdgeInsets: Sendable, Hashable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    /// Creates insets in UIKit's order: top, left, bottom, right.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    public init(all value: CGFloat) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// Insets of zero on every edge.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// The sum of the left and right insets.
    public var horizontal: CGFloat { left + right }

    /// The sum of the top and bottom insets.
    public var vertical: CGFloat { top + bottom }
}

extension CGRect {
    /// This rectangle moved in by `insets`; sizes may become negative (no clamping).
    public func inset(by insets: EdgeInsets) -> CGRect {
        CGRect(
            x: origin.x + insets.left,
            y: origin.y + insets.top,
            width: size.width - insets.horizontal,
            height: size.height - insets.vertical
        )
    }
}
