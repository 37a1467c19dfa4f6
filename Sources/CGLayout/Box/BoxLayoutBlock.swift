public import Foundation

/// One element of a box tree: the element, its CSS properties and its children, in order.
///
/// ```swift
/// let card = BoxNode(cardView, style: column, children: [
///     BoxNode(avatar, style: fixed40),
///     BoxNode(name, style: growing),
/// ])
/// ```
public struct BoxNode {
    /// Held weakly, as blocks hold their elements: a node whose element is gone drops out
    /// with its subtree.
    public weak var element: (any LayoutElement)?
    /// The node's properties.
    public var style: BoxStyle
    /// The node's children, in order. A node without children measures its element's
    /// content (`AdaptiveLayoutElement.contentSizing`): text, an image, your own.
    public var children: [BoxNode]

    /// A node for `element`.
    public init(_ element: any LayoutElement, style: BoxStyle = BoxStyle(), children: [BoxNode] = []) {
        self.element = element
        self.style = style
        self.children = children
    }
}

/// CSS flexbox as a block of a scheme: lays out the tree under `root` by its nodes' box
/// styles, as Chrome does (`docs/format.md`, boxes).
///
/// The block's source rect (after its constraints) is the root's containing block: the
/// root is placed at its top-left corner (its top-right one when the root is right-to-left
/// and the available width definite), percentages of the root resolve against its size,
/// and by default it is the space available to the root. Each element's frame is its border
/// box in its parent's space; a `display: none` node, and an element hidden by a
/// snapshot's content, has a zero frame with its subtree.
///
/// ```swift
/// var column = BoxStyle()
/// column.flexDirection = .column
/// column.padding = BoxEdges(.points(12))
/// let block = BoxLayoutBlock(root: BoxNode(card, style: column, children: [BoxNode(title), BoxNode(body)]))
/// LayoutScheme(blocks: [block]).layout(in: screen.layoutBounds)
/// ```
public struct BoxLayoutBlock: LayoutBlockProtocol {
    /// A name for the block in error messages.
    public var name: String?
    /// The tree.
    public var root: BoxNode
    /// The width offered to the root; nil: the source's width (definite). Min- or
    /// max-content leaves the root's horizontal percentages nothing to resolve against.
    public var availableWidth: BoxAvailableSpace?
    /// The height offered to the root; nil: the source's height (definite).
    public var availableHeight: BoxAvailableSpace?
    /// Snaps frames to a grid of `1 / snapScale` points as Chrome does (positions relative
    /// to the parent rounded, sizes from the rounded ends); nil: exact frames.
    public var snapScale: CGFloat?
    /// Constraints that reshape the source first, as a `LayoutBlock`'s do: a content
    /// constraint to lay the tree out in another element's layout bounds.
    public var constraints: [any LayoutConstraintProtocol]

    /// The deepest tree laid out, in levels (the root is level 1): a deeper one gets zero
    /// frames and the snapshot's issue `tooDeep`. Deep trees lay out on a thread with the
    /// stack they need when the caller's has too little.
    public static let maximumDepth = 1024

    public init(
        name: String? = nil,
        root: BoxNode,
        availableWidth: BoxAvailableSpace? = nil,
        availableHeight: BoxAvailableSpace? = nil,
        snapScale: CGFloat? = nil,
        constraints: [any LayoutConstraintProtocol] = []
    ) {
        self.name = name
        self.root = root
        self.availableWidth = availableWidth
        self.availableHeight = availableHeight
        self.snapScale = snapScale
        self.constraints = constraints
    }

    public func compile(into compiler: inout LayoutCompiler) {
        let flat = FlatBoxTree(root)
        guard let rootElement = flat.elements.first else { return }
        let settings = BoxRoutine.Settings(availableWidth: availableWidth, availableHeight: availableHeight, snapScale: snapScale)
        compiler.addRoutine(elements: flat.elements, space: rootElement.superElement, constraints: constraints) { slots, firstOutput in
            BoxRoutine(tree: flat.tree, runs: BoxLayoutRunPool(tree: flat.tree), depth: flat.depth, replaced: flat.replaced, settings: settings, slots: slots, firstOutput: firstOutput,
                       label: name.map { "box block '\($0)'" } ?? "a box block",
                       reportsScrollSizes: flat.tree.nodes.contains { $0.style.reportsScrollSize })
        }
    }
}

/// A box tree flattened depth-first, with the elements of its live nodes.
struct FlatBoxTree {
    var tree = BoxTree()
    var elements: [any LayoutElement] = []
    /// Per node: whether its content is replaced (an image or a fixed intrinsic size),
    /// measured by its natural size and ratio rather than by flowing it into a width.
    var replaced: [Bool] = []
    /// The number of levels, the root's included.
    var depth = 0

    init(_ root: BoxNode) {
        guard let rootElement = root.element else { return }
        // Preorder with an explicit stack of child lists, so that a deep tree does not deepen
        // the call stack, and without copying nodes (each copy of a node copies a weak
        // reference). A node's children get their run of `tree.children` when the node is
        // placed, filled in as each child is placed.
        struct Level {
            let children: [BoxNode]
            var next = 0
            let run: Int
        }
        var holes = false
        var stack: [Level] = []
        func place(_ element: any LayoutElement, style: BoxStyle, children: [BoxNode]) -> Int {
            let index = tree.nodes.count
            let run = tree.children.count
            tree.children.append(contentsOf: repeatElement(-1, count: children.count))
            tree.nodes.append(BoxTree.Node(style: style, children: Int32(run)..<Int32(tree.children.count), measures: false))
            elements.append(element)
            depth = Swift.max(depth, stack.count + 1)
            if !children.isEmpty { stack.append(Level(children: children, run: run)) }
            return index
        }
        _ = place(rootElement, style: root.style, children: root.children)
        while let top = stack.indices.last {
            let next = stack[top].next
            guard next < stack[top].children.count else {
                stack.removeLast()
                continue
            }
            stack[top].next += 1
            let slot = stack[top].run + next
            let children = stack[top].children
            guard let element = children[next].element else {
                holes = true
                continue
            }
            tree.children[slot] = Int32(place(element, style: children[next].style, children: children[next].children))
        }
        // A node whose element is gone leaves its slot empty: close the runs up.
        if holes {
            var compact: [Int32] = []
            compact.reserveCapacity(tree.children.count)
            for node in tree.nodes.indices {
                let start = Int32(compact.count)
                compact += tree.children[Int(tree.nodes[node].children.lowerBound)..<Int(tree.nodes[node].children.upperBound)].filter { $0 >= 0 }
                tree.nodes[node].children = start..<Int32(compact.count)
            }
            tree.children = compact
        }
        // A node without children (left) measures its element's content.
        replaced = Array(repeating: false, count: tree.nodes.count)
        for node in tree.nodes.indices where tree.nodes[node].children.isEmpty {
            guard let sizing = (elements[node] as? any AdaptiveLayoutElement)?.contentSizing else { continue }
            tree.nodes[node].measures = !sizing.isCurrentSize
            replaced[node] = sizing.isReplaced
        }
    }
}

extension ContentSizing {
    /// Whether the sizing is the element's current size (a plain view: no content to measure).
    var isCurrentSize: Bool {
        if case .currentSize = storage { return true }
        return false
    }

    /// Whether the content is replaced, as an image: a natural size and ratio.
    var isReplaced: Bool {
        switch storage {
        case .fixed, .aspect: true
        default: false
        }
    }
}
