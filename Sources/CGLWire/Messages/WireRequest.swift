/// A request, client to server (`docs/protocol.md`, "Requests").
///
/// Each travels in one frame with an id the client chose; the server's answers carry
/// the same id.
public enum WireRequest: Sendable, Hashable {
    /// Asks for a `pong`.
    case ping
    /// Registers (or replaces) the scheme a document describes; answered by `registered`.
    ///
    /// The document travels as the bytes of its JSON text, not checked as UTF-8 here:
    /// invalid text is an invalid document, reported with a position by the server.
    case register(document: [UInt8])
    /// Removes the scheme called `name`; answered by `unregistered`.
    case unregister(name: String)
    /// Asks for every registered scheme; answered by `schemes`.
    case list
    /// Asks for the snapshot of a scheme in an environment (from version 2, with a text
    /// scale and content); answered by `snapshot`.
    case lookup(WireLookup)
    /// Computes and stores snapshots ahead of lookups: of `schemes` (empty: every
    /// registered scheme) for `profiles` (empty: the configured ones), and from version 2
    /// for each of `content` (empty: the documents' defaults alone). Answered by
    /// `prewarmProgress` events, then `prewarmFinished`.
    case prewarm(schemes: [String], profiles: [String], content: [WireContent] = [])
    /// Asks for the daemon's counters; answered by `stats`.
    case stats
    /// Asks for many snapshots at once (version 2); answered by one `snapshots` frame, an
    /// answer per lookup in the same order.
    case lookupBatch([WireLookup])
    /// A batch whose lookups may name lookups sent in full before by their reference
    /// (version 4); answered as `lookupBatch` is, a reference the server does not know
    /// answered `unknownReference` in its place.
    case lookupBatchWithReferences([WireLookupItem])

    /// A lookup of `scheme` in `environment`.
    public static func lookup(scheme: String, environment: WireEnvironmentRequest, textScale: Double? = nil,
                              content: WireContent = .none) -> WireRequest {
        .lookup(WireLookup(scheme: scheme, environment: environment, textScale: textScale, content: content))
    }

    /// The kind byte of each request.
    public enum Kind: UInt8, Sendable, Hashable, CaseIterable {
        /// `0x01`, answered by `pong`.
        case ping = 0x01
        /// `0x02`, answered by `registered`.
        case register = 0x02
        /// `0x03`, answered by `unregistered`.
        case unregister = 0x03
        /// `0x04`, answered by `schemes`.
        case list = 0x04
        /// `0x05`, answered by `snapshot`.
        case lookup = 0x05
        /// `0x06`, answered by `prewarmProgress` events, then `prewarmFinished`.
        case prewarm = 0x06
        /// `0x07`, answered by `stats`.
        case stats = 0x07
        /// `0x08`, answered by `snapshots`; version 2.
        case lookupBatch = 0x08
        /// `0x09`, answered by `snapshots`; version 4.
        case lookupBatchWithReferences = 0x09

        /// The protocol version that introduced the kind.
        public var introducedIn: UInt16 {
            switch self {
            case .lookupBatch: 2
            case .lookupBatchWithReferences: 4
            default: 1
            }
        }
    }

    /// The request's kind.
    public var kind: Kind {
        switch self {
        case .ping: .ping
        case .register: .register
        case .unregister: .unregister
        case .list: .list
        case .lookup: .lookup
        case .prewarm: .prewarm
        case .stats: .stats
        case .lookupBatch: .lookupBatch
        case .lookupBatchWithReferences: .lookupBatchWithReferences
        }
    }

    /// Whether protocol `version` can carry this request: a kind it has, and no field
    /// (a text scale, content) it lacks.
    public func isExpressible(in version: UInt16) -> Bool {
        guard kind.introducedIn <= version else { return false }
        switch self {
        case .lookup(let lookup): return lookup.isExpressible(in: version)
        case .prewarm(_, _, let content): return version >= 2 ? content.allSatisfy { $0.isExpressible(in: version) } : content.isEmpty
        case .lookupBatch(let lookups): return lookups.allSatisfy { $0.isExpressible(in: version) }
        case .lookupBatchWithReferences(let items):
            return items.allSatisfy { item in
                if case .lookup(let lookup) = item { return lookup.isExpressible(in: version) }
                return true
            }
        default: return true
        }
    }

