import GRDB

extension SQLiteSchemeStore {
    public func registryMirror() async throws(StoreError) -> RegistryHead? {
        try await read("reading the registry mirror's revision") { db in
            try RegistryMirrorRecord.fetchOne(db).map { RegistryHead(registryID: $0.registryID, revision: $0.revision) }
        }
    }

    public func schemeRevisions() async throws(StoreError) -> [String: MirroredRevision] {
        try await read("reading the schemes' revisions") { db in
            var revisions: [String: MirroredRevision] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT name, revision, hash FROM schemes") {
                revisions[row[0] as String] = MirroredRevision(revision: row[1], hash: row[2])
            }
            return revisions
        }
    }

    public func applyRegistryChanges(_ entries: [RegistryEntry], _ application: MirrorApplication,
                                     mirroring head: RegistryHead?) async throws(StoreError) -> [MirroredChange] {
        let now = Milliseconds.from(configuration.now())
        return try await write("applying \(entries.count) changes of the shared registry") { db in
            var applied: [MirroredChange] = []
            let mirrored = try RegistryMirrorRecord.fetchOne(db)?.revision ?? 0
            for entry in entries {
                let existing = try SchemeRecord.fetchOne(db, key: entry.name)
                switch application {
                case .newerOnly:
                    if let existing, entry.revision <= existing.revision ?? 0 { continue }
                    if existing == nil, entry.revision <= mirrored { continue }
                case .replacing(let upTo):
                    if let upTo, let revision = existing?.revision, revision > upTo { continue }
                }
                if let hash = entry.hash, let document = entry.document {
                    let record = SchemeRecord(name: entry.name, hash: hash, document: document, elementCount: entry.elementCount,
                                              registeredAt: Milliseconds.from(entry.registeredAt), updatedAt: Milliseconds.from(entry.updatedAt),
                                              revision: entry.revision)
                    let outcome = try SchemeRecord.register(record, in: db)
                    if outcome != .unchanged { applied.append(MirroredChange(entry: entry, previousHash: existing?.hash)) }
                } else if existing != nil {
                    _ = try SchemeRecord.unregister(name: entry.name, in: db)
                    applied.append(MirroredChange(entry: entry, previousHash: existing?.hash))
                }
            }
            if let head {
                try RegistryMirrorRecord(registryID: head.registryID, revision: head.revision, syncedAt: now).save(db)
            }
            return applied
        }
    }
}
