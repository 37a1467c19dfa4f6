public import Foundation

/// A non-rendered rect in its owner's space (`ENGINE.md` §10): a constraint target, or a
/// region that lays out content of its own.
///
/// Every frame assignment, even to the same value, sets `bounds = contentRect(forFrame:)`,
/// and every bounds assignment calls `layout(in: layoutBounds)`. Unlike a view's, a guide's
/// `layoutBounds` is in its **owner's** space: `(frame.origin + bounds.origin, bounds.size)`.
open class LayoutGuide: LayoutElement {
    /// The element whose space the guide's frame is in.
    public weak var ownerElement: (any LayoutElement)?
    weak var ownerView: LayoutView?

    /// A name for diagnostics.
    public var identifier: String?

    /// The guide's rect in its owner's space.
    open var frame: CGRect {
        didSet { bounds = contentRect(forFrame: frame) }
    }

    /// The guide's internal space; assigning it lays out the guide's content.
    open var bounds: CGRect {
        didSet { layout(in: layoutBounds) }
    }

    /// Creates a guide with a frame.
    public init(frame: CGRect = .zero, identifier: String? = nil) {
        self.frame = frame
        self.bounds = CGRect(origin: .zero, size: frame.size)
        self.identifier = identifier
    }

    public var superElement: (any LayoutElement)? { ownerElement }

    open var layoutBoundsRule: LayoutBoundsRule { .guide() }

    /// Adds the guide to `owner` (`LayoutGuide.add(to:)` in CGLayout).
    public func add(to owner: LayoutView) {
        owner.addLayoutGuide(self)
    }

    /// Adds the guide to any element (one that is not a `LayoutView`).
    public func add(toElement owner: any LayoutElement) {
        ownerView?.removeLayoutGuide(self)
        ownerElement = owner
    }

    /// Detaches the guide from its owner.
    public func removeFromOwner() {
        ownerView?.removeLayoutGuide(self)
        ownerElement = nil
    }

    /// The bounds for a frame: `(0, 0, frame.size)` by default. Subclasses may return
    /// another origin (a scroll offset); the size must stay the frame's size.
    open func contentRect(forFrame frame: CGRect) -> CGRect {
        CGRect(origin: .zero, size: frame.size)
    }

    /// Called with `layoutBounds` whenever the bounds are assigned; does nothing by default.
    ///
    /// This hook runs only for live layouts. A subclass whose content must also appear in
    /// snapshots describes that content as a scheme (see the stack and scroll guides).
    open func layout(in rect: CGRect) {}
}
