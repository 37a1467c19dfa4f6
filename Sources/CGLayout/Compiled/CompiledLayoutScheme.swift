public import Foundation

/// A scheme compiled into plain values: snapshots from any thread, as often as you like.
///
/// Compiling captures, once, everything a layout reads from its elements: the hierarchy,
/// frames of elements outside the scheme, bounds origins, layout bounds rules, baselines and
/// content sizing. A snapshot is then a pure function of the compiled scheme and the request
/// (source rect, direction, overridden frames): it touches no element, reads no global,
/// allocates nothing but the result, and may run on many threads at once.
///
/// ```swift
/// let compiled = scheme.compiled()           // on the thread that owns the elements
/// let portrait = compiled.snapshot(for: CGRect(x: 0, y: 0, width: 390, height: 844))
/// try scheme.apply(snapshot: portrait)       // back on the owning thread
/// ```
public struct CompiledLayoutScheme: Sendable {
    let program: Program
    let code: ProgramCode
    /// Slots by element identity, to answer `handle(for:)`.
    private let handles: [ObjectIdentifier: Int32]

    init(program: Program, elements: [any LayoutElement]) {
        self.program = program
        self.code = ProgramCode(program)
        var handles: [ObjectIdentifier: Int32] = [:]
        for (slot, element) in elements.enumerated() { handles[ObjectIdentifier(element)] = Int32(slot) }
        self.handles = handles
    }

    /// The number of frames a snapshot holds: one per block.
    public var frameCount: Int { program.outputSlots.count }

    /// The number of elements the scheme reads or writes (including referenced elements and
    /// the ancestors conversions go through).
    public var elementCount: Int { program.elements.count }

    /// A handle for an element this scheme reads or writes, to override its frame per
    /// snapshot; `nil` if the scheme does not involve it.
    public func handle(for element: any LayoutElement) -> ElementHandle? {
        handles[ObjectIdentifier(element)].map(ElementHandle.init(slot:))
    }

    /// The frames of every block for `source`.
    ///
    /// - Parameters:
    ///   - source: The rect every block starts from (usually the container's layout bounds).
    ///   - direction: Resolves `leading`/`trailing`.
    ///   - constrainRects: Frames to use instead of the captured ones, for elements of the
    ///     scheme's hierarchy (typically the container, sized for this request).
    public func snapshot(
        for source: CGRect,
        direction: LayoutDirection = .leftToRight,
        constrainRects: [FrameOverride] = []
    ) -> LayoutSnapshot {
        var snapshot = LayoutSnapshot()
        self.snapshot(for: source, direction: direction, constrainRects: constrainRects, into: &snapshot)
        return snapshot
    }

    /// As `snapshot(for:direction:constrainRects:)`, writing into `snapshot` and reusing its
    /// storage: with a snapshot kept from the previous call, this allocates nothing.
    public func snapshot(
        for source: CGRect,
        direction: LayoutDirection = .leftToRight,
        constrainRects: [FrameOverride] = [],
        into snapshot: inout LayoutSnapshot
    ) {
        let code = self.code
        if snapshot.shape !== code.shape {
            snapshot = LayoutSnapshot(frames: Array(repeating: .zero, count: code.shape.outputCount), shape: code.shape)
        }
        snapshot.direction = direction
        snapshot.issue = code.collectingScrollSizes(into: &snapshot.scrollSizes) { scrollSizes in
            snapshot.frames.withUnsafeMutableBufferPointer { outputs in
                code.simulate(in: source, direction: direction, overrides: constrainRects, scrollSizes: scrollSizes, outputs: outputs) { $1 }
            }
        }
    }

