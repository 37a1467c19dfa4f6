import CGLStore
import CGLWire
import Synchronization

/// The in-memory snapshot cache: encoded snapshots by key, bounded by bytes, the
/// least recently used evicted first.
///
/// A doubly linked list threaded through an array of nodes (indices, not references) keeps
/// `get` and `insert` O(1) under one short lock, without allocating per hit. A warm page's
/// entries are handed out under that lock (``withPage(count:key:found:places:_:)``, or by its
/// references alone where they are remembered), for the caller to copy out there: the cache
/// knows payloads, not frames.
final class HotCache: Sendable {
    /// The bound, in bytes (payloads plus an estimate of the bookkeeping per entry).
    let limit: Int
    private let state: Mutex<LRUState>

    init(limit: Int) {
        self.limit = limit
        state = Mutex(LRUState())
    }

    /// Whether an entry is cached under `key` (leaving it where it is in the order of use).
    func contains(_ key: SnapshotKey) -> Bool {
        state.withLock { $0.indices[key] != nil }
    }

    /// The payload cached under `key`, marked as used now.
    func get(_ key: SnapshotKey) -> EncodedSnapshot? {
        state.withLock { $0.get(key) }
    }

    /// Finds the entries of a page, each marked as used now, and hands them to `body` under
    /// the lock, where the caller copies them out: a warm page costs one copy of each
    /// snapshot, and no array of them taken out (a retain and a release each). False, with
    /// `body` not called, unless every one is cached (those found before the first miss are
    /// marked used); else what `body` returns.
    ///
    /// The copy is made under the lock (it is short next to a page's round trip:
    /// `docs/performance.md`, "cgld"): the caller should have the room for it already, so
    /// that no allocation is made there.
    ///
    /// - Parameters:
    ///   - count: The page's entries.
    ///   - key: Entry `i`'s key, and the place it was found at last (`-1`: none), a hint
    ///     checked by the key's identity before it is trusted: a warm page is not hashed again.
    ///   - found: Told the place of entry `i` when it was found by its hash and the table
    ///     holds this very key object: the hint for the next time.
    ///   - places: Scratch space for the entries' places, kept by the caller from one page to
    ///     the next; the places found, after.
    func withPage(count: Int, key: (Int) -> (key: SnapshotKey, hint: Int), found: (Int, Int) -> Void, places: inout [Int],
                  _ body: (CachedPage) -> Bool) -> Bool {
        state.withLock { state in
            places.removeAll(keepingCapacity: true)
            for position in 0 ..< count {
                let (key, hint) = key(position)
                guard let place = state.use(key, hint: hint, found: { found(position, $0) }) else { return false }
                places.append(place)
            }
            return state.withPage(places, body)
        }
    }

    /// The references of a page sent by reference, and the registry generation they are
    /// resolved in.
    struct PageReferences {
        let references: [WireLookupReference]
        let registryGeneration: UInt64
        /// The connection's protocol version (4 or later), which lays out each snapshot.
        let version: UInt16
        /// `LookupKeys`' age: a reference remembered at another age is resolved through
        /// `LookupKeys` again, which keeps its lookup there among the recent ones (else a
        /// page served from here alone would age out of it, and be unknown by reference
        /// once the registry changed or an entry left).
        let lookupKeysAge: UInt64
    }

    /// ``withPage(count:key:found:places:_:)`` for a page named by references alone, each
    /// entry found where the cache remembered it for that reference and that registry
    /// generation: no key resolved, hashed or compared. `body` is also given the bytes of the
    /// answers under the names they were stored with, remembered with them, so that the page
    /// is sized without touching the payloads. False unless every reference is remembered so
    /// (those found before the first miss are marked used); the caller then resolves the page
    /// and finds it by its keys, remembering its references (``remember(_:places:entry:)``).
    ///
    /// A reference stays remembered while its entry holds the same payload: an entry that
    /// leaves, or whose payload is replaced, forgets it. One reference is remembered per
    /// entry, so the table is bounded by the cache's own.
    func withRememberedPage(_ page: PageReferences, places: inout [Int], _ body: (CachedPage, _ answersSize: Int) -> Bool) -> Bool {
        state.withLock { state in
            places.removeAll(keepingCapacity: true)
            guard let answersSize = state.findRemembered(page, places: &places) else { return false }
            return state.withPage(places) { body($0, answersSize) }
        }
    }

    /// Remembers, for the entries of a page found by its keys at `places`, the references
    /// they came by: for those `entry` names (by key and the name the lookup asked for), when
    /// their snapshot goes under that name (a scheme registered twice under two names shares
    /// its snapshots, each answered under its own name) and the place still holds that key.
    func remember(_ page: PageReferences, places: [Int], entry: (Int) -> (key: SnapshotKey, name: String)?) {
        state.withLock { state in
            for (position, place) in zip(page.references.indices, places) {
                guard let (key, name) = entry(position) else { continue }
                state.remember(page.references[position], at: place, key: key, named: name, for: page)
            }
        }
    }

