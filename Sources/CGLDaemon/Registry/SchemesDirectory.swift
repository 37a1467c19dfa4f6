import CGLWire
import CGLBridge
import Foundation
import Logging

/// The folder of documents registered at start (`config/schemes.d/`).
enum SchemesDirectory {
    /// Registers every `*.json` file of `path`, in name order. An invalid document is
    /// logged with every issue and skipped: one bad file must not keep the daemon down.
    ///
    /// - Returns: How many documents were registered.
    static func register(_ path: String, into registry: SchemeRegistry, logger: Logger) async -> Int {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            logger.warning("The schemes folder cannot be read; no document registered from it",
                           metadata: ["cgl.path": "\(path)", "cgl.error": "\(error.localizedDescription)"])
            return 0
        }
        var registered = 0
        for name in names {
            let file = (path as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: file) else {
                logger.error("A scheme document cannot be read; skipped", metadata: ["cgl.file": "\(file)"])
                continue
            }
            do {
                let (registration, _) = try await registry.register(Array(data))
                registered += 1
                for warning in registration.warnings {
                    logger.warning("A registered document has a warning", metadata: ["cgl.file": "\(file)", "cgl.issue": "\(warning.line(file: file))"])
                }
            } catch {
                logger.error("A scheme document is invalid; skipped", metadata: [
                    "cgl.file": "\(file)", "cgl.error": "\(error.wireError.message)",
                    "cgl.issues": .array(error.wireError.issues.map { .string($0.line(file: file)) }),
                ])
            }
        }
        return registered
    }
}
