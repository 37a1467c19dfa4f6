import CGLBridge
import CGLDocument
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
final class SchemeRegistry: Sendable {
    private let store: any SchemeStore
    private let schemes = Mutex<[String: RegisteredScheme]>([:])
    private let changes = Atomic<UInt64>(0)
    private let writes = AsyncLock()
    private let parser: DocumentParser
    private let logger: Logger

    init(store: any SchemeStore, parser: DocumentParser, logger: Logger) {
        self.store = store
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
    func register(_ bytes: [UInt8]) async throws(RegistryError) -> (registration: WireRegistration, replacedHash: String?) {
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
    func register(_ document: SchemeDocument, bytes: [UInt8]) async throws(RegistryError) -> (registration: WireRegistration, replacedHash: String?) {
        try await writes.withLock { () async throws(RegistryError) -> (registration: WireRegistration, replacedHash: String?) in
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
            let warnings = document.warnings.map(WireIssue.init)
            switch outcome {
            case .created:
                return (WireRegistration(name: document.name, hash: document.hash, outcome: .created, warnings: warnings), nil)
            case .updated(let previousHash) where previousHash != document.hash:
                return (WireRegistration(name: document.name, hash: document.hash, outcome: .updated, warnings: warnings), previousHash)
            case .updated, .unchanged:
                return (WireRegistration(name: document.name, hash: document.hash, outcome: .unchanged, warnings: warnings), nil)
            }
        }
    }

    /// Removes the scheme `name`, from the store and from memory.
    ///
    /// - Returns: The hash it had, or nil when no scheme had that name.
    func unregister(_ name: String) async throws(RegistryError) -> String? {
        try await writes.withLock { () async throws(RegistryError) -> String? in
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
        for stored in try await store.schemes() {
            do {
                // Accepted once, under whatever limits held then: it is served, whatever
                // the limits are now (they bound new registrations).
                let document = try await parser.parse(Array(stored.document), limits: SchemeDocument.Limits.none, timed: false)
                remember(stored, compiled: document.compiled())
            } catch .stopping {
                return  // shutting down while starting: nothing to serve anyway
            } catch {
                logger.error("A registered document cannot be read by this cgld; it is kept but not served",
                             metadata: ["cgl.scheme": "\(stored.name)", "cgl.error": "\(error.message)"])
            }
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