    /// Caches `payload` under `key`, evicting the least recently used entries to stay within
    /// the bound; a payload larger than the whole bound is not cached.
    func insert(_ payload: EncodedSnapshot, for key: SnapshotKey) {
        let cost = Self.cost(of: payload, key: key)
        guard cost <= limit else { return }
        state.withLock { $0.insert(payload, for: key, cost: cost, limit: limit) }
    }

    /// Drops every entry of a scheme hash (after it was replaced or unregistered).
    func removeAll(schemeHash: String) {
        state.withLock { $0.removeAll { $0.schemeHash == schemeHash } }
    }

    /// Drops every entry of the hashes that no scheme of `registry` has any more (the
    /// store dropped its own copies in the same transaction as the change).
    func removeAll(schemeHashes: [String], unlessRegisteredIn registry: SchemeRegistry) {
        guard !schemeHashes.isEmpty else { return }
        let live = Set(registry.all().map(\.hash))
        for hash in Set(schemeHashes) where !live.contains(hash) { removeAll(schemeHash: hash) }
    }

    /// The bytes held now.
    var bytes: Int { state.withLock { $0.bytes } }

    /// Entries evicted to stay within the bound, since the start.
    var evictions: Int { state.withLock { $0.evictions } }

    /// The entries held now.
    var count: Int { state.withLock { $0.indices.count } }

    /// What an entry counts against the bound: its payload, its key's text, and a fixed
    /// estimate of the node, the dictionary slots (the key's, and the reference's it may
    /// remember) and the array headers.
    static func cost(of payload: EncodedSnapshot, key: SnapshotKey) -> Int {
        payload.payload.count + key.schemeHash.utf8.count + key.engineVersion.utf8.count + key.environmentKey.utf8.count + 256
    }

    /// The references remembered now.
    var rememberedReferences: Int { state.withLock { $0.rememberedReferences } }
}

/// A page's entries as ``HotCache`` hands them out under its lock: valid only there.
struct CachedPage {
    fileprivate let nodes: UnsafeBufferPointer<LRUState.Node>
    fileprivate let places: UnsafeBufferPointer<Int>

    var count: Int { places.count }

    /// `body` given the payload of the page's entry at `position`, borrowed from the cache's
    /// storage (no reference taken: every event loop reads the same payloads).
    func withPayload<Result>(_ position: Int, _ body: (borrowing EncodedSnapshot) -> Result) -> Result {
        body(nodes[places[position]].payload!)
    }
}

/// The LRU list and index behind ``HotCache``; not thread-safe on its own.
struct LRUState {
    struct Node {
        var key: SnapshotKey
        var payload: EncodedSnapshot?
        var cost: Int
        var previous: Int
        var next: Int
        /// The reference remembered for this entry in ``byReference``, if any.
        var reference: WireLookupReference?
    }

    /// Where an entry a lookup reference named is, and the registry generation the
    /// reference resolved to its key in.
    struct Remembered {
        let index: Int
        let registryGeneration: UInt64
        let lookupKeysAge: UInt64
        /// The answer's size, for connections of version 5 and later and for older ones
        /// (without version 5's scroll sizes; pages by reference exist from version 4): the
        /// entry's payload is the one it was remembered with (a new payload makes it forget),
        /// so a page is sized without touching the payloads.
        let answerSize: Int
        let olderAnswerSize: Int

        func answerSize(version: UInt16) -> Int { version >= WireSnapshot.scrollSizesVersion ? answerSize : olderAnswerSize }
    }

    private(set) var indices: [SnapshotKey: Int] = [:]
    /// The references lookups named live entries by, each entry remembering at most one:
    /// `byReference[r].index == i` exactly when `nodes[i].reference == r`, and that node
    /// holds a payload under the name its lookup asked for.
    private var byReference: [WireLookupReference: Remembered] = [:]
    private var nodes: [Node] = []
    private var free: [Int] = []
    /// Most recently used; `-1` when empty.
    private var head = -1
    /// Least recently used; `-1` when empty.
    private var tail = -1
    private(set) var bytes = 0
    /// Entries dropped to stay within the bound, since the start.
    private(set) var evictions = 0

    mutating func get(_ key: SnapshotKey) -> EncodedSnapshot? {
        guard let index = indices[key] else { return nil }
        moveToFront(index)
        return nodes[index].payload
    }

    /// The place of `key`'s entry, marked as used now: `hint` when that node still holds a
    /// payload under this very key object, else found by the key's hash (and `found` told
    /// the place when the node holds this key object: a key made elsewhere, equal but not the
    /// same, is found by the hash each time). Nil when it is not cached.
    mutating func use(_ key: SnapshotKey, hint: Int, found: (Int) -> Void) -> Int? {
        let index: Int
        // A node with a payload is a live entry, its key the table's; a removed node keeps
        // its old key but no payload, and a reused one holds another key object.
        if hint >= 0, hint < nodes.count, nodes[hint].payload != nil, nodes[hint].key.isIdentical(to: key) {
            index = hint
        } else {
            guard let place = indices[key] else { return nil }
            index = place
            if nodes[place].key.isIdentical(to: key) { found(place) }
        }
        moveToFront(index)
        return index
    }

