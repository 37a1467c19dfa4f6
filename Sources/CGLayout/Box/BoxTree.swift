public import Foundation

/// The space offered to a box on one axis, as CSS's available space.
public enum BoxAvailableSpace: Sendable, Hashable {
    /// A definite length in points.
    case definite(CGFloat)
    /// As narrow (or short) as the content can be: its min-content size.
    case minContent
    /// As wide as the content wants: its max-content size.
    case maxContent

    /// The length, when definite.
    public var definite: CGFloat? {
        if case .definite(let value) = self { return value }
        return nil
    }
}

/// What a leaf is asked when it is measured (the inputs of Taffy's and Yoga's measure
/// functions): the sizes already known, and the space available on each axis.
public struct BoxMeasureRequest: Sendable, Hashable {
    /// The content-box width the layout has already fixed, if it has.
    public var knownWidth: CGFloat?
    /// The content-box height the layout has already fixed, if it has.
    public var knownHeight: CGFloat?
    /// The width available to the content box.
    public var availableWidth: BoxAvailableSpace
    /// The height available to the content box. The box layout offers `maxContent` here (or
    /// the known height): in horizontal writing modes a leaf's height follows from its width,
    /// and not asking about the space below lets the layout's passes share one measurement.
    public var availableHeight: BoxAvailableSpace

    public init(knownWidth: CGFloat?, knownHeight: CGFloat?, availableWidth: BoxAvailableSpace, availableHeight: BoxAvailableSpace) {
        self.knownWidth = knownWidth
        self.knownHeight = knownHeight
        self.availableWidth = availableWidth
        self.availableHeight = availableHeight
    }
}

/// A leaf's answer: its content-box size, and the distance from its content box's top to
/// its first baseline when it has one (text).
public struct BoxMeasurement: Sendable, Hashable {
    public var size: CGSize
    public var firstBaseline: CGFloat?

    public init(size: CGSize, firstBaseline: CGFloat? = nil) {
        self.size = size
        self.firstBaseline = firstBaseline
    }
}

/// A box tree flattened for layout: its nodes in depth-first order, the root first, each
/// naming its children by index.
struct BoxTree: Sendable {
    struct Node: Sendable {
        var style: BoxStyle
        /// The node's children, as a range of `BoxTree.children`.
        var children: Range<Int32>
        /// Whether the node measures its content (a leaf with text, an image, …): the layout
        /// then asks `measure` for the node's index instead of laying out children.
        var measures: Bool
    }

    var nodes: [Node] = []
    /// Child indices of every node, each node's run contiguous.
    var children: [Int32] = []

    /// The children of the node at `index`.
    @inline(__always)
    func children(of index: Int) -> ArraySlice<Int32> {
        children[Int(nodes[index].children.lowerBound)..<Int(nodes[index].children.upperBound)]
    }
}

/// What the layout of a box tree gives each node.
struct BoxLayoutResult: Sendable, Hashable {
    /// The border box, relative to the parent's border box (the root's: to the origin it was
    /// placed at). All zeros for a node that is `display: none` or inside one.
    var frame: CGRect
    /// How far the content can scroll on each axis: CSS's `scrollWidth − clientWidth` and
    /// `scrollHeight − clientHeight`, floored at 0 (only meaningful for boxes whose overflow
    /// is not `visible`).
    var scrollSize: CGSize = .zero
    /// The distance from the border box's top to the first baseline, when the box has one.
    var firstBaseline: CGFloat?
}
