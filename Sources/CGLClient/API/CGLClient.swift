import CGLWire
import Foundation

/// A client of `cgld` over the daemon's Unix socket.
///
/// ```swift
/// let client = CGLClient()   // CGLD_SOCKET, else .cgld/cgld.sock, $XDG_RUNTIME_DIR/cgld/cgld.sock or /run/cgld/cgld.sock
/// let snapshot = try await client.lookup("feed-cell", in: .profile("phone-portrait"))
/// print(snapshot.source, snapshot["avatar"]?.frame as Any)
/// ```
///
/// Every call is `async` (it suspends, holding no thread, while the daemon answers) or
/// synchronous (the same exchange, blocking the calling thread: the cheapest way to wait,
/// and the warm lookup's path). Each call uses a connection of its own from a small pool,
/// opened on first use and reused after, so concurrent calls never wait for one another:
/// a prewarm that takes minutes holds only its connection. ``lookup(_:)-([Lookup])`` asks
/// for many lookups (a page of a feed, each with its content) in one round trip.
///
/// Failures are ``CGLClientError``s: ``CGLClientError/Code/daemonUnavailable`` when no
/// daemon runs, ``CGLClientError/Code/daemon`` with the daemon's
/// ``CGLClientError/Refusal`` otherwise.
public final class CGLClient: Sendable {
    /// How the client reaches the daemon.
    public let configuration: Configuration
    private let pool: ConnectionPool

    /// A client; nothing is connected before the first call.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        pool = ConnectionPool(maximumIdle: configuration.maximumIdleConnections)
    }

    /// A client of the daemon on `socketPath`, with the default timeouts.
    public convenience init(socketPath: String) {
        self.init(configuration: Configuration(socketPath: socketPath))
    }

    /// Closes the idle connections; the next call opens a new one.
    public func close() {
        pool.removeAll()
    }

    /// Idle connections kept now (for tests and diagnostics).
    public var idleConnections: Int { pool.idleCount }

    /// Sends `requests` pipelined on one connection and hands each final answer to `final`,
    /// blocking the calling thread: the one exchange of every blocking call.
    ///
    /// - Parameters:
    ///   - event: Given each progress event, with the index of its request.
    ///   - final: Given each request's final answer (`error` included), once, with its index.
    /// - Throws: `CGLClientError` when the connection cannot be made or fails; the
    ///   connection is then dropped. A reused connection that turns out closed (a restarted
    ///   daemon) is replaced once, transparently.
    func exchange<Requests: Collection>(_ requests: Requests, event: (Int, WireResponse) -> Void,
                                        final: (Int, Answer) -> Void) throws(CGLClientError) where Requests.Element: OutgoingRequest {
        var retried = false
        while true {
            let connection: ClientConnection
            if let idle = pool.take() {
                connection = idle
            } else {
                connection = try ClientConnection.open(path: configuration.socketPath, timeout: configuration.connectTimeout)
            }
            var turn = Exchange(connection: connection, socketPath: configuration.socketPath)
            do throws(CGLClientError) {
                try turn.run(requests, timeout: configuration.requestTimeout, event: event, final: final)
                pool.giveBack(connection)
                return
            } catch {
                try retryOnce(error, connection, turn, &retried)
            }
        }
    }

    /// ``exchange(_:event:final:)``, suspending rather than blocking: the one exchange of
    /// every async call.
    func exchange<Requests: Collection>(_ requests: Requests, event: (Int, WireResponse) -> Void,
                                        final: (Int, Answer) -> Void) async throws(CGLClientError) where Requests.Element: OutgoingRequest {
        var retried = false
        while true {
            let connection: ClientConnection
            if let idle = pool.take() {
                connection = idle
            } else {
                connection = try await ClientConnection.open(path: configuration.socketPath, timeout: configuration.connectTimeout)
            }
            var turn = Exchange(connection: connection, socketPath: configuration.socketPath)
            do throws(CGLClientError) {
                try await turn.run(requests, timeout: configuration.requestTimeout, event: event, final: final)
                pool.giveBack(connection)
                return
            } catch {
                try retryOnce(error, connection, turn, &retried)
            }
        }
    }

    /// Each request's final answer (`error` included), in request order.
    func send<Request: OutgoingRequest>(_ requests: [Request], event: (Int, WireResponse) -> Void = { _, _ in }) throws(CGLClientError) -> [Answer] {
        var finals = [Answer?](repeating: nil, count: requests.count)
        try exchange(requests, event: event) { finals[$0] = $1 }
        return finals.map { $0! }
    }

    /// ``send(_:event:)-([Request],_)``, suspending rather than blocking.
    func send<Request: OutgoingRequest>(_ requests: [Request], event: (Int, WireResponse) -> Void = { _, _ in }) async throws(CGLClientError) -> [Answer] {
        var finals = [Answer?](repeating: nil, count: requests.count)
        try await exchange(requests, event: event) { finals[$0] = $1 }
        return finals.map { $0! }
    }

    /// One request's final response, a daemon error thrown as ``CGLClientError/Code/daemon``;
    /// the path of every single call (no array is made).
    func send(_ request: WireRequest, event: (WireResponse) -> Void = { _ in }) throws(CGLClientError) -> Answer {
        try send(outgoing: request, event: event)
    }

    /// ``send(_:event:)-(WireRequest,_)``, suspending rather than blocking.
    func send(_ request: WireRequest, event: (WireResponse) -> Void = { _ in }) async throws(CGLClientError) -> Answer {
        try await send(outgoing: request, event: event)
    }

    /// ``send(_:event:)-(WireRequest,_)`` for any outgoing request (lookups laid out when made).
    func send<Request: OutgoingRequest>(outgoing request: Request, event: (WireResponse) -> Void = { _ in }) throws(CGLClientError) -> Answer {
        var final: Answer?
        try exchange(CollectionOfOne(request), event: { event($1) }) { final = $1 }
        return try answer(final!)
    }

    /// ``send(outgoing:event:)``, suspending rather than blocking.
    func send<Request: OutgoingRequest>(outgoing request: Request, event: (WireResponse) -> Void = { _ in }) async throws(CGLClientError) -> Answer {
        var final: Answer?
        try await exchange(CollectionOfOne(request), event: { event($1) }) { final = $1 }
        return try answer(final!)
    }

    private func answer(_ answer: Answer) throws(CGLClientError) -> Answer {
        if case .response(.error(let error)) = answer { throw .daemon(error, socketPath: configuration.socketPath) }
        return answer
    }

    /// After a failed exchange, whose connection is dropped: returns to try once more on a
    /// new connection when a reused one was found closed before any answer came (a daemon
    /// that restarted meanwhile); throws the failure otherwise.
    private func retryOnce(_ error: CGLClientError, _ connection: ClientConnection, _ exchange: Exchange, _ retried: inout Bool) throws(CGLClientError) {
        guard error.code == .connectionLost, connection.hasBeenUsed, !exchange.receivedAny, !retried else { throw error }
        retried = true
    }

    func unexpected(_ answer: Answer, for request: String) -> CGLClientError {
        CGLClientError(code: .protocolViolation, message: "cgld answered a \(request) request with \(answer.kind)",
                       socketPath: configuration.socketPath)
    }
}
