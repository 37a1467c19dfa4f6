extension WireResponse {
    /// The longest frame length a server sends (`docs/protocol.md` §4): every client
    /// accepts it.
    public static let maximumServerFrameLength = Int(WireFrame.defaultMaximumSize)

    /// Appends the response as a frame no longer than `limit` allows: an answer too long
    /// becomes a `tooLarge` error, and an error too long loses issues from its end, its
    /// message saying how many (`docs/protocol.md` §10).
    public func encode(requestID: UInt32, version: UInt16 = Handshake.currentVersion, into buffer: inout [UInt8], limit: Int) {
        let start = buffer.count
        encode(requestID: requestID, version: version, into: &buffer)
        let length = WireFrame.length(ofFrameAt: start, in: buffer)
        guard length > limit else { return }
        buffer.removeSubrange(start...)
        if case .error(let error) = self {
            Self.appendShortened(error, requestID: requestID, to: &buffer, limit: limit)
        } else {
            let message = "the answer to this \(kind) request would be a frame of \(length) bytes, over the \(limit) a server may send"
            WireResponse.error(WireError(code: .tooLarge, message: message)).encode(requestID: requestID, into: &buffer)
        }
    }

    /// An error frame with as many of its issues as fit, found by halving.
    private static func appendShortened(_ error: WireError, requestID: UInt32, to buffer: inout [UInt8], limit: Int) {
        var low = 0
        var high = error.issues.count
        var best: [UInt8] = []
        while low <= high {
            let kept = (low + high) / 2
            var candidate = error
            candidate.issues = Array(error.issues.prefix(kept))
            candidate.message += " (\(error.issues.count - kept) of \(error.issues.count) issues left out: the answer would be too large)"
            var bytes: [UInt8] = []
            WireResponse.error(candidate).encode(requestID: requestID, into: &bytes)
            if WireFrame.length(ofFrameAt: 0, in: bytes) <= limit {
                best = bytes
                low = kept + 1
            } else {
                high = kept - 1
            }
        }
        if best.isEmpty {
            // Not even the message fits (it repeats a huge input): its start, said to be cut.
            var cut = error
            cut.issues = []
            cut.message = String(decoding: error.message.utf8.prefix(max(0, limit / 2)), as: UTF8.self) + "… (the message was cut: too large)"
            WireResponse.error(cut).encode(requestID: requestID, into: &best)
        }
        buffer += best
    }
}
