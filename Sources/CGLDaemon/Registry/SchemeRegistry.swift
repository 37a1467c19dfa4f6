import CGLBridge
import CGLDocument
import CGLFleet
import CGLStore
import CGLWire
import Foundation
import Logging
import Synchronization

/// The registered schemes: durable in the store, compiled in memory.
///
/// Reads (every lookup) take a short lock on the in-memory map and never touch the store.
/// Writes go to the store first, then to memory, one at a time, so that memory always
/// matches what the store committed last.
///
/// On a host of a fleet (``shared`` set), registrations and removals are written to the
/// shared registry in PostgreSQL first — never to this host alone — and then applied to the
/// store, which mirrors the shared registry, as every change the ``RegistrySync`` brings is.
final class SchemeRegistry: Sendable {
    private let store: SQLiteSchemeStore
    /// The fleet's registry, which takes every change first; nil on a single host.
    let shared: PostgresRegistry?
    private let schemes = Mutex<[String: RegisteredScheme]>([:])
    private let changes = Atomic<UInt64>(0)
    private let writes = AsyncLock()
    private let parser: DocumentParser
    private let logger: Logger

    init(store: SQLiteSchemeStore, shared: PostgresRegistry? = nil, parser: DocumentParser, logger: Logger) {
        self.store = store
        self.shared = shared
        self.parser = parser
        self.logger = logger
    }

    /// The scheme registered as `name`.
    func scheme(named name: String) -> RegisteredScheme? {
        schemes.withLock { $0[name] }
    }

