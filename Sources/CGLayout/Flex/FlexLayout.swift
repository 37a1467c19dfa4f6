public import Foundation

/// The simple flexible row/column engine: items with fixed or flexible sizes distributed
/// along a direction inside a parent frame.
///
/// ```swift
/// let screen = FlexLayout(frame: CGRect(x: 0, y: 0, width: 375, height: 667), direction: .column)
/// let content = screen.add(.flexible)
/// let toolbar = screen.add(.height(44))
/// try screen.layout()
/// try content.frame()   // (0, 0, 375, 623)
/// try toolbar.frame()   // (0, 623, 375, 44)
/// ```
///
/// Along the direction, fixed items take their length and flexible items share what is
/// left equally; items follow each other from the parent frame's origin. On the cross axis
/// an item without a fixed cross size fills the parent; one with a fixed cross size is
/// placed by `alignment`. In right-to-left layouts rows run from the right and a column's
/// leading side is its right. Nest layouts by making an item's frame the frame of another.
public final class FlexLayout {
    /// The rect the items are distributed in.
    public var frame: CGRect { didSet { invalidate() } }
    /// The axis items follow each other on.
    public var direction: FlexDirection { didSet { invalidate() } }
    /// Where items with a fixed cross size sit.
    public var alignment: FlexAlignment { didSet { invalidate() } }
    /// Right-to-left mirrors the layout horizontally.
    public var layoutDirection: LayoutDirection { didSet { invalidate() } }
    /// The items, in order.
    public private(set) var items: [FlexItem] = []

    /// A layout with no items yet.
    public init(frame: CGRect, direction: FlexDirection = .column, alignment: FlexAlignment = .leading, layoutDirection: LayoutDirection = .leftToRight) {
        self.frame = frame
        self.direction = direction
        self.alignment = alignment
        self.layoutDirection = layoutDirection
    }

    /// Appends an item; frames computed so far are dropped until the next `layout()`.
    public func add(_ item: FlexItem) {
        items.append(item)
        invalidate()
    }

    /// Appends an item of this size and returns it.
    @discardableResult
    public func add(_ size: FlexItemSize) -> FlexItem {
        let item = FlexItem(size)
        add(item)
        return item
    }

    /// Appends several items, in order.
    public func add(contentsOf items: [FlexItem]) {
        self.items += items
        invalidate()
    }

    /// Appends an item per size and returns them.
    @discardableResult
    public func add(contentsOf sizes: [FlexItemSize]) -> [FlexItem] {
        let items = sizes.map(FlexItem.init)
        add(contentsOf: items)
        return items
    }

    /// Computes every item's frame.
    ///
    /// - Throws: `FlexError.invalidSize` for a negative or non-finite size, and
    ///   `FlexError.outOfSpace` when the fixed sizes need more room than `frame` has; the
    ///   items then have no frames.
    public func layout() throws(FlexError) {
        let distribution = FlexDistribution(direction: direction, alignment: alignment)
        let items = self.items
        if let (index, value) = distribution.invalidSize(count: items.count, size: { items[$0].size }) {
            throw .invalidSize(index: index, value: value)
        }
        var frames: [CGRect] = []
        frames.reserveCapacity(items.count)
        let overflow = distribution.distribute(count: items.count, in: frame, direction: layoutDirection, size: { items[$0].size }) { _, frame in
            frames.append(frame)
        }
        if let overflow { throw .outOfSpace(overflow) }
        for (item, frame) in zip(items, frames) { item.computedFrame = frame }
    }

    /// The frame of the item at `index`.
    ///
    /// - Throws: `FlexError.noSuchItem` for an index out of range; `FlexError.itemIncomplete`
    ///   before `layout()` has computed it.
    public func frame(at index: Int) throws(FlexError) -> CGRect {
        guard items.indices.contains(index) else { throw .noSuchItem(index: index, count: items.count) }
        guard let frame = items[index].computedFrame else { throw .itemIncomplete(index: index) }
        return frame
    }

    /// The frames of every item, in order.
    ///
    /// - Throws: `FlexError.itemIncomplete` before `layout()` has computed them.
    public func frames() throws(FlexError) -> [CGRect] {
        try items.indices.map { index throws(FlexError) in try frame(at: index) }
    }

    private func invalidate() {
        for (index, item) in items.enumerated() {
            item.computedFrame = nil
            item.index = index
        }
    }
}

/// One item of a `FlexLayout`: its size, and once laid out, its frame.
public final class FlexItem {
    /// What the item fixes of its size.
    public let size: FlexItemSize
    /// The frame from the last `layout()`, cleared when the layout changes.
    fileprivate(set) var computedFrame: CGRect?
    /// The item's position in its layout, for error messages.
    fileprivate var index = 0

    /// An item of this size, to add to a layout.
    public init(_ size: FlexItemSize) {
        self.size = size
    }

    /// The frame the layout computed.
    ///
    /// - Throws: `FlexError.itemIncomplete` before its layout's `layout()` has run, or after
    ///   the layout changed.
    public func frame() throws(FlexError) -> CGRect {
        guard let computedFrame else { throw .itemIncomplete(index: index) }
        return computedFrame
    }
}
