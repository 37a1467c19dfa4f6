import Foundation
import Synchronization

/// Turns blocks and constraints into a program of plain values.
///
/// You do not create one: `LayoutBlockProtocol.compiled()` and friends do. It appears in
/// the public API only as the argument of `compile(into:)`, so that a type of yours can
/// forward to the library's blocks and constraints.
public struct LayoutCompiler {
    var program = Program()
    /// The element of each slot, held strongly while a live layout or an apply runs.
    var elements: [any LayoutElement] = []
    private var slots: [ObjectIdentifier: Int32] = [:]
    /// The block being compiled: its element's slot (`-1` for routines) and the space its
    /// constraints convert into.
    private var currentBlock: (slot: Int32, space: Int32)?
    /// Open groups (schemes) with their first output and children so far; the bottom one is the root.
    private var groups: [(start: Int, children: [SnapshotShape.Child])] = [(0, [])]
    /// While a guide's content is compiled: the constraint that starts each of its blocks
    /// from the guide's layout bounds (innermost guide last).
    private var contentSources: [any LayoutConstraintProtocol] = []
    /// The slots earlier blocks and routines lay out: constants for equations.
    private(set) var laidOutSlots: Set<Int32> = []

    init() {}

    // MARK: Elements

    /// The slot of `element`, registering it and its ancestors (parents first) if needed.
    ///
    /// Ancestors are walked until a registered one, a root, or a repeat: a chain of
    /// `superElement` links that closes on itself is cut there, so compiling always ends.
    mutating func slot(for element: any LayoutElement) -> Int32 {
        if let slot = slots[ObjectIdentifier(element)] { return slot }
        // The common case, elements met parent first: no chain to walk (and nothing to
        // allocate for one).
        let superElement = element.superElement
        if superElement == nil { return register(element, parent: -1) }
        if let superElement, let parent = slots[ObjectIdentifier(superElement)] { return register(element, parent: parent) }
        var chain: [any LayoutElement] = [element]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(element)]
        var parent: Int32 = -1
        var next = superElement
        while let ancestor = next {
            if let slot = slots[ObjectIdentifier(ancestor)] {
                parent = slot
                break
            }
            guard seen.insert(ObjectIdentifier(ancestor)).inserted else { break }
            chain.append(ancestor)
            next = ancestor.superElement
        }
        for member in chain.reversed() {
            parent = register(member, parent: parent)
        }
        return parent
    }

    private mutating func register(_ element: any LayoutElement, parent: Int32) -> Int32 {
        // From now on, moving it or its going away concerns kept programs.
        if let view = element as? LayoutView {
            view.isCompiled.store(true, ordering: .relaxed)
        } else if let guide = element as? LayoutGuide {
            guide.isCompiled.store(true, ordering: .relaxed)
        }
        let slot = Int32(program.elements.count)
        var sizing: Int32 = -1
        if let adaptive = element as? any AdaptiveLayoutElement {
            sizing = Int32(program.sizings.count)
            program.sizings.append(adaptive.contentSizing)
            program.stackItems.append([])
        }
        program.elements.append(ElementRecord(
            parent: parent,
            frame: element.frame,
            boundsOrigin: element.bounds.origin,
            layoutBoundsRule: element.layoutBoundsRule,
            baselineOffset: (element as? any TextPresentedElement)?.baselineOffset ?? 0,
            sizing: sizing
        ))
        program.elementNames.append((element as? LayoutView)?.identifier ?? (element as? LayoutGuide)?.identifier ?? "\(type(of: element))")
        elements.append(element)
        slots[ObjectIdentifier(element)] = slot
        return slot
    }

    /// The conversion from the internal space of slot `from` to that of slot `to`
    /// (`-1`: the global space), with common ancestors removed.
    mutating func conversion(from: Int32, to: Int32) -> (up: Range<Int32>, down: Range<Int32>) {
        var up = chain(from)
        var down = chain(to)
        while let last = up.last, last == down.last {
            up.removeLast()
            down.removeLast()
        }
        let upStart = program.conversionSlots.count
        program.conversionSlots += up
        let downStart = program.conversionSlots.count
        program.conversionSlots += down
        return (Range(upStart, downStart), Range(downStart, program.conversionSlots.count))
    }

    private func chain(_ slot: Int32) -> [Int32] {
        var result: [Int32] = []
        var next = slot
        while next >= 0 {
            result.append(next)
            next = program.elements[Int(next)].parent
        }
        return result
    }

    // MARK: Blocks

    /// Compiles one `LayoutBlock`: its active constraints in order, then its layout; then, if
    /// the element is a guide with content, that content.
    mutating func addBlock(element: (any LayoutElement)?, layout: Layout, constraints: [any LayoutConstraintProtocol]) {
        guard let element else {
            let output = reserveOutputs(slots: [-1])
            program.blocks.append(BlockRecord(kind: .gone, slot: -1, output: output, constraints: 0..<0, layoutKind: .general, layout: 0..<0))
            return
        }
        let slot = slot(for: element)
        let constraintRange = addConstraints(constraints, space: program.elements[Int(slot)].parent, measuring: slot)
        let (layoutKind, layoutRange) = appendLayout(layout)
        let output = reserveOutputs(slots: [slot])
        program.blocks.append(BlockRecord(kind: .element, slot: slot, output: output, constraints: constraintRange, layoutKind: layoutKind, layout: layoutRange))
        laidOutSlots.insert(slot)
        if let guide = element as? LayoutGuide, let content = guide.contentLayout {
            addContent(content, of: guide)
        }
    }

    /// Compiles a routine block: constraints shape the source (converted into the space of
    /// `space`, the routine's elements' parent), then the routine lays out its elements.
    ///
    /// - Parameter makeRoutine: Builds the routine from the slots of `elements` and the index
    ///   of its first output (`-1` inside a guide's content, which has no outputs).
    mutating func addRoutine(
        elements: [any LayoutElement],
        space: (any LayoutElement)?,
        constraints: [any LayoutConstraintProtocol],
        makeRoutine: (_ slots: [Int32], _ firstOutput: Int32) -> any LayoutRoutine
    ) {
        let spaceSlot = space.map { slot(for: $0) } ?? -1
        let slots = elements.map { slot(for: $0) }
        let constraintRange = addConstraints(constraints, space: spaceSlot, measuring: -1)
        beginGroup()
        let firstOutput = reserveOutputs(slots: slots)
        endGroup()
        program.routines.append(makeRoutine(slots, firstOutput))
        let index = Int32(program.routines.count - 1)
        program.blocks.append(BlockRecord(kind: .routine, slot: -1, output: firstOutput, outputCount: Int32(slots.count), constraints: constraintRange,
                                          layoutKind: .general, layout: index..<(index + 1)))
        laidOutSlots.formUnion(slots)
        // A guide lays out its content whenever its frame is set, so a guide the routine
        // placed (a stack in a stack) lays out its content right after, as live.
        for case let guide as LayoutGuide in elements {
            if let content = guide.contentLayout { addContent(content, of: guide) }
        }
    }

    /// A guide's content: its blocks start from the guide's layout bounds and add no frames
    /// to the snapshot (the guide's own block stands for them, as in CGLayout).
    private mutating func addContent(_ content: any LayoutBlockProtocol, of guide: LayoutGuide) {
        contentSources.append(guide.contentLayoutConstraint(for: [.equally]))
        content.compile(into: &self)
        contentSources.removeLast()
    }

    /// The constraints of a block, after the source constraint of the guide content being
    /// compiled, if any.
    private mutating func addConstraints(_ constraints: [any LayoutConstraintProtocol], space: Int32, measuring slot: Int32) -> Range<Int32> {
        currentBlock = (slot, space)
        let start = program.constraints.count
        for constraint in (contentSources.last.map { [$0] } ?? []) + constraints where constraint.isActive {
            constraint.compile(into: &self)
        }
        currentBlock = nil
        return Range(start, program.constraints.count)
    }

    /// Adds one output per slot and returns the first's index; inside a guide's content there
    /// are none, and `-1` is returned.
    private mutating func reserveOutputs(slots: [Int32]) -> Int32 {
        guard contentSources.isEmpty else { return -1 }
        let first = Int32(program.outputSlots.count)
        for slot in slots {
            let index = program.outputSlots.count
            program.outputSlots.append(slot)
            groups[groups.count - 1].children.append(.frame(index - groups[groups.count - 1].start))
        }
        return first
    }

    /// Starts a nested scheme: the outputs until `endGroup()` form one child snapshot.
    mutating func beginGroup() {
        guard contentSources.isEmpty else { return }
        groups.append((program.outputSlots.count, []))
    }

    /// Ends the nested scheme started by the matching `beginGroup()`.
    mutating func endGroup() {
        guard contentSources.isEmpty else { return }
        let group = groups.removeLast()
        let shape = SnapshotShape(children: group.children, outputCount: program.outputSlots.count - group.start)
        groups[groups.count - 1].children.append(.group(shape, start: group.start - groups[groups.count - 1].start))
    }

    // MARK: Constraints

    /// The block's element: the element an adjust constraint measures when it names none.
    var currentElementSlot: Int32 { currentBlock?.slot ?? -1 }

    /// A constraint whose reference is `element`'s frame, converted from its super
    /// element's space into the block's.
    mutating func addConstraint(frameOf element: any LayoutElement, anchors: [LayoutAnchor]) {
        let slot = slot(for: element)
        let conversion = conversion(from: program.elements[Int(slot)].parent, to: currentSpace)
        addConstraint(.frame, operand: slot, conversion: conversion, anchors: anchors)
    }

    /// A constraint whose reference is `element`'s layout bounds, converted from the space
    /// its layout bounds rule names (its own, or its owner's for guides) into the block's.
    mutating func addConstraint(layoutBoundsOf element: any LayoutElement, anchors: [LayoutAnchor]) {
        let slot = slot(for: element)
        let record = program.elements[Int(slot)]
        let from = record.layoutBoundsRule.space == .element ? slot : record.parent
        let conversion = conversion(from: from, to: currentSpace)
        addConstraint(.layoutBounds, operand: slot, conversion: conversion, anchors: anchors)
    }

    /// A constraint whose reference is the baseline rect of a text element.
    mutating func addConstraint(baselineOf element: any LayoutElement, anchors: [LayoutAnchor]) {
        let slot = slot(for: element)
        let conversion = conversion(from: program.elements[Int(slot)].parent, to: currentSpace)
        addConstraint(.baseline, operand: slot, conversion: conversion, anchors: anchors)
    }

    /// A constraint whose reference is the source as it starts, optionally transformed.
    mutating func addAnonymConstraint(anchors: [LayoutAnchor], constrainRect: (@Sendable (CGRect) -> CGRect)?) {
        guard let constrainRect else {
            addConstraint(.source, anchors: anchors)
            return
        }
        program.sourceTransforms.append(constrainRect)
        addConstraint(.transformedSource, operand: Int32(program.sourceTransforms.count - 1), anchors: anchors)
    }

    /// A constraint that replaces the source by a function of it.
    mutating func addTransformConstraint(_ transform: @escaping @Sendable (CGRect) -> CGRect) {
        program.sourceTransforms.append(transform)
        addConstraint(.transform, operand: Int32(program.sourceTransforms.count - 1), anchors: [])
    }

    /// A constraint that sizes the source from what `element` measures in it, then aligns it.
    mutating func addAdjustConstraint(element: any LayoutElement, anchors: [LayoutAnchor], alignment: Layout.Alignment) {
        let slot = slot(for: element)
        let alignmentStart = program.layoutOperations.count
        program.layoutOperations += alignment.horizontal.steps.map { .align($0, .horizontal) }
        program.layoutOperations += alignment.vertical.steps.map { .align($0, .vertical) }
        addConstraint(.fitted, operand: slot, anchors: anchors, alignment: Range(alignmentStart, program.layoutOperations.count))
    }

    private var currentSpace: Int32 { currentBlock?.space ?? -1 }

    private mutating func addConstraint(
        _ reference: ReferenceKind,
        operand: Int32 = -1,
        conversion: (up: Range<Int32>, down: Range<Int32>) = (0..<0, 0..<0),
        anchors: [LayoutAnchor],
        alignment: Range<Int32> = 0..<0
    ) {
        let start = program.anchors.count
        for anchor in anchors {
            switch anchor.storage {
            case .operation(let operation):
                program.anchors.append(operation)
            case .custom(let constraint):
                program.customConstraints.append(constraint)
                program.anchors.append(.custom(program.customConstraints.count - 1))
            }
        }
        program.constraints.append(ConstraintRecord(
            reference: reference,
            operand: operand,
            up: conversion.up,
            down: conversion.down,
            anchors: Range(start, program.anchors.count),
            alignment: alignment
        ))
    }

    private mutating func appendLayout(_ layout: Layout) -> (LayoutKind, Range<Int32>) {
        if let standard = StandardLayout(layout.operations) {
            program.standardLayouts.append(standard)
            return (.standard, Range(program.standardLayouts.count - 1, program.standardLayouts.count))
        }
        let start = program.layoutOperations.count
        let customOffset = program.customLayouts.count
        program.customLayouts += layout.customLayouts
        for operation in layout.operations {
            if case .custom(let index) = operation {
                program.layoutOperations.append(.custom(index + customOffset))
            } else {
                program.layoutOperations.append(operation)
            }
        }
        return (.general, Range(start, program.layoutOperations.count))
    }

    // MARK: Result

    /// The finished program. A top-level scheme's own group becomes the root shape, so
    /// that its children are its blocks.
    mutating func finish() -> Program {
        // A stack measuring itself measures the items of this program when it has them all.
        for (index, sizing) in program.sizings.enumerated() {
            guard case .stack(let measure) = sizing.storage else { continue }
            let itemSlots = measure.items.compactMap { slots[$0] }
            if itemSlots.count == measure.items.count { program.stackItems[index] = itemSlots }
        }
        let root = groups[0]
        if root.children.count == 1, case .group(let shape, start: 0) = root.children[0] {
            program.shape = shape
        } else {
            program.shape = SnapshotShape(children: root.children, outputCount: program.outputSlots.count)
        }
        return program
    }
}
