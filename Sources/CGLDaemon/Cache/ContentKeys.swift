import CGLDocument
import CGLWire
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The content of recent lookups, checked and digested: a page of a feed is asked for again
/// and again with the same content, and checking it against the slots, normalizing it and
/// taking the SHA-256 of its canonical form cost more than finding its snapshot. Keyed by
/// the scheme's hash and the content as it came on the wire.
///
/// Two generations bound it: entries go into the current one; when it holds `limit` bytes
/// it becomes the previous one (the one before is let go), and an entry found in the
/// previous one moves back into the current one. Recently used content stays; the rest
/// ages out, in O(1) per lookup.
final class ContentKeys: Sendable {
    /// What a lookup's content resolved to.
    struct Resolved: Sendable {
        /// Checked and normalized.
        let content: Content
        /// `""` when the content is the document's own.
        let digest: String
    }

    /// Compared and hashed by the bytes of its texts, as the digest takes them: `String`'s
    /// own `==` would make a text and its canonically equivalent other form (NFD for NFC)
    /// one key, and give the second the first's digest.
    fileprivate struct Key: Hashable, Sendable {
        let schemeHash: String
        let content: WireContent

        static func == (first: Key, second: Key) -> Bool {
            first.schemeHash == second.schemeHash && first.content.entries.count == second.content.entries.count
                && zip(first.content.entries, second.content.entries).allSatisfy { a, b in
                    Self.sameBytes(a.slot, b.slot) && Self.same(a.value, b.value)
                }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(schemeHash)
            for entry in content.entries {
                hasher.combine(entry.slot.utf8.count)
                entry.slot.utf8.forEach { hasher.combine($0) }
                switch entry.value {
                case .text(let text):
                    hasher.combine(1 as UInt8)
                    hasher.combine(text.utf8.count)
                    // Native strings are contiguous: hashed as one buffer.
                    if text.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
                        text.utf8.forEach { hasher.combine($0) }
                    }
                case .size(let width, let height):
                    hasher.combine(2 as UInt8)
                    hasher.combine(width)
                    hasher.combine(height)
                case .flag(let flag):
                    hasher.combine(3 as UInt8)
                    hasher.combine(flag)
                }
            }
        }

        private static func same(_ first: WireContent.Value, _ second: WireContent.Value) -> Bool {
            switch (first, second) {
            case (.text(let a), .text(let b)): sameBytes(a, b)
            default: first == second
            }
        }

        /// Whether two strings are the same UTF-8 bytes; compared in place when contiguous.
        private static func sameBytes(_ first: String, _ second: String) -> Bool {
            guard first.utf8.count == second.utf8.count else { return false }
            let compared = first.utf8.withContiguousStorageIfAvailable { a in
                second.utf8.withContiguousStorageIfAvailable { b in
                    a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
                }
            }
            return (compared ?? nil) ?? first.utf8.elementsEqual(second.utf8)
        }
    }

    fileprivate struct Generations {
        var current: [Key: Resolved] = [:]
        var previous: [Key: Resolved] = [:]
        var currentBytes = 0
    }

    /// The bytes of content the current generation holds before it ages.
    let limit: Int
    private let state = Mutex(Generations())

    init(limit: Int) {
        self.limit = limit
    }

    /// The resolution of `content` for the scheme of `schemeHash`, or `resolve`'s (kept when
    /// it succeeds).
    func resolved<Failure: Error>(_ content: WireContent, schemeHash: String,
                                  _ resolve: () throws(Failure) -> Resolved) throws(Failure) -> Resolved {
        let key = Key(schemeHash: schemeHash, content: content)
        if let found = state.withLock({ $0.find(key, limit: limit, cost: Self.cost(of: content)) }) { return found }
        let resolved = try resolve()
        state.withLock { $0.insert(resolved, for: key, limit: limit, cost: Self.cost(of: content)) }
        return resolved
    }

    /// The entries held now (both generations).
    var count: Int { state.withLock { $0.current.count + $0.previous.count } }

    /// What an entry counts: its texts and names, and a fixed estimate of the rest.
    static func cost(of content: WireContent) -> Int {
        content.entries.reduce(128) { total, entry in
            if case .text(let text) = entry.value { return total + entry.slot.utf8.count + text.utf8.count + 48 }
            return total + entry.slot.utf8.count + 48
        }
    }
}

extension ContentKeys.Generations {
    fileprivate mutating func find(_ key: ContentKeys.Key, limit: Int, cost: Int) -> ContentKeys.Resolved? {
        if let found = current[key] { return found }
        guard let found = previous.removeValue(forKey: key) else { return nil }
        insert(found, for: key, limit: limit, cost: cost)
        return found
    }

    fileprivate mutating func insert(_ resolved: ContentKeys.Resolved, for key: ContentKeys.Key, limit: Int, cost: Int) {
        if currentBytes + cost > limit, !current.isEmpty {
            previous = current
            current = [:]
            currentBytes = 0
        }
        if current.updateValue(resolved, forKey: key) == nil { currentBytes += cost }
    }
}
