import CGLDocument
import Foundation

/// `cgld --check-config`, as `nginx -t` and `sshd -t`: the configuration checked whole —
/// every value in every place that sets it, the profiles file, every document of the
/// schemes folder — and the effective configuration, without opening the database, binding
/// a socket or starting anything.
public struct ConfigurationCheck: Sendable {
    /// One line of the effective configuration.
    public struct Setting: Sendable, Hashable {
        /// The key (`socket.path`).
        public var key: String
        /// The value as a file writes it, secrets masked.
        public var value: String
        /// Where it came from (`--socket`, `CGLD_WORKERS`, the file's path); nil for the default.
        public var source: String?
    }

    /// Every problem found, in the order checked: the configuration's sources, then its
    /// values, then the files it names.
    public var problems: [DaemonError]
    /// The effective configuration, in key order.
    public var settings: [Setting]

    /// Checks `reading` and the files its configuration names.
    ///
    /// - Parameters:
    ///   - reading: The configuration as read from its layers.
    ///   - sourceProblems: What reading its sources found wrong before the values: a file
    ///     that cannot be read, keys and variables that are no setting.
    public init(reading: ConfigurationReading, sourceProblems: [DaemonError] = []) {
        let configuration = reading.configuration
        settings = configuration.settings.map { Setting(key: $0.key, value: $0.value, source: reading.sources[$0.key]) }
        problems = sourceProblems + reading.problems
        var profiles = ProfileSet.defaults
        if let path = configuration.profilesFile, !reading.invalidKeys.contains("profiles.file") {
            do throws(DaemonError) {
                profiles = try ProfileSet.load(path)
            } catch {
                problems.append(error)
            }
        }
        if let folder = configuration.schemesDirectory, !reading.invalidKeys.contains("schemes.directory") {
            problems += Self.documentProblems(folder, limits: configuration.limits.document, profiles: profiles)
        }
        if let file = configuration.registry.passwordFile, !reading.invalidKeys.contains("registry.passwordFile"),
           !FileManager.default.isReadableFile(atPath: file) {
            problems.append(DaemonError(code: .configuration, message: "cannot read the password file \(file) (registry.passwordFile); "
                + "it must exist and be readable by cgld's user"))
        }
    }

    /// The effective configuration as text, one `key = value` line per setting, each with
    /// where it came from; an empty value (none) shows as `""`, as a file writes it.
    public var report: String {
        let width = settings.map(\.key.count).max() ?? 0
        return settings.map { setting in
            setting.key.padding(toLength: width, withPad: " ", startingAt: 0) + " = " + (setting.value.isEmpty ? "\"\"" : setting.value)
                + "  # " + (setting.source ?? "default")
        }.joined(separator: "\n")
    }

    /// Each `*.json` file of `folder` that cannot be read or is an invalid document, with
    /// every issue: what the daemon would skip at start or at a reload.
    static func documentProblems(_ folder: String, limits: SchemeDocument.Limits, profiles: ProfileSet) -> [DaemonError] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            return [DaemonError(code: .configuration, message: "cannot read the schemes folder \(folder) (schemes.directory): \(error.localizedDescription)")]
        }
        return names.compactMap { name -> DaemonError? in
            let file = (folder as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: file) else {
                return DaemonError(code: .configuration, message: "cannot read the scheme document \(file)")
            }
            do throws(DocumentError) {
                _ = try SchemeDocument(data: data, limits: limits, profiles: profiles)
                return nil
            } catch {
                let issues = error.issues.filter { $0.severity == .error }.map { $0.line(file: file) }
                return DaemonError(code: .configuration, message: "the scheme document \(file) is invalid (cgld would skip it):\n" + issues.joined(separator: "\n"))
            }
        }
    }
}

extension ProfileSet {
    /// The profiles file at `path` (`config/profiles.json` format).
    ///
    /// - Throws: `DaemonError` `profiles` naming the file, with every issue.
    static func load(_ path: String) throws(DaemonError) -> ProfileSet {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DaemonError(code: .profiles, message: "cannot read the profiles file \(path)")
        }
        do {
            return try ProfileSet(json: data)
        } catch {
            throw DaemonError(code: .profiles, message: "the profiles file \(path) is invalid:\n" + error.issues.map { $0.line(file: path) }.joined(separator: "\n"))
        }
    }
}
