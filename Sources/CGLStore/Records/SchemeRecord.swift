import Foundation
import GRDB

/// A row of `schemes` (`migrations/0001_initial.sql`): one registered scheme document.
struct SchemeRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "schemes"

    var name: String
    var hash: String
    var document: Data
    var elementCount: Int
    /// Milliseconds since the Unix epoch.
    var registeredAt: Int64
    /// Milliseconds since the Unix epoch.
    var updatedAt: Int64
    /// The shared registry's revision of the change that wrote the row; nil for a scheme
    /// registered on this host alone (`migrations/0004_registry_mirror.sql`).
    var revision: Int64?

    enum CodingKeys: String, CodingKey {
        case name, hash, document, revision
        case elementCount = "element_count"
        case registeredAt = "registered_at"
        case updatedAt = "updated_at"
    }

    enum Columns {
        static let name = Column(CodingKeys.name)
        static let hash = Column(CodingKeys.hash)
        static let document = Column(CodingKeys.document)
        static let elementCount = Column(CodingKeys.elementCount)
        static let registeredAt = Column(CodingKeys.registeredAt)
        static let updatedAt = Column(CodingKeys.updatedAt)
        static let revision = Column(CodingKeys.revision)
    }
}

extension SchemeRecord {
    /// The public value.
    var stored: StoredScheme {
        StoredScheme(name: name, hash: hash, document: document, elementCount: elementCount,
                     registeredAt: Milliseconds.date(registeredAt), updatedAt: Milliseconds.date(updatedAt), revision: revision)
    }
}
