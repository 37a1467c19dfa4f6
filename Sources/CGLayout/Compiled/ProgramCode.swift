import Foundation
import Synchronization

/// A program lowered into steps, once per direction, in memory read without reference
/// counting: the loop of a snapshot performs no retain, release or uniqueness check.
///
/// Built once from a finished `Program` and never written again, then shared by every
/// snapshot on every thread.
final class ProgramCode: @unchecked Sendable {
    // @unchecked: every buffer is initialized in `init` and only read afterwards; they are
    // freed in `deinit`, when no snapshot can be running. The scratch memory is the one
    // exception: a run borrows it through an atomic flag (see `withScratch`).

    /// The steps and direction-dependent tables for one reading direction.
    struct Lowered {
        let steps: UnsafeMutableBufferPointer<Step>
        let standardLayouts: UnsafeMutableBufferPointer<StandardLayout>
        let operations: UnsafeMutableBufferPointer<LayoutOperation>
    }

    let leftToRight: Lowered
    let rightToLeft: Lowered
    let elements: UnsafeMutableBufferPointer<ElementRecord>
    /// The captured frames, contiguous so that a snapshot's state starts as one copy.
    let initialFrames: UnsafeMutableBufferPointer<CGRect>
    let dimensions: UnsafeMutableBufferPointer<DimensionRule>
    let insets: UnsafeMutableBufferPointer<EdgeInsets>
    let rects: UnsafeMutableBufferPointer<CGRect>
    let customLayouts: UnsafeMutableBufferPointer<any RectBasedLayout>
    let customConstraints: UnsafeMutableBufferPointer<any RectBasedConstraint>
    let sourceTransforms: UnsafeMutableBufferPointer<@Sendable (CGRect) -> CGRect>
    let sizings: UnsafeMutableBufferPointer<ContentSizing>
    /// Per sizing, the range of `stackItemSlots` that a stack measuring itself measures.
    let stackRanges: UnsafeMutableBufferPointer<Range<Int32>>
    let stackItemSlots: UnsafeMutableBufferPointer<Int32>
    let routines: UnsafeMutableBufferPointer<any LayoutRoutine>
    /// The snapshot shape of this program, checked by identity on the hot path.
    let shape: SnapshotShape
    /// The slot of each output frame.
    let outputSlots: [Int32]
    /// Whether some routine reports scroll sizes (a box whose overflow is not `visible`).
    let reportsScrollSizes: Bool

    /// Working memory a run borrows, so that a run allocates nothing whatever the size of
    /// the program: room for a frame per element and one per output. A run that finds it
    /// borrowed (by another thread) takes temporary memory instead.
    private let scratch: UnsafeMutableBufferPointer<CGRect>
    private let scratchBorrowed = Atomic<Bool>(false)

    init(_ program: Program) {
        var constants = Constants()
        let leftToRight = Lowering(program: program, direction: .leftToRight).lower(into: &constants)
        let rightToLeft = Lowering(program: program, direction: .rightToLeft).lower(into: &constants)
        self.leftToRight = Lowered(steps: Self.copy(leftToRight.steps), standardLayouts: Self.copy(leftToRight.standardLayouts),
                                   operations: Self.copy(leftToRight.operations))
        self.rightToLeft = Lowered(steps: Self.copy(rightToLeft.steps), standardLayouts: Self.copy(rightToLeft.standardLayouts),
                                   operations: Self.copy(rightToLeft.operations))
        elements = Self.copy(program.elements)
        initialFrames = Self.copy(program.elements.map(\.frame))
        dimensions = Self.copy(constants.dimensions)
        insets = Self.copy(constants.insets)
        rects = Self.copy(constants.rects)
        customLayouts = Self.copy(program.customLayouts)
        customConstraints = Self.copy(program.customConstraints)
        sourceTransforms = Self.copy(program.sourceTransforms)
        sizings = Self.copy(program.sizings)
        var ranges: [Range<Int32>] = []
        var itemSlots: [Int32] = []
        for items in program.stackItems {
            ranges.append(Int32(itemSlots.count) ..< Int32(itemSlots.count + items.count))
            itemSlots += items
        }
        stackRanges = Self.copy(ranges)
        stackItemSlots = Self.copy(itemSlots)
        routines = Self.copy(program.routines)
        shape = program.shape
        outputSlots = program.outputSlots
        reportsScrollSizes = program.routines.contains { $0.reportsScrollSizes }
        scratch = .allocate(capacity: program.elements.count + program.outputSlots.count)
    }

