import Foundation
import Synchronization

/// A block's compiled program, kept to lay out, snapshot and apply without compiling again
/// (see ``LayoutInvalidation`` for when it is compiled again).
///
/// It does not keep its elements alive, as blocks do not: it refers to them unowned (see
/// ``Slot``), and a program whose element went away is not run again.
// @unchecked Sendable: immutable after init (its scratch memory is the code's, borrowed through an atomic flag).
// (Its element references are dereferenced by layouts on the thread that owns the elements, and by snapshots, which only read them.)
final class LiveProgram: @unchecked Sendable {

    /// The ``LayoutInvalidation`` generation it was compiled at.
    let generation: UInt64
    let program: Program
    let code: ProgramCode
    /// Per slot, the element and what it is, found once (a protocol cast costs more than
    /// the rest of a step). In a buffer, not an array: reading one weak reference of a slot
    /// then copies nothing else.
    let slots: UnsafeMutableBufferPointer<Slot>

    /// One element of the program, with its kinds.
    ///
    /// The references are unowned and unchecked, so that a layout touches no reference
    /// count: a `LayoutView` or `LayoutGuide` moves ``LayoutInvalidation`` when it goes away,
    /// so a program whose element is gone is never run; any other element is also held
    /// weakly, and checked before each run.
    struct Slot {
        unowned(unsafe) let element: any LayoutElement
        /// The element again, when it measures its content.
        unowned(unsafe) let adaptive: (any AdaptiveLayoutElement)?
        /// The element again, when it has a baseline.
        unowned(unsafe) let text: (any TextPresentedElement)?
        /// For an element of another type than the library's: whether it is still there.
        weak var checked: (any LayoutElement)?
        /// The element again, when it is a `LayoutView`: read and written without reference
        /// counting or a protocol witness (the frames of a layout are most of its work).
        let view: Unmanaged<LayoutView>?
        /// Whether it is a `LayoutGuide` (its content is laid out when its frame is set).
        let isGuide: Bool
        /// Whether it is a `LayoutView` or `LayoutLabel` itself, no subclass: its geometry
        /// is the library's, with no override.
        let isLibraryView: Bool
        /// Whether reading or writing it may run code of yours (anything but a plain
        /// `LayoutView` or `LayoutLabel`: a subclass's `frame` override, a guide's content).
        let runsOwnCode: Bool
        /// Whether it is a stack guide whose items this program knows (it lays them out as
        /// the guide's content): it measures them from their content as it is now and their
        /// frames as they were when the run began, as a fresh compile would.
        let measuresItems: Bool
        /// Whether it is a stack guide whose items this program does not know: it measures
        /// them as they were compiled, so that such a program is not kept (see `isKept`).
        let measuresCompiledItems: Bool

        init(_ element: any LayoutElement, sizing: ContentSizing?, itemsInProgram: Bool) {
            self.element = element
            adaptive = element as? any AdaptiveLayoutElement
            text = element as? any TextPresentedElement
            isGuide = element is LayoutGuide
            checked = element is LayoutView || isGuide ? nil : element
            view = (element as? LayoutView).map { Unmanaged.passUnretained($0) }
            let type = type(of: element)
            isLibraryView = type == LayoutView.self || type == LayoutLabel.self
            var ownCode = !isLibraryView
            var isStack = false
            switch sizing?.storage {
            case .custom?: ownCode = true
            case .stack?: ownCode = true; isStack = true
            default: break
            }
            runsOwnCode = ownCode
            measuresItems = isStack && itemsInProgram
            measuresCompiledItems = isStack && !itemsInProgram
        }
    }

    /// The slots whose element is of a type of yours, checked before each run.
    private let checkedSlots: [Int]
    /// Whether any frame of a snapshot belongs to a guide (applying it then lays out the
    /// guide's content too).
    private let outputsIncludeGuides: Bool
    /// Whether a run may call code of yours (an element's overrides, a custom layout,
    /// constraint or sizing), which could release an element: such runs hold their
    /// elements strongly (a run of library elements and rules alone needs not).
    let runsOwnCode: Bool
    /// Whether the program captured values it does not read live (an equations block's
    /// baselines and bounds origins), checked before each run.
    private let capturesElementState: Bool

