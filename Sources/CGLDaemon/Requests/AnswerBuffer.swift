import CGLWire
import NIOCore

/// The frames a connection answers in one read burst, written together at its end; kept
/// from one burst to the next, so that a warm answer allocates nothing.
struct AnswerBuffer {
    private(set) var bytes = ByteBuffer()
    /// Scratch space for answers the encoders write as arrays.
    private var scratch: [UInt8] = []

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

    /// Appends a frame encoded elsewhere (a batch's `snapshots`).
    mutating func append(frame: [UInt8]) {
        bytes.writeBytes(frame)
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
