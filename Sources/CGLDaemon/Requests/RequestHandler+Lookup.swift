import CGLDocument
import CGLWire

extension RequestHandler {
    /// The payload of a lookup found in memory, named for `name` (source byte unset), or nil
    /// when the lookup must wait (or failed in a way ``lookup(_:_:requestID:into:)`` reports).
    func cachedPayload(_ name: String, _ request: WireEnvironmentRequest) -> [UInt8]? {
        guard let scheme = registry.scheme(named: name), let environment = try? resolver.environment(for: request),
              let payload = snapshots.cached(SnapshotService.key(scheme, environment)) else { return nil }
        return SnapshotPayload.naming(name, in: payload)
    }

    /// A lookup found in memory, answered at once; false when it must wait (or failed
    /// in a way ``lookup(_:_:requestID:into:)`` reports).
    func lookupAtOnce(_ name: String, _ request: WireEnvironmentRequest, requestID: UInt32, into buffer: inout [UInt8]) -> Bool {
        guard let payload = cachedPayload(name, request) else { return false }
        WireSnapshot.encodeFrame(payload: payload, source: .memory, requestID: requestID, into: &buffer)
        return true
    }

    /// A lookup through the caches, the store, or computing.
    func lookup(_ name: String, _ request: WireEnvironmentRequest, requestID: UInt32, into buffer: inout [UInt8]) async throws(RequestError) {
        let (scheme, environment) = try resolve(name, request)
        let (found, source) = try await snapshots.snapshot(of: scheme, for: environment)
        let payload = SnapshotPayload.naming(name, in: found)
        guard payload.count + 5 <= ResponseEncoder.maximumFrameLength else {
            throw RequestError(.tooLarge, "the snapshot of '\(name)' is \(payload.count) bytes, over the frame size a server may send")
        }
        WireSnapshot.encodeFrame(payload: payload, source: source, requestID: requestID, into: &buffer)
    }

    /// The registered scheme and the environment a lookup names.
    func resolve(_ name: String, _ request: WireEnvironmentRequest) throws(RequestError) -> (RegisteredScheme, ResolvedEnvironment) {
        guard let scheme = registry.scheme(named: name) else { throw Self.notFound(name, among: registry.all().map(\.name)) }
        return (scheme, try resolver.environment(for: request))
    }

    /// `notFound` for `name`, with a suggestion when a registered name is close.
    static func notFound(_ name: String, among names: [String]) -> RequestError {
        var message = "no scheme is registered as '\(name)'"
        if let close = suggestion(for: name, among: names) { message += "; did you mean '\(close)'?" }
        return RequestError(.notFound, message)
    }
}
