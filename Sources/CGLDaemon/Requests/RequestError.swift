import CGLStore
import CGLWire

/// A request that failed, carrying the protocol error it is answered with.
///
/// Every failure is turned into a ``WireError`` where it happens, where the input that
/// caused it can still be named; the wire never carries `String(describing:)` of an
/// arbitrary error.
struct RequestError: Error, Sendable {
    var wireError: WireError

    init(_ wireError: WireError) {
        self.wireError = wireError
    }

    init(_ code: WireError.Code, _ message: String) {
        wireError = WireError(code: code, message: message)
    }

    /// The store failed: an internal error whose message says what was being done.
    static func storeFailed(_ error: StoreError, doing operation: String) -> RequestError {
        RequestError(.internal, "\(operation) failed: the store answered \(error.code): \(error.message)")
    }

    /// The daemon is stopping and takes no new work.
    static let shuttingDown = RequestError(.busy, "the daemon is shutting down; retry once it is back")
}
