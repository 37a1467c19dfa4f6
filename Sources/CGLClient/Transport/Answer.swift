import CGLWire

/// A final answer as an exchange hands it over: snapshots kept as their bytes and read in
/// place when asked (``Snapshot``), any other response decoded.
enum Answer: Sendable {
    /// A lookup's snapshot.
    case snapshot(WireSnapshotView)
    /// A batch's answers, in the order of its lookups.
    case snapshots(WireBatchAnswers)
    /// Any other response, `error` included.
    case response(WireResponse)

    /// Decodes `frame`, a response of protocol `version`.
    init(frame: WireFrame, version: UInt16, strings: WireStringCache) throws(WireDecodingError) {
        switch frame.kind {
        case WireResponse.Kind.snapshot.rawValue:
            self = .snapshot(try WireSnapshotView(payload: frame.payload, version: version))
        case WireResponse.Kind.snapshots.rawValue where version >= WireResponse.Kind.snapshots.introducedIn:
            self = .snapshots(try WireBatchAnswers(payload: frame.payload, version: version))
        default:
            self = .response(try WireResponse(frame: frame, version: version, strings: strings))
        }
    }

    /// The kind of response it was, for messages.
    var kind: WireResponse.Kind {
        switch self {
        case .snapshot: .snapshot
        case .snapshots: .snapshots
        case .response(let response): response.kind
        }
    }
}
