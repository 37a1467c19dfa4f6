import CGLWire
import NIOCore
import Synchronization

/// The frames a connection answers in one read burst, written together at its end; kept
/// from one burst to the next, so that a warm answer allocates nothing.
struct AnswerBuffer {
    private(set) var bytes = ByteBuffer()
    /// Scratch space for answers the encoders write as arrays.
    private var scratch: [UInt8] = []
    /// Scratch space for the hot cache's places of a page's entries.
    private var places: [Int] = []
    /// The bytes of the last page written: room made for the next one before the hot
    /// cache's lock is taken.
    private var lastPageSize = 0

    /// The largest buffer kept from one burst to the next; a larger one is let go.
    private static let reusedCapacity = 64 * 1024

    var isEmpty: Bool { bytes.readableBytes == 0 }

    /// Appends `response` as a frame no longer than a server may send.
    mutating func append(_ response: WireResponse, requestID: UInt32) {
        scratch.removeAll(keepingCapacity: true)
        response.encode(requestID: requestID, into: &scratch, limit: WireResponse.maximumServerFrameLength)
        bytes.writeBytes(scratch)
        if scratch.capacity > Self.reusedCapacity { scratch = [] }
    }

    /// Appends an `error` frame.
    mutating func append(_ error: WireError, requestID: UInt32) {
        append(.error(error), requestID: requestID)
    }

    /// Appends a `snapshot` frame straight from a kept payload, for a lookup of `name`: the
    /// warm lookup's one copy of it.
    mutating func append(_ snapshot: EncodedSnapshot, named name: String, source: WireSnapshot.Source, version: UInt16, requestID: UInt32) {
        bytes.writeWithUnsafeMutableBytes(minimumWritableBytes: snapshot.frameSize(named: name, version: version)) { memory in
            snapshot.writeFrame(requestID: requestID, source: source, named: name, version: version, into: memory)
        }
    }

    /// Appends the `snapshots` frame of a batch whose every lookup was found, written
    /// straight into the buffer: the warm batch's one copy of each snapshot. False, with
    /// nothing appended, when one was not found or the frame would pass a server's bound
    /// (the general ``RequestHandler/snapshotsFrame(_:requestID:version:reusing:)`` then answers).
    mutating func appendFound(_ items: [BatchItem], requestID: UInt32, version: UInt16) -> Bool {
        var answersSize = 0
        for item in items {
            guard case .found(let snapshot, let name, _) = item else { return false }
            answersSize += SnapshotsFrameWriter.answerSize(of: snapshot, .asked(name), version: version)
        }
        return appendPage(count: items.count, answersSize: answersSize, requestID: requestID, version: version) { page in
            for case .found(let snapshot, let name, let source) in items { page.append(snapshot, .asked(name), source: source) }
        }
    }

    /// Appends the `snapshots` frame of a page found whole in memory, copied from `hotCache`'s
    /// entries under its lock. False, with nothing appended, when one is not there or the
    /// frame would pass a server's bound.
    ///
    /// - Parameter page: The references the lookups came by: the entries of lookups served
    ///   from memory before remember theirs, for the page by references alone. Asked for a
    ///   second time, that is: a page asked for once costs no more.
    mutating func appendFound(_ resolved: [LookupKeys.Resolved], remembering page: HotCache.PageReferences?, from hotCache: HotCache,
                              requestID: UInt32, version: UInt16) -> Bool {
        // Room for a page like the last one, made before the cache's lock is taken: the page
        // is copied under it, and should not allocate there too.
        bytes.reserveCapacity(minimumWritableBytes: lastPageSize)
        var places = takePlaces()
        defer { self.places = places }
        let written = hotCache.withPage(count: resolved.count, key: { (resolved[$0].key, resolved[$0].cacheSlot.load(ordering: .relaxed)) },
                                        found: { resolved[$0].cacheSlot.store($1, ordering: .relaxed) }, places: &places) { cached in
            var answersSize = 0
            for position in 0 ..< cached.count {
                answersSize += cached.withPayload(position) { SnapshotsFrameWriter.answerSize(of: $0, .asked(resolved[position].name), version: version) }
            }
            return appendPage(count: cached.count, answersSize: answersSize, requestID: requestID, version: version) { page in
                for position in 0 ..< cached.count {
                    cached.withPayload(position) { page.append($0, .asked(resolved[position].name), source: .memory) }
                }
            }
        }
        guard written else { return false }
        if let page, page.references.count == resolved.count {
            hotCache.remember(page, places: places) { position in
                // Served before: remembered now.
                resolved[position].servedFromMemory.exchange(true, ordering: .relaxed) ? (resolved[position].key, resolved[position].name) : nil
            }
        }
        return true
    }

    /// Appends the `snapshots` frame of a page whose every reference `hotCache` remembers,
    /// copied from its entries under its lock. False, with nothing appended, otherwise.
    mutating func appendFound(_ page: HotCache.PageReferences, from hotCache: HotCache, requestID: UInt32) -> Bool {
        bytes.reserveCapacity(minimumWritableBytes: lastPageSize)
        var places = takePlaces()
        defer { self.places = places }
        let written = hotCache.withRememberedPage(page, places: &places) { cached, answersSize in
            appendPage(count: cached.count, answersSize: answersSize, requestID: requestID, version: page.version) { writer in
                for position in 0 ..< cached.count {
                    cached.withPayload(position) { writer.append($0, .asStored, source: .memory) }
                }
            }
        }
        return written
    }

    /// Appends a `snapshots` frame of `count` snapshots, `answersSize` bytes of answers, that
    /// `answers` appends to the ``SnapshotsFrameWriter/PageWriter`` it is given; false, with
    /// nothing appended, when it would pass a server's bound.
    private mutating func appendPage(count: Int, answersSize: Int, requestID: UInt32, version: UInt16,
                                     answers: (inout SnapshotsFrameWriter.PageWriter) -> Void) -> Bool {
        guard let size = SnapshotsFrameWriter.frameSize(count: count, answersSize: answersSize) else { return false }
        bytes.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { memory in
            var page = SnapshotsFrameWriter.PageWriter(requestID: requestID, count: count, answersSize: answersSize, version: version, into: memory)
            answers(&page)
            return page.finish()
        }
        lastPageSize = size
        return true
    }

    /// The scratch array of places, taken out so that the cache's closure does not capture
    /// `self` twice.
    private mutating func takePlaces() -> [Int] {
        var taken: [Int] = []
        swap(&taken, &places)
        return taken
    }

    /// Appends a frame that `encode` writes into the array it is given (a batch's
    /// `snapshots`): the buffer's own scratch array, kept from one burst to the next.
    mutating func append(frameEncodedBy encode: ([UInt8]) -> [UInt8]) {
        var taken: [UInt8] = []
        swap(&taken, &scratch)
        var frame = encode(taken)
        bytes.writeBytes(frame)
        frame.removeAll(keepingCapacity: true)
        if frame.capacity <= Self.reusedCapacity { scratch = frame }
    }

    /// Hands the frames appended so far to `write`, then empties the buffer for the next
    /// burst.
    ///
    /// Written at once in the usual case, the storage is ours alone again when `write`
    /// returns and is reused; when NIO still holds it (a full socket), `clear()` gives the
    /// buffer new storage.
    mutating func flush(_ write: (ByteBuffer) -> Void) {
        guard !isEmpty else { return }
        write(bytes)
        if bytes.capacity <= Self.reusedCapacity {
            bytes.clear()
        } else {
            bytes = ByteBuffer()
        }
    }
}
