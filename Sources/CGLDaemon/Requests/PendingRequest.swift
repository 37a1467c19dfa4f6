import CGLWire

/// A request that cannot be answered on the event loop, resolved as far as the event loop
/// could: what ``RequestHandler/perform(_:requestID:output:)`` does later, on a task.
enum PendingRequest: Sendable {
    /// A lookup that missed memory: the store, or computing; answered in the connection's
    /// protocol version.
    case lookup(name: String, SnapshotTarget, version: UInt16)
    /// A batch of lookups some of which missed memory; answered in the connection's
    /// protocol version.
    case batch([BatchItem], version: UInt16)
    case register(document: [UInt8])
    case unregister(name: String)
    case list
    case stats
    /// A prewarm, answered as the connection's protocol `version` lays out its summary.
    case prewarm(schemes: [String], profiles: [String], content: [WireContent], version: UInt16)
}

/// Where the frames of a pending request's answer go.
struct AnswerOutput: Sendable {
    /// Writes the final answer (called once per request); the connection counts the
    /// request answered once the answer is written, or cannot be (the client left).
    let send: @Sendable ([UInt8]) -> Void
    /// Writes an event (prewarm progress) without waiting: a client that does not read must
    /// not hold up a prewarm others share.
    let notify: @Sendable ([UInt8]) -> Void
}
