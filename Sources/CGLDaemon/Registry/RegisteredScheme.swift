import CGLDocument
import CGLWire
import Foundation

/// A scheme the daemon serves: its registry data and its compiled document, ready to
/// snapshot for any environment.
///
/// A class, immutable, so that handing it out of the registry on a warm lookup costs one
/// reference count rather than one per field.
final class RegisteredScheme: Sendable {
    let name: String
    let hash: String
    let compiled: CompiledDocument
    let elementCount: Int
    let registeredAt: Date
    let updatedAt: Date

    init(name: String, hash: String, compiled: CompiledDocument, elementCount: Int, registeredAt: Date, updatedAt: Date) {
        self.name = name
        self.hash = hash
        self.compiled = compiled
        self.elementCount = elementCount
        self.registeredAt = registeredAt
        self.updatedAt = updatedAt
    }

    /// The scheme as `list` describes it.
    var info: WireSchemeInfo {
        WireSchemeInfo(name: name, hash: hash, elementCount: UInt32(clamping: elementCount),
                       registeredAt: registeredAt.timeIntervalSince1970, updatedAt: updatedAt.timeIntervalSince1970)
    }
}
