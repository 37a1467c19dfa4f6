import Foundation
import Synchronization

/// A box block compiled into a scheme: lays out its tree against the store.
struct BoxRoutine: LayoutRoutine {
    struct Settings: Sendable {
        var availableWidth: BoxAvailableSpace?
        var availableHeight: BoxAvailableSpace?
        var snapScale: CGFloat?
    }

    let tree: BoxTree
    /// The tree's layout runs, reused so that a layout allocates nothing.
    let runs: BoxLayoutRunPool
    /// Levels of the tree, the root's included.
    let depth: Int
    let replaced: [Bool]
    let settings: Settings
    /// The element of each node, by node index.
    let slots: [Int32]
    let firstOutput: Int32
    /// How messages name the block.
    let label: String
    /// Whether some node's overflow is not `visible`: those report their scroll size.
    let reportsScrollSizes: Bool

    func run<Store: LayoutStore>(
        in source: CGRect,
        direction: LayoutDirection,
        store: inout Store,
        outputs: UnsafeMutableBufferPointer<CGRect>
    ) -> LayoutError? {
        let available = (width: settings.availableWidth ?? .definite(source.size.width),
                         height: settings.availableHeight ?? .definite(source.size.height))
        guard depth <= BoxLayoutBlock.maximumDepth else {
            for (node, slot) in slots.enumerated() {
                store.setFrame(.zero, of: slot)
                if reportsScrollSizes, tree.nodes[node].style.reportsScrollSize { store.setScrollSize(.zero, of: slot) }
                if firstOutput >= 0 { outputs[Int(firstOutput) + node] = .zero }
            }
            return LayoutError(.tooDeep, "\(label): the tree is \(depth) levels deep; at most \(BoxLayoutBlock.maximumDepth) are laid out (flatten it)")
        }
        // Under a min- or max-content constraint the root's percentages have nothing definite
        // to resolve against on that axis, as in CSS.
        let containingBlock = CGSize(width: available.width.definite != nil ? source.size.width : .infinity,
                                     height: available.height.definite != nil ? source.size.height : .infinity)
        let run = runs.take()
        defer { runs.giveBack(run) }
        let leaves = run.leafMeasure(StoreLeafMeasure<Store>.self) { StoreLeafMeasure(slots: slots, replaced: replaced) }
        leaves.store = store
        defer { leaves.store = nil }
        run.layout(available: available, containingBlock: containingBlock, direction: direction, leaves: leaves)
        run.forEachResult(snapScale: settings.snapScale) { node, result in
            var frame = result.frame
            // The root is placed in the source; every other frame is in its parent's space.
            if node == 0 {
                frame.origin.x += source.origin.x
                frame.origin.y += source.origin.y
            }
            store.setFrame(frame, of: slots[node])
            if reportsScrollSizes, tree.nodes[node].style.reportsScrollSize { store.setScrollSize(result.scrollSize, of: slots[node]) }
            if firstOutput >= 0 { outputs[Int(firstOutput) + node] = frame }
        }
        return nil
    }
}

/// A box routine's leaves measured through the layout's store. One per run and store type,
/// kept by the run (`BoxLayoutRun.leafMeasure`), so that a layout hands its store over without
/// allocating.
final class StoreLeafMeasure<Store: LayoutStore>: BoxLeafMeasure {
    /// The store of the layout under way.
    var store: Store?
    private let slots: [Int32]
    private let replaced: [Bool]

    init(slots: [Int32], replaced: [Bool]) {
        self.slots = slots
        self.replaced = replaced
    }

    override var hidesAny: Bool { store?.hasHidden ?? false }

    override func isHidden(_ node: Int) -> Bool { store?.isHidden(slots[node]) ?? false }

    /// A leaf's content measured through the store: text flows into the width it is given
    /// (0 for its min-content width, unbounded for its max-content width); replaced content
    /// has its natural size, scaled to keep its ratio when one side is known.
    override func measure(_ node: Int, _ request: BoxMeasureRequest) -> BoxMeasurement {
        guard let store else { return BoxMeasurement(size: .zero) }
        let slot = slots[node]
        let unbounded = CGFloat.greatestFiniteMagnitude
        let size: CGSize
        if replaced[node] {
            let natural = store.sizeThatFits(CGSize(width: unbounded, height: unbounded), slot)
            switch (request.knownWidth, request.knownHeight) {
            case (let width?, let height?): size = CGSize(width: width, height: height)
            case (let width?, nil): size = CGSize(width: width, height: natural.width > 0 ? width * natural.height / natural.width : natural.height)
            case (nil, let height?): size = CGSize(width: natural.height > 0 ? height * natural.width / natural.height : natural.width, height: height)
            case (nil, nil): size = natural
            }
        } else {
            let offered: CGFloat = switch request.availableWidth {
            case .definite(let width): width
            case .minContent: 0
            case .maxContent: unbounded
            }
            let fitted = store.sizeThatFits(CGSize(width: request.knownWidth ?? Swift.max(0, offered), height: request.knownHeight ?? unbounded), slot)
            size = CGSize(width: request.knownWidth ?? fitted.width, height: request.knownHeight ?? fitted.height)
        }
        let baseline = store.baselineOffset(slot)
        return BoxMeasurement(size: size, firstBaseline: baseline > 0 ? baseline : nil)
    }
}

/// The layout runs of one box tree, kept for reuse: a layout takes an idle one (or makes one
/// when every kept run is busy, as when several threads take snapshots of one program) and
/// gives it back. A run's buffers are sized for the tree once, so a layout with a run from
/// here allocates nothing.
final class BoxLayoutRunPool: Sendable {
    /// Runs kept idle at most: one per thread that lays the tree out at the same time, up to this.
    static let keptRuns = 4

    /// A run handed from the pool to one layout at a time. Unchecked: a run is not Sendable,
    /// but only the pool's lock hands one over, and to one taker until it is given back.
    private struct Handle: @unchecked Sendable {
        let run: BoxLayoutRun
    }

    private let tree: BoxTree
    private let idle: Mutex<[Handle]>

    init(tree: BoxTree) {
        self.tree = tree
        var idle: [Handle] = []
        idle.reserveCapacity(Self.keptRuns)
        self.idle = Mutex(idle)
    }

    /// A run of the tree that no other layout is using, until it is given back.
    func take() -> BoxLayoutRun {
        idle.withLock { $0.popLast() }?.run ?? BoxLayoutRun(tree: tree)
    }

    /// Makes `run` (taken from this pool) available to the next layout.
    func giveBack(_ run: BoxLayoutRun) {
        let handle = Handle(run: run)
        idle.withLock { if $0.count < Self.keptRuns { $0.append(handle) } }
    }
}
