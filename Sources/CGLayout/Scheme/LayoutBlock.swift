/// One element, one `Layout`, and an ordered list of constraints (`ENGINE.md` §5).
///
/// To lay it out: start from the source rect the caller gives, fold the active constraints
/// over it in order, then run the layout on the element's current frame inside the result.
/// The block holds its element weakly; once the element is gone the block does nothing.
/// A block whose element is a root (no super element) lays it out in the global space.
public final class LayoutBlock: LayoutBlockProtocol {
    /// The element laid out.
    public weak var element: (any LayoutElement)? { didSet { LayoutInvalidation.invalidateCompiledLayouts() } }
    /// The rule that places the element inside the constrained source.
    public var layout: Layout { didSet { LayoutInvalidation.invalidateCompiledLayouts() } }
    /// Constraints, folded over the source in order.
    public var constraints: [any LayoutConstraintProtocol] { didSet { LayoutInvalidation.invalidateCompiledLayouts() } }

    /// Creates a block.
    public init(element: any LayoutElement, layout: Layout = .equal, constraints: [any LayoutConstraintProtocol] = []) {
        self.element = element
        self.layout = layout
        self.constraints = constraints
    }

    public func compile(into compiler: inout LayoutCompiler) {
        compiler.addBlock(element: element, layout: layout, constraints: constraints)
    }
}

extension LayoutElement {
    /// A block laying out this element.
    public func layoutBlock(
        with layout: Layout = .equal,
        constraints: [any LayoutConstraintProtocol] = []
    ) -> LayoutBlock {
        LayoutBlock(element: self, layout: layout, constraints: constraints)
    }
}
