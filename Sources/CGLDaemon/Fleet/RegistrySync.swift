import CGLFleet
import CGLStore
import Foundation
import Logging
import Synchronization

/// Keeps this host's mirror of the fleet's shared registry current.
///
/// - It listens on PostgreSQL's `cgld_registry` channel; each notified revision newer than
///   the mirror's starts a catch-up: the rows changed since the mirror's revision, applied
///   in revision order, a page at a time.
/// - Every `registry.reconcileSeconds`, and whenever the mirror cannot simply continue (it
///   mirrors another registry, none yet, or one whose head went back: a restored backup),
///   it reconciles: compares every name's revision with the registry's index and fetches
///   only what differs. That is the safety net under notifications, which PostgreSQL drops
///   while a host is not listening.
/// - When the registry cannot be reached it retries with exponential backoff (0.1 s to
///   10 s, with jitter, so that fifty hosts do not knock at once), and the host serves
///   from its mirror meanwhile.
///
/// Schemes registered on this host alone before it joined the fleet (no revision) are
/// brought into the shared registry when it has no row for their name; the registry's own
/// rows, removals included, always win.
final class RegistrySync: Sendable {
    let shared: PostgresRegistry
    let registry: SchemeRegistry
    let store: SQLiteSchemeStore
    let status: FleetStatus
    private let reconcileInterval: Duration
    private let logger: Logger
    /// Called with the hashes names no longer have after a change: their snapshots go.
    private let forget: @Sendable ([String]) -> Void
    /// Called each time the host (re)connects and has caught up.
    private let connected: @Sendable () async -> Void
    private let wake: AsyncStream<Void>
    private let wakeContinuation: AsyncStream<Void>.Continuation
    private let reconcileRequested = Atomic<Bool>(false)
    /// Set when the registry could not be reached (at start or later); the next listening
    /// connection then sets `reconnected`.
    private let lost = Atomic<Bool>(false)
    /// Set when the listener reconnects after a loss: the next successful catch-up calls
    /// `connected` (a first connection that found the registry at start does not).
    private let reconnected = Atomic<Bool>(false)
    private let migrated = Atomic<Bool>(false)
    /// Rows fetched per query while catching up: bounded memory for any backlog.
    static let pageSize = 500

