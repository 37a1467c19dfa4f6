import CGLWire
import Dispatch
import Foundation
import Synchronization

/// A client of `cgld`: one connection over the daemon's Unix socket, opened on first use,
/// reused by every call, and reopened when it drops.
///
/// ```swift
/// let client = CGLClient()                                          // CGLD_SOCKET or .cgld/cgld.sock
/// let snapshot = try client.lookup(scheme: "feed-cell", environment: .profile("phone-portrait"))
/// print(snapshot.source, snapshot["avatar"]?.frame as Any)
/// ```
///
/// Calls are synchronous (they block the calling thread) or `async` (the same work on a
/// dispatch thread, never blocking Swift's cooperative pool). Calls from several threads
/// take turns on the one connection; ``lookups(_:)`` pipelines many lookups in one turn.
/// Failures are ``CGLClientError``s: ``CGLClientError/Code/daemonUnavailable`` when no
/// daemon runs, ``CGLClientError/Code/daemon`` with the daemon's ``WireError`` otherwise.
public final class CGLClient: Sendable {
    /// How the client reaches the daemon.
    public let configuration: Configuration
    private let connection = Mutex<ClientConnection?>(nil)
    /// Where the `async` calls block: a serial queue of the client's own (calls take turns
    /// on the connection anyway), backed by overcommitting threads, not the cooperative pool.
    let callQueue = DispatchQueue(label: "cglclient.calls")

    /// A client; nothing is connected before the first call.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// A client of the daemon on `socketPath`, with the default timeouts.
    public convenience init(socketPath: String) {
        self.init(configuration: Configuration(socketPath: socketPath))
    }

    /// Closes the connection; the next call opens a new one.
    public func close() {
        connection.withLock { $0 = nil }
    }

    /// Sends `requests` pipelined on the connection and waits for every final answer.
    ///
    /// - Parameters:
    ///   - requests: The requests, sent in order without waiting.
    ///   - event: Given each progress event, with the index of its request.
    /// - Returns: Each request's final response (`error` included), in request order.
    /// - Throws: `CGLClientError` when the connection cannot be made or fails; the
    ///   connection is then dropped. A reused connection that turns out closed (a restarted
    ///   daemon) is replaced once, transparently.
    func send(_ requests: [WireRequest], event: (Int, WireResponse) -> Void = { _, _ in }) throws(CGLClientError) -> [WireResponse] {
        try connection.withLock { slot throws(CGLClientError) -> [WireResponse] in
            var retried = false
            while true {
                let current: ClientConnection
                if let open = slot {
                    current = open
                } else {
                    current = try ClientConnection(path: configuration.socketPath, timeout: configuration.connectTimeout)
                    slot = current
                }
                var exchange = Exchange(requests: requests, connection: current, socketPath: configuration.socketPath)
                do throws(CGLClientError) {
                    try exchange.run(timeout: configuration.requestTimeout, event: event)
                    return exchange.responses
                } catch {
                    slot = nil
                    guard error.code == .connectionLost, current.hasBeenUsed, !exchange.receivedAny, !retried else { throw error }
                    retried = true
                }
            }
        }
    }

    /// Sends one request and returns its final response, a daemon error thrown as
    /// ``CGLClientError/Code/daemon``.
    func send(_ request: WireRequest, event: (WireResponse) -> Void = { _ in }) throws(CGLClientError) -> WireResponse {
        let response = try send([request]) { _, response in event(response) }[0]
        if case .error(let error) = response { throw .daemon(error, socketPath: configuration.socketPath) }
        return response
    }

    func unexpected(_ response: WireResponse, for request: String) -> CGLClientError {
        CGLClientError(code: .protocolViolation, message: "cgld answered a \(request) request with \(response.kind)",
                       socketPath: configuration.socketPath)
    }
}

/// One turn on the connection: numbering the requests, matching answers by id.
private struct Exchange {
    let requests: [WireRequest]
    let connection: ClientConnection
    let socketPath: String
    private(set) var responses: [WireResponse] = []
    private(set) var receivedAny = false

    init(requests: [WireRequest], connection: ClientConnection, socketPath: String) {
        self.requests = requests
        self.connection = connection
        self.socketPath = socketPath
    }

    mutating func run(timeout: Duration, event: (Int, WireResponse) -> Void) throws(CGLClientError) {
        var output: [UInt8] = []
        var ids: [UInt32] = []
        ids.reserveCapacity(requests.count)
        for request in requests {
            let id = connection.makeRequestID()
            ids.append(id)
            request.encode(requestID: id, into: &output)
            try checkSize(request, frameLength: output.count)
        }
        // One request (the usual case) is matched without building an index.
        let indices: [UInt32: Int] = ids.count > 1 ? Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) }) : [:]
        var finals = [WireResponse?](repeating: nil, count: requests.count)
        var remaining = requests.count
        let socketPath = self.socketPath
        try connection.exchange(output, timeout: timeout) { (frame) throws(CGLClientError) -> Bool in
            receivedAny = true
            if frame.requestID == 0, frame.kind == WireResponse.Kind.error.rawValue, case .error(let error)? = try? WireResponse(frame: frame) {
                throw CGLClientError.daemon(error, socketPath: socketPath)
            }
            guard let index = ids.count == 1 ? (frame.requestID == ids[0] ? 0 : nil) : indices[frame.requestID] else { return false }
            let response: WireResponse
            do throws(WireDecodingError) {
                response = try WireResponse(frame: frame)
            } catch where error.code == .unknownKind {
                return false  // a kind of a later version: discarded (§12)
            } catch {
                throw CGLClientError(code: .protocolViolation, message: "cgld sent a malformed answer: \(error)", socketPath: socketPath)
            }
            guard response.isFinal else {
                event(index, response)
                return false
            }
            if finals[index] == nil { remaining -= 1 }
            finals[index] = response
            return remaining == 0
        }
        responses = finals.map { $0! }
    }

    /// Refuses to send a request whose frame the daemon would refuse (closing the connection
    /// with everything in flight).
    private func checkSize(_ request: WireRequest, frameLength: Int) throws(CGLClientError) {
        guard case .register(let document) = request, document.count + 9 > Int(connection.maximumFrameSize) else { return }
        throw CGLClientError(code: .documentTooLarge,
                             message: "the document is \(document.count) bytes; cgld on \(socketPath) accepts at most \(Int(connection.maximumFrameSize) - 9)",
                             socketPath: socketPath)
    }
}
