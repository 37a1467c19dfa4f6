public import Foundation

/// The daemon's persistence: a durable registry of scheme documents and a rebuildable cache
/// of their layout snapshots.
///
/// Implementations are safe to call from many tasks at once. Each method is atomic: it
/// commits all of its changes or none. ``SQLiteSchemeStore`` is the single-machine default;
/// a server store (PostgreSQL) can serve a fleet behind the same protocol.
///
/// Invariant: the store keeps snapshots only for hashes that a registered scheme has.
/// Replacing or unregistering the last scheme with a hash deletes that hash's snapshots,
/// and ``store(_:)`` skips snapshots of hashes no scheme has (any more).
public protocol SchemeStore: Sendable {
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
    func register(name: String, hash: String, document: Data, elementCount: Int) async throws(StoreError) -> RegistrationOutcome

    /// Removes the scheme registered under `name`, and its hash's snapshots unless another
    /// registered name still has that hash.
    ///
    /// - Returns: Whether a scheme was registered under `name`.
    func unregister(name: String) async throws(StoreError) -> Bool

    /// The scheme registered under `name`, or nil.
    func scheme(named name: String) async throws(StoreError) -> StoredScheme?

    /// Every registered scheme with its document, sorted by name: what the daemon loads at start.
    func schemes() async throws(StoreError) -> [StoredScheme]

    /// Every registered scheme without its document, sorted by name: what a listing shows.
    func schemeSummaries() async throws(StoreError) -> [SchemeSummary]

    // MARK: Mirror of a shared registry

    /// The shared registry this store mirrors and the revision it has applied every change
    /// up to; nil when it mirrors none (a single host).
    func registryMirror() async throws(StoreError) -> RegistryHead?

    /// The revision and hash of every registered scheme, by name (no revision for one
    /// registered on this host alone).
    func schemeRevisions() async throws(StoreError) -> [String: MirroredRevision]

    /// Applies changes of the shared registry in the order given, then records `head` as
    /// the mirror's (unless nil), in one transaction. A document replaces the name's, a
    /// removal deletes it; snapshots of hashes no scheme has any more go with them, as in
    /// ``register(name:hash:document:elementCount:)``. With `newerOnly`, a change of a name
    /// the store lacks at or below the mirror's revision is skipped: the mirror applied every
    /// change up to there, so that name was removed since (a late copy of a host's own
    /// registration must not bring it back).
    ///
    /// - Returns: The changes that changed the name's document (or removed it), in order.
    func applyRegistryChanges(_ entries: [RegistryEntry], _ application: MirrorApplication,
                              mirroring head: RegistryHead?) async throws(StoreError) -> [MirroredChange]

    // MARK: Snapshots

    /// The snapshot stored under `key`, or nil.
    func snapshot(for key: SnapshotKey) async throws(StoreError) -> StoredSnapshot?

    /// The snapshots stored under any of `keys`, by key; keys without one are absent.
    func snapshots(for keys: [SnapshotKey]) async throws(StoreError) -> [SnapshotKey: StoredSnapshot]

    /// Inserts or replaces snapshots, all in one transaction.
    ///
    /// A snapshot whose scheme hash no registered scheme has is skipped: its scheme was
    /// replaced or unregistered while it was being computed, and it could never be served.
    ///
    /// - Returns: How many snapshots were stored (the others were skipped).
    func store(_ snapshots: [StoredSnapshot]) async throws(StoreError) -> Int

    /// Deletes the snapshots computed by any engine version other than `engineVersion`: the
    /// housekeeping after an engine upgrade.
    ///
    /// - Returns: How many snapshots were deleted.
    func deleteSnapshots(engineVersionOtherThan engineVersion: String) async throws(StoreError) -> Int

    /// How many snapshots are stored.
    func snapshotCount() async throws(StoreError) -> Int

    /// Counts and sizes of the store.
    func statistics() async throws(StoreError) -> StoreStatistics

    /// Closes the store's connections; later calls throw `StoreError` with code `closed`.
    func close() async throws(StoreError)
}