    /// `body` given the entries at `places`.
    func withPage(_ places: [Int], _ body: (CachedPage) -> Bool) -> Bool {
        nodes.withUnsafeBufferPointer { nodes in
            places.withUnsafeBufferPointer { places in body(CachedPage(nodes: nodes, places: places)) }
        }
    }

    /// The places of the entries `page`'s references are remembered at, each marked as used
    /// now, into `places`; and the answers' size. Nil at the first reference not remembered
    /// for the page's registry generation and age.
    mutating func findRemembered(_ page: HotCache.PageReferences, places: inout [Int]) -> Int? {
        var answersSize = 0
        for reference in page.references {
            // A remembered entry is live and names the reference back (it forgets it when it
            // leaves or changes); checked all the same, as a miss rather than a crash.
            guard let remembered = byReference[reference], remembered.registryGeneration == page.registryGeneration,
                  remembered.lookupKeysAge == page.lookupKeysAge, nodes[remembered.index].reference == reference else { return nil }
            moveToFront(remembered.index)
            places.append(remembered.index)
            answersSize += remembered.answerSize(version: page.version)
        }
        return answersSize
    }

    /// Remembers that `reference` named the entry at `index` in `page`'s registry generation
    /// and `LookupKeys` age, when the node still holds `key`'s payload and its snapshot goes
    /// under the name the lookup asked for (a scheme registered twice under two names shares
    /// its snapshots, each answered under its own name). An entry keeps a reference still
    /// current for the page: two lookups that resolve to the same entry would otherwise take
    /// it from each other on every page.
    mutating func remember(_ reference: WireLookupReference, at index: Int, key: SnapshotKey, named name: String, for page: HotCache.PageReferences) {
        // Found under the lock before this one: the entry may have left or changed since.
        guard index < nodes.count, let payload = nodes[index].payload, nodes[index].key.isIdentical(to: key) || nodes[index].key == key else { return }
        let remembered = Remembered(index: index, registryGeneration: page.registryGeneration, lookupKeysAge: page.lookupKeysAge,
                                    answerSize: SnapshotsFrameWriter.answerSize(of: payload, .asStored, version: WireSnapshot.scrollSizesVersion),
                                    olderAnswerSize: SnapshotsFrameWriter.answerSize(of: payload, .asStored, version: WireSnapshot.scrollSizesVersion - 1))
        if nodes[index].reference == reference {
            // This entry's already (the name was checked then): the generation or age may be new.
            byReference[reference] = remembered
            return
        }
        if let incumbent = nodes[index].reference, let kept = byReference[incumbent],
           kept.registryGeneration == page.registryGeneration, kept.lookupKeysAge == page.lookupKeysAge {
            return
        }
        guard payload.names(name) else { return }
        forgetReference(of: index)
        nodes[index].reference = reference
        // One probe: the entry the reference named before, if another, forgets it.
        if let other = byReference.updateValue(remembered, forKey: reference), other.index != index {
            nodes[other.index].reference = nil
        }
    }

    /// Forgets the reference remembered for the entry at `index`, if any.
    private mutating func forgetReference(of index: Int) {
        guard let reference = nodes[index].reference else { return }
        byReference[reference] = nil
        nodes[index].reference = nil
    }

    var rememberedReferences: Int { byReference.count }

    mutating func insert(_ payload: EncodedSnapshot, for key: SnapshotKey, cost: Int, limit: Int) {
        if let index = indices[key] {
            bytes += cost - nodes[index].cost
            // The new payload may name another of the schemes sharing this document.
            forgetReference(of: index)
            nodes[index].payload = payload
            nodes[index].cost = cost
            moveToFront(index)
        } else {
            let node = Node(key: key, payload: payload, cost: cost, previous: -1, next: -1, reference: nil)
            let index: Int
            if let reused = free.popLast() {
                index = reused
                nodes[index] = node
            } else {
                index = nodes.count
                nodes.append(node)
            }
            indices[key] = index
            bytes += cost
            linkAtFront(index)
        }
        while bytes > limit, tail >= 0 {
            remove(at: tail)
            evictions += 1
        }
    }

    mutating func removeAll(where matches: (SnapshotKey) -> Bool) {
        for (key, index) in indices where matches(key) { remove(at: index) }
    }

    private mutating func remove(at index: Int) {
        forgetReference(of: index)
        unlink(index)
        indices[nodes[index].key] = nil
        bytes -= nodes[index].cost
        nodes[index].payload = nil
        free.append(index)
    }

    private mutating func moveToFront(_ index: Int) {
        guard head != index else { return }
        unlink(index)
        linkAtFront(index)
    }

    private mutating func linkAtFront(_ index: Int) {
        nodes[index].previous = -1
        nodes[index].next = head
        if head >= 0 { nodes[head].previous = index }
        head = index
        if tail < 0 { tail = index }
    }

    private mutating func unlink(_ index: Int) {
        let (previous, next) = (nodes[index].previous, nodes[index].next)
        if previous >= 0 { nodes[previous].next = next } else { head = next }
        if next >= 0 { nodes[next].previous = previous } else { tail = previous }
    }
}
