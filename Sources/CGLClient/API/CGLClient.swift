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
        var finals = [WireResponse?](repeating: nil, count: requests.count)
        try withConnection { exchange throws(CGLClientError) in
            try exchange.run(requests, timeout: configuration.requestTimeout, event: event) { finals[$0] = $1 }
        }
        return finals.map { $0! }
    }

    /// Sends one request and returns its final response, a daemon error thrown as
    /// ``CGLClientError/Code/daemon``.
    ///
    /// The path of every single call: no array is made for the request or its answer.
    func send(_ request: WireRequest, event: (WireResponse) -> Void = { _ in }) throws(CGLClientError) -> WireResponse {
        var final: WireResponse?
        try withConnection { exchange throws(CGLClientError) in
            try exchange.run(CollectionOfOne(request), timeout: configuration.requestTimeout, event: { event($1) }) { final = $1 }
        }
        let response = final!
        if case .error(let error) = response { throw .daemon(error, socketPath: configuration.socketPath) }
        return response
    }

    /// Runs an exchange on the connection, opening one first when there is none.
    ///
    /// A failure drops the connection. A reused one found closed before any answer came (a
    /// restarted daemon) is replaced and the exchange run again, once.
    private func withConnection(_ body: (inout Exchange) throws(CGLClientError) -> Void) throws(CGLClientError) {
        try connection.withLock { slot throws(CGLClientError) in
            var retried = false
            while true {
                let current: ClientConnection
                if let open = slot {
                    current = open
                } else {
                    current = try ClientConnection(path: configuration.socketPath, timeout: configuration.connectTimeout)
                    slot = current
                }
                var exchange = Exchange(connection: current, socketPath: configuration.socketPath)
                do throws(CGLClientError) {
                    try body(&exchange)
                    return
                } catch {
                    slot = nil
                    guard error.code == .connectionLost, current.hasBeenUsed, !exchange.receivedAny, !retried else { throw error }
                    retried = true
                }
            }
        }
    }

    func unexpected(_ response: WireResponse, for request: String) -> CGLClientError {
        CGLClientError(code: .protocolViolation, message: "cgld answered a \(request) request with \(response.kind)",
                       socketPath: configuration.socketPath)
    }
}
