public import Foundation

/// A registered scheme without its document: what a listing shows.
public struct SchemeSummary: Sendable, Hashable {
    /// The name it is registered under.
    public var name: String
    /// The content hash of its canonical form.
    public var hash: String
    /// The size of the registered document, in bytes.
    public var documentSize: Int
    /// How many elements the document declares.
    public var elementCount: Int
    /// When the name was first registered.
    public var registeredAt: Date
    /// When the document was last changed.
    public var updatedAt: Date
    /// The shared registry's revision of the change that registered it; nil for a scheme
    /// registered on this host alone.
    public var revision: Int64?

    public init(name: String, hash: String, documentSize: Int, elementCount: Int, registeredAt: Date, updatedAt: Date, revision: Int64? = nil) {
        self.name = name
        self.hash = hash
        self.documentSize = documentSize
        self.elementCount = elementCount
        self.registeredAt = registeredAt
        self.updatedAt = updatedAt
        self.revision = revision
    }
}
