import CGLWire
import NIOCore

/// The frames a connection answers in one read burst, written together at its end; kept
/// from one burst to the next, so that a warm answer allocates nothing.
struct AnswerBuffer {
    private(set) var bytes = ByteBuffer()
    /// Scratch space for answers the encoders write as arrays.
    private var scratch: [UInt8] = []
    /// Scratch space for the hot cache's places of a page's entries.
    private var places: [Int] = []
    /// The bytes of the last page written from the hot cache.
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
    /// (the general ``RequestHandler/snapshotsFrame(_:requestID:reusing:)`` then answers).
    mutating func appendFound(_ items: [BatchItem], requestID: UInt32, version: UInt16) -> Bool {
        var answersSize = 0
        for item in items {
            guard case .found(let snapshot, let name, _) = item else { return false }
            answersSize += SnapshotsFrameWriter.answerSize(of: snapshot, named: name, version: version)
        }
        guard let size = SnapshotsFrameWriter.frameSize(count: items.count, answersSize: answersSize) else { return false }
        bytes.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { memory in
            var offset = SnapshotsFrameWriter.writeHeader(requestID: requestID, count: items.count, size: size, into: memory)
            for case .found(let snapshot, let name, let source) in items {
                offset += SnapshotsFrameWriter.writeAnswer(snapshot, named: name, source: source, version: version,
                                                           into: UnsafeMutableRawBufferPointer(rebasing: memory[offset...]))
            }
            return size
        }
        return true
    }

    /// Appends the `snapshots` frame of a page found whole in memory, written by `hotCache`
    /// straight from its entries. False, with nothing appended, when one is not there or the
    /// frame would pass a server's bound.
    ///
    /// - Parameter page: The references the lookups came by, for the cache to remember.
    mutating func appendFound(_ resolved: [LookupKeys.Resolved], remembering page: HotCache.PageReferences?, from hotCache: HotCache,
                              requestID: UInt32, version: UInt16) -> Bool {
        appendPage { (bytes: inout ByteBuffer, places: inout [Int]) in
            hotCache.writePage(resolved, remembering: page, requestID: requestID, version: version, into: &bytes, places: &places)
        }
    }

    /// Appends the `snapshots` frame of a page whose every reference `hotCache` remembers,
    /// written straight from its entries. False, with nothing appended, otherwise.
    mutating func appendFound(_ page: HotCache.PageReferences, from hotCache: HotCache, requestID: UInt32) -> Bool {
        appendPage { (bytes: inout ByteBuffer, places: inout [Int]) in
            hotCache.writePage(page, requestID: requestID, into: &bytes, places: &places)
        }
    }

    private mutating func appendPage(_ write: (inout ByteBuffer, inout [Int]) -> Bool) -> Bool {
        // Room for a page like the last one, made before the cache's lock is taken: the
        // cache copies the page under it, and should not allocate there too.
        bytes.reserveCapacity(minimumWritableBytes: lastPageSize)
        let start = bytes.writerIndex
        guard write(&bytes, &places) else { return false }
        lastPageSize = bytes.writerIndex - start
        return true
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