    /// Every scheme, in ascending order of name by UTF-8 bytes.
    func all() -> [RegisteredScheme] {
        schemes.withLock { Array($0.values) }.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    var count: Int { schemes.withLock { $0.count } }

    /// Counts the changes of what names resolve to (a scheme added, dropped, or registered
    /// with another document): read before resolving a name, it says whether what the name
    /// resolved to may have changed since (``LookupKeys``).
    var generation: UInt64 { changes.load(ordering: .acquiring) }

    /// Registers a document given as its bytes.
    ///
    /// - Returns: The registration, and the hash the name had before when it changed.
    /// - Throws: ``RegistryError`` `invalidDocument` with every issue, or `store` when the
    ///   store cannot be written.
    func register(_ bytes: [UInt8]) async throws(RegistryError) -> (registration: WireRegistration, replacedHashes: [String]) {
        try await register(try await parse(bytes), bytes: bytes)
    }

    /// Parses and validates a document, on the compute threads.
    ///
    /// - Throws: ``RegistryError`` `invalidDocument` with every issue.
    func parse(_ bytes: [UInt8]) async throws(RegistryError) -> SchemeDocument {
        try await parser.parse(bytes)
    }

    /// Registers a parsed `document` whose text is `bytes`.
    ///
    /// - Returns: The registration, and the hash the name had before when it changed.
    /// - Throws: ``RegistryError`` `store` when the store cannot be written.
    func register(_ document: SchemeDocument, bytes: [UInt8]) async throws(RegistryError) -> (registration: WireRegistration, replacedHashes: [String]) {
        if let shared { return try await registerShared(document, bytes: bytes, in: shared) }
        return try await writes.withLock { () async throws(RegistryError) -> (registration: WireRegistration, replacedHashes: [String]) in
            let outcome: RegistrationOutcome
            let stored: StoredScheme?
            do throws(StoreError) {
                outcome = try await store.register(name: document.name, hash: document.hash, document: Data(bytes),
                                                   elementCount: document.elementIDs.count)
                stored = try await store.scheme(named: document.name)
            } catch {
                throw .store(error, doing: "registering the scheme '\(document.name)'")
            }
            if let stored { remember(stored, compiled: document.compiled()) }
            return Self.registration(of: document, outcome)
        }
    }

    /// Removes the scheme `name`, from the store and from memory.
    ///
    /// - Returns: The hash it had, or nil when no scheme had that name.
    func unregister(_ name: String) async throws(RegistryError) -> String? {
        if let shared { return try await unregisterShared(name, in: shared) }
        return try await writes.withLock { () async throws(RegistryError) -> String? in
            let hash = scheme(named: name)?.hash
            do throws(StoreError) {
                _ = try await store.unregister(name: name)
            } catch {
                throw .store(error, doing: "unregistering the scheme '\(name)'")
            }
            schemes.withLock { schemes in
                if schemes.removeValue(forKey: name) != nil { changes.add(1, ordering: .releasing) }
            }
            return hash
        }
    }

    /// Loads every scheme of the store into memory: what a restarted daemon serves.
    ///
    /// A stored document this binary can no longer read stays in the store (it is data)
    /// and is logged; the others are served.
    func loadFromStore() async throws(StoreError) {
        let stored = try await store.schemes()
        // Side by side on the compute threads: 10 000 documents in seconds, not tens.
        let compiled = await compile(stored.map { scheme in
            RegistryEntry(name: scheme.name, hash: scheme.hash, document: scheme.document, elementCount: scheme.elementCount,
                          revision: scheme.revision ?? 0, registeredAt: scheme.registeredAt, updatedAt: scheme.updatedAt, updatedBy: "")
        }, parsed: [:])
        for scheme in stored {
            if let document = compiled[scheme.name] { remember(scheme, compiled: document) }
        }
    }

    // MARK: Fleet

    /// Registers through the shared registry, then applies its row to the mirror.
    private func registerShared(_ document: SchemeDocument, bytes: [UInt8],
                                in shared: PostgresRegistry) async throws(RegistryError) -> (registration: WireRegistration, replacedHashes: [String]) {
        let written: (entry: RegistryEntry, outcome: RegistrationOutcome)
        do throws(FleetError) {
            written = try await shared.register(name: document.name, hash: document.hash, document: Data(bytes),
                                                elementCount: document.elementIDs.count)
        } catch {
            throw RegistryError(error)
        }
        let applied = try await applyShared([written.entry], .newerOnly, mirroring: nil, parsed: [document.name: document.compiled()])
        var result = Self.registration(of: document, written.outcome)
        // What this host had may be older than what the registry replaced.
        result.replacedHashes = Array(Set(result.replacedHashes + applied).subtracting([document.hash]))
        return result
    }

    /// What `register` answers for `document`, and the hash it replaced when it changed one:
    /// the same bytes again, or other bytes of the same content, are no change.
    private static func registration(of document: SchemeDocument, _ outcome: RegistrationOutcome) -> (registration: WireRegistration, replacedHashes: [String]) {
        let warnings = document.warnings.map(WireIssue.init)
        switch outcome {
        case .created:
            return (WireRegistration(name: document.name, hash: document.hash, outcome: .created, warnings: warnings), [])
        case .updated(let previousHash) where previousHash != document.hash:
            return (WireRegistration(name: document.name, hash: document.hash, outcome: .updated, warnings: warnings), [previousHash])
        case .updated, .unchanged:
            return (WireRegistration(name: document.name, hash: document.hash, outcome: .unchanged, warnings: warnings), [])
        }
    }

    /// Removes through the shared registry, then applies the removal to the mirror.
    private func unregisterShared(_ name: String, in shared: PostgresRegistry) async throws(RegistryError) -> String? {
        let removed: (removal: RegistryEntry, previousHash: String)?
        do throws(FleetError) {
            removed = try await shared.unregister(name: name)
        } catch {
            throw RegistryError(error)
        }
        guard let removed else { return nil }
        _ = try await applyShared([removed.removal], .newerOnly, mirroring: nil)
        // The registry's: this host's mirror may not have had the name's latest document.
        return removed.previousHash
    }

    /// Applies changes of the shared registry to the store and then to memory, and records
    /// `head` as the mirror's (unless nil).
    ///
    /// A document this binary cannot read is kept in the store and logged, and the name is
    /// not served (rather than served with the document it replaced).
    ///
    /// - Parameter parsed: Documents compiled already, by name (a registration made here).
    /// - Returns: The hashes that names no longer have: their snapshots are to be forgotten.
    func applyShared(_ entries: [RegistryEntry], _ application: MirrorApplication, mirroring head: RegistryHead?,
                     parsed: [String: CompiledDocument] = [:]) async throws(RegistryError) -> [String] {
        try await writes.withLock { () async throws(RegistryError) -> [String] in
            let applied: [MirroredChange]
            do throws(StoreError) {
                applied = try await store.applyRegistryChanges(entries, application, mirroring: head)
            } catch {
                throw .store(error, doing: "applying \(entries.count) changes of the shared registry")
            }
            let compiled = await compile(applied.map(\.entry), parsed: parsed)
            var replaced: [String] = []
            for change in applied {
                if let previousHash = change.previousHash, previousHash != change.entry.hash { replaced.append(previousHash) }
                let entry = change.entry
                if let hash = entry.hash, let document = compiled[entry.name] {
                    remember(StoredScheme(name: entry.name, hash: hash, document: Data(), elementCount: entry.elementCount,
                                          registeredAt: entry.registeredAt, updatedAt: entry.updatedAt, revision: entry.revision),
                             compiled: document)
                } else {
                    schemes.withLock { schemes in
                        if schemes.removeValue(forKey: entry.name) != nil { changes.add(1, ordering: .releasing) }
                    }
                }
            }
            return replaced
        }
    }

    /// Compiles the documents of `entries` on the compute threads, side by side; a document
    /// that cannot be read is logged and left out. Documents were accepted once, under
    /// whatever limits held then: they are served, whatever the limits are now (they bound
    /// new registrations).
    private func compile(_ entries: [RegistryEntry], parsed: [String: CompiledDocument]) async -> [String: CompiledDocument] {
        var compiled = parsed
        let pending = entries.filter { $0.document != nil && compiled[$0.name] == nil }
        guard !pending.isEmpty else { return compiled }
        let (parser, logger) = (self.parser, self.logger)
        await withTaskGroup(of: (String, CompiledDocument?).self) { group in
            var next = pending.makeIterator()
            // As many at once as there are compute threads: the pool queues the rest anyway.
            for _ in 0 ..< max(1, parser.pool.width) {
                guard let entry = next.next() else { break }
                group.addTask { await Self.compile(entry, parser, logger) }
            }
            for await (name, document) in group {
                if let document { compiled[name] = document }
                if let entry = next.next() { group.addTask { await Self.compile(entry, parser, logger) } }
            }
        }
        return compiled
    }

    private static func compile(_ entry: RegistryEntry, _ parser: DocumentParser, _ logger: Logger) async -> (String, CompiledDocument?) {
        guard let hash = entry.hash, let document = entry.document else { return (entry.name, nil) }
        do {
            let parsed = try await parser.parse(Array(document), limits: SchemeDocument.Limits.none, timed: false)
            // Snapshots are keyed by hash: a row whose hash is not its document's (written by
            // hand) would be served another document's snapshots.
            guard parsed.hash == hash, parsed.name == entry.name else {
                logger.error("A registered document does not match its row (its name or hash differ); it is kept but not served",
                             metadata: ["cgl.scheme": "\(entry.name)", "cgl.revision": "\(entry.revision)", "cgl.hash": "\(hash)",
                                        "cgl.documentHash": "\(parsed.hash)", "cgl.documentName": "\(parsed.name)"])
                return (entry.name, nil)
            }
            return (entry.name, parsed.compiled())
        } catch .stopping {
            return (entry.name, nil)  // shutting down while starting: nothing to serve anyway
        } catch {
            logger.error("A registered document cannot be read by this cgld; it is kept but not served",
                         metadata: ["cgl.scheme": "\(entry.name)", "cgl.revision": "\(entry.revision)", "cgl.error": "\(error.message)"])
            return (entry.name, nil)
        }
    }

    private func remember(_ stored: StoredScheme, compiled: CompiledDocument) {
        let scheme = RegisteredScheme(name: stored.name, hash: stored.hash, compiled: compiled, elementCount: stored.elementCount,
                                      registeredAt: stored.registeredAt, updatedAt: stored.updatedAt)
        schemes.withLock { schemes in
            // The same document again leaves every lookup of the name as it was.
            let isChange = schemes[stored.name]?.hash != scheme.hash
            schemes[stored.name] = scheme
            if isChange { changes.add(1, ordering: .releasing) }
        }
    }
}

extension RegistryError {
    init(_ error: FleetError) {
        switch error.code {
        case .refused: self = .refused(error.message)
        default: self = .registryUnavailable(error.message)
        }
    }
}