    /// The frame of every element after a layout for `source`, by slot: elements laid out
    /// by the scheme have their last block's frame, the others their captured frame; and
    /// the scroll size of each box whose overflow is not `visible`.
    ///
    /// - Parameter sizings: Content sizings to use for this layout instead of those captured
    ///   (the caller's content: another text, another image size); for elements that
    ///   measure content.
    package func elementFrames(
        for source: CGRect,
        direction: LayoutDirection = .leftToRight,
        constrainRects: [FrameOverride] = [],
        sizings: [SizingOverride] = [],
        hidden: [ElementHandle] = []
    ) -> ElementLayout {
        var outputs = Array(repeating: CGRect.zero, count: program.outputSlots.count)
        var hiddenFlags: [Bool] = []
        if !hidden.isEmpty {
            hiddenFlags = Array(repeating: false, count: code.elements.count)
            for element in hidden where Int(element.slot) < hiddenFlags.count { hiddenFlags[Int(element.slot)] = true }
        }
        var scrollSizes = code.reportsScrollSizes ? Array(repeating: ScrollSizes.none, count: code.elements.count) : []
        let (frames, issue) = hiddenFlags.withUnsafeBufferPointer { hiddenFlags in
            outputs.withUnsafeMutableBufferPointer { outputs in
                scrollSizes.withUnsafeMutableBufferPointer { scrollSizes in
                    guard !sizings.isEmpty else {
                        return code.simulate(in: source, direction: direction, overrides: constrainRects, hidden: hiddenFlags, scrollSizes: scrollSizes,
                                             outputs: outputs) { (Array($0), $1) }
                    }
                    return code.simulate(in: source, direction: direction, overrides: constrainRects, sizings: sizings, hidden: hiddenFlags,
                                         scrollSizes: scrollSizes, outputs: outputs) { (Array($0), $1) }
                }
            }
        }
        return ElementLayout(frames: frames, scrollSizes: scrollSizes, issue: issue)
    }

    /// A content sizing that measures by snapshotting this scheme in `(0, 0, offered size)`:
    /// CGLayout's sizeThatFits-via-snapshot idiom (`ENGINE.md` §6), as a value.
    ///
    /// - Parameter insets: Added to the extent: the size is `(maxX + right, maxY + bottom)`
    ///   of the union of all frames, computed in the offered size reduced by the insets
    ///   (the stack guide's rule). With `nil`, the size is the union's own size.
    public func contentSizing(insets: EdgeInsets? = nil) -> ContentSizing {
        .custom { [self] size in
            guard let insets else { return snapshot(for: CGRect(origin: .zero, size: size)).frame.size }
            let space = CGRect(origin: .zero, size: size).inset(by: insets)
            let snapshot = snapshot(for: space)
            // Nothing to hold: as small as the insets.
            guard !snapshot.frames.isEmpty else { return CGSize(width: insets.horizontal, height: insets.vertical) }
            // As the stack guide's `sizeThatFits` in CGLayout: the first frame joined with itself too.
            let union = snapshot.frames.reduce(snapshot.frames[0]) { $0.union($1) }
            return CGSize(width: union.maxX + insets.right, height: union.maxY + insets.bottom)
        }
    }
}

/// An element of a compiled scheme, by position; see `CompiledLayoutScheme.handle(for:)`.
public struct ElementHandle: Sendable, Hashable {
    let slot: Int32

    /// The element's index in `elementFrames(for:direction:constrainRects:)`.
    package var index: Int { Int(slot) }
}

/// What `CompiledLayoutScheme.elementFrames` gives: every element's frame, by slot; the
/// scroll sizes box routines reported, by slot (`ScrollSizes.none` for the other elements;
/// empty when no box of the scheme has overflow other than `visible`); and the run's issue.
package struct ElementLayout: Sendable {
    package var frames: [CGRect]
    package var scrollSizes: [CGSize]
    package var issue: LayoutError?

    /// The scroll size reported for the element at `index`, if one was.
    package func scrollSize(at index: Int) -> CGSize? {
        ScrollSizes.reported(in: scrollSizes, at: index)
    }
}

/// A frame to use for one element instead of the one captured at compile time.
public struct FrameOverride: Sendable, Hashable {
    let slot: Int32
    /// The frame to use.
    public var rect: CGRect

    /// Overrides the frame of `element` with `rect`.
    public init(_ element: ElementHandle, _ rect: CGRect) {
        self.slot = element.slot
        self.rect = rect
    }
}

/// A content sizing to use for one element in one layout instead of the one captured at
/// compile time.
package struct SizingOverride: Sendable {
    let slot: Int32
    let sizing: ContentSizing

    /// Measures `element` with `sizing`.
    package init(_ element: ElementHandle, _ sizing: ContentSizing) {
        slot = element.slot
        self.sizing = sizing
    }
}