    /// The longest document a `register` frame can carry to a receiver of
    /// `maximumFrameSize`: the frame's length counts the kind, the id and the document's
    /// own length field too.
    public static func largestDocument(maximumFrameSize: UInt32) -> Int {
        max(0, Int(maximumFrameSize) - Int(WireFrame.minimumLength) - 4)
    }

    /// Appends the request as a complete frame with `requestID`, laid out for protocol
    /// `version`.
    ///
    /// - Precondition: ``isExpressible(in:)`` `version`.
    public func encode(requestID: UInt32, version: UInt16 = Handshake.currentVersion, into buffer: inout [UInt8]) {
        precondition(isExpressible(in: version), "protocol version \(version) cannot carry this \(kind) request")
        WireFrame.encode(kind: kind.rawValue, requestID: requestID, into: &buffer) { writePayload(to: &$0, version: version) }
    }

    /// Appends the request's payload alone (no frame header), laid out for `version`.
    public func encodePayload(version: UInt16 = Handshake.currentVersion, into buffer: inout [UInt8]) {
        ByteWriter.append(to: &buffer) { writePayload(to: &$0, version: version) }
    }

    /// Decodes a request frame.
    ///
    /// - Throws: `WireDecodingError` with the frame's kind and request id:
    ///   `reservedRequestID` for the id 0, `unknownKind` for a kind that is no request, or
    ///   the malformation of the payload.
    public init(frame: WireFrame, version: UInt16 = Handshake.currentVersion) throws(WireDecodingError) {
        self = try WireDecodingError.stamping(requestID: frame.requestID) { () throws(WireDecodingError) in
            try Self.checkRequestID(frame.requestID, kind: frame.kind)
            return try WireRequest(kind: frame.kind, payload: frame.payload[...], version: version)
        }
    }

    /// Decodes a whole request frame in place, header and payload, from the bytes a
    /// stream reader holds (a server's read buffer): nothing is copied but the request's
    /// own fields.
    ///
    /// - Parameters:
    ///   - frame: Exactly one frame, as ``WireFrame/Header/peek(_:maximumFrameSize:)``
    ///     delimited it.
    ///   - version: The connection's protocol version.
    /// - Returns: The request id and the request.
    /// - Throws: `WireDecodingError` with the frame's kind and request id, as
    ///   ``init(frame:version:)`` does.
    public static func decode(frame: UnsafeRawBufferPointer, version: UInt16 = Handshake.currentVersion) throws(WireDecodingError) -> (requestID: UInt32, request: WireRequest) {
        guard let header = try WireFrame.Header.peek(frame, maximumFrameSize: UInt32.max), header.frameSize == frame.count else {
            throw WireDecodingError(code: .truncated, message: "the bytes given are not exactly one frame", offset: 0)
        }
        let payload = UnsafeRawBufferPointer(rebasing: frame[WireFrame.headerSize...])
        let request = try WireDecodingError.stamping(requestID: header.requestID) { () throws(WireDecodingError) in
            try checkRequestID(header.requestID, kind: header.kind)
            return try WireRequest(kind: header.kind, version: version) { body throws(WireDecodingError) in try ByteReader.reading(raw: payload, body) }
        }
        return (header.requestID, request)
    }

    /// Refuses the id 0, which the protocol reserves for errors of the connection.
    private static func checkRequestID(_ requestID: UInt32, kind: UInt8) throws(WireDecodingError) {
        // Answered with id 0 like any error of the connection, which is what a client that
        // sent it would take it for: a request cannot use the id errors of the connection use.
        guard requestID != 0 else {
            throw WireDecodingError(code: .reservedRequestID,
                                    message: "a request uses the id 0, which is reserved for errors of the connection; number requests from 1",
                                    kind: kind, requestID: 0)
        }
    }

