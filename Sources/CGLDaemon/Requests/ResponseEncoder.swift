import CGLWire

/// Encodes answers into frames no longer than the protocol allows a server to send.
enum ResponseEncoder {
    /// The longest frame length a server sends (`docs/protocol.md` §4).
    static let maximumFrameLength = Int(WireFrame.defaultMaximumSize)

    /// Appends `response` as a frame; an answer too long becomes `tooLarge`, and an error
    /// too long loses issues from its end, its message saying how many.
    static func append(_ response: WireResponse, requestID: UInt32, to buffer: inout [UInt8], limit: Int = maximumFrameLength) {
        let start = buffer.count
        response.encode(requestID: requestID, into: &buffer)
        guard buffer.count - start - 4 > limit else { return }
        buffer.removeSubrange(start...)
        if case .error(let error) = response {
            appendShortened(error, requestID: requestID, to: &buffer, limit: limit)
        } else {
            let message = "the answer to this \(response.kind) request would be a frame of \(buffer.count - start) bytes, over the \(limit) a server may send"
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
            if bytes.count - 4 <= limit {
                best = bytes
                low = kept + 1
            } else {
                high = kept - 1
            }
        }
        buffer += best
    }

    /// Appends an error frame.
    static func append(_ error: WireError, requestID: UInt32, to buffer: inout [UInt8]) {
        append(.error(error), requestID: requestID, to: &buffer)
    }
}