    /// Whether the program may be kept between runs: not when a stack guide measures items
    /// the program does not know, which it measures as they were compiled; such a scheme
    /// compiles for every run.
    let isKept: Bool
    /// Whether a stack guide measures its items: a layout then notes each frame as it was
    /// before the run assigned it (the items are measured from those).
    let measuresStackItems: Bool


    private init(generation: UInt64, program: Program, elements: [any LayoutElement]) {
        self.generation = generation
        self.program = program
        self.code = ProgramCode(program)
        slots = .allocate(capacity: elements.count)
        for (slot, element) in elements.enumerated() {
            let sizing = program.elements[slot].sizing
            (slots.baseAddress! + slot).initialize(to: Slot(element, sizing: sizing >= 0 ? program.sizings[Int(sizing)] : nil,
                                                            itemsInProgram: sizing >= 0 && !program.stackItems[Int(sizing)].isEmpty))
        }
        checkedSlots = elements.indices.filter { !(elements[$0] is LayoutView || elements[$0] is LayoutGuide) }
        outputsIncludeGuides = program.outputSlots.contains { $0 >= 0 && elements[Int($0)] is LayoutGuide }
        runsOwnCode = UnsafeMutableBufferPointer(rebasing: slots[...]).contains { $0.runsOwnCode }
            || !program.customLayouts.isEmpty || !program.customConstraints.isEmpty || !program.sourceTransforms.isEmpty
        capturesElementState = program.routines.contains { $0 is EquationRoutine }
        isKept = !UnsafeMutableBufferPointer(rebasing: slots[...]).contains { $0.measuresCompiledItems }
        measuresStackItems = UnsafeMutableBufferPointer(rebasing: slots[...]).contains { $0.measuresItems }
    }

    /// Whether what the program captured and does not read live is still so: an equations
    /// block solves with the baselines and bounds origins of compile time.
    func capturedStateIsCurrent() -> Bool {
        guard capturesElementState else { return true }
        for index in 0 ..< slots.count {
            let record = code.elements[index]
            if boundsOrigin(index) != record.boundsOrigin { return false }
            if let text = slot(index).pointee.text, text.baselineOffset != record.baselineOffset { return false }
        }
        return true
    }

    /// What slot `index`'s element measures when offered `size`, from its content as it is
    /// now (a label's text, an intrinsic size, a stack's items).
    ///
    /// - Parameters:
    ///   - currentSize: The element's size in this run, read only when it is the answer.
    ///   - startSize: An element's size when the run began: a stack measures its items so.
    @inline(__always)
    func sizeThatFitsNow(_ size: CGSize, _ index: Int, currentSize: () -> CGSize, startSize: (Int32) -> CGSize) -> CGSize {
        let sizing = Int(code.elements[index].sizing)
        guard sizing >= 0 else { return currentSize() }
        let slot = slot(index)
        if slot.pointee.measuresItems, case .stack(let measure) = code.sizings[sizing].storage {
            let range = code.stackRanges[sizing]
            let items = code.stackItemSlots[Int(range.lowerBound) ..< Int(range.upperBound)]
            return measure.sizeThatFits(size, items: items) { offered, item in
                sizeThatFitsNow(offered, Int(item), currentSize: { startSize(item) }, startSize: startSize)
            }
        }
        // An element that does not measure itself keeps the sizing it was compiled with, and
        // so does a stack measuring items this program does not know (see `isKept`).
        guard !slot.pointee.measuresCompiledItems, let adaptive = slot.pointee.adaptive else {
            return code.sizings[sizing].sizeThatFits(size, currentSize: currentSize)
        }
        return adaptive.contentSizing.sizeThatFits(size, currentSize: currentSize)
    }

    /// The elements, held strongly, for a run that may call code of yours.
    func strongElements() -> [any LayoutElement] {
        (0 ..< slots.count).map { element($0) }
    }

    deinit {
        slots.baseAddress?.deinitialize(count: slots.count)
        slots.deallocate()
    }

