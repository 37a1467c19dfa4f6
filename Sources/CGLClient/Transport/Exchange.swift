import CGLWire

/// One turn on a connection: requests sent pipelined under consecutive ids, and every
/// frame read back matched to its request by id, until each has its final answer.
///
/// Nothing is allocated per request beyond its answer: the ids are a range, the output is
/// the connection's reused buffer, and which requests are settled is a bit set.
struct Exchange {
    let connection: ClientConnection
    let socketPath: String
    /// Whether any frame arrived: a failure before that, on a reused connection, may be
    /// retried on a new one; after it, requests may have been acted on.
    private(set) var receivedAny = false

    init(connection: ClientConnection, socketPath: String) {
        self.connection = connection
        self.socketPath = socketPath
    }

    /// Sends `requests` and waits for their final answers, blocking the calling thread.
    ///
    /// - Parameters:
    ///   - timeout: How long the daemon may stay silent.
    ///   - event: Given each progress event, with the index of its request.
    ///   - final: Given each request's final answer (an `error` included), once, with its
    ///     index.
    mutating func run<Requests: Collection>(_ requests: Requests, timeout: Duration, event: (Int, WireResponse) -> Void,
                                                        final: (Int, Answer) -> Void) throws(CGLClientError) where Requests.Element: OutgoingRequest {
        guard var matcher = try prepare(requests) else { return }
        defer { receivedAny = matcher.receivedAny }
        let output = try encode(requests, first: matcher.first)
        #if os(Linux)
        let wait: ClientConnection.AnswerWait = requests.contains(where: \.isBatch) ? .inReceive : .inPoll
        #else
        let wait = ClientConnection.AnswerWait.inPoll
        #endif
        try connection.exchange(output, timeout: timeout, waiting: wait) { (frame) throws(CGLClientError) -> Bool in
            try matcher.take(frame, strings: connection.strings, event: event, final: final)
        }
    }

    /// ``run(_:timeout:event:final:)``, suspending rather than blocking while it waits.
    mutating func run<Requests: Collection>(_ requests: Requests, timeout: Duration, event: (Int, WireResponse) -> Void,
                                                        final: (Int, Answer) -> Void) async throws(CGLClientError) where Requests.Element: OutgoingRequest {
        guard var matcher = try prepare(requests) else { return }
        defer { receivedAny = matcher.receivedAny }
        let output = try encode(requests, first: matcher.first)
        try await connection.exchange(output, timeout: timeout) { (frame) throws(CGLClientError) -> Bool in
            try matcher.take(frame, strings: connection.strings, event: event, final: final)
        }
    }

    private func prepare<Requests: Collection>(_ requests: Requests) throws(CGLClientError) -> Matcher? {
        guard !requests.isEmpty else { return nil }
        return Matcher(first: connection.makeRequestIDs(requests.count), count: requests.count, version: connection.version, socketPath: socketPath)
    }

    private func encode<Requests: Collection>(_ requests: Requests, first: UInt32) throws(CGLClientError) -> [UInt8] where Requests.Element: OutgoingRequest {
        var output = connection.takeOutput()
        var id = first
        for request in requests {
            guard request.isExpressible(in: connection.version) else {
                throw CGLClientError(code: .unsupportedByDaemon,
                                     message: "cgld on \(socketPath) speaks protocol version \(connection.version), which has no \(Self.feature(of: request)); upgrade cgld",
                                     socketPath: socketPath)
            }
            try checkSize(request)
            let start = output.count
            request.encode(requestID: id, version: connection.version, into: &output)
            try checkFrameSize(request, WireFrame.length(ofFrameAt: start, in: output))
            id += 1
        }
        return output
    }

    /// What a version lacks that `request` needs, for the message.
    private static func feature(of request: some OutgoingRequest) -> String {
        switch request.kind {
        case .lookupBatch: "lookupBatch (or, before version \(WireContent.runsVersion), texts in runs)"
        case .prewarm: "content in prewarm (or, before version \(WireContent.runsVersion), texts in runs)"
        default: "content or text scale in lookup (or, before version \(WireContent.runsVersion), texts in runs)"
        }
    }

    private func checkSize(_ request: some OutgoingRequest) throws(CGLClientError) {
        guard let size = request.documentSize else { return }
        let largest = WireRequest.largestDocument(maximumFrameSize: connection.maximumFrameSize)
        guard size > largest else { return }
        throw CGLClientError(code: .documentTooLarge,
                             message: "the document is \(size) bytes; cgld on \(socketPath) accepts at most \(largest)",
                             socketPath: socketPath)
    }

    /// Refuses, before sending it, a request the daemon would refuse by closing the
    /// connection: one whose frame passes its maximum (content with a huge text, a huge batch).
    private func checkFrameSize(_ request: some OutgoingRequest, _ length: Int) throws(CGLClientError) {
        guard length > Int(connection.maximumFrameSize) else { return }
        throw CGLClientError(code: .requestTooLarge,
                             message: "the \(request.kind) request is a frame of \(length) bytes; cgld on \(socketPath) accepts at most \(connection.maximumFrameSize): send less content, or split the batch",
                             socketPath: socketPath)
    }

    /// Which frames answer which request of the turn.
    private struct Matcher {
        let first: UInt32
        let count: Int
        let version: UInt16
        let socketPath: String
        var settled = SettledRequests()
        var remaining: Int
        var receivedAny = false

        init(first: UInt32, count: Int, version: UInt16, socketPath: String) {
            self.first = first
            self.count = count
            self.version = version
            self.socketPath = socketPath
            remaining = count
        }

        /// Takes one frame; true once every request has its final answer.
        mutating func take(_ frame: WireFrame, strings: WireStringCache, event: (Int, WireResponse) -> Void,
                           final: (Int, Answer) -> Void) throws(CGLClientError) -> Bool {
            receivedAny = true
            if frame.requestID == 0, frame.kind == WireResponse.Kind.error.rawValue, case .error(let error)? = try? WireResponse(frame: frame) {
                throw CGLClientError.daemon(error, socketPath: socketPath)
            }
            guard frame.requestID >= first, frame.requestID - first < UInt32(count) else { return false }
            let index = Int(frame.requestID - first)
            let answer: Answer
            do throws(WireDecodingError) {
                answer = try Answer(frame: frame, version: version, strings: strings)
            } catch where error.code == .unknownKind {
                return false  // a kind of a later version: discarded (§12)
            } catch {
                throw CGLClientError(code: .protocolViolation, message: "cgld sent a malformed answer: \(error)", socketPath: socketPath)
            }
            if case .response(let response) = answer, !response.isFinal {
                event(index, response)
                return false
            }
            // A second final answer to one request would be the daemon's bug: ignored.
            guard settled.insert(index) else { return false }
            final(index, answer)
            remaining -= 1
            return remaining == 0
        }
    }
}

/// The indices of the requests answered so far: a word for the first 64, a set (made
/// only when needed) for the others.
private struct SettledRequests {
    private var first64: UInt64 = 0
    private var others: Set<Int> = []

    /// Marks `index` settled; false when it already was.
    mutating func insert(_ index: Int) -> Bool {
        guard index < 64 else { return others.insert(index).inserted }
        let bit = UInt64(1) << UInt64(index)
        defer { first64 |= bit }
        return first64 & bit == 0
    }
}
