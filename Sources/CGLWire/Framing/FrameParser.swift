/// Cuts a byte stream into frames, whatever chunks the bytes arrive in.
///
/// ```swift
/// var parser = FrameParser(maximumFrameSize: hello.maximumFrameSize)
/// parser.feed(chunk)                       // any number of bytes, as they arrive
/// while let frame = try parser.next() {    // every frame complete so far
///     handle(frame)
/// }
/// ```
///
/// The parser is pure (no I/O, no clock), so the daemon's NIO decoder and a plain socket
/// client wrap the same code. A payload is copied once, from the chunk it arrives in
/// straight into the frame's own array, with one bulk copy per chunk; only the 9 header
/// bytes of a frame are handled one piece at a time.
///
/// A declared length below 5 or above the maximum is an error, delivered by ``next()``
/// after every frame that came before it; the stream cannot be followed past it, so the
/// parser stays failed and the connection should be closed. A frame cut short is no error:
/// it waits for its remaining bytes (``hasPartialFrame`` tells a clean end of stream from
/// one in the middle of a frame).
public struct FrameParser: Sendable {
    /// The largest length field accepted (the length counts the kind, the id and the
    /// payload, not the length field itself).
    public let maximumFrameSize: UInt32

    /// The header of the frame being read; complete when it holds `WireFrame.headerSize`
    /// bytes, after which the payload is being read.
    private var header: [UInt8] = []
    /// The payload of the frame being read, reserved to its declared size.
    private var payload: [UInt8] = []
    /// The declared payload size of the frame being read, once its header is complete.
    private var payloadLength = 0
    /// Frames complete and not yet returned by `next()`, from `readyStart` on.
    private var ready: [WireFrame] = []
    private var readyStart = 0
    /// The error that ended the stream, reported once `ready` is drained.
    private var failure: WireDecodingError?

    /// A parser for frames up to `maximumFrameSize` (the length field's limit).
    ///
    /// - Precondition: `maximumFrameSize` is at least 5.
    public init(maximumFrameSize: UInt32 = WireFrame.defaultMaximumSize) {
        precondition(maximumFrameSize >= WireFrame.minimumLength, "a maximum frame size below 5 admits no frame")
        self.maximumFrameSize = maximumFrameSize
        header.reserveCapacity(WireFrame.headerSize)
    }

    /// Whether bytes of an unfinished frame are held: at the end of the stream, this means
    /// the peer stopped in the middle of a frame.
    public var hasPartialFrame: Bool { !header.isEmpty }

    /// Whether the stream had a frame with an unacceptable length; nothing more will be
    /// parsed.
    public var hasFailed: Bool { failure != nil }

    /// Takes the next bytes of the stream.
    ///
    /// Bytes after a frame with an unacceptable length are ignored.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { self.consume($0) }
        if handled == nil {
            Array(bytes).withUnsafeBufferPointer { consume($0) }
        }
    }

    /// Takes the next bytes of the stream from raw memory (a socket read buffer).
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        consume(bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// The next complete frame, or `nil` until more bytes are fed.
    ///
    /// - Throws: `WireDecodingError` (`frameTooShort`, or `frameTooLarge` with the
    ///   frame's kind and request id) once every frame before the bad one was returned;
    ///   again on every later call.
    public mutating func next() throws(WireDecodingError) -> WireFrame? {
        if readyStart < ready.count {
            // Move the frame out so that its payload stays uniquely referenced for the caller.
            let frame = ready[readyStart]
            ready[readyStart].payload = []
            readyStart += 1
            if readyStart == ready.count {
                ready.removeAll(keepingCapacity: true)
                readyStart = 0
            }
            return frame
        }
        if let failure { throw failure }
        return nil
    }

    /// Runs the bytes through the two states, header and payload, until they are used up.
    private mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < bytes.count, failure == nil {
            if header.count < WireFrame.headerSize {
                let take = min(WireFrame.headerSize - header.count, bytes.count - index)
                header.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index ..< index + take]))
                index += take
                checkHeader()
            } else {
                let take = min(payloadLength - payload.count, bytes.count - index)
                payload.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index ..< index + take]))
                index += take
                if payload.count == payloadLength { finishFrame() }
            }
        }
    }

    /// Validates the length as soon as it is known, and starts the payload once the whole
    /// header is there.
    private mutating func checkHeader() {
        let maximum = maximumFrameSize
        let result = header.withUnsafeBytes { bytes in
            Result { () throws(WireDecodingError) in try WireFrame.Header.peek(bytes, maximumFrameSize: maximum) }
        }
        let peeked: WireFrame.Header?
        switch result {
        case .success(let header): peeked = header
        case .failure(let error):
            failure = error
            return
        }
        guard let peeked else { return }
        payloadLength = peeked.payloadSize
        if payloadLength == 0 {
            finishFrame()
        } else {
            // Reserved to the declared size so that the payload is copied once, never
            // regrown; the size is bounded by `maximumFrameSize`.
            payload.reserveCapacity(payloadLength)
        }
    }

    private mutating func finishFrame() {
        let requestID = header[5 ..< 9].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        ready.append(WireFrame(kind: header[4], requestID: requestID, payload: payload))
        payload = []
        payloadLength = 0
        header.removeAll(keepingCapacity: true)
    }
}
