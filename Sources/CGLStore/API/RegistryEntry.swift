public import Foundation

/// A name's row in the shared registry: its current document, or its removal.
public struct RegistryEntry: Sendable, Hashable {
    /// The name the document is registered under.
    public var name: String
    /// The document's content hash (`sha256:` and 64 hex digits); nil once unregistered.
    public var hash: String?
    /// The document's bytes exactly as registered; nil once unregistered.
    public var document: Data?
    /// How many elements the document declares (0 once unregistered).
    public var elementCount: Int
    /// The change that wrote this row: the registry's revisions increase by one per change,
    /// and every host applies them in that order.
    public var revision: Int64
    /// When the name was registered (kept across updates).
    public var registeredAt: Date
    /// When the row last changed.
    public var updatedAt: Date
    /// The host whose request made the change (its `registry.hostName`).
    public var updatedBy: String

    /// Whether the row records a removal.
    public var isRemoval: Bool { document == nil }

    public init(name: String, hash: String?, document: Data?, elementCount: Int, revision: Int64,
                registeredAt: Date, updatedAt: Date, updatedBy: String) {
        self.name = name
        self.hash = hash
        self.document = document
        self.elementCount = elementCount
        self.revision = revision
        self.registeredAt = registeredAt
        self.updatedAt = updatedAt
        self.updatedBy = updatedBy
    }
}
