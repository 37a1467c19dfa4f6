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

    /// Lays out every block in `source` and assigns the frames, reading the live elements
    /// as it goes (`ENGINE.md` §5–6).
    ///
    /// - Parameters:
    ///   - source: The rect every block starts from, usually the container's `layoutBounds`.
    ///   - direction: Resolves `leading` and `trailing`.
    public func layout(in source: CGRect, direction: LayoutDirection = .leftToRight) {
        var compiler = LayoutCompiler()
        compile(into: &compiler)
        let code = ProgramCode(compiler.finish())
        // The runner reads the code's tables through raw pointers: keep the code alive.
        withExtendedLifetime(code) {
            var runner = StepRunner(code: code, direction: direction, store: LiveStore(elements: compiler.elements, direction: direction, code: code))
            withUnsafeTemporaryAllocation(of: CGRect.self, capacity: code.shape.outputCount) { outputs in
                outputs.initialize(repeating: .zero)
                var failure: LayoutError?
                runner.run(in: source, outputs: outputs, failure: &failure)
            }
        }
    }

    /// The frames `layout(in:direction:)` would assign, computed without assigning them.
    public func snapshot(for source: CGRect, direction: LayoutDirection = .leftToRight) -> LayoutSnapshot {
        compiled().snapshot(for: source, direction: direction)
    }

    /// Assigns the frames of a snapshot taken from this block or scheme.
    ///
    /// - Throws: `LayoutError.Code.snapshotMismatch` when the snapshot has another shape
    ///   (it came from another scheme); nothing is assigned then.
    public func apply(snapshot: LayoutSnapshot) throws(LayoutError) {
        var compiler = LayoutCompiler()
        compile(into: &compiler)
        let program = compiler.finish()
        guard snapshot.shape == program.shape else {
            throw LayoutError(.snapshotMismatch, "the snapshot has the shape \(snapshot.shape) but this scheme has \(program.shape); apply a snapshot to the scheme that took it")
        }
        // Block by block, as `layout(in:)` runs: the frames a block writes, then the content
        // of the guides among them (a routine's guides after all of its frames).
        for block in program.blocks where block.output >= 0 {
            var guides: [LayoutGuide] = []
            for index in Int(block.output)..<Int(block.output + block.outputCount) {
                let slot = program.outputSlots[index]
                guard slot >= 0 else { continue }
                let element = compiler.elements[Int(slot)]
                guard let guide = element as? LayoutGuide else {
                    element.frame = snapshot.frames[index]
                    continue
                }
                guide.contentIsLaidOutByScheme = true
                guide.frame = snapshot.frames[index]
                guide.contentIsLaidOutByScheme = false
                guides.append(guide)
            }
            for guide in guides {
                // In the snapshot's direction, as the scheme laid it out.
                guide.layoutDirection = snapshot.direction
                guide.layout(in: guide.layoutBounds)
            }
        }
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
