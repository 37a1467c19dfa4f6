import Foundation

/// Whether a layout call only sizes the box or also places its children.
enum BoxRunMode: Hashable {
    /// Only the box's size is wanted (its children are not placed).
    case computeSize
    /// Size the box and place every descendant.
    case performLayout
}

/// Whether a box's own size styles apply (`inherentSize`), or the caller has already folded
/// them into the known sizes and wants the content's size (`contentSize`).
enum BoxSizingMode: Hashable {
    case contentSize
    case inherentSize
}

/// Which axes a size-only call needs.
enum BoxRequestedAxis: Hashable {
    case horizontal, vertical, both
}

/// Everything a box's layout depends on besides its own subtree: the key of the cache.
struct BoxLayoutInput: Hashable {
    /// Border-box sizes the caller has fixed.
    var known: BoxAxes<CGFloat?>
    /// Whether each known size counts as definite for the box's children (a size derived from
    /// the box's own content does not).
    var knownIsDefinite: BoxAxes<Bool> = BoxAxes(width: true, height: true)
    /// The containing block's content size, for percentages.
    var parentSize: BoxAxes<CGFloat?>
    /// The space offered to the box's margin box.
    var available: BoxAxes<BoxAvailableSpace>
    var sizingMode: BoxSizingMode
    var runMode: BoxRunMode
    var axis: BoxRequestedAxis = .both
}

/// What a box's layout gives its parent.
struct BoxLayoutOutput: Sendable {
    /// The border-box size.
    var size: BoxAxes<CGFloat>
    /// The scrollable overflow of the content, relative to the padding box's start corner.
    var overflow = BoxOverflowRect()
    /// The first baseline from the border box's top, when the box has one.
    var firstBaseline: CGFloat?

    static let zero = BoxLayoutOutput(size: .zero)
}

/// A node's cache: its latest final layouts and size-only answers, each stored under the
/// (normalized, `BoxLayoutRun.normalized`) input it answers.
///
/// The passes of one layout ask a box a handful of distinct questions (its min- and
/// max-content sizes, its size at each length a pass tries), and a parent asks them again each
/// time it is itself asked something: answering repeats from here keeps the work per node
/// bounded instead of multiplying with depth. Taffy keeps one entry per kind of question (nine
/// slots); with several lengths of one kind in play a slot is overwritten and its subtree laid
/// out again, so this cache keeps the latest `sizeCapacity` answers whatever their kind.
///
/// An entry answers only an input equal to the one it was stored under, so a hit is always the
/// result the computation would give. The cache lives for one `BoxEngine.layout` call: the
/// tree cannot change during it.
struct BoxNodeCache {
    static let sizeCapacity = 16
    static let layoutCapacity = 2

    private var layoutEntries: [(input: BoxLayoutInput, output: BoxLayoutOutput)] = []
    private var sizeEntries: [(input: BoxLayoutInput, output: BoxLayoutOutput)] = []
    /// Where the next size answer goes once the cache is full (the oldest entry).
    private var nextSize = 0
    private var nextLayout = 0

    /// How many answers the cache holds.
    var count: Int { layoutEntries.count + sizeEntries.count }

    func get(_ input: BoxLayoutInput) -> BoxLayoutOutput? {
        switch input.runMode {
        case .performLayout:
            return layoutEntries.first { $0.input == input }?.output
        case .computeSize:
            return sizeEntries.first { Self.answers($0.input, input) }?.output
        }
    }

    mutating func store(_ input: BoxLayoutInput, _ output: BoxLayoutOutput) {
        switch input.runMode {
        case .performLayout:
            Self.insert((input, output), into: &layoutEntries, capacity: Self.layoutCapacity, next: &nextLayout)
        case .computeSize:
            Self.insert((input, output), into: &sizeEntries, capacity: Self.sizeCapacity, next: &nextSize)
        }
    }

    private static func insert(_ entry: (input: BoxLayoutInput, output: BoxLayoutOutput),
                               into entries: inout [(input: BoxLayoutInput, output: BoxLayoutOutput)], capacity: Int, next: inout Int) {
        if entries.count < capacity {
            entries.append(entry)
        } else {
            entries[next] = entry
            next = (next + 1) % capacity
        }
    }

    /// A stored size answers a request with the same inputs; an answer for both axes also
    /// answers a request for one.
    private static func answers(_ stored: BoxLayoutInput, _ request: BoxLayoutInput) -> Bool {
        var normalized = request
        normalized.axis = stored.axis
        return stored == normalized && (stored.axis == .both || stored.axis == request.axis)
    }
}
