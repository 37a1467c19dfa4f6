public import Foundation

/// A layout guide that creates its element only when first asked for it, then keeps the
/// element's frame equal to its own layout bounds (`ENGINE.md` §10).
///
/// Use it for content that is expensive and often not shown: the placeholder takes part in
/// layout like any guide, and the element exists only once `element` is read.
///
/// ```swift
/// let banner = LayoutPlaceholder { LayoutView(identifier: "banner") }
/// banner.add(to: root)
/// let scheme = LayoutScheme(blocks: [banner.layoutBlock(with: Layout(height: .fixed(60)))])
/// ```
///
/// A loaded `LayoutView` element becomes a subview of the placeholder's `LayoutView`
/// owner; when the placeholder loses its owner, the element leaves its parent too. The
/// element is laid out (a block with `Layout.equal`) only while it is loaded and the
/// placeholder has an owner.
open class LayoutPlaceholder<Element: LayoutElement>: LayoutGuide {
    private let makeElement: () -> Element
    private var loadedElement: Element? { didSet { LayoutInvalidation.invalidateCompiledLayouts() } }

    /// A placeholder that creates its element with `makeElement` on first use. Subclasses
    /// may override `loadElement()` instead.
    public init(frame: CGRect = .zero, identifier: String? = nil, makeElement: @escaping () -> Element) {
        self.makeElement = makeElement
        super.init(frame: frame, identifier: identifier)
    }

    /// The element, created, added to the owner's hierarchy and laid out on first access.
    public var element: Element {
        if let loadedElement { return loadedElement }
        let element = loadElement()
        loadedElement = element
        adopt(element, into: ownerElement)
        elementDidLoad()
        layout(in: layoutBounds)
        return element
    }

    /// The element if it has been created, without creating it.
    public var elementIfLoaded: Element? { loadedElement }

    /// Whether the element has been created.
    public var isElementLoaded: Bool { loadedElement != nil }

    /// Creates the element; called once, on first access to `element`.
    open func loadElement() -> Element {
        makeElement()
    }

    /// Called once the element is created and added to the owner's hierarchy.
    open func elementDidLoad() {}

    open override var contentLayout: (any LayoutBlockProtocol)? {
        guard let loadedElement, ownerElement != nil else { return nil }
        return loadedElement.layoutBlock()
    }

    open override func didMove(toOwner owner: (any LayoutElement)?) {
        guard let loadedElement else { return }
        (loadedElement as? LayoutView)?.removeFromSuperview()
        adopt(loadedElement, into: owner)
    }
}