    init(shared: PostgresRegistry, registry: SchemeRegistry, store: SQLiteSchemeStore, status: FleetStatus, reconcileInterval: Duration,
         logger: Logger, forget: @escaping @Sendable ([String]) -> Void, connected: @escaping @Sendable () async -> Void = {}) {
        self.shared = shared
        self.registry = registry
        self.store = store
        self.status = status
        self.reconcileInterval = reconcileInterval
        self.logger = logger
        self.forget = forget
        self.connected = connected
        (wake, wakeContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Records that the registry's schema is this binary's (the daemon migrated it at start).
    func markMigrated() {
        migrated.store(true, ordering: .relaxed)
    }

    /// Records that the registry could not be reached at start: what was left undone then
    /// (`connected`) is done once it answers.
    func markUnavailable() {
        lost.store(true, ordering: .relaxed)
    }

    /// Whether the registry answered the last attempt to reach it.
    var isReachable: Bool { !lost.load(ordering: .relaxed) }

    /// Asks for a catch-up soon (coalesced with any already asked for).
    func requestCatchUp() {
        wakeContinuation.yield()
    }

    /// Listens, catches up and reconciles until the calling task is cancelled.
    func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.listen() }
            group.addTask { await self.reconcilePeriodically() }
            group.addTask {
                // One synchronization at a time, so that the mirror's revision only grows.
                for await _ in self.wake {
                    let reconcile = self.reconcileRequested.exchange(false, ordering: .relaxed)
                    if await self.attempt(reconciling: reconcile), self.reconnected.exchange(false, ordering: .relaxed) {
                        await self.connected()
                    }
                }
            }
            // Cancellation ends the listener and the timer; the stream must be ended by hand.
            await withTaskCancellationHandler {
                while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
            } onCancel: {
                self.wakeContinuation.finish()
            }
        }
    }

    /// Brings the mirror up to the registry once; whether it succeeded (a failure is logged
    /// and recorded in ``status``). Called before ``run()`` at start, then only by it.
    @discardableResult
    func attempt(reconciling: Bool = false) async -> Bool {
        do {
            try await synchronize(reconciling: reconciling)
            status.update { $0.lastError = nil }
            return true
        } catch {
            let message = "\(error)"
            let isNew = status.current.lastError != message
            status.update { $0.lastError = message }
            if isNew {
                logger.warning("The shared registry could not be mirrored; serving what this host has",
                               metadata: ["cgl.registry": "\(shared.location)", "cgl.error": "\(message)"])
            }
            return false
        }
    }

    // MARK: Synchronizing

    /// Brings the registry to this binary's schema once (a host that started without
    /// PostgreSQL, which then came back empty, has not).
    private func migrateOnce() async throws {
        guard !migrated.load(ordering: .relaxed) else { return }
        let applied = try await shared.migrate()
        if !applied.isEmpty { logger.notice("Migrated the shared registry", metadata: ["cgl.migrations": "\(applied.joined(separator: ", "))"]) }
        migrated.store(true, ordering: .relaxed)
    }

    private func synchronize(reconciling: Bool) async throws {
        try await migrateOnce()
        let mirror = try await store.registryMirror()
        let head = try await shared.head()
        // What the registry says now, even below what was heard before (a restored backup).
        status.update { $0.headRevision = head.revision }
        if let mirror, mirror.registryID == head.registryID, mirror.revision <= head.revision, !reconciling {
            try await catchUp(from: mirror, to: head)
        } else {
            try await reconcile(mirror: mirror, rewound: mirror.map { $0.registryID != head.registryID || $0.revision > head.revision } ?? true)
        }
    }

    /// Applies the rows changed after the mirror's revision, a page at a time.
    private func catchUp(from mirror: RegistryHead, to head: RegistryHead) async throws {
        var revision = mirror.revision
        while revision < head.revision {
            let page = try await shared.changes(since: revision, limit: Self.pageSize)
            guard let last = page.last else { break }
            let replaced = try await apply(page, .newerOnly, mirroring: RegistryHead(registryID: head.registryID, revision: last.revision))
            forget(replaced)
            revision = last.revision
            status.update { $0.mirrorRevision = revision }
            if page.count < Self.pageSize { break }
        }
        synced(at: revision)
    }

    /// Makes the mirror equal to the registry by comparing every name's revision.
    ///
    /// - Parameter rewound: The mirror is of another registry, of none, or ahead of the
    ///   registry (restored from a backup): every row is replaced, whatever its revision.
    private func reconcile(mirror: RegistryHead?, rewound: Bool) async throws {
        let (head, remote) = try await shared.index()
        status.update { $0.headRevision = head.revision }
        let local = try await store.schemeRevisions()
        var fetch: [String] = []
        var removals: [RegistryEntry] = []
        var uploads: [String] = []
        for (name, row) in remote where !row.isRemoval {
            // After a restore or a switch of registry, one revision number may stand for
            // another change: every row is fetched again.
            if !rewound, let mine = local[name], mine.revision == row.revision, mine.hash == row.hash { continue }
            fetch.append(name)
        }
        for (name, mine) in local {
            if let row = remote[name] {
                if row.isRemoval { removals.append(Self.removal(of: name, revision: row.revision)) }
            } else if mine.revision == nil {
                uploads.append(name)
            } else {
                removals.append(Self.removal(of: name, revision: head.revision))
            }
        }
        var entries = removals
        for start in stride(from: 0, to: fetch.count, by: Self.pageSize) {
            entries += try await shared.entries(named: Array(fetch[start ..< min(start + Self.pageSize, fetch.count)]))
        }
        entries += try await upload(uploads.sorted())
        let replaced = try await apply(entries, .replacing(upTo: rewound ? nil : head.revision), mirroring: head)
        forget(replaced)
        if rewound {
            status.update { $0.mirrorRevision = head.revision }
        }
        if rewound, let mirror {
            logger.notice("The mirror was replaced by the shared registry's state", metadata: [
                "cgl.registry": "\(shared.location)", "cgl.mirrored": "\(mirror.registryID)@\(mirror.revision)",
                "cgl.head": "\(head.registryID)@\(head.revision)",
            ])
        }
        if !entries.isEmpty {
            logger.info("Reconciled the mirror with the shared registry",
                        metadata: ["cgl.changes": "\(entries.count)", "cgl.revision": "\(head.revision)"])
        }
        status.update { $0.mirrorRevision = head.revision }
        synced(at: head.revision)
    }

    /// Registers in the shared registry the schemes this host registered alone, each only
    /// if the registry still has no row for its name (another host may have written one
    /// since the index was read: the registry's row wins, and is what the mirror applies).
    private func upload(_ names: [String]) async throws -> [RegistryEntry] {
        var entries: [RegistryEntry] = []
        for name in names {
            guard let stored = try await store.scheme(named: name), stored.revision == nil else { continue }
            let (entry, outcome) = try await shared.register(name: stored.name, hash: stored.hash, document: stored.document,
                                                             elementCount: stored.elementCount, onlyIfAbsent: true)
            entries.append(entry)
            if outcome != .unchanged {
                logger.notice("Brought a scheme registered on this host alone into the shared registry",
                              metadata: ["cgl.scheme": "\(name)", "cgl.revision": "\(entry.revision)"])
            }
        }
        return entries
    }

    private func apply(_ entries: [RegistryEntry], _ application: MirrorApplication, mirroring head: RegistryHead) async throws -> [String] {
        do {
            return try await registry.applyShared(entries, application, mirroring: head)
        } catch {
            throw SyncFailure(message: error.message)
        }
    }

    private func synced(at revision: Int64) {
        status.update { state in
            if revision >= state.headRevision { state.syncedAt = .now }
        }
    }

    private static func removal(of name: String, revision: Int64) -> RegistryEntry {
        RegistryEntry(name: name, hash: nil, document: nil, elementCount: 0, revision: revision,
                      registeredAt: Date(), updatedAt: Date(), updatedBy: "")
    }

    // MARK: Listening

    private func listen() async {
        var delay = Duration.milliseconds(100)
        while !Task.isCancelled {
            do {
                try await migrateOnce()
                try await shared.listen {
                    self.status.update { $0.connected = true }
                    self.logger.info("Listening for the shared registry's changes", metadata: ["cgl.registry": "\(self.shared.location)"])
                    // Changes made while this host was not listening were not notified.
                    if self.lost.exchange(false, ordering: .relaxed) { self.reconnected.store(true, ordering: .relaxed) }
                    self.requestCatchUp()
                } changed: { revision in
                    self.status.update { $0.headRevision = max($0.headRevision, revision) }
                    // Even one at or below the mirror's: after a restore, the revisions start
                    // over, and the catch-up's read of the head notices it (coalesced anyway).
                    self.requestCatchUp()
                }
                return  // cancelled
            } catch {
                let wasConnected = status.current.connected
                status.update { $0.connected = false }
                lost.store(true, ordering: .relaxed)
                if wasConnected {
                    delay = .milliseconds(100)
                    logger.warning("Lost the shared registry; serving from the mirror and reconnecting",
                                   metadata: ["cgl.registry": "\(shared.location)", "cgl.error": "\(error)"])
                }
                // Full jitter: hosts that lost the server together come back spread out.
                let wait = Double.random(in: 0.5 ... 1.0) * delay.seconds
                try? await Task.sleep(for: .milliseconds(Int64(wait * 1000)))
                delay = min(delay * 2, .seconds(10))
            }
        }
    }

    private func reconcilePeriodically() async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: reconcileInterval)
            } catch {
                return
            }
            reconcileRequested.store(true, ordering: .relaxed)
            requestCatchUp()
        }
    }
}

/// A change of the shared registry that could not be applied to the mirror.
struct SyncFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
