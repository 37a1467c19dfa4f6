/// An ordered list of blocks, all handed the same source rect (`ENGINE.md` §6).
///
/// A block sees the frames earlier blocks wrote; there is no dependency sorting, so order
/// blocks so that each one comes after the elements it reads. Schemes nest: a nested scheme
/// is one block of its parent and one child of its snapshots.
///
/// ```swift
/// let scheme = LayoutScheme(blocks: [
///     header.layoutBlock(with: Layout(height: .fixed(64))),
///     content.layoutBlock(constraints: [header.layoutConstraint(for: [.bottom(.align(by: .outer))])]),
/// ])
/// scheme.layout(in: root.layoutBounds)
/// ```
public struct LayoutScheme: LayoutBlockProtocol {
    /// The blocks, in run order.
    public var blocks: [any LayoutBlockProtocol]

    /// Creates a scheme; an empty scheme lays out nothing and snapshots to `.zero`.
    public init(blocks: [any LayoutBlockProtocol]) {
        self.blocks = blocks
    }

    public func compile(into compiler: inout LayoutCompiler) {
        compiler.beginGroup()
        for block in blocks {
            block.compile(into: &compiler)
        }
        compiler.endGroup()
    }

    /// Inserts a block at `position`, clamped to the valid range.
    public mutating func insertLayout(block: any LayoutBlockProtocol, to position: Int) {
        blocks.insert(block, at: Swift.min(Swift.max(0, position), blocks.count))
    }

    /// Removes the blocks whose elements are all gone.
    public mutating func removeInactiveBlocks() {
        blocks.removeAll { !$0.isActive }
    }
}
