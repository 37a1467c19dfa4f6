import CGLDocument
import CGLWire
import Foundation

/// A scheme the daemon serves: its registry data and its compiled document, ready to
/// snapshot for any environment.
struct RegisteredScheme: Sendable {
    var name: String
    var hash: String
    var compiled: CompiledDocument
    var elementCount: Int
    var registeredAt: Date
    var updatedAt: Date

    /// The scheme as `list` describes it.
    var info: WireSchemeInfo {
        WireSchemeInfo(name: name, hash: hash, elementCount: UInt32(clamping: elementCount),
                       registeredAt: registeredAt.timeIntervalSince1970, updatedAt: updatedAt.timeIntervalSince1970)
    }
}