    /// Slot `index`, in place (reading a field through it copies no other field).
    @inline(__always)
    func slot(_ index: Int) -> UnsafeMutablePointer<Slot> { slots.baseAddress.unsafelyUnwrapped + index }

    /// Compiles `block`, with the elements it involves (held strongly: the caller keeps them
    /// while it runs the program).
    static func compile(_ block: some LayoutBlockProtocol) -> (program: LiveProgram, elements: [any LayoutElement]) {
        // Read before compiling: a change made while compiling makes the next call compile again.
        let generation = LayoutInvalidation.generation
        var compiler = LayoutCompiler()
        block.compile(into: &compiler)
        return (LiveProgram(generation: generation, program: compiler.finish(), elements: compiler.elements), compiler.elements)
    }

    /// Whether every element is still there. Library elements going away moved the
    /// generation already; elements of other types are checked.
    func isIntact() -> Bool {
        for index in checkedSlots where slot(index).pointee.checked == nil { return false }
        return true
    }

    /// The element of slot `index`.
    @inline(__always)
    func element(_ index: Int) -> any LayoutElement { slot(index).pointee.element }

    /// The frame of slot `index`'s element, as it is now.
    @inline(__always)
    func frame(_ index: Int) -> CGRect {
        let slot = slot(index)
        if let view = slot.pointee.view {
            return slot.pointee.isLibraryView ? view._withUnsafeGuaranteedRef { $0.storedFrame } : view._withUnsafeGuaranteedRef { $0.frame }
        }
        return element(index).frame
    }

    /// Assigns the frame of slot `index`'s element when it is a view (a library view's
    /// directly, another's through its `frame`); false for any other element.
    @inline(__always)
    func setViewFrame(_ frame: CGRect, of index: Int) -> Bool {
        let slot = slot(index)
        guard let view = slot.pointee.view else { return false }
        if slot.pointee.isLibraryView {
            view._withUnsafeGuaranteedRef { $0.storedFrame = frame }
        } else {
            view._withUnsafeGuaranteedRef { $0.frame = frame }
        }
        return true
    }

    /// The bounds origin of slot `index`'s element, as it is now: through `bounds`, which a
    /// subclass may override, but read directly from a library view (whose `bounds` would
    /// read its frame too, which a layout on another thread may be writing).
    @inline(__always)
    func boundsOrigin(_ index: Int) -> CGPoint {
        let slot = slot(index)
        if let view = slot.pointee.view {
            return slot.pointee.isLibraryView ? view._withUnsafeGuaranteedRef { $0.boundsOrigin } : view._withUnsafeGuaranteedRef { $0.bounds.origin }
        }
        return element(index).bounds.origin
    }

    // MARK: Runs

    /// Lays out every block in `source` and assigns the frames, reading the live elements
    /// as it goes (`ENGINE.md` §5–6).
    func layout(in source: CGRect, direction: LayoutDirection) {
        // The runner reads the code's tables through raw pointers: keep the code alive.
        withExtendedLifetime(self) {
            code.withScratch(slots.count + code.shape.outputCount) { scratch in
                let starts = UnsafeMutableBufferPointer(rebasing: scratch[..<slots.count])
                let outputs = UnsafeMutableBufferPointer(rebasing: scratch[slots.count...])
                if measuresStackItems { starts.initialize(repeating: ReadingStore.notRead) }
                outputs.initialize(repeating: .zero)
                let store = LiveStore(direction: direction, program: self, startFrames: measuresStackItems ? starts : nil)
                var runner = StepRunner(code: code, direction: direction, store: store)
                var failure: LayoutError?
                runner.run(in: source, outputs: outputs, failure: &failure)
            }
        }
    }

