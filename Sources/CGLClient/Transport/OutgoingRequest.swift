import CGLWire

/// A request as an exchange sends it: a ``WireRequest`` encoded when sent, or lookups
/// laid out when they were made (``LookupRequest``).
protocol OutgoingRequest {
    /// The request's kind, for messages.
    var kind: WireRequest.Kind { get }
    /// Whether protocol `version` can carry it.
    func isExpressible(in version: UInt16) -> Bool
    /// Appends it as a complete frame with `requestID`, laid out for protocol `version`.
    func encode(requestID: UInt32, version: UInt16, into buffer: inout [UInt8])
    /// The bytes of the document a `register` carries; nil for any other request.
    var documentSize: Int? { get }
    /// Whether it is a batch of lookups: answered as a page, after tens of microseconds of
    /// the daemon's work (see ``ClientConnection/AnswerWait``).
    var isBatch: Bool { get }
}

extension WireRequest: OutgoingRequest {
    var documentSize: Int? {
        guard case .register(let document) = self else { return nil }
        return document.count
    }

    var isBatch: Bool {
        switch self {
        case .lookupBatch, .lookupBatchWithReferences: true
        default: false
        }
    }
}

/// One ``Lookup``, or a batch of them, sent as the bytes each lookup was laid out in when
/// it was made: a page of lookups kept and sent again costs copies alone.
///
/// From protocol version 4 a batch is a `lookupBatchWithReferences`: a lookup the daemon
/// answered before goes as its reference (``LookupEncoding/referenceToSend()``), unless `inFull`.
enum LookupRequest: OutgoingRequest {
    /// A `lookup` request.
    case single(Lookup)
    /// A `lookupBatch` or `lookupBatchWithReferences` request.
    case batch(ArraySlice<Lookup>, inFull: Bool = false)

    /// How many lookups it carries.
    var count: Int {
        switch self {
        case .single: 1
        case .batch(let lookups, _): lookups.count
        }
    }

    var kind: WireRequest.Kind {
        switch self {
        case .single: .lookup
        case .batch: .lookupBatch
        }
    }

    var documentSize: Int? { nil }

    var isBatch: Bool {
        if case .batch = self { return true }
        return false
    }

    func isExpressible(in version: UInt16) -> Bool {
        switch self {
        case .single(let lookup): version >= lookup.encoding.version || lookup.wire.isExpressible(in: version)
        case .batch(let lookups, _): lookups.allSatisfy { version >= $0.encoding.version }
        }
    }

    func encode(requestID: UInt32, version: UInt16, into buffer: inout [UInt8]) {
        switch self {
        case .single(let lookup) where version < 2:
            // Version 1 lays a lookup out without a text scale or content: from its fields.
            lookup.request.encode(requestID: requestID, version: version, into: &buffer)
        case .single(let lookup):
            WireRequest.appendLookups(requestID: requestID, CollectionOfOne(lookup.encoding.bytes), batch: false, into: &buffer)
        case .batch(let lookups, let inFull) where version >= WireRequest.Kind.lookupBatchWithReferences.introducedIn:
            // Each lookup's encoding alone: calling into a lookup itself copied it whole (its
            // strings, content and bytes retained and released).
            WireRequest.appendLookupsWithReferences(requestID: requestID, lookups.indices.lazy.map { index in
                let encoding = lookups[index].encoding
                let reference = inFull ? nil : encoding.referenceToSend()
                // The bytes only when they go: an empty array is retained by nobody.
                return (encoded: reference == nil ? encoding.bytes : [], reference: reference)
            }, into: &buffer)
        case .batch(let lookups, _):
            precondition(version >= 2, "protocol version \(version) has no lookupBatch")
            WireRequest.appendLookups(requestID: requestID, lookups.indices.lazy.map { lookups[$0].encoding.bytes }, batch: true, into: &buffer)
        }
    }
}
