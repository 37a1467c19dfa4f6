import Foundation

/// A box tree prepared for layout, with every buffer its layouts need: made once per tree and
/// reused for each layout, so that a layout allocates nothing (`BoxRoutine` keeps a few).
///
/// What depends on the tree alone — the validated child lists, parents, depths, the styles'
/// cache traits — is found once, here. What depends on the layout (the direction, the elements
/// hidden, every node's cache) is reset at its start. Styles are read in place through
/// `styles`: a style is a few hundred bytes, and copying one in each step was a quarter of a
/// layout's time.
///
/// A class so that the recursive steps share it without copying. Not thread-safe: one layout at
/// a time.
final class BoxLayoutRun {
    let tree: BoxTree
    let nodeCount: Int
    /// Each node's style.
    let styles: UnsafeMutableBufferPointer<BoxStyle>
    /// Whether each node measures its content (`BoxTree.Node.measures`).
    let measures: UnsafeMutableBufferPointer<Bool>
    /// Each node's children are `childList[childStart[node]..<childStart[node + 1]]`: the tree's
    /// own runs with malformed indices (not after their parent, out of range) dropped.
    let childStart: UnsafeMutableBufferPointer<Int32>
    let childList: UnsafeMutableBufferPointer<Int32>
    /// Every node's parent (-1 for the root) and depth (0 for the root).
    let parents: UnsafeMutableBufferPointer<Int32>
    let depths: UnsafeMutableBufferPointer<Int32>
    let maxDepth: Int
    /// What in each node's style depends on its layout's inputs (for cache keys).
    let styleTraits: UnsafeMutableBufferPointer<BoxStyleTraits>

    /// This layout's resolved direction of each node (`inherit` resolved from the parent).
    let isRTL: UnsafeMutableBufferPointer<Bool>
    /// Whether each node is out of this layout: `display: none`, or hidden by the caller.
    let isNone: UnsafeMutableBufferPointer<Bool>
    /// Each node's layout, as its parent placed it.
    let layouts: UnsafeMutableBufferPointer<BoxUnroundedLayout>
    /// Absolute positions while results are read (`results(snapScale:)`).
    let absolute: UnsafeMutableBufferPointer<CGPoint>
    /// The containers being laid out hold their items and lines here, stacked: the containers
    /// on one path from the root have distinct children, so `nodeCount` slots are enough.
    let itemArena: UnsafeMutableBufferPointer<BoxFlexItem>
    let lineArena: UnsafeMutableBufferPointer<BoxFlexLine>
    var itemTop = 0
    var lineTop = 0
    /// Every node's answers, and every measured leaf's measurements, of this layout.
    let cache: BoxNodeCaches
    let measurementCache: BoxMeasurementCache
    /// Which layout this is: cache entries of earlier layouts do not count.
    private(set) var generation: UInt32 = 0
    /// The leaf measure of the layout under way.
    private var leaves: BoxLeafMeasure?
    /// Leaf measures kept for the callers' use, by type (`leafMeasure(_:make:)`).
    private var keptLeafMeasures: [ObjectIdentifier: BoxLeafMeasure] = [:]

    /// How many times `measure` was called in this layout.
    var measureCalls = 0
    /// How many layouts of a node this layout computed (not answered from the cache).
    var computations = 0
    /// Whether results are cached (always, except in the test that shows what the cache saves).
    var caching = true

