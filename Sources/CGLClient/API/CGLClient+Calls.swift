public import Foundation
public import CGLValues
import CGLBridge
import CGLWire

// The calls, one per request of the protocol. Each suspends while the daemon answers,
// holding no thread; the blocking variants are in CGLClient+Blocking.swift.
extension CGLClient {
    /// Checks that the daemon answers.
    ///
    /// - Returns: The daemon's version and how long it has been running, in seconds.
    public func ping() async throws(CGLClientError) -> (serverVersion: String, uptime: Double) {
        try pong(try await send(.ping))
    }

    /// Registers (or replaces) the scheme a document describes.
    ///
    /// - Parameter document: The bytes of the document's JSON text, as read from its file.
    /// - Throws: ``CGLClientError/Code/daemon`` with `invalidDocument` and every issue;
    ///   ``CGLClientError/Code/documentTooLarge`` before sending a document the daemon
    ///   would refuse.
    public func register(_ document: Data) async throws(CGLClientError) -> Registration {
        try registration(try await send(.register(document: Array(document))))
    }

    /// Removes a scheme and its snapshots.
    ///
    /// - Returns: Whether a scheme had that name.
    public func unregister(_ name: String) async throws(CGLClientError) -> Bool {
        try existed(try await send(.unregister(name: name)))
    }

    /// Every registered scheme, in ascending order of name.
    public func list() async throws(CGLClientError) -> [SchemeInfo] {
        try schemes(try await send(.list))
    }

    /// The snapshot of a scheme in an environment, laid out for the caller's content, with
    /// where the daemon found it.
    ///
    /// ```swift
    /// let cell = try await client.lookup("feed-cell", in: .profile("phone-portrait"),
    ///                                    content: ["body": .text(post.body), "photo": .size(1200, 800), "hasBadge": false])
    /// ```
    ///
    /// When the daemon is unavailable and the configuration has a fallback
    /// (``Configuration/fallback``: `CGLClientFallback`'s `LocalFallback`), the snapshot is
    /// computed here from the fallback's documents (its source is `computed`).
    ///
    /// - Parameters:
    ///   - scheme: The registered scheme's name.
    ///   - environment: A profile, or explicit values.
    ///   - content: Values of the scheme's slots; those left out take the document's
    ///     defaults. Empty: the document's own content.
    ///   - textScale: The text scale (0.8 to 3.1) replacing the environment's; nil keeps
    ///     the profile's (1 for explicit values).
    /// - Throws: ``CGLClientError/Code/daemon`` with `notFound`, `invalidEnvironment` or
    ///   `invalidContent` (the issues name each slot); ``CGLClientError/Code/daemonUnavailable``
    ///   without a fallback.
    public func lookup(_ scheme: String, in environment: Environment, content: Content = [:],
                       textScale: Double? = nil) async throws(CGLClientError) -> Snapshot {
        let lookup = Lookup(scheme, in: environment, content: content, textScale: textScale)
        do throws(CGLClientError) {
            return try snapshot(try await send(outgoing: LookupRequest.single(lookup)))
        } catch {
            return try fallback(for: error, lookup)
        }
    }

    /// Many lookups in one round trip, answered in their order: sent as `lookupBatch`
    /// requests of at most ``Configuration/maximumBatchItems`` lookups each (pipelined
    /// one by one to a daemon of protocol version 1). The daemon computes the misses in
    /// parallel, each distinct one once.
    ///
    /// ```swift
    /// let cells = try await client.lookup(posts.map { post in
    ///     Lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .text(post.body)])
    /// })
    /// ```
    ///
    /// - Returns: Each lookup's snapshot, or the error that lookup alone met.
    /// - Throws: `CGLClientError` when the daemon cannot be reached (without a fallback) or
    ///   the connection fails.
    public func lookup(_ batch: [Lookup]) async throws(CGLClientError) -> [Result<Snapshot, CGLClientError>] {
        do throws(CGLClientError) {
            let requests = batchRequests(batch)
            do throws(CGLClientError) {
                var results = try batchResults(requests, try await send(requests))
                // Lookups sent by a reference the daemon no longer knows (or never did: a
                // restarted daemon, another host): once more, in full.
                let unknown = Self.unknownReferences(in: results)
                guard !unknown.isEmpty else { return results }
                for index in unknown { batch[index].encoding.referenceUnknown() }
                let resent = batchRequests(unknown.map { batch[$0] }, inFull: true)
                Self.replace(&results, at: unknown, with: try batchResults(resent, try await send(resent)))
                return results
            } catch where error.code == .unsupportedByDaemon && batch.allSatisfy({ $0.request.isExpressible(in: 1) }) {
                return try await send(batch.map(\.request)).map(lookupResult)
            }
        } catch {
            return try fallback(for: error, batch)
        }
    }

    /// Computes and stores snapshots ahead of lookups. A prewarm identical to one running
    /// joins it (`docs/protocol.md` §5).
    ///
    /// - Parameters:
    ///   - schemes: The schemes; empty for every registered one.
    ///   - profiles: The profiles; empty for every profile the daemon has.
    ///   - content: Content items (a page of a feed about to be drawn), each prewarmed for
    ///     every scheme and profile; empty for the documents' own content alone.
    ///   - progress: Given each progress event (do not call the client from it).
    /// - Throws: ``CGLClientError/Code/daemon`` with `notFound`, `invalidEnvironment` or
    ///   `invalidContent` naming the first unknown name or unfit item (nothing was done).
    public func prewarm(schemes: [String] = [], profiles: [String] = [], content: [Content] = [],
                        progress: (PrewarmProgress) -> Void = { _ in }) async throws(CGLClientError) -> PrewarmSummary {
        try summary(try await send(.prewarm(schemes: schemes, profiles: profiles, content: content.map(WireContent.init))) { event in
            if case WireResponse.prewarmProgress(let value) = event { progress(PrewarmProgress(value)) }
        })
    }

    /// The daemon's counters (`docs/protocol.md`, "stats").
    public func stats() async throws(CGLClientError) -> Stats {
        try stats(try await send(.stats))
    }
}
