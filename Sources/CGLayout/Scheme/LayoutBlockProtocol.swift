public import Foundation

/// Something a `LayoutScheme` can run: a `LayoutBlock`, a nested `LayoutScheme`, or a type
/// of yours that forwards `compile(into:)` to them.
///
/// Everything else — `layout(in:)`, `snapshot(for:)`, `apply(snapshot:)`, `compiled()`,
/// `currentSnapshot` — derives from the compiled form, so a live layout and a snapshot run
/// the very same program.
public protocol LayoutBlockProtocol {
    /// Adds this block's instructions to the program being compiled.
    func compile(into compiler: inout LayoutCompiler)

    /// Lays out every block in `source` and assigns the frames, reading the live elements
    /// as it goes (`ENGINE.md` §5–6). A `LayoutScheme` runs the program it keeps; other
    /// blocks compile for each call unless they keep one too.
    func layout(in source: CGRect, direction: LayoutDirection)

    /// The frames `layout(in:direction:)` would assign, computed from the elements as they
    /// are now without assigning them.
    func snapshot(for source: CGRect, direction: LayoutDirection) -> LayoutSnapshot

    /// Assigns the frames of a snapshot taken from this block or scheme.
    ///
    /// - Throws: `LayoutError.Code.snapshotMismatch` when the snapshot has another shape
    ///   (it came from another scheme); nothing is assigned then.
    func apply(snapshot: LayoutSnapshot) throws(LayoutError)
}

extension LayoutBlockProtocol {
    /// Compiles the block, capturing the state of every element it involves, into a value
    /// that snapshots from any thread.
    ///
    /// Call it on the thread that owns the elements; compile again after you change the
    /// hierarchy, elements outside the scheme, or the blocks.
    public func compiled() -> CompiledLayoutScheme {
        var compiler = LayoutCompiler()
        compile(into: &compiler)
        return CompiledLayoutScheme(program: compiler.finish(), elements: compiler.elements)
    }

    /// Lays out every block in `source`, left to right (see `layout(in:direction:)`).
    public func layout(in source: CGRect) {
        layout(in: source, direction: .leftToRight)
    }

    /// The frames `layout(in:)` would assign (see `snapshot(for:direction:)`).
    public func snapshot(for source: CGRect) -> LayoutSnapshot {
        snapshot(for: source, direction: .leftToRight)
    }

    /// Compiles the block and lays it out (blocks that keep no program).
    ///
    /// - Parameters:
    ///   - source: The rect every block starts from, usually the container's `layoutBounds`.
    ///   - direction: Resolves `leading` and `trailing`.
    public func layout(in source: CGRect, direction: LayoutDirection) {
        let (program, elements) = LiveProgram.compile(self)
        withExtendedLifetime(elements) { program.layout(in: source, direction: direction) }
    }

    /// Compiles the block and computes its frames (blocks that keep no program).
    public func snapshot(for source: CGRect, direction: LayoutDirection) -> LayoutSnapshot {
        compiled().snapshot(for: source, direction: direction)
    }

    /// Compiles the block and assigns the frames of `snapshot` (blocks that keep no program).
    public func apply(snapshot: LayoutSnapshot) throws(LayoutError) {
        let (program, elements) = LiveProgram.compile(self)
        try withExtendedLifetime(elements) { () throws(LayoutError) in try program.apply(snapshot) }
    }

    /// A snapshot of the live frames, in the same shape as `snapshot(for:)`: applying it
    /// later restores every block, nested schemes included.
    public var currentSnapshot: LayoutSnapshot {
        var compiler = LayoutCompiler()
        compile(into: &compiler)
        let program = compiler.finish()
        let frames = program.outputSlots.map { $0 >= 0 ? compiler.elements[Int($0)].frame : .zero }
        return LayoutSnapshot(frames: frames, shape: program.shape)
    }

    /// The union of the live frames of all blocks; `.zero` when there are none.
    public var currentRect: CGRect { currentSnapshot.frame }

    /// Whether any block still has its element (blocks hold elements weakly).
    public var isActive: Bool {
        var compiler = LayoutCompiler()
        compile(into: &compiler)
        return compiler.program.outputSlots.contains { $0 >= 0 }
    }
}