    init(tree: BoxTree) {
        self.tree = tree
        let count = tree.nodes.count
        nodeCount = count
        styles = .allocate(capacity: count)
        measures = .allocate(capacity: count)
        childStart = .allocate(capacity: count + 1)
        parents = Self.filled(count, with: -1)
        depths = Self.filled(count, with: 0)
        styleTraits = .allocate(capacity: count)
        var list: [Int32] = []
        list.reserveCapacity(count)
        for node in 0..<count {
            let data = tree.nodes[node]
            (styles.baseAddress! + node).initialize(to: data.style)
            (measures.baseAddress! + node).initialize(to: data.measures)
            (styleTraits.baseAddress! + node).initialize(to: BoxStyleTraits(data.style))
            (childStart.baseAddress! + node).initialize(to: Int32(list.count))
            let lower = min(max(Int(data.children.lowerBound), 0), tree.children.count)
            let upper = min(max(Int(data.children.upperBound), lower), tree.children.count)
            for child in tree.children[lower..<upper] where Int(child) > node && Int(child) < count && parents[Int(child)] < 0 {
                list.append(child)
                parents[Int(child)] = Int32(node)
            }
        }
        (childStart.baseAddress! + count).initialize(to: Int32(list.count))
        childList = .allocate(capacity: max(list.count, 1))
        _ = childList.initialize(from: list)
        // Depth-first order puts every parent before its children.
        var deepest: Int32 = 0
        for node in 0..<count where parents[node] >= 0 {
            depths[node] = depths[Int(parents[node])] + 1
            deepest = max(deepest, depths[node])
        }
        maxDepth = Int(deepest)
        isRTL = Self.filled(count, with: false)
        isNone = Self.filled(count, with: false)
        layouts = Self.filled(count, with: BoxUnroundedLayout())
        absolute = Self.filled(count, with: .zero)
        itemArena = .allocate(capacity: count + 1)
        lineArena = .allocate(capacity: count + 1)
        cache = BoxNodeCaches(nodeCount: count)
        measurementCache = BoxMeasurementCache(nodeCount: count)
    }

