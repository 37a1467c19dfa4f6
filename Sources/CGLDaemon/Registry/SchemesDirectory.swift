import CGLWire
import CGLBridge
import CGLDocument
import Foundation
import Logging
import Synchronization

/// The folder of documents registered at start and at each reload (`config/schemes.d/`,
/// `/etc/cgld/schemes.d/` once installed), and which registered names came from which file.
///
/// The folder is the truth for the names it provides: its documents replace what was
/// registered under their names. Names it no longer provides are unregistered at a reload
/// (when ``DaemonConfiguration/schemesDropRemoved`` is on), unless they were registered
/// again over the socket since: a document a client registered is never dropped.
///
/// Origins live in memory: after a restart, a document whose file was removed while cgld
/// was stopped stays registered (the store keeps no origin) until `cglctl unregister`.
final class SchemesDirectory: Sendable {
    /// Where a registered name came from.
    struct Origin: Sendable, Hashable {
        var file: String
        var hash: String
    }

    /// What one pass over the folder did.
    struct Outcome: Sendable {
        /// Schemes registered anew or changed: what to prewarm.
        var changed: [RegisteredScheme] = []
        /// Documents already registered with the same content.
        var unchanged = 0
        /// Files that could not be read or hold an invalid document (their names are kept).
        var failed = 0
        /// Names unregistered because their file is gone.
        var dropped: [String] = []
        /// Hashes a name had before this pass changed or dropped it.
        var replacedHashes: [String] = []
        /// False when the folder itself could not be listed (nothing was changed or dropped).
        var listed = true
    }

    private let origins = Mutex<[String: Origin]>([:])
    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    /// Registers every `*.json` file of `folder` (nil: none), in name order, and drops the
    /// names of files that are gone when `dropRemoved`. A file that cannot be read or is
    /// invalid is logged with every issue and skipped, and what it provided before stays.
    ///
    /// - Parameters:
    ///   - changeLevel: The level of the line logged for each document registered or
    ///     changed: `debug` at start (a first start registers every one), `info` at a reload.
    ///   - announce: Told how many files there are, before they are registered.
    func sync(_ folder: String?, into registry: SchemeRegistry, dropRemoved: Bool, changeLevel: Logger.Level = .info,
              announce: (Int) -> Void = { _ in }) async -> Outcome {
        var outcome = Outcome()
        let files: [String]
        if let folder {
            guard let listed = list(folder) else {
                outcome.listed = false
                return outcome
            }
            files = listed
        } else {
            files = []
        }
        announce(files.count)
        var provided: [String: Origin] = [:]
        var failedFiles: Set<String> = []
        for file in files {
            guard let origin = await register(file, into: registry, changeLevel: changeLevel, outcome: &outcome) else {
                failedFiles.insert(file)
                continue
            }
            if let earlier = provided[origin.name] {
                logger.warning("Two files of the schemes folder define one scheme; the later one is served",
                               metadata: ["cgl.scheme": "\(origin.name)", "cgl.file": "\(file)", "cgl.earlier": "\(earlier.file)"])
            }
            provided[origin.name] = Origin(file: file, hash: origin.hash)
        }
        let kept = await removeGone(provided: provided, failedFiles: failedFiles, dropRemoved: dropRemoved, registry: registry, outcome: &outcome)
        origins.withLock { $0 = provided.merging(kept) { new, _ in new } }
        return outcome
    }

    /// The `*.json` files of `folder`, sorted; nil (logged) when it cannot be listed.
    private func list(_ folder: String) -> [String]? {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
                .map { (folder as NSString).appendingPathComponent($0) }
        } catch {
            logger.warning("The schemes folder cannot be read; no document registered or dropped from it",
                           metadata: ["cgl.path": "\(folder)", "cgl.error": "\(error.localizedDescription)"])
            return nil
        }
    }

    /// Registers one file unless the same content is registered already; its name and hash,
    /// or nil when it cannot be read or is invalid.
    private func register(_ file: String, into registry: SchemeRegistry, changeLevel: Logger.Level,
                          outcome: inout Outcome) async -> (name: String, hash: String)? {
        guard let data = FileManager.default.contents(atPath: file) else {
            logger.error("A scheme document cannot be read; skipped", metadata: ["cgl.file": "\(file)"])
            outcome.failed += 1
            return nil
        }
        let bytes = Array(data)
        do {
            let document = try await registry.parse(bytes)
            if registry.scheme(named: document.name)?.hash == document.hash {
                outcome.unchanged += 1
                return (document.name, document.hash)
            }
            let (registration, replaced) = try await registry.register(document, bytes: bytes)
            if let scheme = registry.scheme(named: registration.name) { outcome.changed.append(scheme) }
            outcome.replacedHashes += replaced
            logger.log(level: changeLevel, "Registered a scheme from the schemes folder", metadata: [
                "cgl.scheme": "\(registration.name)", "cgl.hash": "\(registration.hash)", "cgl.outcome": "\(registration.outcome.name)", "cgl.file": "\(file)",
            ])
            for warning in registration.warnings {
                logger.warning("A registered document has a warning", metadata: ["cgl.file": "\(file)", "cgl.issue": "\(warning.line(file: file))"])
            }
            return (registration.name, registration.hash)
        } catch {
            logger.error("A scheme document is invalid; skipped", metadata: [
                "cgl.file": "\(file)", "cgl.error": "\(error.message)",
                "cgl.issues": .array(error.issues.map { .string($0.line(file: file)) }),
            ])
            outcome.failed += 1
            return nil
        }
    }

    /// Handles the names the folder provided before and not now; returns the origins to keep.
    private func removeGone(provided: [String: Origin], failedFiles: Set<String>, dropRemoved: Bool,
                            registry: SchemeRegistry, outcome: inout Outcome) async -> [String: Origin] {
        var kept: [String: Origin] = [:]
        for (name, origin) in origins.withLock({ $0 }) where provided[name] == nil {
            // Registered again over the socket since: the client's now, not the folder's.
            guard registry.scheme(named: name)?.hash == origin.hash else { continue }
            // A file that failed to load this time may still define it: keep what it gave.
            guard dropRemoved, !failedFiles.contains(origin.file) else {
                kept[name] = origin
                continue
            }
            do {
                if let hash = try await registry.unregister(name) { outcome.replacedHashes.append(hash) }
                outcome.dropped.append(name)
                logger.info("Unregistered a scheme whose file left the schemes folder", metadata: ["cgl.scheme": "\(name)", "cgl.file": "\(origin.file)"])
            } catch {
                kept[name] = origin
                logger.error("A scheme whose file left the schemes folder could not be unregistered",
                             metadata: ["cgl.scheme": "\(name)", "cgl.error": "\(error.message)"])
            }
        }
        return kept
    }
}
