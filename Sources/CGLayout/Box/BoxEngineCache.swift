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

/// Every node's cache in one layout: its latest final layouts and size-only answers, each
/// stored under the (normalized, `BoxLayoutRun.normalized`) input it answers.
///
/// The passes of one layout ask a box a handful of distinct questions (its min- and
/// max-content sizes, its size at each length a pass tries), and a parent asks them again each
/// time it is itself asked something: answering repeats from here keeps the work per node
/// bounded instead of multiplying with depth. Taffy keeps one entry per kind of question (nine
/// slots); with several lengths of one kind in play a slot is overwritten and its subtree laid
/// out again, so this cache keeps the latest `sizeCapacity` answers whatever their kind.
///
/// An entry answers only an input equal to the one it was stored under, so a hit is always the
/// result the computation would give. Entries are found by the input's fingerprint first. The
/// storage is allocated once for the tree's nodes (touched only where used) and belongs to one
/// layout at a time: an entry of an earlier layout (another generation) does not count.
struct BoxNodeCaches {
    static let sizeCapacity = 16
    static let layoutCapacity = 2
    /// Size answers every node has room for; a node that needs more takes a block of
    /// `sizeCapacity - primarySizes` from the overflow storage. Most nodes answer a few
    /// questions, so the storage a layout touches (each page of it a fault in a first layout)
    /// stays near the entries it uses.
    private static let primarySizes = 4
    private static let primaryStride = primarySizes + layoutCapacity
    private static let overflowStride = sizeCapacity - primarySizes

    /// A node's fill state.
    private struct Slots {
        var generation: UInt32 = 0
        var sizeCount: UInt8 = 0
        var nextSize: UInt8 = 0
        var layoutCount: UInt8 = 0
        var nextLayout: UInt8 = 0
        /// The node's overflow block, or -1.
        var overflow: Int32 = -1
    }

    private struct Entry {
        var input: BoxLayoutInput
        var output: BoxLayoutOutput
    }

    private let slots: UnsafeMutableBufferPointer<Slots>
    /// Per node, `primaryStride` fingerprints and entries: the first size answers, then the
    /// layouts; and per overflow block, `overflowStride` more size answers.
    private let keys: UnsafeMutablePointer<UInt64>
    private let entries: UnsafeMutablePointer<Entry>
    private let overflowKeys: UnsafeMutablePointer<UInt64>
    private let overflowEntries: UnsafeMutablePointer<Entry>
    /// Overflow blocks handed out (to nodes of any generation: a node keeps its block).
    private let overflowBlocks: UnsafeMutablePointer<Int32>

    init(nodeCount: Int) {
        let count = max(nodeCount, 1)
        slots = .allocate(capacity: count)
        slots.initialize(repeating: Slots())
        keys = .allocate(capacity: count * Self.primaryStride)
        entries = .allocate(capacity: count * Self.primaryStride)
        overflowKeys = .allocate(capacity: count * Self.overflowStride)
        overflowEntries = .allocate(capacity: count * Self.overflowStride)
        overflowBlocks = .allocate(capacity: 1)
        overflowBlocks.initialize(to: 0)
    }

    func deallocate() {
        slots.deallocate()
        keys.deallocate()
        entries.deallocate()
        overflowKeys.deallocate()
        overflowEntries.deallocate()
        overflowBlocks.deallocate()
    }

    /// Forgets every entry.
    func clear() {
        for node in slots.indices { slots[node] = Slots() }
        overflowBlocks.pointee = 0
    }

    /// How many answers the node holds in this generation.
    func count(_ node: Int, generation: UInt32) -> Int {
        let state = slots[node]
        return state.generation == generation ? Int(state.sizeCount) + Int(state.layoutCount) : 0
    }

    /// The storage of a node's size answer `index` (0..<sizeCapacity).
    @inline(__always) private func sizeSlot(_ node: Int, _ index: Int, _ state: Slots) -> (keys: UnsafeMutablePointer<UInt64>, entries: UnsafeMutablePointer<Entry>) {
        if index < Self.primarySizes {
            let slot = node * Self.primaryStride + index
            return (keys + slot, entries + slot)
        }
        let slot = Int(state.overflow) * Self.overflowStride + index - Self.primarySizes
        return (overflowKeys + slot, overflowEntries + slot)
    }

    func get(_ node: Int, _ input: BoxLayoutInput, key: UInt64, generation: UInt32) -> BoxLayoutOutput? {
        let state = slots[node]
        guard state.generation == generation else { return nil }
        switch input.runMode {
        case .performLayout:
            let base = node * Self.primaryStride + Self.primarySizes
            for slot in base..<base + Int(state.layoutCount) where keys[slot] == key && entries[slot].input == input {
                return entries[slot].output
            }
        case .computeSize:
            for index in 0..<Int(state.sizeCount) {
                let (keys, entries) = sizeSlot(node, index, state)
                if keys.pointee == key && Self.answers(entries.pointee.input, input) { return entries.pointee.output }
            }
        }
        return nil
    }