    /// Runs `body` with room for `count` frames, uninitialized: the scratch memory from
    /// `offset` when it is free, temporary memory otherwise.
    @inline(__always)
    func withScratch<Result>(_ count: Int, offset: Int = 0, _ body: (UnsafeMutableBufferPointer<CGRect>) -> Result) -> Result {
        guard offset + count <= scratch.count,
              scratchBorrowed.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            return withUnsafeTemporaryAllocation(of: CGRect.self, capacity: count, body)
        }
        defer { scratchBorrowed.store(false, ordering: .releasing) }
        return body(UnsafeMutableBufferPointer(rebasing: scratch[offset ..< offset + count]))
    }

    deinit {
        for lowered in [leftToRight, rightToLeft] {
            Self.free(lowered.steps)
            Self.free(lowered.standardLayouts)
            Self.free(lowered.operations)
        }
        Self.free(elements)
        Self.free(initialFrames)
        Self.free(dimensions)
        Self.free(insets)
        Self.free(rects)
        Self.free(customLayouts)
        Self.free(customConstraints)
        Self.free(sourceTransforms)
        Self.free(sizings)
        Self.free(stackRanges)
        Self.free(stackItemSlots)
        Self.free(routines)
        scratch.deallocate()
    }

    func lowered(_ direction: LayoutDirection) -> Lowered {
        direction == .leftToRight ? leftToRight : rightToLeft
    }

    private static func copy<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: array.count)
        _ = buffer.initialize(from: array)
        return buffer
    }

    private static func free<Element>(_ buffer: UnsafeMutableBufferPointer<Element>) {
        buffer.deinitialize()
        buffer.deallocate()
    }
}

/// Operands of steps that are too large to sit in a step, shared by both directions.
struct Constants {
    var dimensions: [DimensionRule] = []
    var insets: [EdgeInsets] = []
    var rects: [CGRect] = []
}

/// Lowers a program's blocks into steps for one direction.
struct Lowering {
    let program: Program
    let direction: LayoutDirection
    private(set) var steps: [Step] = []
    private(set) var standardLayouts: [StandardLayout] = []
    private(set) var operations: [LayoutOperation] = []

    init(program: Program, direction: LayoutDirection) {
        self.program = program
        self.direction = direction
    }

    consuming func lower(into constants: inout Constants) -> Lowering {
        for block in program.blocks { lower(block, &constants) }
        return self
    }

    private mutating func lower(_ block: BlockRecord, _ constants: inout Constants) {
        if block.kind == .gone {
            if block.output >= 0 { steps.append(.storeZero(output: block.output)) }
            return
        }
        for index in block.constraints {
            lower(program.constraints[Int(index)], &constants)
        }
        if block.kind == .routine {
            steps.append(.routine(block.layout.lowerBound))
            return
        }
        switch block.layoutKind {
        case .standard:
            standardLayouts.append(program.standardLayouts[Int(block.layout.lowerBound)].resolved(direction))
            steps.append(.standardLayoutAndStore(index: Int32(standardLayouts.count - 1), slot: block.slot, output: block.output))
        case .general:
            steps.append(.currentFrame(block.slot))
            for index in block.layout { steps.append(.layout(operation(program.layoutOperations[Int(index)]))) }
            steps.append(.store(slot: block.slot, output: block.output))
        }
    }

    private mutating func lower(_ constraint: ConstraintRecord, _ constants: inout Constants) {
        let operand = constraint.operand
        if constraint.reference == .frame, constraint.up.isEmpty, constraint.down.isEmpty, constraint.anchors.count == 1,
           case .edge(let edge) = program.anchors[Int(constraint.anchors.lowerBound)].resolved(direction) {
            steps.append(.edgeOfFrame(operand, edge))
            return
        }
        switch constraint.reference {
        case .frame: steps.append(.frame(operand))
        case .layoutBounds: steps.append(.layoutBounds(operand))
        case .baseline: steps.append(.baseline(operand))
        case .source: steps.append(.sourceReference)
        case .transformedSource: steps.append(.transformedSource(operand))
        case .fitted: steps.append(.fitted(operand))
        case .transform:
            steps.append(.transform(operand))
            return
        }
        for index in constraint.up { steps.append(.addOffset(program.conversionSlots[Int(index)])) }
        for index in constraint.down { steps.append(.subtractOffset(program.conversionSlots[Int(index)])) }
        for index in constraint.anchors {
            steps.append(step(for: program.anchors[Int(index)].resolved(direction), &constants))
        }
        for index in constraint.alignment {
            steps.append(.alignInOriginal(operation(program.layoutOperations[Int(index)])))
        }
    }

    private func step(for anchor: AnchorOperation, _ constants: inout Constants) -> Step {
        switch anchor {
        case .edge(let step): return .edge(step)
        case .directionalEdge(let leftToRight, _): return .edge(leftToRight)  // not reached: anchors are resolved
        case .center(let mode): return .center(mode)
        case .dimension(let axis, let rule):
            constants.dimensions.append(rule)
            return .dimension(axis, Int32(constants.dimensions.count - 1))
        case .insets(let insets):
            constants.insets.append(insets)
            return .insets(Int32(constants.insets.count - 1))
        case .rect(let rect):
            constants.rects.append(rect)
            return .rect(Int32(constants.rects.count - 1))
        case .equally: return .equally
        case .relation(let relation): return .relation(relation)
        case .custom(let index): return .customAnchor(Int32(index))
        }
    }

    /// Adds a layout operation, resolved for the direction, to the table; returns its index.
    private mutating func operation(_ operation: LayoutOperation) -> Int32 {
        operations.append(operation.resolved(direction))
        return Int32(operations.count - 1)
    }
}
