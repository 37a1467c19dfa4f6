public import Foundation
public import CGLValues
import CGLBridge
import CGLWire

// The calls for code that cannot suspend (a `layoutSubviews`, a render thread): the same
// exchanges, blocking the calling thread while the daemon answers. Each uses a connection
// of its own, so a blocked call never holds up another. Do not call them from Swift's
// cooperative pool (an `async` context): use the async calls there.
extension CGLClient {
    /// Checks that the daemon answers.
    public func ping() throws(CGLClientError) -> (serverVersion: String, uptime: Double) {
        try pong(try send(.ping))
    }

    /// Registers a document.
    public func register(_ document: Data) throws(CGLClientError) -> Registration {
        try registration(try send(.register(document: Array(document))))
    }

    /// Removes a scheme.
    public func unregister(_ name: String) throws(CGLClientError) -> Bool {
        try existed(try send(.unregister(name: name)))
    }

    /// Every registered scheme, in ascending order of name.
    public func list() throws(CGLClientError) -> [SchemeInfo] {
        try schemes(try send(.list))
    }

    /// The snapshot of a scheme in an environment, laid out for the caller's content.
    public func lookup(_ scheme: String, in environment: Environment, content: Content = [:],
                       textScale: Double? = nil) throws(CGLClientError) -> Snapshot {
        let lookup = Lookup(scheme, in: environment, content: content, textScale: textScale)
        do throws(CGLClientError) {
            return try snapshot(try send(outgoing: LookupRequest.single(lookup)))
        } catch {
            return try fallback(for: error, lookup)
        }
    }

    /// Many lookups in one round trip, answered in their order.
    public func lookup(_ batch: [Lookup]) throws(CGLClientError) -> [Result<Snapshot, CGLClientError>] {
        do throws(CGLClientError) {
            let requests = batchRequests(batch)
            do throws(CGLClientError) {
                var results = try batchResults(requests, try send(requests))
                // As the async form does: unknown references once more, in full.
                let unknown = Self.unknownReferences(in: results)
                guard !unknown.isEmpty else { return results }
                for index in unknown { batch[index].encoding.referenceUnknown() }
                let resent = batchRequests(unknown.map { batch[$0] }, inFull: true)
                Self.replace(&results, at: unknown, with: try batchResults(resent, try send(resent)))
                return results
            } catch where error.code == .unsupportedByDaemon && batch.allSatisfy({ $0.request.isExpressible(in: 1) }) {
                return try send(batch.map(\.request)).map(lookupResult)
            }
        } catch {
            return try fallback(for: error, batch)
        }
    }

    /// Computes and stores snapshots ahead of lookups; `progress` is called on this thread.
    public func prewarm(schemes: [String] = [], profiles: [String] = [], content: [Content] = [],
                        progress: (PrewarmProgress) -> Void = { _ in }) throws(CGLClientError) -> PrewarmSummary {
        try summary(try send(.prewarm(schemes: schemes, profiles: profiles, content: content.map(WireContent.init))) { event in
            if case WireResponse.prewarmProgress(let value) = event { progress(PrewarmProgress(value)) }
        })
    }

    /// The daemon's counters.
    public func stats() throws(CGLClientError) -> Stats {
        try stats(try send(.stats))
    }
}
