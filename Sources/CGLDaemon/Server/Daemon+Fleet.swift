import CGLFleet
import CGLStore
import Foundation
import Logging
import Synchronization

extension Daemon {
    /// The fleet's shared registry the configuration names, or nil on a single host.
    ///
    /// - Throws: `DaemonError` `configuration` for a URL that does not parse or a password
    ///   file that cannot be read.
    func sharedRegistry() throws(DaemonError) -> PostgresRegistry? {
        let settings = current.withLock { $0.registry }
        guard settings.kind == .postgres, let url = settings.url else { return nil }
        var password = settings.password
        if let file = settings.passwordFile {
            guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                throw DaemonError(code: .configuration, message: "cannot read registry.passwordFile \(file); it must be a file cgld's user "
                    + "can read, whose first line is the password of the registry's role")
            }
            password = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        }
        let connection: RegistryConnection
        do throws(FleetError) {
            connection = try RegistryConnection(url: url, password: password)
        } catch {
            throw DaemonError(code: .configuration, message: error.message)
        }
        return PostgresRegistry(connection: connection, hostName: settings.resolvedHostName, timeout: settings.timeout, logger: logger)
    }

    /// Migrates the shared registry and brings the mirror up to it, when it answers; the
    /// host starts and serves from its mirror when it does not.
    ///
    /// - Throws: `DaemonError` `registry` when a newer cgld migrated the registry: this one
    ///   would misread it.
    func joinFleet(_ shared: PostgresRegistry?, registry: SchemeRegistry, store: SQLiteSchemeStore,
                   snapshots: SnapshotService) async throws(DaemonError) -> RegistrySync? {
        guard let shared else { return nil }
        let settings = current.withLock { $0.registry }
        reports.status("starting: mirroring the shared registry \(shared.location)")
        let sync = RegistrySync(shared: shared, registry: registry, store: store, status: FleetStatus(),
                                reconcileInterval: settings.reconcileInterval, logger: logger,
                                forget: { snapshots.hotCache.removeAll(schemeHashes: $0, unlessRegisteredIn: registry) },
                                connected: { [weak self] in await self?.syncFolderAfterReconnecting() })
        do throws(FleetError) {
            let applied = try await shared.migrate()
            if !applied.isEmpty { logger.notice("Migrated the shared registry", metadata: ["cgl.migrations": "\(applied.joined(separator: ", "))"]) }
            sync.markMigrated()
        } catch where error.code == .schemaTooNew {
            throw DaemonError(code: .registry, message: error.message)
        } catch {
            logger.warning("The shared registry cannot be reached; serving from this host's mirror until it answers",
                           metadata: ["cgl.registry": "\(shared.location)", "cgl.error": "\(error.message)"])
            sync.markUnavailable()
            return sync
        }
        guard await sync.attempt() else {
            sync.markUnavailable()
            return sync
        }
        let state = sync.status.current
        logger.info("Mirrored the shared registry", metadata: ["cgl.registry": "\(shared.location)", "cgl.revision": "\(state.mirrorRevision)",
                                                                "cgl.schemes": "\(registry.count)"])
        return sync
    }
}
