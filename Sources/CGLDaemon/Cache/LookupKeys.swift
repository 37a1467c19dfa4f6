import CGLStore
import CGLWire
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Recent lookups by their bytes as sent, and the snapshot key they resolved to: a page of
/// a feed is asked for again and again with the same bytes, and decoding its content,
/// checking it against the slots, normalizing it and taking the SHA-256 of its canonical
/// form cost many times what finding its snapshot does. With this, a warm lookup is a hash
/// of its bytes, two table probes and a copy, as in a key-value store.
///
/// An entry is good for the registry's generation it was resolved in
/// (``SchemeRegistry/generation``): registering or dropping any scheme retires them all,
/// since the same bytes may now name another document.
///
/// Two generations of entries bound it by bytes: entries go into the current one; when it
/// holds `limit` bytes it becomes the previous one (the one before is let go), and an entry
/// found in the previous one moves back into the current one. Recently used lookups stay;
/// the rest age out, in O(1) per lookup.
///
/// A lookup sent in full in a `lookupBatchWithReferences` is also kept under its reference
/// (the SHA-256 of its bytes), with the entry: the client names it so afterwards, and the
/// reference ages with it.
final class LookupKeys: Sendable {
    /// What a lookup resolved to: its snapshot's key and the scheme name it asked for.
    /// A class: a hit hands out one reference, not the key's four strings and the name.
    final class Resolved: Sendable {
        let key: SnapshotKey
        let name: String
        /// Where the hot cache last found the key's snapshot: a hint it checks (by the key's
        /// identity) before trusting, so that a warm page is not hashed a second time.
        let cacheSlot = Atomic<Int>(-1)
        /// Whether a page was answered with it from the hot cache: the next time, the cache
        /// remembers the reference it came by (``HotCache/remember(_:places:entry:)``).
        let servedFromMemory = Atomic<Bool>(false)

        init(key: SnapshotKey, name: String) {
            self.key = key
            self.name = name
        }
    }

    /// A class: taken out of its table on every lookup, it then costs one reference, not
    /// its bytes' and its resolution's. Immutable: attaching a reference makes a new one.
    fileprivate final class Entry: Sendable {
        /// Its key in the tables: the hash of its bytes.
        let hash: UInt64
        let bytes: [UInt8]
        let version: UInt16
        let resolved: Resolved
        let registryGeneration: UInt64
        /// The reference a client may name the lookup by, once one sent it so.
        let reference: WireLookupReference?

        init(hash: UInt64, bytes: [UInt8], version: UInt16, resolved: Resolved, registryGeneration: UInt64, reference: WireLookupReference?) {
            self.hash = hash
            self.bytes = bytes
            self.version = version
            self.resolved = resolved
            self.registryGeneration = registryGeneration
            self.reference = reference
        }
    }

    /// A lookup found by its reference: its bytes as first sent (to be resolved again when
    /// the registry changed or its snapshot left memory), and what they resolved to.
    struct Referenced {
        let bytes: [UInt8]
        let version: UInt16
        /// Nil when resolved in another registry generation.
        let resolved: Resolved?
    }

    /// Tables keyed by the bytes' hash; the bytes themselves are compared on a hit, so a
    /// collision is a miss (and the later entry takes the place).
    fileprivate struct Tables {
        var current: [UInt64: Entry] = [:]
        var previous: [UInt64: Entry] = [:]
        var currentBytes = 0
        /// Each entry with a reference, by it, per generation: a lookup by reference is one
        /// probe.
        var currentReferences: [WireLookupReference: Entry] = [:]
        var previousReferences: [WireLookupReference: Entry] = [:]
        /// Counts the generations aged, readable without the lock.
        let ages: AgeCount
    }

    /// How many times the current generation aged into the previous one.
    fileprivate final class AgeCount: Sendable {
        let value = Atomic<UInt64>(0)
    }

    /// The bytes of lookups the current generation holds before it ages.
    let limit: Int
    private let hasher = SeededHash()
    private let ages = AgeCount()
    private let tables: Mutex<Tables>

    init(limit: Int) {
        self.limit = limit
        tables = Mutex(Tables(ages: ages))
    }

    /// How many times the tables aged so far: a page served without them (the hot cache's
    /// remembered references) goes through them again once this moved, so that the lookups
    /// it names stay recent here as well.
    var age: UInt64 { ages.value.load(ordering: .relaxed) }

    /// The hash of a lookup's bytes in protocol `version` (whose bytes mean other things).
    func hash(_ bytes: UnsafeRawBufferPointer, version: UInt16) -> UInt64 {
        hasher.hash(bytes, salt: UInt64(version))
    }

