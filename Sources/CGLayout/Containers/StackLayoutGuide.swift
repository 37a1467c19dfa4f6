public import Foundation

/// A layout guide that stacks elements in its layout bounds (`ENGINE.md` §8.2): CGLayout's
/// `StackLayoutGuide`, a `UIStackView` that renders nothing.
///
/// ```swift
/// let toolbar = StackLayoutGuide(identifier: "toolbar")
/// toolbar.add(to: root)
/// toolbar.contentInsets = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
/// toolbar.scheme.spacing = .equal(8)
/// toolbar.addArrangedElements([back, title, share])
/// let scheme = LayoutScheme(blocks: [toolbar.layoutBlock(with: Layout(height: .fixed(44)))])
/// ```
///
/// Items are elements of the guide's owner: adding a `LayoutView` item to a guide owned by
/// a `LayoutView` makes it a subview of the owner. Whenever the guide's frame is assigned
/// — by a scheme, an applied snapshot or by hand — the items are laid out in
/// `layoutBounds`, the frame inset by `contentInsets`. In a scheme, the guide's block
/// snapshots as the guide's frame only; later blocks can refer to the items.
open class StackLayoutGuide: LayoutGuide, AdaptiveLayoutElement {
    /// The stacked elements, in order.
    public private(set) var arrangedElements: [any LayoutElement] = [] { didSet { LayoutInvalidation.invalidateCompiledLayouts() } }

    /// How the items are distributed; its `items` are the guide's `arrangedElements`.
    public var scheme: StackLayoutScheme { didSet { LayoutInvalidation.invalidateCompiledLayouts() } }

    /// Insets between the frame and the rect the items are laid out in.
    public var contentInsets: EdgeInsets = .zero { didSet { LayoutInvalidation.invalidateCompiledLayouts() } }

    /// Creates an empty stack guide.
    public override init(frame: CGRect = .zero, identifier: String? = nil) {
        scheme = StackLayoutScheme(items: [])
        super.init(frame: frame, identifier: identifier)
        scheme.items = { [weak self] in self?.arrangedElements ?? [] }
    }

    /// Appends an item.
    public func addArrangedElement(_ element: any LayoutElement) {
        insertArrangedElement(element, at: arrangedElements.count)
    }

    /// Appends several items, in order.
    public func addArrangedElements(_ elements: [any LayoutElement]) {
        for element in elements { addArrangedElement(element) }
    }

    /// Inserts an item at `index`, clamped to the valid range; an element already in the
    /// stack moves there.
    public func insertArrangedElement(_ element: any LayoutElement, at index: Int) {
        arrangedElements.removeAll { $0 === element }
        arrangedElements.insert(element, at: Swift.min(Swift.max(0, index), arrangedElements.count))
        adopt(element, into: ownerElement)
    }

    /// Removes an item from the stack; it stays in its parent.
    public func removeArrangedElement(_ element: any LayoutElement) {
        arrangedElements.removeAll { $0 === element }
    }

    open override var contentLayout: (any LayoutBlockProtocol)? { scheme }

    open override var layoutBoundsRule: LayoutBoundsRule { .guide(insetBy: contentInsets) }

    open override func didMove(toOwner owner: (any LayoutElement)?) {
        for element in arrangedElements { adopt(element, into: owner) }
    }

    /// The size that holds the items when offered `size`: the stack is distributed in
    /// `(0, 0, size)` less the insets, and the far edges of its items plus the right and
    /// bottom insets are the answer (CGLayout's `sizeThatFits`).
    public var contentSizing: ContentSizing {
        let fallback = scheme.compiled().contentSizing(insets: contentInsets)
        return ContentSizing(storage: .stack(StackMeasure(distribution: scheme.distribution, insets: contentInsets,
                                                          items: scheme.items().map { ObjectIdentifier($0) },
                                                          fallback: { fallback.sizeThatFits($0, currentSize: .zero) })))
    }
}
