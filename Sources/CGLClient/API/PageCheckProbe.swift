public import CGLWire

/// What the client does with a page's answer once its frame is read: the frame checked as
/// an answer, and each lookup's result made, as ``CGLClient/lookup(_:)-([Lookup])`` hands
/// them back. For the regression gate of `Benchmarks/` (`HotPathGate client-page`), which
/// counts its instructions under callgrind; the socket's part is measured beside the
/// daemon's in `Benchmarks/run-daemon`.
@_spi(Benchmarks)
public final class PageCheckProbe {
    private let client: CGLClient
    private let requests: [LookupRequest]
    private let frame: WireFrame
    private let strings = WireStringCache()

    /// A probe of `frame`, the answer to `lookups` sent as one `lookupBatch` (at most
    /// ``CGLClient/Configuration/maximumBatchItems`` of them).
    public init(lookups: [Lookup], answer frame: WireFrame) {
        client = CGLClient(socketPath: "/nonexistent/cgld.sock")
        requests = client.batchRequests(lookups)
        precondition(requests.count == 1, "\(lookups.count) lookups go as \(requests.count) requests, not one")
        self.frame = frame
    }

    /// Checks the frame as the client does; the results, in the lookups' order.
    public func check() throws(CGLClientError) -> [Result<Snapshot, CGLClientError>] {
        let answer: Answer
        do {
            answer = try Answer(frame: frame, version: Handshake.currentVersion, strings: strings)
        } catch {
            throw CGLClientError(code: .protocolViolation, message: "cgld sent a malformed answer: \(error)", socketPath: client.configuration.socketPath)
        }
        return try client.batchResults(requests, [answer])
    }
}