    /// What the lookup of `bytes` in protocol `version` resolved to in `registryGeneration`,
    /// if it is known.
    func find(_ bytes: UnsafeRawBufferPointer, version: UInt16, hash: UInt64, registryGeneration: UInt64) -> Resolved? {
        tables.withLock { $0.find(bytes, version: version, hash: hash, registryGeneration: registryGeneration, limit: limit)?.resolved }
    }

    /// Like ``find(_:version:hash:registryGeneration:)``, with the entry's reference if it
    /// has one.
    func findReferable(_ bytes: UnsafeRawBufferPointer, version: UInt16, hash: UInt64,
                       registryGeneration: UInt64) -> (resolved: Resolved, reference: WireLookupReference?)? {
        tables.withLock { tables in
            tables.find(bytes, version: version, hash: hash, registryGeneration: registryGeneration, limit: limit)
                .map { ($0.resolved, $0.reference) }
        }
    }

    /// What the lookup a client named by `reference` resolved to, when it is in the current
    /// generation and was resolved in `registryGeneration`: the warm path of a page sent by
    /// reference, which takes nothing else of the entry. Nil otherwise (``find(reference:registryGeneration:)``
    /// then tells).
    func resolved(reference: WireLookupReference, registryGeneration: UInt64) -> Resolved? {
        tables.withLock { $0.resolved(reference: reference, registryGeneration: registryGeneration) }
    }

    /// ``resolved(reference:registryGeneration:)`` for every reference of a page, under one
    /// lock; nil unless each one resolves.
    func resolved(references: [WireLookupReference], registryGeneration: UInt64) -> [Resolved]? {
        tables.withLock { tables in
            var resolved: [Resolved] = []
            resolved.reserveCapacity(references.count)
            for reference in references {
                guard let one = tables.resolved(reference: reference, registryGeneration: registryGeneration) else { return nil }
                resolved.append(one)
            }
            return resolved
        }
    }

    /// The lookup a client named by `reference`, if it is kept (in any registry generation).
    func find(reference: WireLookupReference, registryGeneration: UInt64) -> Referenced? {
        tables.withLock { $0.find(reference: reference, registryGeneration: registryGeneration, limit: limit) }
    }

    /// Gives the entry of the lookup of `bytes` (just found, by their `hash`) its
    /// `reference`, if it is still there: another thread may have replaced it since.
    func attach(_ reference: WireLookupReference, to bytes: UnsafeRawBufferPointer, version: UInt16, hash: UInt64, registryGeneration: UInt64) {
        tables.withLock { $0.attach(reference, to: bytes, version: version, hash: hash, registryGeneration: registryGeneration, limit: limit) }
    }

    /// Keeps what the lookup of `bytes` in protocol `version` resolved to in
    /// `registryGeneration`; a lookup of more than ``largestKept`` bytes is not kept (its
    /// content is checked again each time, as a text that large costs more to lay out anyway).
    func insert(_ resolved: Resolved, bytes: UnsafeRawBufferPointer, version: UInt16, hash: UInt64, registryGeneration: UInt64,
                reference: WireLookupReference? = nil) {
        // By the lookup's bytes alone, which a client can count (the bytes its reference
        // hashes: `docs/protocol.md` §5), not by the entry's cost with its bookkeeping.
        guard bytes.count <= largestKept else { return }
        let entry = Entry(hash: hash, bytes: Array(bytes), version: version, resolved: resolved, registryGeneration: registryGeneration,
                          reference: reference)
        tables.withLock { $0.insert(entry, limit: limit) }
    }

    /// The most bytes a lookup kept may have: a quarter of the bound, so that one lookup
    /// cannot age a generation alone.
    var largestKept: Int { limit / 4 }

    /// The bound for a snapshot cache of `cacheBytes` (`cache.memoryBytes`): a sixteenth of
    /// it, the lookups of 8 000 feed posts by default, enough for the pages being read now;
    /// at least 64 KiB, so that a lookup of 16 KiB is kept however small the cache.
    static func limit(forCacheBytes cacheBytes: Int) -> Int {
        max(64 * 1024, cacheBytes / 16)
    }

    /// Forgets the lookup a client may name by `reference`: its lookup failed, and a failed
    /// lookup is not kept (`docs/protocol.md` §5). The next time it is named so, the client
    /// is told to send it in full.
    func forget(reference: WireLookupReference) {
        tables.withLock { $0.forget(reference: reference) }
    }

