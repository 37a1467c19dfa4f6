import GRDB

extension SQLiteSchemeStore {
    /// The shared registry this store mirrors and the revision it has applied every change
    /// up to; nil when it mirrors none (a single host).
    public func registryMirror() async throws(StoreError) -> RegistryHead? {
        try await read("reading the registry mirror's revision") { db in
            try RegistryMirrorRecord.fetchOne(db).map { RegistryHead(registryID: $0.registryID, revision: $0.revision) }
        }
    }

    /// The revision and hash of every registered scheme, by name (no revision for one
    /// registered on this host alone).
    public func schemeRevisions() async throws(StoreError) -> [String: MirroredRevision] {
        try await read("reading the schemes' revisions") { db in
            var revisions: [String: MirroredRevision] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT name, revision, hash FROM schemes") {
                revisions[row[0] as String] = MirroredRevision(revision: row[1], hash: row[2])
            }
            return revisions
        }
    }

    /// Applies changes of the shared registry in the order given, then records `head` as
    /// the mirror's (unless nil), in one transaction. A document replaces the name's, a
    /// removal deletes it; snapshots of hashes no scheme has any more go with them, as in
    /// ``register(name:hash:document:elementCount:)``. With `newerOnly`, a change of a name
    /// the store lacks at or below the mirror's revision is skipped: the mirror applied every
    /// change up to there, so that name was removed since (a late copy of a host's own
    /// registration must not bring it back).
    ///
    /// - Returns: The changes that changed the name's document (or removed it), in order.
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