    private static func filled<Element>(_ count: Int, with value: Element) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: count)
        buffer.initialize(repeating: value)
        return buffer
    }

    /// A run ready to lay out (for tests that drive the steps): `begin` done, `measure` set
    /// for the run's life.
    convenience init(tree: BoxTree, rootDirection: LayoutDirection, measure: @escaping (Int, BoxMeasureRequest) -> BoxMeasurement) {
        self.init(tree: tree)
        leaves = ClosureLeafMeasure(measure, isHidden: nil)
        begin(direction: rootDirection)
    }

    deinit {
        styles.deinitialize().deallocate()
        for buffer in [measures, isRTL, isNone] { buffer.deallocate() }
        for buffer in [childStart, childList, parents, depths] { buffer.deallocate() }
        styleTraits.deallocate()
        layouts.deallocate()
        absolute.deallocate()
        itemArena.deallocate()
        lineArena.deallocate()
        cache.deallocate()
        measurementCache.deallocate()
    }

    /// Lays the tree out; read the frames with `results(snapScale:)` or `forEachResult`.
    ///
    /// - Parameters:
    ///   - available: the space offered to the root on each axis.
    ///   - containingBlock: the size the root's percentages resolve against (by default the
    ///     definite available space).
    ///   - direction: the direction a root with `direction: inherit` takes.
    ///   - isHidden: whether the caller hides a node (laid out as `display: none`).
    ///   - measure: measures the leaf at an index (content-box sizes).
    func layout(available: (width: BoxAvailableSpace, height: BoxAvailableSpace), containingBlock: CGSize?, direction: LayoutDirection,
                isHidden: (Int) -> Bool = { _ in false }, measure: (Int, BoxMeasureRequest) -> BoxMeasurement) {
        withoutActuallyEscaping(measure) { measure in
            withoutActuallyEscaping(isHidden) { isHidden in
                layout(available: available, containingBlock: containingBlock, direction: direction,
                       leaves: ClosureLeafMeasure(measure, isHidden: isHidden))
            }
        }
    }

    /// Lays the tree out with `leaves` measuring the leaves and saying which are hidden:
    /// without allocating, given a measure kept from layout to layout (`leafMeasure(_:make:)`).
    func layout(available: (width: BoxAvailableSpace, height: BoxAvailableSpace), containingBlock: CGSize?, direction: LayoutDirection,
                leaves: BoxLeafMeasure) {
        guard nodeCount > 0 else { return }
        self.leaves = leaves
        begin(direction: direction)
        defer { self.leaves = nil }
        let space = BoxAxes(width: Self.sanitize(available.width), height: Self.sanitize(available.height))
        // The layout recurses a few frames per level of the tree: a deep tree moves to a
        // thread with the stack it needs when the caller's has too little.
        let levels = min(maxDepth, BoxEngine.maximumDepth)
        if levels <= StackRoom.levelsWithoutLooking {
            layoutRoot(available: space, containingBlock: containingBlock)
        } else {
            StackRoom.run(needing: levels * StackRoom.bytesPerLevel) { layoutRoot(available: space, containingBlock: containingBlock) }
        }
    }

    /// The leaf measure of type `Measure` this run keeps, made by `make` the first time.
    func leafMeasure<Measure: BoxLeafMeasure>(_ type: Measure.Type, make: () -> Measure) -> Measure {
        if let kept = keptLeafMeasures[ObjectIdentifier(type)] as? Measure { return kept }
        let made = make()
        keptLeafMeasures[ObjectIdentifier(type)] = made
        return made
    }

    /// Resets what belongs to one layout.
    private func begin(direction: LayoutDirection) {
        generation &+= 1
        if generation == 0 {
            // After 2³² layouts, entries of long ago could pass for this layout's.
            cache.clear()
            measurementCache.clear()
            generation = 1
        }
        measureCalls = 0
        computations = 0
        itemTop = 0
        lineTop = 0
        let rootIsRTL = direction == .rightToLeft
        // Without hidden elements (the common case) no node is asked about.
        let hides = leaves?.hidesAny ?? false
        for node in 0..<nodeCount {
            let inherited = parents[node] >= 0 ? isRTL[Int(parents[node])] : rootIsRTL
            switch styles[node].direction {
            case .inherit: isRTL[node] = inherited
            case .ltr: isRTL[node] = false
            case .rtl: isRTL[node] = true
            }
            isNone[node] = styles[node].display == .none || (hides && leaves!.isHidden(node))
            layouts[node] = BoxUnroundedLayout()
        }
    }

    private static func sanitize(_ space: BoxAvailableSpace) -> BoxAvailableSpace {
        if case .definite(let value) = space { return value.isFinite ? .definite(max(value, 0)) : .maxContent }
        return space
    }

    /// The node's style, read in place.
    @inline(__always) func style(_ node: Int) -> UnsafeMutablePointer<BoxStyle> { styles.baseAddress! + node }

    /// The children of `node` as indices of `childList`.
    @inline(__always) func childRange(_ node: Int) -> Range<Int> { Int(childStart[node])..<Int(childStart[node + 1]) }

    /// Asks the layout's measure about a leaf.
    @inline(__always) func callMeasure(_ node: Int, _ request: BoxMeasureRequest) -> BoxMeasurement {
        leaves?.measure(node, request) ?? BoxMeasurement(size: .zero)
    }

    /// Lays out `node` for `input`: from the cache when it holds the answer, otherwise by the
    /// node's kind — nothing for `display: none`, the leaf rules for a box without children or
    /// one that measures, the flexbox algorithm for the rest.
    func computeLayout(_ node: Int, _ input: BoxLayoutInput) -> BoxLayoutOutput {
        let input = normalized(node, input)
        let key = input.fingerprint
        if caching, let cached = cache.get(node, input, key: key, generation: generation) { return cached }
        computations += 1
        let output: BoxLayoutOutput
        if isNone[node] {
            output = .zero
        } else if measures[node] || childStart[node] == childStart[node + 1] || Int(depths[node]) >= BoxEngine.maximumDepth {
            output = computeLeafLayout(node, input)
        } else {
            output = computeFlexboxLayout(node, input)
        }
        if caching { cache.store(node, input, key: key, output, generation: generation) }
        return output
    }

    /// The size of `node` on one axis (a size-only call).
    func measureSize(_ node: Int, known: BoxAxes<CGFloat?>, parent: BoxAxes<CGFloat?>, available: BoxAxes<BoxAvailableSpace>,
                     mode: BoxSizingMode, horizontal: Bool) -> CGFloat {
        let output = computeLayout(node, BoxLayoutInput(known: known, parentSize: parent, available: available, sizingMode: mode,
                                                        runMode: .computeSize, axis: horizontal ? .horizontal : .vertical))
        return horizontal ? output.size.width : output.size.height
    }

    /// The size of `node` on both axes (a size-only call).
    func measureBoth(_ node: Int, known: BoxAxes<CGFloat?>, parent: BoxAxes<CGFloat?>, available: BoxAxes<BoxAvailableSpace>,
                     mode: BoxSizingMode) -> BoxAxes<CGFloat> {
        computeLayout(node, BoxLayoutInput(known: known, parentSize: parent, available: available, sizingMode: mode,
                                           runMode: .computeSize)).size
    }

    /// Lays out `node` for good at `known` sizes.
    func performLayout(_ node: Int, known: BoxAxes<CGFloat?>, parent: BoxAxes<CGFloat?>, available: BoxAxes<BoxAvailableSpace>,
                       mode: BoxSizingMode) -> BoxLayoutOutput {
        computeLayout(node, BoxLayoutInput(known: known, parentSize: parent, available: available, sizingMode: mode, runMode: .performLayout))
    }

    /// `input` with what cannot change this node's result set to one value, so that passes
    /// asking the same question in different words share a cache entry (without this, each
    /// level of a tree multiplies the questions its children are asked):
    /// - a known size is the available space on its axis, when it is definite;
    /// - whether a size is definite matters only for a known size;
    /// - the containing block's size on an axis the node's own percentages do not use;
    /// - the sizing mode, for a node with no size, limit or ratio of its own.
    func normalized(_ node: Int, _ input: BoxLayoutInput) -> BoxLayoutInput {
        var input = input
        let traits = styleTraits[node]
        if input.known.width == nil { input.knownIsDefinite.width = true }
        if input.known.height == nil { input.knownIsDefinite.height = true }
        if let width = input.known.width, input.knownIsDefinite.width { input.available.width = .definite(width) }
        if let height = input.known.height, input.knownIsDefinite.height { input.available.height = .definite(height) }
        if !traits.usesParentWidth { input.parentSize.width = nil }
        if !traits.usesParentHeight { input.parentSize.height = nil }
        if !traits.hasOwnSize { input.sizingMode = .contentSize }
        return input
    }
}