    /// The entries held now (both generations).
    var count: Int { tables.withLock { $0.current.count + $0.previous.count } }
}

extension LookupKeys.Entry {
    /// What an entry counts: its bytes, the strings of its key and name that it alone may
    /// hold, and an estimate of the rest (the array's and the table's own).
    var cost: Int {
        bytes.count + resolved.key.contentDigest.utf8.count + resolved.name.utf8.count + 256 + (reference == nil ? 0 : Self.referenceCost)
    }

    /// What a reference adds: its 32 bytes in the entry and in the references' table, and
    /// that table's own.
    static let referenceCost = 128

    func referenced(in registryGeneration: UInt64) -> LookupKeys.Referenced {
        LookupKeys.Referenced(bytes: bytes, version: version, resolved: self.registryGeneration == registryGeneration ? resolved : nil)
    }

    func matches(_ other: UnsafeRawBufferPointer, version: UInt16, registryGeneration: UInt64) -> Bool {
        guard self.registryGeneration == registryGeneration, self.version == version, bytes.count == other.count else { return false }
        return bytes.withUnsafeBytes { own in own.isEmpty || memcmp(own.baseAddress!, other.baseAddress!, own.count) == 0 }
    }
}

extension LookupKeys.Tables {
    fileprivate mutating func find(_ bytes: UnsafeRawBufferPointer, version: UInt16, hash: UInt64, registryGeneration: UInt64,
                                   limit: Int) -> LookupKeys.Entry? {
        if let entry = current[hash] {
            return entry.matches(bytes, version: version, registryGeneration: registryGeneration) ? entry : nil
        }
        guard let entry = previous[hash], entry.matches(bytes, version: version, registryGeneration: registryGeneration) else { return nil }
        previous[hash] = nil
        // Its reference now names it in the current generation only: a later replacement
        // there must not find it again through the previous one.
        if let reference = entry.reference, previousReferences[reference] === entry { previousReferences[reference] = nil }
        insert(entry, limit: limit)
        return entry
    }

    fileprivate func resolved(reference: WireLookupReference, registryGeneration: UInt64) -> LookupKeys.Resolved? {
        guard let entry = currentReferences[reference], entry.registryGeneration == registryGeneration else { return nil }
        return entry.resolved
    }

    fileprivate mutating func find(reference: WireLookupReference, registryGeneration: UInt64, limit: Int) -> LookupKeys.Referenced? {
        if let entry = currentReferences[reference] { return entry.referenced(in: registryGeneration) }
        guard let entry = previousReferences[reference] else { return nil }
        previousReferences[reference] = nil
        if previous[entry.hash] === entry { previous[entry.hash] = nil }
        insert(entry, limit: limit)
        return entry.referenced(in: registryGeneration)
    }

    fileprivate mutating func forget(reference: WireLookupReference) {
        if let entry = currentReferences.removeValue(forKey: reference), current[entry.hash] === entry {
            current[entry.hash] = nil
            currentBytes -= entry.cost
        }
        if let entry = previousReferences.removeValue(forKey: reference), previous[entry.hash] === entry {
            previous[entry.hash] = nil
        }
    }

    fileprivate mutating func attach(_ reference: WireLookupReference, to bytes: UnsafeRawBufferPointer, version: UInt16, hash: UInt64,
                                     registryGeneration: UInt64, limit: Int) {
        guard let entry = current[hash], entry.reference == nil, entry.matches(bytes, version: version, registryGeneration: registryGeneration) else {
            return
        }
        // As any insertion, of the entry with its reference: its cost grows, and the
        // generation may age. A new entry: the old one's cost stays what was counted.
        insert(LookupKeys.Entry(hash: hash, bytes: entry.bytes, version: entry.version, resolved: entry.resolved,
                                registryGeneration: entry.registryGeneration, reference: reference), limit: limit)
    }

    fileprivate mutating func insert(_ entry: LookupKeys.Entry, limit: Int) {
        let cost = entry.cost
        if currentBytes + cost > limit, !current.isEmpty {
            ages.value.add(1, ordering: .relaxed)
            previous = current
            previousReferences = currentReferences
            current = [:]
            currentReferences = [:]
            currentBytes = 0
        }
        if let replaced = current.updateValue(entry, forKey: entry.hash) {
            currentBytes -= replaced.cost
            // Its reference names no kept lookup any more, unless the new entry has it.
            if let old = replaced.reference, old != entry.reference, currentReferences[old] === replaced { currentReferences[old] = nil }
        }
        if let reference = entry.reference { currentReferences[reference] = entry }
        currentBytes += cost
    }
}
