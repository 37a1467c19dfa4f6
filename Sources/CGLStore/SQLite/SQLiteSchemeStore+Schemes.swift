public import Foundation
import GRDB

extension SQLiteSchemeStore {
    public func register(name: String, hash: String, document: Data, elementCount: Int) async throws(StoreError) -> RegistrationOutcome {
        let now = Milliseconds.from(configuration.now())
        let candidate = SchemeRecord(name: name, hash: hash, document: document, elementCount: elementCount,
                                     registeredAt: now, updatedAt: now, revision: nil)
        return try await write("registering the scheme '\(name)'", scheme: name) { db in
            try SchemeRecord.register(candidate, in: db)
        }
    }

    public func unregister(name: String) async throws(StoreError) -> Bool {
        try await write("unregistering the scheme '\(name)'", scheme: name) { db in
            try SchemeRecord.unregister(name: name, in: db)
        }
    }

    public func scheme(named name: String) async throws(StoreError) -> StoredScheme? {
        try await read("reading the scheme '\(name)'", scheme: name) { db in
            try SchemeRecord.fetchOne(db, key: name)?.stored
        }
    }

    public func schemes() async throws(StoreError) -> [StoredScheme] {
        try await read("reading the schemes") { db in
            try SchemeRecord.order(SchemeRecord.Columns.name).fetchAll(db).map(\.stored)
        }
    }

    public func schemeSummaries() async throws(StoreError) -> [SchemeSummary] {
        try await read("listing the schemes") { db in try SchemeRecord.summaries(in: db) }
    }
}
