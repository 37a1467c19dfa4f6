/// A snapshot's payload encoded once, as a server keeps it (in memory, in its store) and
/// answers it many times: each answer is this payload in a `snapshot` frame, with the
/// request's id and where the snapshot was found this time patched in.
///
/// Only this type knows where those bytes are; a server never computes an offset.
///
/// ```swift
/// let encoded = EncodedSnapshot(snapshot)                   // once, when computed
/// var frame: [UInt8] = []
/// encoded.appendFrame(requestID: 7, source: .memory, to: &frame)
/// ```
public struct EncodedSnapshot: Sendable, Hashable {
    /// The payload: a snapshot as ``WireSnapshot/encode(into:)`` writes it.
    public let payload: [UInt8]

    /// Encodes `snapshot` (its source is patched per answer, so it does not matter here).
    public init(_ snapshot: WireSnapshot) {
        var payload: [UInt8] = []
        snapshot.encode(into: &payload)
        self.payload = payload
    }

    /// A payload read back from where it was kept (a store), trusted to be one that
    /// ``init(_:)`` made; nil when it is too short to hold a source and a scheme name,
    /// which no snapshot is.
    public init?(storedPayload payload: [UInt8]) {
        guard Self.nameRange(in: payload) != nil else { return nil }
        self.payload = payload
    }

    /// The bytes of a `snapshot` frame carrying this payload.
    public var frameSize: Int { WireFrame.headerSize + payload.count }

    /// Whether the frame fits a receiver's maximum frame length (8 MiB for every client).
    public func fitsInFrame(maximumLength: UInt32 = WireFrame.defaultMaximumSize) -> Bool {
        payload.count + Int(WireFrame.minimumLength) <= Int(maximumLength)
    }

    /// Writes the `snapshot` frame answering `requestID` into the start of `buffer`: the
    /// header, the payload copied once, the source set.
    ///
    /// - Returns: The bytes written, ``frameSize``.
    /// - Precondition: `buffer` holds at least ``frameSize`` bytes.
    @discardableResult
    public func writeFrame(requestID: UInt32, source: WireSnapshot.Source, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        precondition(buffer.count >= frameSize, "a buffer of \(buffer.count) bytes cannot hold a frame of \(frameSize)")
        WireFrame.Header(length: UInt32(payload.count) + WireFrame.minimumLength, kind: WireResponse.Kind.snapshot.rawValue, requestID: requestID)
            .write(into: buffer)
        let body = UnsafeMutableRawBufferPointer(rebasing: buffer[WireFrame.headerSize ..< frameSize])
        payload.withUnsafeBytes { body.copyMemory(from: $0) }
        body[WireSnapshot.sourceOffset] = source.rawValue
        return frameSize
    }

    /// Appends the `snapshot` frame answering `requestID` to `buffer`.
    public func appendFrame(requestID: UInt32, source: WireSnapshot.Source, to buffer: inout [UInt8]) {
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: frameSize))
        _ = buffer.withUnsafeMutableBytes { bytes in
            writeFrame(requestID: requestID, source: source, into: UnsafeMutableRawBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// Whether the payload names the scheme `name`; compared in place, allocating nothing.
    public func names(_ name: String) -> Bool {
        guard let range = Self.nameRange(in: payload) else { return false }
        return payload[range].elementsEqual(name.utf8)
    }

    /// The same snapshot for the scheme called `name`: a server keys snapshots by the
    /// scheme's content, so two names registered with one document share a payload, and
    /// each answer must carry the name it was asked for. Returns `self` (no copy) when the
    /// payload names it already.
    public func renamed(to name: String) -> EncodedSnapshot {
        guard let range = Self.nameRange(in: payload), !payload[range].elementsEqual(name.utf8) else { return self }
        let wanted = Array(name.utf8)
        var renamed: [UInt8] = []
        renamed.reserveCapacity(payload.count - range.count + wanted.count)
        renamed += payload[..<(range.lowerBound - 4)]
        withUnsafeBytes(of: UInt32(wanted.count).bigEndian) { renamed += $0 }
        renamed += wanted
        renamed += payload[range.upperBound...]
        return EncodedSnapshot(trusted: renamed)
    }

    private init(trusted payload: [UInt8]) {
        self.payload = payload
    }

    /// Where the scheme name's bytes are: the string right after the source byte
    /// (`docs/protocol.md` §7).
    private static func nameRange(in payload: [UInt8]) -> Range<Int>? {
        let lengthStart = WireSnapshot.sourceOffset + 1
        guard payload.count >= lengthStart + 4 else { return nil }
        let length = payload[lengthStart ..< lengthStart + 4].reduce(0) { $0 << 8 | Int($1) }
        let start = lengthStart + 4
        guard length <= payload.count - start else { return nil }
        return start ..< start + length
    }
}
