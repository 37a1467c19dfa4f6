import Foundation

/// A scheme compiled into plain values: what a snapshot runs.
///
/// Elements are referred to by *slot* (an index into `elements`); everything an element
/// contributes to a layout (initial frame, bounds origin, layout bounds rule, baseline,
/// content sizing, place in the hierarchy) is captured here when the scheme is compiled.
/// Blocks, constraints, anchors and layout parts live in flat arrays of small trivial
/// records; user-provided rules sit in side tables referenced by index. Running a program
/// therefore touches no element, takes no lock, boxes nothing and allocates nothing.
struct Program: Sendable {
    var elements: [ElementRecord] = []
    /// A name per element for diagnostics: its identifier, or its type.
    var elementNames: [String] = []
    var blocks: [BlockRecord] = []
    var standardLayouts: [StandardLayout] = []
    var constraints: [ConstraintRecord] = []
    var anchors: [AnchorOperation] = []
    var layoutOperations: [LayoutOperation] = []
    /// Slots whose space offsets a conversion adds or subtracts (see `ConstraintRecord`).
    var conversionSlots: [Int32] = []
    var customLayouts: [any RectBasedLayout] = []
    var customConstraints: [any RectBasedConstraint] = []
    var sourceTransforms: [@Sendable (CGRect) -> CGRect] = []
    var sizings: [ContentSizing] = []
    /// Per sizing, for a stack measuring itself whose items the program lays out: their
    /// slots (empty for every other sizing).
    var stackItems: [[Int32]] = []
    var routines: [any LayoutRoutine] = []
    /// The element slot each output frame belongs to; `-1` for a block whose element is gone.
    var outputSlots: [Int32] = []
    var shape = SnapshotShape.empty
}

/// What a compiled scheme knows about one element.
struct ElementRecord: Sendable {
    /// Slot of the super element; `-1` for a root (its frame is in the global space).
    var parent: Int32
    /// The frame when the scheme was compiled: the starting state of every snapshot.
    var frame: CGRect
    var boundsOrigin: CGPoint
    var layoutBoundsRule: LayoutBoundsRule
    /// Distance from the top to the first baseline (0 for elements without text).
    var baselineOffset: CGFloat
    /// Index into `Program.sizings`; `-1` when the element does not measure content.
    var sizing: Int32
}

/// One `LayoutBlock`: constrain the source, lay out the element, write one output.
///
/// Records are small trivial structs with `Int32` ranges so that the run loop copies a few
/// words per step (multi-payload enums of this size are copied through outlined functions).
struct BlockRecord: Sendable {
    var kind: BlockKind
    /// The element laid out (element blocks).
    var slot: Int32
    /// Where the frame goes in the snapshot; `-1` for blocks that contribute no frame of
    /// their own (the content of a guide).
    var output: Int32
    /// How many frames from `output` on the block writes: 1, or a routine's element count.
    var outputCount: Int32 = 1
    var constraints: Range<Int32>
    /// `standard`: `layout.lowerBound` indexes `standardLayouts`; `general`: a range of
    /// `layoutOperations`; routine blocks: `layout.lowerBound` indexes `routines`.
    var layoutKind: LayoutKind
    var layout: Range<Int32>
}

/// What a block does.
enum BlockKind: UInt8, Sendable {
    /// Lays out one element (`LayoutBlock`).
    case element
    /// A `LayoutBlock` whose element is gone: writes `.zero`.
    case gone
    /// Runs a routine (stack, flex, equations) in the constrained source.
    case routine
}

/// How a block lays out its element.
enum LayoutKind: UInt8, Sendable {
    /// `Layout(x:y:width:height:)` with one rule per field, the common case: evaluated
    /// straight, without a loop over operations.
    case standard
    /// Any other layout: its operations, in order.
    case general
}

/// A layout of exactly one width, height, x and y rule (in that evaluation order).
struct StandardLayout: Sendable {
    var width: FillingStep
    var height: FillingStep
    var x: AlignmentStep
    var y: AlignmentStep

    /// Recognises the standard shape in a list of operations.
    init?(_ operations: [LayoutOperation]) {
        guard operations.count == 4,
              case .fill(let width, .horizontal) = operations[0], case .fill(let height, .vertical) = operations[1],
              case .align(let x, .horizontal) = operations[2], case .align(let y, .vertical) = operations[3] else { return nil }
        self.width = width
        self.height = height
        self.x = x
        self.y = y
    }

    /// The layout with `leading`/`trailing` resolved for `direction`.
    func resolved(_ direction: LayoutDirection) -> StandardLayout {
        var result = self
        result.x = x.resolved(direction)
        return result
    }

}

/// One constraint of a block: where its reference rect comes from and which anchors run.
struct ConstraintRecord: Sendable {
    var reference: ReferenceKind
    /// The element slot the reference reads, or the index of the source transform.
    var operand: Int32
    /// Conversion of the reference into the block's space (`ENGINE.md` §4.2): add the space
    /// offsets (`frame.origin − bounds.origin`) of the `up` slots, subtract those of the
    /// `down` slots. Common ancestors, whose offsets would cancel, were removed at compile time.
    var up: Range<Int32>
    var down: Range<Int32>
    var anchors: Range<Int32>
    /// For adjust constraints only: the alignment placing the fitted rect in the source.
    var alignment: Range<Int32>
}

/// Where a constraint's reference rect comes from.
enum ReferenceKind: UInt8, Sendable {
    /// An element's frame, converted into the block's space (`LayoutConstraint`).
    case frame
    /// An element's layout bounds, converted (`ContentLayoutConstraint`).
    case layoutBounds
    /// A text element's zero-height baseline rect, converted (baseline constraints).
    case baseline
    /// The source as the constraint starts (`AnonymConstraint`).
    case source
    /// A user function of the source as the constraint starts (`AnonymConstraint(anchors:constrainRect:)`).
    case transformedSource
    /// `(S.origin, sizeThatFits(S.size))` of an element (`AdjustLayoutConstraint`).
    case fitted
    /// The source is replaced by a user function of it; no anchors (`AnonymConstraint(transform:)`).
    case transform
}

extension Range where Bound == Int32 {
    /// A range of table indices for a table that has grown from `start` to `end` entries.
    init(_ start: Int, _ end: Int) {
        self = Int32(start)..<Int32(end)
    }
}
