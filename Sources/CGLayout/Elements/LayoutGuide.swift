public import Foundation
import Synchronization

/// A non-rendered rect in its owner's space (`ENGINE.md` §10): a constraint target, or a
/// region that lays out content of its own.
///
/// Every frame assignment, even to the same value, sets `bounds = contentRect(forFrame:)`,
/// and every bounds assignment calls `layout(in: layoutBounds)`, which lays out
/// `contentLayout`. Unlike a view's, a guide's `layoutBounds` is in its **owner's** space:
/// `(frame.origin + bounds.origin, bounds.size)`.
///
/// Schemes and snapshots know about the content: a block laying out the guide lays out its
/// content right after, from the guide's layout bounds, so later blocks can refer to the
/// content's elements, and snapshots equal live layouts.
open class LayoutGuide: LayoutElement {
    /// The element whose space the guide's frame is in; set by `add(to:)`.
    public private(set) weak var ownerElement: (any LayoutElement)? {
        didSet {
            if oldValue !== ownerElement { didMove(toOwner: ownerElement) }
        }
    }
    weak var ownerView: LayoutView?

    /// A name for diagnostics.
    public var identifier: String?

    /// The reading direction `layout(in:)` uses when the frame is assigned directly. Layouts
    /// and applied snapshots set it to their own direction first.
    public var layoutDirection: LayoutDirection = .leftToRight

    /// Set while a scheme's live layout assigns the frame: the scheme runs the compiled
    /// content right after, so the frame's own content layout is skipped (running it twice
    /// would differ from a snapshot wherever the content reads current frames).
    var contentIsLaidOutByScheme = false

    /// The program of `contentLayout`, kept between layouts as a scheme keeps its own
    /// (a stack guide lays out its items whenever its frame is set).
    let contentProgram = LiveProgramCache()

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

    /// Whether a program has compiled this guide: only then does its moving or going away
    /// make kept programs compile again.
    let isCompiled = Atomic<Bool>(false)

    deinit {
        // Programs that schemes keep refer to their elements without retaining them.
        LayoutInvalidation.elementMoved(isCompiled)
    }

    public var superElement: (any LayoutElement)? { ownerElement }

    open var layoutBoundsRule: LayoutBoundsRule { .guide() }

    /// Adds the guide to `owner` (`LayoutGuide.add(to:)` in CGLayout).
    public func add(to owner: LayoutView) {
        owner.addLayoutGuide(self)
    }

    /// Adds the guide to any element (one that is not a `LayoutView`).
    public func add(toElement owner: any LayoutElement) {
        if let view = owner as? LayoutView {
            view.addLayoutGuide(self)
            return
        }
        if let ownerView { ownerView.layoutGuides.removeAll { $0 === self } }
        ownerView = nil
        setOwner(owner)
    }

    /// Detaches the guide from its owner.
    public func removeFromOwner() {
        if let ownerView {
            ownerView.removeLayoutGuide(self)
        } else {
            setOwner(nil)
        }
    }

    func setOwner(_ owner: (any LayoutElement)?) {
        ownerElement = owner
        LayoutInvalidation.elementMoved(isCompiled)
    }

    /// Puts an element the guide manages into `owner`'s hierarchy: a `LayoutView` element of
    /// a `LayoutView` owner becomes its subview. Other elements are yours to place.
    func adopt(_ element: any LayoutElement, into owner: (any LayoutElement)?) {
        guard let owner = owner as? LayoutView, let view = element as? LayoutView, view.superview !== owner else { return }
        owner.addSubview(view)
    }

    /// Called after the guide moved to another owner, or lost its owner (`nil`): the place
    /// for subclasses to move the elements they manage into the new owner's hierarchy.
    open func didMove(toOwner owner: (any LayoutElement)?) {}

    /// The bounds for a frame: `(0, 0, frame.size)` by default. Subclasses may return
    /// another origin (a scroll offset); the size must stay the frame's size.
    open func contentRect(forFrame frame: CGRect) -> CGRect {
        CGRect(origin: .zero, size: frame.size)
    }

    /// What the guide lays out in its layout bounds: none for a plain guide; the stack of
    /// a `StackLayoutGuide`, the content of a `ScrollLayoutGuide`, the element of a
    /// `LayoutPlaceholder`. Its blocks start from the guide's layout bounds, in the owner's
    /// space, so its elements must belong to the guide's owner.
    open var contentLayout: (any LayoutBlockProtocol)? { nil }

    /// Called with `layoutBounds` whenever the bounds are assigned: lays out `contentLayout`
    /// in `layoutDirection`. Subclasses may override it; what must also appear in snapshots
    /// belongs in `contentLayout`.
    open func layout(in rect: CGRect) {
        guard !contentIsLaidOutByScheme, let content = contentLayout else { return }
        let direction = layoutDirection
        contentProgram.withProgram(for: content) { $0.layout(in: rect, direction: direction) }
    }
}
