public import Foundation

/// A layout guide that scrolls content of its own (`ENGINE.md` §9): CGLayout's
/// `ScrollLayoutGuide`, a `UIScrollView` that renders nothing.
///
/// Its bounds origin is the content offset, and its content is laid out in
/// `layoutBounds = (frame.origin − contentOffset, contentSize)`, in the owner's space.
/// Assigning the frame or the content offset lays the content out again; assigning the
/// content size does not (assign the frame or the offset afterwards). Changing the content
/// inset moves the offset by the change of the left and top insets, as UIKit does.
///
/// ```swift
/// let scroll = ScrollLayoutGuide(layout: LayoutScheme(blocks: [...]), contentSize: CGSize(width: 390, height: 2000))
/// scroll.add(to: root)
/// scroll.contentOffset = CGPoint(x: 0, y: 500)
/// ```
open class ScrollLayoutGuide: LayoutGuide {
    /// What is laid out in the content area; its elements belong to the guide's owner.
    public var layout: any LayoutBlockProtocol { didSet { LayoutInvalidation.invalidateCompiledLayouts() } }

    /// The size of the content area. Setting it does not lay out the content again.
    public var contentSize: CGSize

    /// The point of the content at the guide's top-left corner (its bounds origin).
    public var contentOffset: CGPoint {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }

    /// Extra room around the content; changing it shifts `contentOffset` by
    /// `−(Δleft, Δtop)` so the content stays put relative to the inset edge.
    public var contentInset: EdgeInsets = .zero {
        didSet {
            let dx = contentInset.left - oldValue.left
            let dy = contentInset.top - oldValue.top
            guard dx != 0 || dy != 0 else { return }
            contentOffset = CGPoint(x: contentOffset.x - dx, y: contentOffset.y - dy)
        }
    }

    /// A scroll guide laying out `layout` in a content area of `contentSize`.
    public init(layout: any LayoutBlockProtocol, contentSize: CGSize = .zero, frame: CGRect = .zero, identifier: String? = nil) {
        self.layout = layout
        self.contentSize = contentSize
        super.init(frame: frame, identifier: identifier)
    }

    /// A scroll guide whose content is one element that fills the content area, adjusted
    /// to its own size on the scrolling axes (CGLayout's `init(contentItem:direction:)`).
    public convenience init(contentItem: any AdaptiveLayoutElement, direction: ScrollDirection, contentSize: CGSize = .zero) {
        let sizes: [LayoutAnchor.Size] = switch direction {
        case .horizontal: [.width()]
        case .vertical: [.height()]
        case .both: [.width(), .height()]
        }
        self.init(layout: contentItem.layoutBlock(constraints: [contentItem.adjustLayoutConstraint(for: sizes)]), contentSize: contentSize)
    }

    open override var contentLayout: (any LayoutBlockProtocol)? { layout }

    open override var layoutBoundsRule: LayoutBoundsRule { .scrolledContent(size: contentSize) }

    /// Keeps the content offset when the frame changes.
    open override func contentRect(forFrame frame: CGRect) -> CGRect {
        CGRect(origin: bounds.origin, size: frame.size)
    }
}

/// The axes a scroll guide's content item is adjusted to its own size on.
public enum ScrollDirection: Sendable, Hashable {
    case horizontal
    case vertical
    case both
}