    func store(_ node: Int, _ input: BoxLayoutInput, key: UInt64, _ output: BoxLayoutOutput, generation: UInt32) {
        var state = slots[node]
        if state.generation != generation { state = Slots(generation: generation, overflow: state.overflow) }
        let target: (keys: UnsafeMutablePointer<UInt64>, entries: UnsafeMutablePointer<Entry>)
        switch input.runMode {
        case .performLayout:
            let slot = node * Self.primaryStride + Self.primarySizes
                + Self.place(count: &state.layoutCount, next: &state.nextLayout, capacity: Self.layoutCapacity)
            target = (keys + slot, entries + slot)
        case .computeSize:
            let index = Self.place(count: &state.sizeCount, next: &state.nextSize, capacity: Self.sizeCapacity)
            if index >= Self.primarySizes && state.overflow < 0 {
                // At most one block per node, so the blocks never run out.
                state.overflow = overflowBlocks.pointee
                overflowBlocks.pointee += 1
            }
            target = sizeSlot(node, index, state)
        }
        target.keys.pointee = key
        // Entries hold plain values only, so a slot is written over whether it held one or not.
        target.entries.initialize(to: Entry(input: input, output: output))
        slots[node] = state
    }

    /// The slot for a new entry: the next free one, or the oldest once full.
    private static func place(count: inout UInt8, next: inout UInt8, capacity: Int) -> Int {
        if Int(count) < capacity {
            count += 1
            return Int(count) - 1
        }
        let slot = Int(next)
        next = UInt8((slot + 1) % capacity)
        return slot
    }

    /// A stored size answers a request with the same inputs; an answer for both axes also
    /// answers a request for one.
    private static func answers(_ stored: BoxLayoutInput, _ request: BoxLayoutInput) -> Bool {
        var normalized = request
        normalized.axis = stored.axis
        return stored == normalized && (stored.axis == .both || stored.axis == request.axis)
    }
}

extension BoxLayoutInput {
    /// A hash of everything but the requested axis (which a size answer for both axes covers):
    /// equal inputs have equal fingerprints, so comparing fingerprints first skips most entries
    /// at the price of a few multiplications.
    var fingerprint: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ value: UInt64) {
            hash = (hash ^ value) &* 0x0000_0100_0000_01b3
            hash ^= hash >> 29
        }
        @inline(__always) func length(_ value: CGFloat?) -> UInt64 {
            // -0 and 0 are equal lengths: fold them so that they share a fingerprint.
            guard let value else { return 0x7ff4_dead_beef_0001 }
            return value == 0 ? 0 : UInt64(value.bitPattern)
        }
        @inline(__always) func space(_ value: BoxAvailableSpace) -> UInt64 {
            switch value {
            case .definite(let length): return length == 0 ? 0 : UInt64(length.bitPattern)
            case .minContent: return 0x7ff4_dead_beef_0002
            case .maxContent: return 0x7ff4_dead_beef_0003
            }
        }
        mix(length(known.width))
        mix(length(known.height))
        mix(length(parentSize.width))
        mix(length(parentSize.height))
        mix(space(available.width))
        mix(space(available.height))
        mix((knownIsDefinite.width ? 1 : 0) | (knownIsDefinite.height ? 2 : 0) | (sizingMode == .inherentSize ? 4 : 0)
            | (runMode == .performLayout ? 8 : 0))
        return hash
    }
}

/// Every measured leaf's answers in one layout, by request: the layout reaches a leaf with many
/// inputs (sizing modes, parent sizes, definiteness) that come down to the same question about
/// its content. A leaf is asked a handful of distinct questions; it keeps the latest sixteen.
struct BoxMeasurementCache {
    static let capacity = 16

    private struct Slots {
        var generation: UInt32 = 0
        var count: UInt8 = 0
        var next: UInt8 = 0
    }

    private struct Entry {
        var request: BoxMeasureRequest
        var answer: BoxMeasurement
    }

    private let slots: UnsafeMutableBufferPointer<Slots>
    private let entries: UnsafeMutablePointer<Entry>

    init(nodeCount: Int) {
        slots = .allocate(capacity: max(nodeCount, 1))
        slots.initialize(repeating: Slots())
        entries = .allocate(capacity: max(nodeCount, 1) * Self.capacity)
    }

    func deallocate() {
        slots.deallocate()
        entries.deallocate()
    }

    func clear() {
        for node in slots.indices { slots[node] = Slots() }
    }

    func get(_ node: Int, _ request: BoxMeasureRequest, generation: UInt32) -> BoxMeasurement? {
        let state = slots[node]
        guard state.generation == generation else { return nil }
        let base = node * Self.capacity
        for slot in base..<base + Int(state.count) where entries[slot].request == request { return entries[slot].answer }
        return nil
    }

    func store(_ node: Int, _ request: BoxMeasureRequest, _ answer: BoxMeasurement, generation: UInt32) {
        var state = slots[node]
        if state.generation != generation { state = Slots(generation: generation) }
        let slot: Int
        if Int(state.count) < Self.capacity {
            slot = Int(state.count)
            state.count += 1
        } else {
            slot = Int(state.next)
            state.next = UInt8((slot + 1) % Self.capacity)
        }
        (entries + node * Self.capacity + slot).initialize(to: Entry(request: request, answer: answer))
        slots[node] = state
    }
}
