import Foundation

/// Where a running program reads and writes element state.
///
/// A snapshot runs on a `SimulatedStore`: frames in a scratch buffer, everything else from
/// the values captured at compile time. `layout(in:)` runs the same program on a
/// `LiveStore`, which reads and writes the elements themselves, as CGLayout does. The
/// property that snapshots equal layouts is the statement that both stores agree.
protocol LayoutStore {
    func frame(_ slot: Int32) -> CGRect
    mutating func setFrame(_ frame: CGRect, of slot: Int32)
    /// `frame.origin − bounds.origin`: the step from the element's space to its parent's.
    func spaceOffset(_ slot: Int32) -> CGPoint
    func layoutBounds(_ slot: Int32) -> CGRect
    func baselineOffset(_ slot: Int32) -> CGFloat
    func sizeThatFits(_ size: CGSize, _ slot: Int32) -> CGSize
    /// Whether any element is hidden in this layout (the caller's content said so).
    var hasHidden: Bool { get }
    /// Whether the element is hidden: collapsed to a zero size where it is placed, skipped by
    /// stacks and flex blocks.
    func isHidden(_ slot: Int32) -> Bool
    /// Records how far the content of a box whose overflow is not `visible` can scroll
    /// (BOXES.md §2). Only a snapshot that asked for scroll sizes keeps them.
    mutating func setScrollSize(_ size: CGSize, of slot: Int32)
}

extension LayoutStore {
    /// A store that keeps no scroll sizes: a live layout assigns frames only.
    @inline(__always)
    func setScrollSize(_ size: CGSize, of slot: Int32) {}
}

/// The elements a snapshot hides: none, the common case, which then checks nothing per
/// frame; or those of the caller's content.
protocol HiddenElements {
    var isEmpty: Bool { get }
    func contains(_ slot: Int32) -> Bool
}

/// No element is hidden.
struct NothingHidden: HiddenElements {
    @inline(__always) var isEmpty: Bool { true }
    @inline(__always) func contains(_ slot: Int32) -> Bool { false }
}

/// Per slot, whether the element is hidden.
struct HiddenFlags: HiddenElements {
    let flags: UnsafeBufferPointer<Bool>
    @inline(__always) var isEmpty: Bool { flags.isEmpty }
    @inline(__always) func contains(_ slot: Int32) -> Bool { Int(slot) < flags.count && flags[Int(slot)] }
}

/// Element state of one snapshot: frames in a buffer the snapshot owns, the rest captured.
struct SimulatedStore<Hidden: HiddenElements>: LayoutStore {
    let frames: UnsafeMutableBufferPointer<CGRect>
    let records: UnsafeMutableBufferPointer<ElementRecord>
    let sizings: UnsafeMutableBufferPointer<ContentSizing>
    /// The elements hidden.
    let hidden: Hidden
    /// Per sizing, the items a stack measuring itself measures (`ProgramCode.stackRanges`).
    let stackRanges: UnsafeMutableBufferPointer<Range<Int32>>
    let stackItemSlots: UnsafeMutableBufferPointer<Int32>
    /// The frames captured at compile time: a stack measures its items as they were then.
    let initialFrames: UnsafeMutableBufferPointer<CGRect>
    /// Per slot, the scroll size a box routine reported (``ScrollSizes/none`` for the others);
    /// empty when the caller did not ask for them.
    var scrollSizes: UnsafeMutableBufferPointer<CGSize> = UnsafeMutableBufferPointer(start: nil, count: 0)

    @inline(__always)
    func frame(_ slot: Int32) -> CGRect { frames[Int(slot)] }

    /// A hidden element keeps a zero size at the origin its block gives it, so that the
    /// constraints of later blocks see it collapsed.
    @inline(__always)
    func setFrame(_ frame: CGRect, of slot: Int32) {
        frames[Int(slot)] = isHidden(slot) ? CGRect(origin: frame.origin, size: .zero) : frame
    }

    @inline(__always)
    func setScrollSize(_ size: CGSize, of slot: Int32) {
        guard Int(slot) < scrollSizes.count else { return }
        scrollSizes[Int(slot)] = isHidden(slot) ? .zero : size
    }

    @inline(__always)
    var hasHidden: Bool { !hidden.isEmpty }

