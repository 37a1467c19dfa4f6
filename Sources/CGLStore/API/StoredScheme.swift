public import Foundation

/// A registered scheme document, as the store keeps it.
public struct StoredScheme: Sendable, Hashable {
    /// The name it is registered under (the registry's key).
    public var name: String
    /// The content hash of its canonical form (`sha256:` and 64 lowercase hex digits).
    public var hash: String
    /// The document's bytes exactly as they were registered.
    public var document: Data
    /// How many elements the document declares.
    public var elementCount: Int
    /// When the name was first registered (kept across updates).
    public var registeredAt: Date
    /// When the document was last changed (equals `registeredAt` until then).
    public var updatedAt: Date
    /// The shared registry's revision of the change that registered it; nil for a scheme
    /// registered on this host alone.
    public var revision: Int64?

    public init(name: String, hash: String, document: Data, elementCount: Int, registeredAt: Date, updatedAt: Date, revision: Int64? = nil) {
        self.name = name
        self.hash = hash
        self.document = document
        self.elementCount = elementCount
        self.registeredAt = registeredAt
        self.updatedAt = updatedAt
        self.revision = revision
    }

    /// The same scheme without its document.
    public var summary: SchemeSummary {
        SchemeSummary(name: name, hash: hash, documentSize: document.count, elementCount: elementCount,
                      registeredAt: registeredAt, updatedAt: updatedAt, revision: revision)
    }
}