extension ProgramCode {
    /// As `simulate(in:direction:overrides:outputs:inspect:)`, measuring the elements of
    /// `sizings` with theirs: on a scratch copy of the captured sizings.
    func simulate<Result>(
        in source: CGRect,
        direction: LayoutDirection,
        overrides: [FrameOverride],
        sizings replaced: [SizingOverride],
        hidden: UnsafeBufferPointer<Bool>,
        scrollSizes: UnsafeMutableBufferPointer<CGSize>,
        outputs: UnsafeMutableBufferPointer<CGRect>,
        inspect: (UnsafeMutableBufferPointer<CGRect>, LayoutError?) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: ContentSizing.self, capacity: sizings.count) { scratch in
            guard let target = scratch.baseAddress else {
                return simulate(in: source, direction: direction, overrides: overrides, hidden: hidden, scrollSizes: scrollSizes, outputs: outputs,
                                inspect: inspect)
            }
            if let origin = sizings.baseAddress { target.initialize(from: origin, count: sizings.count) }
            defer { target.deinitialize(count: sizings.count) }
            for override in replaced where override.slot >= 0 && Int(override.slot) < elements.count {
                let index = Int(elements[Int(override.slot)].sizing)
                if index >= 0 { scratch[index] = override.sizing }
            }
            return simulate(in: source, direction: direction, overrides: overrides, sizings: scratch, hidden: hidden, scrollSizes: scrollSizes,
                            outputs: outputs, inspect: inspect)
        }
    }

    /// Runs the program on a scratch copy of the captured frames, then lets `inspect` read
    /// the final frame of every element and the run's issue, if any.
    @inline(__always)
    func simulate<Result>(
        in source: CGRect,
        direction: LayoutDirection,
        overrides: [FrameOverride],
        hidden: UnsafeBufferPointer<Bool> = UnsafeBufferPointer(start: nil, count: 0),
        scrollSizes: UnsafeMutableBufferPointer<CGSize> = UnsafeMutableBufferPointer(start: nil, count: 0),
        outputs: UnsafeMutableBufferPointer<CGRect>,
        inspect: (UnsafeMutableBufferPointer<CGRect>, LayoutError?) -> Result
    ) -> Result {
        simulate(in: source, direction: direction, overrides: overrides, sizings: sizings, hidden: hidden, scrollSizes: scrollSizes, outputs: outputs,
                 inspect: inspect)
    }

    @inline(__always)
    private func run<Hidden>(in source: CGRect, direction: LayoutDirection, store: SimulatedStore<Hidden>,
                             outputs: UnsafeMutableBufferPointer<CGRect>, failure: inout LayoutError?) {
        // `self` is alive for the whole call, so the runner's raw views stay valid.
        var runner = StepRunner(code: self, direction: direction, store: store)
        runner.run(in: source, outputs: outputs, failure: &failure)
    }

    /// The run itself, measuring content with `sizings` (the captured ones, or a copy with
    /// some replaced).
    @inline(__always)
    private func simulate<Result>(
        in source: CGRect,
        direction: LayoutDirection,
        overrides: [FrameOverride],
        sizings: UnsafeMutableBufferPointer<ContentSizing>,
        hidden: UnsafeBufferPointer<Bool>,
        scrollSizes: UnsafeMutableBufferPointer<CGSize>,
        outputs: UnsafeMutableBufferPointer<CGRect>,
        inspect: (UnsafeMutableBufferPointer<CGRect>, LayoutError?) -> Result
    ) -> Result {
        // The state is the program's scratch memory (or, when another thread has it, memory
        // on the stack or the heap), so that a snapshot allocates no more than its result.
        withScratch(initialFrames.count) { state in
            if let target = state.baseAddress, let origin = initialFrames.baseAddress {
                target.initialize(from: origin, count: initialFrames.count)
            }
            for override in overrides where override.slot < state.count { state[Int(override.slot)] = override.rect }
            var failure: LayoutError?
            // Without hidden elements (most snapshots), a store that checks none per frame.
            if hidden.isEmpty {
                run(in: source, direction: direction, store: SimulatedStore(frames: state, records: elements, sizings: sizings, hidden: NothingHidden(),
                                                                           stackRanges: stackRanges, stackItemSlots: stackItemSlots, initialFrames: initialFrames,
                                                                           scrollSizes: scrollSizes),
                    outputs: outputs, failure: &failure)
            } else {
                run(in: source, direction: direction, store: SimulatedStore(frames: state, records: elements, sizings: sizings, hidden: HiddenFlags(flags: hidden),
                                                                           stackRanges: stackRanges, stackItemSlots: stackItemSlots, initialFrames: initialFrames,
                                                                           scrollSizes: scrollSizes),
                    outputs: outputs, failure: &failure)
            }
            return inspect(state, failure)
        }
    }
}
