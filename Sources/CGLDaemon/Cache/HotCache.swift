import CGLStore
import CGLWire
import NIOCore
import Synchronization

/// The in-memory snapshot cache: encoded snapshots by key, bounded by bytes, the
/// least recently used evicted first.
///
/// A doubly linked list threaded through an array of nodes (indices, not references) keeps
/// `get` and `insert` O(1) under one short lock, without allocating per hit. A warm page is
/// written out under that lock (``writePage(_:requestID:into:places:)``), its copy included.
final class HotCache: Sendable {
    /// The bound, in bytes (payloads plus an estimate of the bookkeeping per entry).
    let limit: Int
    private let state: Mutex<LRUState>

    init(limit: Int) {
        self.limit = limit
        state = Mutex(LRUState())
    }

    /// The payload cached under `key`, marked as used now.
    func get(_ key: SnapshotKey) -> EncodedSnapshot? {
        state.withLock { $0.get(key) }
    }

    /// Writes the `snapshots` frame answering `requestID` with the payloads of every one of
    /// `resolved`'s keys, each named as its lookup asked and marked as used now, straight
    /// from the cache under one lock: a warm page costs one copy of each snapshot, and no
    /// array of them taken out (a retain and a release each). False, with nothing written,
    /// unless all are cached and the frame fits a server's bound (those found before the
    /// first miss are marked used).
    ///
    /// The copy (about 0.6 µs for a page of 50 feed cells) is made under the lock: `output`
    /// should have the room already, so that no allocation is.
    ///
    /// - Parameter places: Scratch space for the entries' places, kept by the caller from
    ///   one page to the next.
    func writePage(_ resolved: [LookupKeys.Resolved], requestID: UInt32, into output: inout ByteBuffer, places: inout [Int]) -> Bool {
        state.withLock { $0.writePage(resolved, requestID: requestID, into: &output, places: &places) }
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
    /// estimate of the node, the dictionary slot and the array headers.
    static func cost(of payload: EncodedSnapshot, key: SnapshotKey) -> Int {
        payload.payload.count + key.schemeHash.utf8.count + key.engineVersion.utf8.count + key.environmentKey.utf8.count + 160
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
    }

    private(set) var indices: [SnapshotKey: Int] = [:]
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

    /// The place of `resolved`'s entry, marked as used now: the place it was last found at
    /// when that node still holds a payload under this very key object, else found by the
    /// key's hash (and remembered when the node holds this key object: a lookup whose key was
    /// made elsewhere, equal but not the same, is found by the hash each time). Nil when it
    /// is not cached.
    private mutating func use(_ resolved: LookupKeys.Resolved) -> Int? {
        let hint = resolved.cacheSlot.load(ordering: .relaxed)
        let index: Int
        // A node with a payload is a live entry, its key the table's; a removed node keeps
        // its old key but no payload, and a reused one holds another key object.
        if hint >= 0, hint < nodes.count, nodes[hint].payload != nil, nodes[hint].key.isIdentical(to: resolved.key) {
            index = hint
        } else {
            guard let found = indices[resolved.key] else { return nil }
            index = found
            if nodes[found].key.isIdentical(to: resolved.key) { resolved.cacheSlot.store(found, ordering: .relaxed) }
        }
        moveToFront(index)
        return index
    }

    /// ``HotCache/writePage(_:requestID:into:places:)`` under the lock.
    mutating func writePage(_ resolved: [LookupKeys.Resolved], requestID: UInt32, into output: inout ByteBuffer, places: inout [Int]) -> Bool {
        places.removeAll(keepingCapacity: true)
        var answersSize = 0
        for one in resolved {
            guard let index = use(one) else { return false }
            places.append(index)
            answersSize += SnapshotsFrameWriter.answerSize(of: nodes[index].payload!, named: one.name)
        }
        guard let size = SnapshotsFrameWriter.frameSize(count: resolved.count, answersSize: answersSize) else { return false }
        output.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { memory in
            var offset = SnapshotsFrameWriter.writeHeader(requestID: requestID, count: resolved.count, size: size, into: memory)
            for position in resolved.indices {
                offset += SnapshotsFrameWriter.writeAnswer(nodes[places[position]].payload!, named: resolved[position].name, source: .memory,
                                                           into: UnsafeMutableRawBufferPointer(rebasing: memory[offset...]))
            }
            return size
        }
        return true
    }

    mutating func insert(_ payload: EncodedSnapshot, for key: SnapshotKey, cost: Int, limit: Int) {
        if let index = indices[key] {
            bytes += cost - nodes[index].cost
            nodes[index].payload = payload
            nodes[index].cost = cost
            moveToFront(index)
        } else {
            let node = Node(key: key, payload: payload, cost: cost, previous: -1, next: -1)
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