    @inline(__always)
    func isHidden(_ slot: Int32) -> Bool { hidden.contains(slot) }

    @inline(__always)
    func spaceOffset(_ slot: Int32) -> CGPoint {
        let origin = frames[Int(slot)].origin
        let boundsOrigin = records[Int(slot)].boundsOrigin
        return CGPoint(x: origin.x - boundsOrigin.x, y: origin.y - boundsOrigin.y)
    }

    @inline(__always)
    func layoutBounds(_ slot: Int32) -> CGRect {
        let record = records[Int(slot)]
        return record.layoutBoundsRule.layoutBounds(forFrame: frames[Int(slot)], boundsOrigin: record.boundsOrigin)
    }

    @inline(__always)
    func baselineOffset(_ slot: Int32) -> CGFloat { records[Int(slot)].baselineOffset }

    func sizeThatFits(_ size: CGSize, _ slot: Int32) -> CGSize {
        let current = frames[Int(slot)].size
        let sizing = Int(records[Int(slot)].sizing)
        guard sizing >= 0 else { return current }
        let items = stackRanges[sizing]
        if !items.isEmpty, case .stack(let measure) = sizings[sizing].storage {
            return measureStack(measure, items: items, offered: size)
        }
        return sizings[sizing].sizeThatFits(size, currentSize: current)
    }

    /// A stack measuring itself, as a snapshot of its own compiled scheme would (its items
    /// as they were when compiled), but with this snapshot's sizings (the content's) and
    /// without its hidden items.
    private func measureStack(_ measure: StackMeasure, items range: Range<Int32>, offered size: CGSize) -> CGSize {
        let items = stackItemSlots[Int(range.lowerBound) ..< Int(range.upperBound)].lazy.filter { !isHidden($0) }
        return measure.sizeThatFits(size, items: items, itemSizeThatFits: capturedSizeThatFits)
    }

    /// An item's size as a stack measuring itself sees it: from its captured frame.
    private func capturedSizeThatFits(_ size: CGSize, _ slot: Int32) -> CGSize {
        let current = initialFrames[Int(slot)].size
        let sizing = Int(records[Int(slot)].sizing)
        guard sizing >= 0 else { return current }
        let items = stackRanges[sizing]
        if !items.isEmpty, case .stack(let measure) = sizings[sizing].storage {
            return measureStack(measure, items: items, offered: size)
        }
        return sizings[sizing].sizeThatFits(size, currentSize: current)
    }
}

/// Element state read from and written to the elements themselves (`layout(in:)`).
///
/// Content sizing is read from the element when it is measured (a label's text as it is
/// now); a stack guide measures its items with their content now and their frames as they
/// were when the run began.
struct LiveStore: LayoutStore {
    /// Given to guides before their frame is assigned, so that their own content layout
    /// runs in the direction of this layout.
    let direction: LayoutDirection
    /// The program run: its captured sizings and what each slot's element is.
    let program: LiveProgram
    /// When a stack measures its items: per slot, the frame before this run assigned it
    /// (`ReadingStore.notRead` while it has not).
    let startFrames: UnsafeMutableBufferPointer<CGRect>?

    func frame(_ slot: Int32) -> CGRect { program.frame(Int(slot)) }

    func setFrame(_ frame: CGRect, of slot: Int32) {
        if let startFrames, startFrames[Int(slot)].origin.x.isNaN { startFrames[Int(slot)] = self.frame(slot) }
        if program.setViewFrame(frame, of: Int(slot)) { return }
        let record = program.slot(Int(slot))
        let element = program.element(Int(slot))
        guard record.pointee.isGuide, let guide = element as? LayoutGuide else {
            element.frame = frame
            return
        }
        guide.layoutDirection = direction
        guide.contentIsLaidOutByScheme = true
        guide.frame = frame
        guide.contentIsLaidOutByScheme = false
    }

    func spaceOffset(_ slot: Int32) -> CGPoint {
        if program.slot(Int(slot)).pointee.view != nil {
            let origin = program.frame(Int(slot)).origin, boundsOrigin = program.boundsOrigin(Int(slot))
            return CGPoint(x: origin.x - boundsOrigin.x, y: origin.y - boundsOrigin.y)
        }
        let element = program.element(Int(slot))
        return CGPoint(x: element.frame.origin.x - element.bounds.origin.x, y: element.frame.origin.y - element.bounds.origin.y)
    }

