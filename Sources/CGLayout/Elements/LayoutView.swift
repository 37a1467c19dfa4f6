public import Foundation
import Synchronization

/// A non-rendered, view-like element: the stand-in for `UIView` on Linux.
///
/// It keeps `bounds.origin` when its frame changes and updates `bounds.size` (as a UIKit
/// view does), owns its subviews and layout guides, and never lays out by itself: run a
/// `LayoutScheme` in its `layoutBounds` when you want its content laid out.
open class LayoutView: AdaptiveLayoutElement {
    /// The view's rect in its superview's internal space.
    open var frame: CGRect {
        get { storedFrame }
        set { storedFrame = newValue }
    }
    /// Where `frame` is kept: a layout reads and writes it directly for a `LayoutView` or
    /// `LayoutLabel` itself (which has no override of `frame`), without a dynamic call.
    ///
    /// (Unchecked exclusivity: a view belongs to one thread, as a `UIView` does, and a
    /// layout reads and writes frames thousands of times; the runtime check cost more than
    /// the layout itself.)
    @exclusivity(unchecked) final var storedFrame: CGRect
    /// The origin of the view's internal space (a scroll offset for its subviews).
    @exclusivity(unchecked) public var boundsOrigin: CGPoint = .zero
    /// A name for diagnostics and for binding snapshots to elements by id.
    public var identifier: String?
    /// Insets between the bounds and the layout bounds offered to content.
    public var contentInsets: EdgeInsets = .zero
    /// When set, the layout bounds are a content area of this size at the origin of the
    /// view's own space, whatever the bounds origin (a scroll view's content).
    public var contentSize: CGSize?
    /// How the view measures its content; by default its current size, as UIKit's
    /// `sizeThatFits` does.
    public var contentSizing: ContentSizing = .currentSize

    /// The view that contains this one.
    public private(set) weak var superview: LayoutView?
    /// The views this one contains, in the order they were added.
    public private(set) var subviews: [LayoutView] = []
    /// The layout guides owned by this view.
    public internal(set) var layoutGuides: [LayoutGuide] = []

    /// Creates a view with a frame and an optional identifier.
    public init(frame: CGRect = .zero, identifier: String? = nil) {
        storedFrame = frame
        self.identifier = identifier
    }

    /// Whether a program has compiled this view (as an element or an ancestor of one): only
    /// then does its moving or going away make kept programs compile again.
    let isCompiled = Atomic<Bool>(false)

    deinit {
        // Programs that schemes keep refer to their elements without retaining them.
        LayoutInvalidation.elementMoved(isCompiled)
    }

    /// `(boundsOrigin, frame.size)`; setting it changes the bounds origin and the frame's
    /// size, keeping the frame's origin.
    open var bounds: CGRect {
        get { CGRect(origin: boundsOrigin, size: frame.size) }
        set {
            boundsOrigin = newValue.origin
            frame.size = newValue.size
        }
    }

    public var superElement: (any LayoutElement)? { superview }

    open var layoutBoundsRule: LayoutBoundsRule {
        if let contentSize { return .content(size: contentSize) }
        return .bounds(insetBy: contentInsets)
    }

    /// Adds `view` as the last subview, removing it from its previous superview.
    ///
    /// - Returns: `false`, and changes nothing, when `view` is this view or one of its
    ///   ancestors (the hierarchy would become a cycle).
    @discardableResult
    public func addSubview(_ view: LayoutView) -> Bool {
        guard view !== self, !ancestors.contains(where: { $0 === view }) else { return false }
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        LayoutInvalidation.elementMoved(view.isCompiled)
        return true
    }

    /// Detaches the view from its superview.
    public func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        LayoutInvalidation.elementMoved(isCompiled)
    }

    /// Makes this view the owner of `guide` (its frame is then in this view's space).
    public func addLayoutGuide(_ guide: LayoutGuide) {
        guard !layoutGuides.contains(where: { $0 === guide }) else { return }
        if let previous = guide.ownerView { previous.layoutGuides.removeAll { $0 === guide } }
        layoutGuides.append(guide)
        guide.ownerView = self
        guide.setOwner(self)
    }

    /// Detaches `guide` from this view.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.ownerView === self else { return }
        layoutGuides.removeAll { $0 === guide }
        guide.ownerView = nil
        guide.setOwner(nil)
    }
}

/// A view that presents monospaced text: it measures itself with `TextMetrics` and has a
/// first baseline.
open class LayoutLabel: LayoutView, TextPresentedElement {
    /// The text's metrics; setting them updates `contentSizing`.
    public var textMetrics: TextMetrics {
        didSet { contentSizing = .text(textMetrics) }
    }
    /// Distance from the top to the first baseline; by default the line height.
    public var baselineOffset: CGFloat

    /// Creates a label with text metrics and an optional baseline offset.
    public init(frame: CGRect = .zero, identifier: String? = nil, text: TextMetrics, baselineOffset: CGFloat? = nil) {
        self.textMetrics = text
        self.baselineOffset = baselineOffset ?? text.lineHeight
        super.init(frame: frame, identifier: identifier)
        contentSizing = .text(text)
    }
}