    /// The frames ``layout(in:direction:elements:)`` would assign, from the elements as they
    /// are now, without assigning them.
    func snapshot(for source: CGRect, direction: LayoutDirection) -> LayoutSnapshot {
        var issue: LayoutError?
        var scrollSizes: [CGSize] = []
        // The frames live on the stack for small schemes: the result is the one allocation.
        let frames = code.withScratch(slots.count) { state in
            state.initialize(repeating: ReadingStore.notRead)
            return [CGRect](unsafeUninitializedCapacity: code.shape.outputCount) { outputs, written in
                code.collectingScrollSizes(into: &scrollSizes) { scrollSizes in
                    withExtendedLifetime(self) {
                        var runner = StepRunner(code: code, direction: direction,
                                                store: ReadingStore(frames: state, program: self, scrollSizes: scrollSizes))
                        runner.run(in: source, outputs: outputs, failure: &issue)
                    }
                }
                written = outputs.count
            }
        }
        return LayoutSnapshot(frames: frames, shape: code.shape, direction: direction, issue: issue, scrollSizes: scrollSizes)
    }

    /// Assigns the frames of `snapshot`, block by block as a layout would.
    ///
    /// - Throws: `snapshotMismatch` when the snapshot has another shape; nothing is assigned.
    func apply(_ snapshot: LayoutSnapshot) throws(LayoutError) {
        guard snapshot.shape == program.shape else {
            throw LayoutError(.snapshotMismatch, "the snapshot has the shape \(snapshot.shape) but this scheme has \(program.shape); apply a snapshot to the scheme that took it")
        }
        if !outputsIncludeGuides {
            // Only frames to assign: in order, in place.
            program.outputSlots.withUnsafeBufferPointer { slots in
                snapshot.frames.withUnsafeBufferPointer { frames in
                    for index in 0 ..< slots.count where slots[index] >= 0 {
                        let slot = Int(slots[index])
                        if !setViewFrame(frames[index], of: slot) { element(slot).frame = frames[index] }
                    }
                }
            }
            return
        }
        // Block by block, as `layout(in:)` runs: the frames a block writes, then the content
        // of the guides among them (a routine's guides after all of its frames).
        var guides: [LayoutGuide] = []
        for block in program.blocks where block.output >= 0 {
            guides.removeAll(keepingCapacity: true)
            for index in Int(block.output)..<Int(block.output + block.outputCount) {
                let slot = program.outputSlots[index]
                guard slot >= 0 else { continue }
                if setViewFrame(snapshot.frames[index], of: Int(slot)) { continue }
                let element = self.element(Int(slot))
                guard self.slot(Int(slot)).pointee.isGuide, let guide = element as? LayoutGuide else {
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

    /// The live frames, in the shape of a snapshot.
    func currentSnapshot() -> LayoutSnapshot {
        LayoutSnapshot(frames: program.outputSlots.map { $0 >= 0 ? frame(Int($0)) : .zero }, shape: program.shape)
    }
}

/// The program a scheme or a guide keeps between layouts: compiled at the first use, and
/// again when ``LayoutInvalidation`` moves, an element of it went away, or a value it
/// captured changed. Any thread may ask; threads that find it out of date each compile, and
/// the newest program is kept.
final class LiveProgramCache: Sendable {
    private let current = Mutex<LiveProgram?>(nil)
    /// How many times this cache compiled, for the tests that check it does not needlessly.
    let compilations = Atomic<Int>(0)

    init() {}

    /// Runs `body` with the current program for `block`, compiling it when needed; the
    /// elements stay alive meanwhile.
    func withProgram<Result, Failure: Error>(for block: some LayoutBlockProtocol,
                                             _ body: (LiveProgram) throws(Failure) -> Result) throws(Failure) -> Result {
        let generation = LayoutInvalidation.generation
        if let cached = current.withLock({ $0 }), cached.generation == generation, cached.isIntact(), cached.capturedStateIsCurrent() {
            guard cached.runsOwnCode else { return try body(cached) }
            // Code of yours may release an element while the program runs: hold them all.
            let elements = cached.strongElements()
            defer { withExtendedLifetime(elements) {} }
            return try body(cached)
        }
        let (program, elements) = LiveProgram.compile(block)
        compilations.add(1, ordering: .relaxed)
        current.withLock { kept in
            // Threads compiling at once: keep the newest, never an older generation's.
            if !program.isKept {
                kept = nil
            } else if kept == nil || kept!.generation <= program.generation {
                kept = program
            }
        }
        defer { withExtendedLifetime(elements) {} }
        return try body(program)
    }
}
