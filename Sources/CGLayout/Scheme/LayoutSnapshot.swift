public import Foundation

/// The frames a scheme computes for one source rect, without touching any element.
///
/// `frames` holds one rect per `LayoutBlock`, in the order the scheme runs them (nested
/// schemes flattened), each in its element's **parent** space. `frame` is their union and
/// `childSnapshots` gives CGLayout's tree: one child per block of the scheme, a sub-tree per
/// nested scheme. Apply a snapshot with `apply(snapshot:)` on the scheme that produced it.
public struct LayoutSnapshot: Sendable, Hashable {
    /// One frame per block, in run order.
    public internal(set) var frames: [CGRect]
    /// The reading direction the frames were computed for; applying the snapshot lays out
    /// guides' content in it.
    public internal(set) var direction: LayoutDirection
    /// What could not be laid out as asked (a flexible block out of space), if anything; the
    /// frames are computed anyway.
    public internal(set) var issue: LayoutError? {
        get { issueBox?.issue }
        set { issueBox = newValue.map(IssueBox.init) }
    }
    /// The issue behind one reference: an absent issue is then a null pointer, which keeps
    /// creating, copying and dropping snapshots as cheap as without it.
    private var issueBox: IssueBox?
    var shape: SnapshotShape
    /// Per frame, how far the content of its box can scroll (`ScrollSizes.none` for a frame
    /// that is not a box whose overflow is other than `visible`); empty when no frame is.
    var scrollSizes: [CGSize] = []

    init(frames: [CGRect], shape: SnapshotShape, direction: LayoutDirection = .leftToRight, issue: LayoutError? = nil,
         scrollSizes: [CGSize] = []) {
        self.frames = frames
        self.shape = shape
        self.scrollSizes = scrollSizes
        self.direction = direction
        self.issueBox = issue.map(IssueBox.init)
    }

    /// An empty snapshot to pass to `CompiledLayoutScheme.snapshot(for:into:)`, which reuses
    /// its storage from call to call.
    public init() {
        self.init(frames: [], shape: .empty)
    }

    /// The union of all frames; `.zero` for a scheme without blocks.
    public var frame: CGRect { frames.modelUnion() }

    /// How far the content of the box whose frame is `frames[index]` can scroll on each axis
    /// (CSS's `scrollWidth − clientWidth` and `scrollHeight − clientHeight`, floored at 0),
    /// for a box of a `BoxLayoutBlock` whose overflow is not `visible`; `nil` for any other
    /// frame. Add it to the box's padding box size for a scroll view's content size.
    public func scrollSize(at index: Int) -> CGSize? {
        ScrollSizes.reported(in: scrollSizes, at: index)
    }

    /// One snapshot per block or nested scheme of the scheme that produced this snapshot.
    public var childSnapshots: [LayoutSnapshot] {
        shape.children.map { child in
            switch child {
            case .frame(let index):
                LayoutSnapshot(frames: [frames[index]], shape: .single, direction: direction,
                               scrollSizes: scrollSizes.isEmpty ? [] : [scrollSizes[index]])
            case .group(let shape, let start):
                LayoutSnapshot(frames: Array(frames[start..<(start + shape.outputCount)]), shape: shape, direction: direction,
                               scrollSizes: scrollSizes.isEmpty ? [] : Array(scrollSizes[start..<(start + shape.outputCount)]))
            }
        }
    }
}

extension LayoutSnapshot: CustomStringConvertible {
    public var description: String {
        "LayoutSnapshot(" + frames.map { "(\($0.origin.x), \($0.origin.y), \($0.size.width), \($0.size.height))" }
            .joined(separator: ", ") + ")"
    }
}

/// A snapshot's issue, boxed.
private final class IssueBox: Sendable, Hashable {
    let issue: LayoutError

    init(_ issue: LayoutError) {
        self.issue = issue
    }

    static func == (lhs: IssueBox, rhs: IssueBox) -> Bool { lhs.issue == rhs.issue }

    func hash(into hasher: inout Hasher) { hasher.combine(issue) }
}
