public import Foundation
import GRDB

extension SQLiteSchemeStore {
    /// Registers `document` under `name`, or replaces the document registered under it.
    ///
    /// One transaction. When the hash changes, the previous hash's snapshots are deleted
    /// unless another registered name still has that hash.
    ///
    /// - Parameters:
    ///   - name: The registry key; not empty.
    ///   - hash: The content hash of the document's canonical form (`sha256:` + 64 hex digits).
    ///   - document: The document's original bytes, kept exactly; not empty.
    ///   - elementCount: How many elements the document declares; 0 or more.
    /// - Returns: Whether the name was created, updated or left unchanged.
    /// - Throws: `StoreError` (`constraint` for a value the schema refuses).
    public func register(name: String, hash: String, document: Data, elementCount: Int) async throws(StoreError) -> RegistrationOutcome {
        let now = Milliseconds.from(configuration.now())
        let candidate = SchemeRecord(name: name, hash: hash, document: document, elementCount: elementCount,
                                     registeredAt: now, updatedAt: now, revision: nil)
        return try await write("registering the scheme '\(name)'", scheme: name) { db in
            try SchemeRecord.register(candidate, in: db)
        }
    }

    /// Removes the scheme registered under `name`, and its hash's snapshots unless another
    /// registered name still has that hash.
    ///
    /// - Returns: Whether a scheme was registered under `name`.
    public func unregister(name: String) async throws(StoreError) -> Bool {
        try await write("unregistering the scheme '\(name)'", scheme: name) { db in
            try SchemeRecord.unregister(name: name, in: db)
        }
    }

    /// The scheme registered under `name`, or nil.
    public func scheme(named name: String) async throws(StoreError) -> StoredScheme? {
        try await read("reading the scheme '\(name)'", scheme: name) { db in
            try SchemeRecord.fetchOne(db, key: name)?.stored
        }
    }

    /// Every registered scheme with its document, sorted by name: what the daemon loads at start.
    public func schemes() async throws(StoreError) -> [StoredScheme] {
        try await read("reading the schemes") { db in
            try SchemeRecord.order(SchemeRecord.Columns.name).fetchAll(db).map(\.stored)
        }
    }

    /// Every registered scheme without its document, sorted by name: what a listing shows.
    public func schemeSummaries() async throws(StoreError) -> [SchemeSummary] {
        try await read("listing the schemes") { db in try SchemeRecord.summaries(in: db) }
    }
}
