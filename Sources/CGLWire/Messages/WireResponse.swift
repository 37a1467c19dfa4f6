/// A response or event, server to client (`docs/protocol.md`, "Responses and events").
///
/// Every request gets exactly one final response: its own kind or `error`. A `prewarm`
/// also gets zero or more `prewarmProgress` events before its final response. All carry
/// the request's id.
public enum WireResponse: Sendable, Hashable {
    /// Answers `ping`: the daemon's version and how long it has been running, in seconds.
    case pong(serverVersion: String, uptime: Double)
    /// Answers `register`.
    case registered(WireRegistration)
    /// Answers `unregister`: the name, and whether a scheme had it.
    case unregistered(name: String, existed: Bool)
    /// Answers `list`: every registered scheme, in ascending order of name.
    case schemes([WireSchemeInfo])
    /// Answers `lookup`.
    case snapshot(WireSnapshot)
    /// An event of a running `prewarm` (not a final response).
    case prewarmProgress(WirePrewarmProgress)
    /// Answers `prewarm`, once it is over.
    case prewarmFinished(WirePrewarmSummary)
    /// Answers `stats`.
    case stats(WireStats)
    /// Answers any request that failed.
    case error(WireError)
    /// Answers `lookupBatch` (version 2): an answer per lookup, in the batch's order.
    case snapshots([WireBatchAnswer])

    /// The kind byte of each response and event.
    public enum Kind: UInt8, Sendable, Hashable, CaseIterable {
        /// `0x81`, answers `ping`.
        case pong = 0x81
        /// `0x82`, answers `register`.
        case registered = 0x82
        /// `0x83`, answers `unregister`.
        case unregistered = 0x83
        /// `0x84`, answers `list`.
        case schemes = 0x84
        /// `0x85`, answers `lookup`.
        case snapshot = 0x85
        /// `0x86`, an event of `prewarm`.
        case prewarmProgress = 0x86
        /// `0x87`, answers `prewarm`.
        case prewarmFinished = 0x87
        /// `0x88`, answers `stats`.
        case stats = 0x88
        /// `0x89`, answers `lookupBatch`; version 2.
        case snapshots = 0x89
        /// `0xFF`, answers any request that failed.
        case error = 0xFF

        /// The protocol version that introduced the kind.
        public var introducedIn: UInt16 {
            self == .snapshots ? 2 : 1
        }
    }

    /// The response's kind.
    public var kind: Kind {
        switch self {
        case .pong: .pong
        case .registered: .registered
        case .unregistered: .unregistered
        case .schemes: .schemes
        case .snapshot: .snapshot
        case .prewarmProgress: .prewarmProgress
        case .prewarmFinished: .prewarmFinished
        case .stats: .stats
        case .error: .error
        case .snapshots: .snapshots
        }
    }

    /// Whether this is the last frame for its request id; only progress events are not.
    public var isFinal: Bool { kind != .prewarmProgress }

    /// Appends the response as a complete frame with `requestID`, laid out for protocol
    /// `version`.
    public func encode(requestID: UInt32, version: UInt16 = Handshake.currentVersion, into buffer: inout [UInt8]) {
        WireFrame.encode(kind: kind.rawValue, requestID: requestID, into: &buffer) { writePayload(to: &$0, version: version) }
    }

    /// Appends the response's payload alone (no frame header), laid out for `version`.
    public func encodePayload(version: UInt16 = Handshake.currentVersion, into buffer: inout [UInt8]) {
        ByteWriter.append(to: &buffer) { writePayload(to: &$0, version: version) }
    }

    /// Decodes a response frame.
    ///
    /// - Parameters:
    ///   - frame: The frame.
    ///   - strings: The connection's cache of recent strings, to reuse those that repeat.
    /// - Throws: `WireDecodingError` with the frame's kind and request id: `unknownKind`
    ///   for a kind that is no response, or the malformation of the payload.
    public init(frame: WireFrame, version: UInt16 = Handshake.currentVersion, strings: WireStringCache? = nil) throws(WireDecodingError) {
        self = try WireDecodingError.stamping(requestID: frame.requestID) { () throws(WireDecodingError) in
            try WireResponse(kind: frame.kind, payload: frame.payload[...], version: version, strings: strings)
        }
    }

    /// Decodes a response's payload.
    ///
    /// - Parameters:
    ///   - kind: The frame's kind.
    ///   - payload: The frame's payload.
    ///   - version: The connection's protocol version.
    ///   - strings: The connection's cache of recent strings, to reuse those that repeat.
    /// - Throws: `WireDecodingError` with `kind`: `unknownKind` for a kind that is no
    ///   response of `version`, or the malformation of the payload (`truncated`,
    ///   `trailingBytes`, …).
    public init(kind: UInt8, payload: ArraySlice<UInt8>, version: UInt16 = Handshake.currentVersion,
                strings: WireStringCache? = nil) throws(WireDecodingError) {
        guard let known = Kind(rawValue: kind), known.introducedIn <= version else {
            let what = kind < 0x80 ? "a request kind, which a server does not send" : "not a response kind of protocol version \(version)"
            throw WireDecodingError(code: .unknownKind, message: "the kind 0x\(String(kind, radix: 16)) is \(what)", kind: kind)
        }
        self = try WireDecodingError.stamping(kind: kind) { () throws(WireDecodingError) in
            try ByteReader.reading(payload, strings: strings) { reader throws(WireDecodingError) in
                let message = try WireResponse(kind: known, version: version, from: &reader)
                try reader.finish("a \(known) response")
                return message
            }
        }
    }

    private init(kind: Kind, version: UInt16, from reader: inout ByteReader) throws(WireDecodingError) {
        switch kind {
        case .pong:
            self = .pong(serverVersion: try reader.readString("the server version"), uptime: try reader.readDouble("the uptime"))
        case .registered: self = .registered(try WireRegistration(from: &reader))
        case .unregistered:
            self = .unregistered(name: try reader.readString("the scheme name"), existed: try reader.readBool("whether it existed"))
        case .schemes: self = .schemes(try reader.readList(of: WireSchemeInfo.self, "the schemes"))
        case .snapshot: self = .snapshot(try WireSnapshot(from: &reader, version: version))
        case .prewarmProgress: self = .prewarmProgress(try WirePrewarmProgress(from: &reader))
        case .prewarmFinished: self = .prewarmFinished(try WirePrewarmSummary(from: &reader, version: version))
        case .stats: self = .stats(try WireStats(from: &reader))
        case .error: self = .error(try WireError(from: &reader))
        case .snapshots:
            self = .snapshots(try reader.readList("the answers", minimumSize: WireBatchAnswer.itemHeaderSize) { reader throws(WireDecodingError) in
                try WireBatchAnswer(from: &reader, version: version)
            })
        }
    }

    private func writePayload(to writer: inout ByteWriter, version: UInt16) {
        switch self {
        case .pong(let serverVersion, let uptime):
            writer.write(serverVersion)
            writer.write(uptime)
        case .registered(let registration): writer.write(registration)
        case .unregistered(let name, let existed):
            writer.write(name)
            writer.write(existed)
        case .schemes(let schemes): writer.write(list: schemes)
        case .snapshot(let snapshot): snapshot.write(to: &writer, version: version)
        case .prewarmProgress(let progress): writer.write(progress)
        case .prewarmFinished(let summary): summary.write(to: &writer, version: version)
        case .stats(let stats): writer.write(stats)
        case .error(let error): writer.write(error)
        case .snapshots(let answers):
            writer.write(count: answers.count)
            for answer in answers {
                answer.write(to: &writer, version: version)
            }
        }
    }
}
