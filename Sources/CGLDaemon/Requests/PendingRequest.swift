import CGLWire

/// A request that cannot be answered on the event loop, resolved as far as the event loop
/// could: what ``RequestHandler/perform(_:requestID:send:)`` does later, on a task.
enum PendingRequest: Sendable {
    /// A lookup that missed memory: the store, or computing.
    case lookup(name: String, SnapshotTarget)
    case register(document: [UInt8])
    case unregister(name: String)
    case list
    case stats
    case prewarm(schemes: [String], profiles: [String])
}
