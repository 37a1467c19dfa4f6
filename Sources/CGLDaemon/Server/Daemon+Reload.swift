import Foundation
import Synchronization
import Logging

extension Daemon {
    /// What a reload did.
    public struct ReloadOutcome: Sendable {
        /// Why the new configuration was refused (the old one stays in force); nil when it
        /// was applied.
        public var refusal: DaemonError?
        /// The keys that changed but need a restart; their running values stay.
        public var needsRestart: [String] = []
        /// Schemes registered anew or changed from the schemes folder.
        public var changed: [String] = []
        /// Schemes unregistered because their file left the schemes folder.
        public var dropped: [String] = []
    }

    /// Reads the configuration and the schemes folder again and applies them, while
    /// connections stay open and keep being answered (what SIGHUP does).
    ///
    /// A configuration that cannot be read or is invalid is refused whole, logged, and the
    /// one in force stays. Settings that need a restart are logged and keep their running
    /// values. New and changed documents are registered and, with `prewarm.atStart`,
    /// prewarmed in the background; documents whose file left the folder are dropped (with
    /// `schemes.dropRemoved`). systemd hears `RELOADING=1`, then `READY=1`.
    ///
    /// - Returns: What it did; nil when the daemon was not serving (a reload asked for while
    ///   starting runs once it serves; one asked for while stopping does nothing).
    @discardableResult
    public func reload() async -> ReloadOutcome? {
        await reloads.withLock { await reloadNow() }
    }

    private func reloadNow() async -> ReloadOutcome? {
        guard let serving = servingOrRemember() else {
            logger.info("A reload was asked for while cgld is not serving; it runs once cgld is ready, or not at all when it stops")
            return nil
        }
        reports.reloading("reloading the configuration and the schemes folder")
        logger.info("Reloading the configuration and the schemes folder")
        let running = current.withLock { $0 }
        let loaded: DaemonConfiguration
        do throws(DaemonError) {
            loaded = try await options.reloadConfiguration?() ?? running
        } catch {
            logger.error("The configuration was not reloaded; the one in force stays", metadata: ["cgl.error": "\(error.message)"])
            reports.ready("\(serving.status); reload refused: \(error.message)")
            return ReloadOutcome(refusal: error)
        }
        var outcome = apply(ConfigurationChange(running: running, loaded: loaded, socketIsActivated: !serving.ownsSocketFile), to: serving)
        let changed = await reloadFolder(serving, into: &outcome)
        reports.ready(serving.status)
        if current.withLock({ $0.prewarmAtStart }), !changed.isEmpty {
            background.start { await self.prewarm(changed, serving) }
        }
        return outcome
    }

    /// What serves now; nil when nothing does yet (then the reload is remembered for when
    /// it does) or any more.
    private func servingOrRemember() -> Serving? {
        phase.withLock { phase in
            switch phase {
            case .starting:
                phase = .starting(reloadRequested: true)
                return nil
            case .serving(let serving):
                return serving
            case .stopped:
                return nil
            }
        }
    }

    /// Registers and drops what the schemes folder says; returns the schemes that changed.
    private func reloadFolder(_ serving: Serving, into outcome: inout ReloadOutcome) async -> [RegisteredScheme] {
        let effective = current.withLock { $0 }
        let sync = await serving.directory.sync(effective.schemesDirectory, into: serving.path.registry, dropRemoved: effective.schemesDropRemoved)
        serving.handler.forgetSnapshots(ofReplaced: sync.replacedHashes)
        outcome.changed = sync.changed.map(\.name)
        outcome.dropped = sync.dropped
        var metadata = Self.metadata(sync)
        if !outcome.needsRestart.isEmpty { metadata["cgl.restartNeeded"] = "\(outcome.needsRestart.joined(separator: ","))" }
        logger.info("Reloaded", metadata: metadata)
        return sync.changed
    }

    /// Puts the live part of `change` in force, and logs what needs a restart.
    private func apply(_ change: ConfigurationChange, to serving: Serving) -> ReloadOutcome {
        var effective = change.effective
        for setting in change.needsRestart {
            logger.warning("A changed setting needs a restart; the running value stays", metadata: [
                "cgl.key": "\(setting.key)", "cgl.running": "\(setting.running)", "cgl.configured": "\(setting.configured)",
            ])
        }
        if serving.ownsSocketFile, effective.socketMode != change.running.socketMode {
            do {
                try SocketFile.setMode(serving.socketPath, effective.socketMode)
            } catch {
                logger.error("The socket's new permissions could not be set; the old ones stay", metadata: ["cgl.error": "\(error.message)"])
                effective.socketMode = change.running.socketMode
            }
        }
        if effective.logLevel != change.running.logLevel { options.applyLogLevel(effective.logLevel) }
        serving.authorization.replace(with: Authorization(configuration: effective.authorization, socketGroup: serving.socketGroup, ownUser: getuid()))
        current.withLock { $0 = effective }
        return ReloadOutcome(needsRestart: change.needsRestart.map(\.key))
    }

    /// Drops from memory the snapshots of hashes no registered scheme has any more (the
    /// store dropped its own copies in the transaction that replaced or removed them).
    /// Registers the schemes folder again once the shared registry answers after a time it
    /// did not (its documents could not be registered then); drops nothing.
    func syncFolderAfterReconnecting() async {
        await reloads.withLock {
            let serving: Serving? = phase.withLock { phase in
                if case .serving(let serving) = phase { return serving }
                return nil
            }
            guard let serving, let folder = current.withLock({ $0.schemesDirectory }) else { return }
            let sync = await serving.directory.sync(folder, into: serving.path.registry, dropRemoved: false, changeLevel: .debug)
            serving.handler.forgetSnapshots(ofReplaced: sync.replacedHashes)
            if !sync.changed.isEmpty { logger.info("Registered the schemes folder in the shared registry", metadata: Self.metadata(sync)) }
        }
    }

    /// The counts of a pass over the schemes folder, for a log line.
    static func metadata(_ outcome: SchemesDirectory.Outcome) -> Logger.Metadata {
        [
            "cgl.schemes.changed": "\(outcome.changed.count)", "cgl.schemes.unchanged": "\(outcome.unchanged)",
            "cgl.schemes.failed": "\(outcome.failed)", "cgl.schemes.dropped": "\(outcome.dropped.count)",
            "cgl.schemes.folderRead": "\(outcome.listed)",
        ]
    }
}
