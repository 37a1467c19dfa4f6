/// A hash map from identities (`Variable.id`, `Constraint.id`) to values, for the lookups
/// every add and every `value(of:)` makes.
///
/// `Dictionary` hashes with SipHash, seeded per process: sound against adversarial keys,
/// but most of the cost of reading a value. Identities come from a counter, so a
/// multiplicative (Fibonacci) hash spreads them well at the cost of one multiply. Entries
/// are kept dense, in insertion order, with a linear-probing index over them; the order
/// makes rolling back a failed add a matter of dropping the last entries.
struct IdentityMap<Value: Sendable>: Sendable {
    /// A key and its value.
    struct Entry: Sendable {
        let key: Int
        var value: Value
    }

    /// An index slot: the key, to compare without touching `entries`, and where it is.
    private struct Slot: Sendable {
        var key: Int
        var index: Int
    }

    /// The entries, dense; insertion order until a removal moves the last one into a hole.
    private(set) var entries: [Entry] = []
    /// Open-addressing index over `entries`; a power of two long, at most half full.
    private var slots: [Slot] = Array(repeating: Slot(key: 0, index: -1), count: 8)
    /// 64 minus log2 of `slots.count`: the hash keeps the multiply's top bits.
    private var shift = 61

    var count: Int { entries.count }

    /// The value for `key`, if any.
    @inline(__always)
    subscript(key: Int) -> Value? {
        guard let index = index(of: key) else { return nil }
        return entries[index].value
    }

    /// The position of `key`'s entry in ``entries``, if any.
    @inline(__always)
    func index(of key: Int) -> Int? {
        var slot = home(of: key)
        while true {
            let candidate = slots[slot]
            if candidate.index < 0 { return nil }
            if candidate.key == key { return candidate.index }
            slot = (slot + 1) & (slots.count - 1)
        }
    }

    /// Adds `value` for `key`, which must not be present.
    mutating func insert(_ value: Value, for key: Int) {
        if (entries.count + 1) * 2 > slots.count { rehash(capacity: slots.count * 2) }
        place(Slot(key: key, index: entries.count))
        entries.append(Entry(key: key, value: value))
    }

    /// Removes `key`'s entry and returns its value; the last entry moves into its place.
    @discardableResult
    mutating func removeValue(for key: Int) -> Value? {
        guard let index = index(of: key) else { return nil }
        unplace(key)
        let last = entries.count - 1
        if index != last {
            entries.swapAt(index, last)
            unplace(entries[index].key)
            place(Slot(key: entries[index].key, index: index))
        }
        return entries.removeLast().value
    }

    @inline(__always)
    private func home(of key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    private mutating func place(_ entry: Slot) {
        var slot = home(of: entry.key)
        while slots[slot].index >= 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = entry
    }

    /// Empties `key`'s slot, shifting later slots of its probe run back so that every
    /// key stays reachable from its home without tombstones.
    private mutating func unplace(_ key: Int) {
        let mask = slots.count - 1
        var hole = home(of: key)
        while slots[hole].key != key { hole = (hole + 1) & mask }
        var next = (hole + 1) & mask
        while slots[next].index >= 0 {
            let home = home(of: slots[next].key)
            // Move `next` into the hole unless its home lies cyclically in (hole, next].
            let distanceToNext = (next - home) & mask, distanceToHole = (hole - home) & mask
            if distanceToHole < distanceToNext {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = Slot(key: 0, index: -1)
    }

    private mutating func rehash(capacity: Int) {
        slots = Array(repeating: Slot(key: 0, index: -1), count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        for (index, entry) in entries.enumerated() { place(Slot(key: entry.key, index: index)) }
    }
}