/// What a layout asks its caller about the nodes: the content-box size of the leaf at a node
/// index for a request, and which nodes the caller hides (laid out as `display: none`). A
/// class, so that a run calls it without an existential or a closure context (a closure stored
/// for the layout's length was an allocation per layout).
class BoxLeafMeasure {
    /// Whether the caller hides any node in this layout; when not, no node is asked.
    var hidesAny: Bool { false }

    func isHidden(_ node: Int) -> Bool { false }

    func measure(_ node: Int, _ request: BoxMeasureRequest) -> BoxMeasurement { BoxMeasurement(size: .zero) }
}

/// Leaves measured by a closure (the engine's one-call entry point and tests).
final class ClosureLeafMeasure: BoxLeafMeasure {
    private let body: (Int, BoxMeasureRequest) -> BoxMeasurement
    private let hidden: ((Int) -> Bool)?

    init(_ body: @escaping (Int, BoxMeasureRequest) -> BoxMeasurement, isHidden: ((Int) -> Bool)?) {
        self.body = body
        hidden = isHidden
    }

    override var hidesAny: Bool { hidden != nil }

    override func isHidden(_ node: Int) -> Bool { hidden?(node) ?? false }

    override func measure(_ node: Int, _ request: BoxMeasureRequest) -> BoxMeasurement { body(node, request) }
}
