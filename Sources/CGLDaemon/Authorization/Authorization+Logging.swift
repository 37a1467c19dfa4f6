import CGLWire
import Logging

extension Authorization {
    /// The log line of a refused request, at `warning`:
    /// `Refused a request: not authorized cgl.peer.uid=65534 cgl.peer.gid=65534 cgl.peer.pid=4242 cgl.request.kind=register cgl.request.needs=administer`.
    ///
    /// A constant message, so that operators can search for it; the peer and the operation
    /// in metadata. At most ``LogThrottle/burst`` such lines per window: a client refused
    /// in a loop makes a few, the next one saying how many were not logged.
    static func logDenial(of kind: WireRequest.Kind, to peer: PeerCredentials, logger: Logger, throttle: LogThrottle = .shared) {
        throttle.log(.warning, "Refused a request: not authorized", metadata: Self.denialMetadata(kind: kind, peer: peer), to: logger)
    }

    /// The metadata of ``logDenial(of:to:logger:)``.
    static func denialMetadata(kind: WireRequest.Kind, peer: PeerCredentials) -> Logger.Metadata {
        [
            "cgl.peer.uid": "\(peer.uid)", "cgl.peer.gid": "\(peer.gid)", "cgl.peer.pid": "\(peer.pid)",
            "cgl.request.kind": "\(kind.operationName)", "cgl.request.needs": "\(access(for: kind))",
        ]
    }
}
