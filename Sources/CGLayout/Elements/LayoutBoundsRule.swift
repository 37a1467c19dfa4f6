public import Foundation

/// How an element's `layoutBounds`, the rect it offers to its content, derives from its frame.
///
/// `layoutBounds = (origin + [frame.origin] ± [bounds.origin] + (left, top),
///                  (contentSize ?? frame.size) − insets)`, in the space `space` names.
/// The rule is a value so that a compiled scheme can compute layout bounds for frames it
/// has only simulated. Views use `.bounds`; guides describe their rect in their owner's
/// space; a scroll-view-like element offers a content area of its own size.
public struct LayoutBoundsRule: Sendable, Hashable {
    /// How the bounds origin moves the rect.
    public enum BoundsOriginEffect: UInt8, Sendable, Hashable {
        /// The bounds origin does not move the rect.
        case ignored
        /// Added: a view's layout bounds are its bounds, which scroll with their origin.
        case added
        /// Subtracted: content in the owner's space moves against the offset (a scroll guide).
        case subtracted
    }

    /// The space a rule's rect is expressed in.
    public enum Space: UInt8, Sendable, Hashable {
        /// The element's own internal space (views).
        case element
        /// The super element's internal space (layout guides).
        case superElement
    }

    /// The space the rect is expressed in.
    public var space: Space
    /// A constant added to the origin.
    public var origin: CGPoint
    /// Whether `frame.origin` is added (guides: their rect sits where their frame is).
    public var includesFrameOrigin: Bool
    /// How `bounds.origin` moves the rect.
    public var boundsOriginEffect: BoundsOriginEffect
    /// Insets taken off the rect.
    public var insets: EdgeInsets
    /// A fixed content size; `nil` means the frame's size.
    public var contentSize: CGSize?

    /// Creates a rule from its parts; the named factories cover the usual cases.
    public init(
        space: Space,
        origin: CGPoint = .zero,
        includesFrameOrigin: Bool = false,
        boundsOrigin boundsOriginEffect: BoundsOriginEffect = .ignored,
        insets: EdgeInsets = .zero,
        contentSize: CGSize? = nil
    ) {
        self.space = space
        self.origin = origin
        self.includesFrameOrigin = includesFrameOrigin
        self.boundsOriginEffect = boundsOriginEffect
        self.insets = insets
        self.contentSize = contentSize
    }

    /// A view's bounds, optionally inset: `(bounds.origin + (left, top), frame.size − insets)`
    /// in the view's own space.
    public static func bounds(insetBy insets: EdgeInsets = .zero) -> LayoutBoundsRule {
        LayoutBoundsRule(space: .element, boundsOrigin: .added, insets: insets)
    }

    /// A content area of a fixed size at a fixed origin of the element's own space, whatever
    /// its bounds origin (a scroll view's content).
    public static func content(size: CGSize, origin: CGPoint = .zero) -> LayoutBoundsRule {
        LayoutBoundsRule(space: .element, origin: origin, contentSize: size)
    }

    /// A layout guide's rect in its owner's space: `(frame.origin + bounds.origin, size)`,
    /// optionally inset.
    public static func guide(insetBy insets: EdgeInsets = .zero) -> LayoutBoundsRule {
        LayoutBoundsRule(space: .superElement, includesFrameOrigin: true, boundsOrigin: .added, insets: insets)
    }

    /// A scroll guide's content area in its owner's space: `(frame.origin − bounds.origin,
    /// contentSize)`, the bounds origin being the content offset (`ENGINE.md` §9).
    public static func scrolledContent(size: CGSize) -> LayoutBoundsRule {
        LayoutBoundsRule(space: .superElement, includesFrameOrigin: true, boundsOrigin: .subtracted, contentSize: size)
    }

    /// The layout bounds for an element with this frame and bounds origin.
    @inline(__always)
    public func layoutBounds(forFrame frame: CGRect, boundsOrigin: CGPoint) -> CGRect {
        var x = origin.x + insets.left
        var y = origin.y + insets.top
        if includesFrameOrigin {
            x += frame.origin.x
            y += frame.origin.y
        }
        switch boundsOriginEffect {
        case .ignored: break
        case .added:
            x += boundsOrigin.x
            y += boundsOrigin.y
        case .subtracted:
            x -= boundsOrigin.x
            y -= boundsOrigin.y
        }
        let size = contentSize ?? frame.size
        return CGRect(x: x, y: y, width: size.width - insets.horizontal, height: size.height - insets.vertical)
    }
}
