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

/// A node's cache: one slot for its final layout and nine for size-only calls, chosen by which
/// sizes were known and which axes were min-content (Taffy's scheme: the passes of one layout
/// ask a box a few distinct questions, and each kind of question keeps its latest answer).
///
/// An entry answers only an input equal to the one it was stored under, so a hit is always the
/// result the computation would give. The cache lives for one `BoxEngine.layout` call: the
/// tree cannot change during it.
struct BoxNodeCache {
    private var finalEntry: (input: BoxLayoutInput, output: BoxLayoutOutput)?
    private var sizeEntries: [(input: BoxLayoutInput, output: BoxLayoutOutput)?] = []

    /// How many answers the cache holds.
    var count: Int { (finalEntry == nil ? 0 : 1) + sizeEntries.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    func get(_ input: BoxLayoutInput) -> BoxLayoutOutput? {
        switch input.runMode {
        case .performLayout:
            if let entry = finalEntry, entry.input == input { return entry.output }
        case .computeSize:
            for case let entry? in sizeEntries where Self.answers(entry.input, input) { return entry.output }
        }
        return nil
    }

    mutating func store(_ input: BoxLayoutInput, _ output: BoxLayoutOutput) {
        switch input.runMode {
        case .performLayout:
            finalEntry = (input, output)
        case .computeSize:
            if sizeEntries.isEmpty { sizeEntries = Array(repeating: nil, count: 9) }
            sizeEntries[Self.slot(input)] = (input, output)
        }
    }

    /// A stored size answers a request with the same inputs; an answer for both axes also
    /// answers a request for one.
    private static func answers(_ stored: BoxLayoutInput, _ request: BoxLayoutInput) -> Bool {
        var normalized = request
        normalized.axis = stored.axis
        return stored == normalized && (stored.axis == .both || stored.axis == request.axis)
    }

    private static func slot(_ input: BoxLayoutInput) -> Int {
        let minWidth = input.available.width == .minContent
        let minHeight = input.available.height == .minContent
        switch (input.known.width != nil, input.known.height != nil) {
        case (true, true): return 0
        case (true, false): return minHeight ? 2 : 1
        case (false, true): return minWidth ? 4 : 3
        case (false, false): return 5 + (minHeight ? 1 : 0) + (minWidth ? 2 : 0)
        }
    }
}
