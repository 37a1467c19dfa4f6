public import Foundation
import Synchronization

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
///
/// A scheme compiles its blocks once and keeps the program: `layout(in:)`, `snapshot(for:)`
/// and `apply(snapshot:)` run it without compiling again, reading what changes between
/// layouts (frames, a label's text, an intrinsic size) from the elements as they run.
/// ``LayoutInvalidation`` says what makes it compile again.
public struct LayoutScheme: LayoutBlockProtocol {
    /// The blocks, in run order.
    public var blocks: [any LayoutBlockProtocol] {
        didSet {
            // A copy of this scheme keeps the program of its own blocks.
            program = LiveProgramCache()
            LayoutInvalidation.invalidateCompiledLayouts()
        }
    }

    private var program = LiveProgramCache()

    /// How many times the scheme compiled its kept program (for tests).
    var keptProgramCompilations: Int { program.compilations.load(ordering: .relaxed) }

    /// Creates a scheme; an empty scheme lays out nothing and snapshots to `.zero`.
    public init(blocks: [any LayoutBlockProtocol]) {
        self.blocks = blocks
    }

    /// Lays out every block in `source` and assigns the frames, running the program the
    /// scheme keeps on the live elements (`ENGINE.md` §5–6).
    ///
    /// - Parameters:
    ///   - source: The rect every block starts from, usually the container's `layoutBounds`.
    ///   - direction: Resolves `leading` and `trailing`.
    public func layout(in source: CGRect, direction: LayoutDirection) {
        self.program.withProgram(for: self) { $0.layout(in: source, direction: direction) }
    }

    /// The frames `layout(in:direction:)` would assign, computed from the elements as they
    /// are now, without assigning them.
    ///
    /// Like CGLayout's, it reads the elements: their content, and a frame only where it needs
    /// one before computing it. Other threads may call it while the owner thread lays the
    /// scheme out or applies snapshots, if the owner changes nothing else meanwhile; for
    /// anything more, take `compiled()` once on the owner thread.
    public func snapshot(for source: CGRect, direction: LayoutDirection) -> LayoutSnapshot {
        self.program.withProgram(for: self) { $0.snapshot(for: source, direction: direction) }
    }

    /// Assigns the frames of a snapshot taken from this scheme, without compiling.
    ///
    /// - Throws: `LayoutError.Code.snapshotMismatch` when the snapshot has another shape
    ///   (it came from another scheme); nothing is assigned then.
    public func apply(snapshot: LayoutSnapshot) throws(LayoutError) {
        try self.program.withProgram(for: self) { program throws(LayoutError) in try program.apply(snapshot) }
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
        // Only when one goes: assigning the blocks compiles again.
        guard blocks.contains(where: { !$0.isActive }) else { return }
        blocks.removeAll { !$0.isActive }
    }
}