    func layoutBounds(_ slot: Int32) -> CGRect {
        if let view = program.slot(Int(slot)).pointee.view { return view._withUnsafeGuaranteedRef { $0.layoutBounds } }
        return program.element(Int(slot)).layoutBounds
    }

    func baselineOffset(_ slot: Int32) -> CGFloat {
        program.slot(Int(slot)).pointee.text?.baselineOffset ?? 0
    }

    /// Hiding comes with a snapshot's content; a live layout shows every element.
    var hasHidden: Bool { false }

    func isHidden(_ slot: Int32) -> Bool { false }

    func sizeThatFits(_ size: CGSize, _ slot: Int32) -> CGSize {
        program.sizeThatFitsNow(size, Int(slot), currentSize: { program.frame(Int(slot)).size }) { item in
            if let start = startFrames?[Int(item)], !start.origin.x.isNaN { return start.size }
            return program.frame(Int(item)).size
        }
    }
}

/// Element state as it is now, read from the elements, with frames written to a buffer:
/// what `scheme.snapshot(for:)` runs on, so that it assigns nothing and reads what
/// `layout(in:)` would read (a label's text as it is now).
///
/// An element's frame is read from the element only when the snapshot needs it before
/// computing it (an element outside the scheme, or one a layout keeps the size of), and
/// then once: a snapshot of a scheme that computes each frame before it uses it reads no
/// frame the scheme assigns, so that other threads may take snapshots while the owner
/// thread lays the scheme out.
struct ReadingStore: LayoutStore {
    /// Every element's frame: ``notRead`` until it is read or computed.
    let frames: UnsafeMutableBufferPointer<CGRect>
    let program: LiveProgram
    /// Per slot, the scroll size a box routine reported; empty when none does.
    var scrollSizes: UnsafeMutableBufferPointer<CGSize> = UnsafeMutableBufferPointer(start: nil, count: 0)

    /// The mark of a frame not read yet (a frame that is really NaN is just read again).
    static let notRead = CGRect(x: CGFloat.nan, y: 0, width: 0, height: 0)

    @inline(__always)
    func frame(_ slot: Int32) -> CGRect {
        let frame = frames[Int(slot)]
        guard frame.origin.x.isNaN else { return frame }
        let live = program.frame(Int(slot))
        frames[Int(slot)] = live
        return live
    }

    @inline(__always)
    func setFrame(_ frame: CGRect, of slot: Int32) { frames[Int(slot)] = frame }

    @inline(__always)
    func setScrollSize(_ size: CGSize, of slot: Int32) {
        if Int(slot) < scrollSizes.count { scrollSizes[Int(slot)] = size }
    }

    func spaceOffset(_ slot: Int32) -> CGPoint {
        let origin = frame(slot).origin
        let boundsOrigin = program.boundsOrigin(Int(slot))
        return CGPoint(x: origin.x - boundsOrigin.x, y: origin.y - boundsOrigin.y)
    }

    func layoutBounds(_ slot: Int32) -> CGRect {
        let frame = frame(slot)
        let boundsOrigin = program.boundsOrigin(Int(slot))
        if let view = program.slot(Int(slot)).pointee.view {
            return view._withUnsafeGuaranteedRef { $0.layoutBoundsRule.layoutBounds(forFrame: frame, boundsOrigin: boundsOrigin) }
        }
        return program.element(Int(slot)).layoutBoundsRule.layoutBounds(forFrame: frame, boundsOrigin: boundsOrigin)
    }

    func baselineOffset(_ slot: Int32) -> CGFloat {
        program.slot(Int(slot)).pointee.text?.baselineOffset ?? 0
    }

    var hasHidden: Bool { false }

    func isHidden(_ slot: Int32) -> Bool { false }

    func sizeThatFits(_ size: CGSize, _ slot: Int32) -> CGSize {
        // A snapshot assigns no element: the items' frames are as the run began.
        program.sizeThatFitsNow(size, Int(slot), currentSize: { frame(slot).size }, startSize: { program.frame(Int($0)).size })
    }
}