    /// Decodes a request's payload.
    ///
    /// - Throws: `WireDecodingError` with `kind`: `unknownKind` for a kind that is no
    ///   request, `laterVersion` for a kind `version` does not have, or the malformation of
    ///   the payload (`truncated`, `trailingBytes`, …).
    public init(kind: UInt8, payload: ArraySlice<UInt8>, version: UInt16 = Handshake.currentVersion) throws(WireDecodingError) {
        try self.init(kind: kind, version: version) { body throws(WireDecodingError) in try ByteReader.reading(payload, body) }
    }

    /// Decodes a request of `kind` from the reader `read` makes.
    private init(kind: UInt8, version: UInt16,
                 read: ((inout ByteReader) throws(WireDecodingError) -> WireRequest) throws(WireDecodingError) -> WireRequest) throws(WireDecodingError) {
        guard let known = Kind(rawValue: kind) else {
            let what = kind >= 0x80 ? "a response kind, which a client cannot send" : "not a request kind of protocol version \(version)"
            throw WireDecodingError(code: .unknownKind, message: "the kind 0x\(String(kind, radix: 16)) is \(what)", kind: kind)
        }
        guard known.introducedIn <= version else {
            throw WireDecodingError(code: .laterVersion,
                                    message: "\(known) (0x\(String(kind, radix: 16))) is a request of protocol version \(known.introducedIn); this connection speaks version \(version): connect with version \(known.introducedIn) or later",
                                    kind: kind)
        }
        self = try WireDecodingError.stamping(kind: kind) { () throws(WireDecodingError) in
            try read { reader throws(WireDecodingError) in
                let message = try WireRequest(kind: known, version: version, from: &reader)
                try reader.finish("a \(known) request")
                return message
            }
        }
    }

    private init(kind: Kind, version: UInt16, from reader: inout ByteReader) throws(WireDecodingError) {
        switch kind {
        case .ping: self = .ping
        case .register: self = .register(document: Array(try reader.readByteString("the document")))
        case .unregister: self = .unregister(name: try reader.readString("the scheme name"))
        case .list: self = .list
        case .lookup:
            self = .lookup(try WireLookup(from: &reader, version: version))
        case .prewarm:
            let schemes = try reader.readStrings("the scheme names")
            let profiles = try reader.readStrings("the profile names")
            let content = version >= 2 ? try reader.readList("the content items", minimumSize: WireContent.minimumEncodedSize) { reader throws(WireDecodingError) in
                try WireContent(from: &reader, version: version)
            } : []
            self = .prewarm(schemes: schemes, profiles: profiles, content: content)
        case .stats: self = .stats
        case .lookupBatch:
            self = .lookupBatch(try reader.readList("the lookups", minimumSize: WireLookup.minimumEncodedSize) { reader throws(WireDecodingError) in
                try WireLookup(from: &reader, version: version)
            })
        case .lookupBatchWithReferences:
            self = .lookupBatchWithReferences(try reader.readList("the lookups", minimumSize: WireLookupItem.minimumEncodedSize) { reader throws(WireDecodingError) in
                try WireLookupItem(from: &reader, version: version)
            })
        }
    }

    private func writePayload(to writer: inout ByteWriter, version: UInt16) {
        switch self {
        case .ping, .list, .stats:
            break
        case .register(let document):
            writer.write(byteString: document)
        case .unregister(let name):
            writer.write(name)
        case .lookup(let lookup):
            lookup.write(to: &writer, version: version)
        case .prewarm(let schemes, let profiles, let content):
            writer.write(strings: schemes)
            writer.write(strings: profiles)
            if version >= 2 { writer.write(list: content) }
        case .lookupBatch(let lookups):
            writer.write(count: lookups.count)
            for lookup in lookups {
                lookup.write(to: &writer, version: version)
            }
        case .lookupBatchWithReferences(let items):
            writer.write(count: items.count)
            for item in items {
                item.write(to: &writer, version: version)
            }
        }
    }
}
