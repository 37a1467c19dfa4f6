/// The tree structure of a snapshot: which output frames belong to which block or nested
/// scheme. Built once per compiled scheme and shared by all its snapshots.
final class SnapshotShape: Sendable, Hashable, CustomStringConvertible {
    /// A child of a scheme: one block's frame, or a nested scheme's group of frames.
    enum Child: Sendable, Hashable {
        /// The output at this index (relative to the group's first output).
        case frame(Int)
        /// A nested scheme whose outputs start at this index (relative to the group's first).
        case group(SnapshotShape, start: Int)
    }

    let children: [Child]
    let outputCount: Int

    init(children: [Child], outputCount: Int) {
        self.children = children
        self.outputCount = outputCount
    }

    /// A scheme with no blocks.
    static let empty = SnapshotShape(children: [], outputCount: 0)
    /// A single block's snapshot: one frame, no children.
    static let single = SnapshotShape(children: [], outputCount: 1)

    static func == (lhs: SnapshotShape, rhs: SnapshotShape) -> Bool {
        lhs === rhs || (lhs.outputCount == rhs.outputCount && lhs.children == rhs.children)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(outputCount)
        hasher.combine(children.count)
    }

    var description: String {
        let parts = children.map { child -> String in
            switch child {
            case .frame(let index): "\(index)"
            case .group(let shape, let start): "\(start):\(shape)"
            }
        }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}
