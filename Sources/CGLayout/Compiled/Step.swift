import Foundation

/// One instruction of a lowered program: the unit a snapshot dispatches on.
///
/// Steps work on four rect registers: **S**, the block's source; **R**, the current
/// constraint's reference; **F**, the frame being laid out; **O**, the source as an adjust
/// constraint found it. A block lowers to, for each constraint, the steps that load R and
/// those that reshape S; then the layout into F; then a store, which also resets S to the
/// request's source for the next block (so beginning a block costs nothing). Steps are small
/// trivial values (large operands sit in tables) and every `leading`/`trailing` was resolved
/// when the program was lowered for one direction, so a run is one flat loop with one
/// dispatch per step.
enum Step: Sendable {
    // MARK: Blocks
    /// Stores F as the slot's frame and as the output's frame (none when `output < 0`);
    /// S = the request's source.
    case store(slot: Int32, output: Int32)
    /// The block's element is gone: the output is `.zero`.
    case storeZero(output: Int32)
    /// Runs `routines[index]` in S, then S = the request's source.
    case routine(Int32)

    // MARK: References
    /// R = the slot's frame.
    case frame(Int32)
    /// R = the slot's layout bounds.
    case layoutBounds(Int32)
    /// R = the slot's zero-height baseline rect.
    case baseline(Int32)
    /// R = S.
    case sourceReference
    /// R = transform(S), a user function by index.
    case transformedSource(Int32)
    /// O = S; R = (S.origin, sizeThatFits(S.size)) of the slot.
    case fitted(Int32)
    /// S = transform(S), a user function by index.
    case transform(Int32)
    /// R.origin += the slot's space offset (one step of a conversion up the hierarchy).
    case addOffset(Int32)
    /// R.origin −= the slot's space offset (one step down).
    case subtractOffset(Int32)

    // MARK: Anchors (reshape S against R)
    /// A side anchor, resolved to its primitive.
    case edge(EdgeStep)
    /// The most common constraint, fused: one side anchor against a slot's frame that needs
    /// no conversion (a sibling). R is not loaded.
    case edgeOfFrame(Int32, EdgeStep)
    case center(LayoutAnchor.CenterMode)
    /// S's size on the axis from `dimensions[index]`.
    case dimension(Axis, Int32)
    /// S inset by `insets[index]`.
    case insets(Int32)
    /// S = `rects[index]`.
    case rect(Int32)
    /// S = R.
    case equally
    case relation(PointRelation)
    /// A user anchor by index.
    case customAnchor(Int32)
    /// S = `operations[index]` applied to S inside O (an adjust constraint's alignment).
    case alignInOriginal(Int32)

    // MARK: Layout (F from S)
    /// The common end of a block, fused: F = `standardLayouts[index]` in S, then `store`.
    case standardLayoutAndStore(index: Int32, slot: Int32, output: Int32)
    /// F = the slot's current frame, for layouts that keep some of it.
    case currentFrame(Int32)
    /// F = `operations[index]` applied to F in S.
    case layout(Int32)
}
